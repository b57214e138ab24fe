"""Persistence for the bot: live sessions, server and player settings, finished matches.

Knows nothing of Discord or of the engine's internals: sessions and settings are JSON-able
dicts, matches are MatchRecord values. Open with `await Storage.open(location)`: an SQLite
file path, or a `postgresql://` URL for a database several bot processes share. Errors:
StorageError (StorageBusy: locked by another program, try later; SchemaTooNewError), and
ChannelTaken when a second session would be live in one channel.
"""

from .codec import Encoded, encode
from .errors import ChannelTaken, SchemaTooNewError, StorageBusy, StorageError
from .models import (
    CurvePoint,
    HistoryEntry,
    LeaderboardRow,
    LoggedSeat,
    Logro,
    MatchFeats,
    MatchLog,
    MatchOutcome,
    MatchRecord,
    ModeRecord,
    PlayerResult,
    PlayerStats,
    Podium,
    PodiumPlace,
    PuzzleAttempt,
    PuzzleDay,
    PuzzleServer,
    PuzzleStanding,
    Rated,
    RatingChange,
    RatingRow,
    Season,
    SeasonRow,
    SessionRow,
    Shards,
    Skill,
    StoredPuzzle,
)
from .puzzles import PuzzleRater
from .ratings import Rater
from .storage import Storage

__all__ = [
    "ChannelTaken",
    "CurvePoint",
    "Encoded",
    "HistoryEntry",
    "LeaderboardRow",
    "LoggedSeat",
    "Logro",
    "MatchFeats",
    "MatchLog",
    "MatchOutcome",
    "MatchRecord",
    "ModeRecord",
    "PlayerResult",
    "PlayerStats",
    "Podium",
    "PodiumPlace",
    "PuzzleAttempt",
    "PuzzleDay",
    "PuzzleRater",
    "PuzzleServer",
    "PuzzleStanding",
    "Rated",
    "Rater",
    "RatingChange",
    "RatingRow",
    "SchemaTooNewError",
    "Season",
    "SeasonRow",
    "SessionRow",
    "Shards",
    "Skill",
    "Storage",
    "StorageBusy",
    "StorageError",
    "StoredPuzzle",
    "encode",
]
