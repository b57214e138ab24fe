"""A player's match history (`/cuarenta history`, paged) and step-by-step replays."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import HistoryButton, ReplayButton


def setup(services: Services) -> Feature:
    return Feature(
        (
            HistoryButton,
            ReplayButton,
        )
    )
