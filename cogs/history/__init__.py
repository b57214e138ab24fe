"""A player's match history (`/cuarenta history`, paged) and step-by-step replays."""
