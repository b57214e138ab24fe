"""The Cuarenta engine: rules, scoring and computer opponents. No Discord, no I/O."""

from .ai import Bot, BotLevel
from .cards import Card
from .events import Event, EventKind
from .game import Game
from .moves import IllegalMove, Move
from .rules import Rules

__all__ = ["Bot", "BotLevel", "Card", "Event", "EventKind", "Game", "IllegalMove", "Move", "Rules"]
