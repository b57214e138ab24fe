"""Computer opponents: `Bot(level, seed).choose(game)` (no Discord, no I/O)."""

from .bot import LEVELS, PLAYER_LEVELS, Bot, SeatBot

__all__ = ["LEVELS", "PLAYER_LEVELS", "Bot", "SeatBot"]
