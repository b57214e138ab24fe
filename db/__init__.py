"""Persistence for the bot: live sessions, server settings and finished matches in SQLite.

Knows nothing of Discord or of the engine's internals: sessions and settings are JSON-able
dicts, matches are MatchRecord values. Open with `await Storage.open(path)`.
"""

from .errors import SchemaTooNewError, StorageError
from .models import LeaderboardRow, MatchRecord, PlayerResult, PlayerStats, SessionRow
from .storage import Storage

__all__ = [
    "LeaderboardRow",
    "MatchRecord",
    "PlayerResult",
    "PlayerStats",
    "SchemaTooNewError",
    "SessionRow",
    "Storage",
    "StorageError",
]
