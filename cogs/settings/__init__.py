"""A server's settings (`/cuarenta config` and its house-rules panel) and a player's own
(`/cuarenta preferences`)."""
