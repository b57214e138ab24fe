"""A server's defaults for new tables, with the one place their fallbacks live."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .session import DEFAULT_TURN_SECONDS


@dataclass(frozen=True)
class ServerSettings:
    """What /cuarenta config sets; anything not set falls back to these defaults.

    language: "es" or "en", or None to follow each player's Discord language.
    """

    rules: str = "quito"
    bot_level: str = "normal"
    turn_seconds: int = DEFAULT_TURN_SECONDS
    language: str | None = None
    table_picture: bool = True

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> ServerSettings:
        """The settings from the storage's dict (unknown keys and unset values ignored)."""
        names = {field.name for field in fields(cls)}
        return cls(**{k: v for k, v in stored.items() if k in names and v is not None})
