"""Computer opponents: `Bot(level, seed).choose(game)` (no Discord, no I/O)."""

from .bot import Bot, BotLevel

__all__ = ["Bot", "BotLevel"]
