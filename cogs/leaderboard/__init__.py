"""`/cuarenta leaderboard` (paged, by wins, win rate, points or rating) and `/cuarenta stats`."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import LeaderboardButton, SeasonBoardButton


def setup(services: Services) -> Feature:
    return Feature(
        (
            LeaderboardButton,
            SeasonBoardButton,
        )
    )
