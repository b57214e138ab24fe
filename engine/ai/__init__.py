"""Computer opponents: `Bot(level, seed).choose(game)` (no Discord, no I/O)."""

from .bot import LEVELS, PLAYER_LEVELS, Bot

__all__ = ["LEVELS", "PLAYER_LEVELS", "Bot"]
