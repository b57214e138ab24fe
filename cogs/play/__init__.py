"""A table from lobby to result: its commands and buttons, its live state, its messages."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import BackButton, CardButton, ForfeitButton, LobbyButton, TableButton, TakeButton


def setup(services: Services) -> Feature:
    return Feature(
        (
            LobbyButton,
            TableButton,
            CardButton,
            TakeButton,
            BackButton,
            ForfeitButton,
        )
    )
