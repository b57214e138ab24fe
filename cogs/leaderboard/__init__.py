"""`/cuarenta leaderboard` (paged, by wins, win rate, points or rating) and `/cuarenta stats`."""
