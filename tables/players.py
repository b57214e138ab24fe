"""A player's own preferences, set with /cuarenta preferences and kept across servers."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class PlayerPrefs:
    """one_tap: a card that captures nothing is dropped on the first tap (no confirm step).
    turn_ping: a message that mentions the player when their turn comes, in games with
    other humans (the reminder before the time-out comes in any case).
    tips: a line at a first-time moment in the player's first matches (tables/learning.py)."""

    one_tap: bool = False
    turn_ping: bool = False
    tips: bool = True

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> PlayerPrefs:
        names = {field.name for field in fields(cls)}
        return cls(**{k: bool(v) for k, v in stored.items() if k in names and v is not None})
