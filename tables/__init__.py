"""Tables: lobbies, challenges and games in progress, as players meet them.

This layer sits between Discord and the engine. It knows who sits where, whose turn it
is, who may press what, idle players and bot seats; it knows nothing of Discord. Every
refused action raises `Refusal` with a message-catalog key, and leaves the state as it was.
"""

from .challenge import Challenge, ChallengeAnswer, ChallengeState
from .refusal import Refusal
from .session import EndReason, LogEntry, LogKind, Phase, Seat, TableSession, new_session_id

__all__ = [
    "Challenge",
    "ChallengeAnswer",
    "ChallengeState",
    "EndReason",
    "LogEntry",
    "LogKind",
    "Phase",
    "Refusal",
    "Seat",
    "TableSession",
    "new_session_id",
]
