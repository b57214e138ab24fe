"""Seasons: the season a match counts in, its end (archived, podium announced), and how
seasons are named to players."""
