"""Aprender: `/cuarenta aprender` and the lesson's buttons (handlers.py), the lesson's
message (messages.py), and the tips of a player's first real games (tips.py, a note on
their private hand). The lessons and progress themselves: tables/lessons.py and
tables/learning.py."""

from __future__ import annotations

from tables.learning import LessonDesk

from ..services import Feature, Services
from .handlers import LessonButton, LessonCardButton, LessonMoveButton
from .tips import TipTeller


def setup(services: Services) -> Feature:
    desk = LessonDesk(services.storage)
    services.provide(desk)
    tips = TipTeller(desk, services.storage, services.prefs, services.emojis, services.scheduler)
    services.provide(tips)
    services.events.on_hand_drawn(tips.note)
    return Feature((LessonButton, LessonCardButton, LessonMoveButton))
