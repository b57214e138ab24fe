"""A server's settings (`/cuarenta config` and its house-rules panel) and a player's own
(`/cuarenta preferences`)."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import OptionSelect, PageButton, ResetButton


def setup(services: Services) -> Feature:
    return Feature(
        (
            OptionSelect,
            PageButton,
            ResetButton,
        )
    )
