"""The puzzle of the day ("¿Qué jugarías?"): `/cuarenta reto` and its buttons
(handlers.py), the daily post and the stock of puzzles (desk.py), their messages
(messages.py); the puzzles themselves: engine/ai/puzzles.py; their days: tables/puzzles.py."""

from __future__ import annotations

from ..services import Feature, Services
from .desk import PuzzleDesk
from .handlers import PuzzleButton, PuzzleCardButton, PuzzleMoveButton, PuzzleShareButton


def setup(services: Services) -> Feature:
    desk = PuzzleDesk(
        services.client,
        services.storage,
        services.workers,
        services.scheduler,
        services.emojis,
        services.settings,
        stock_at_start=services.tuning.stock_puzzles,
    )
    services.provide(desk)
    return Feature(
        (PuzzleButton, PuzzleCardButton, PuzzleMoveButton, PuzzleShareButton), load=desk.start
    )
