"""A server's time zone: one setting for the day of its puzzle and the ends of its seasons.

A server's zone is an IANA name ("Europe/Madrid"); a server that never chose one keeps
Ecuador's (America/Guayaquil, UTC−5 all year round).
"""

from __future__ import annotations

from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .refusal import Refusal

DEFAULT_ZONE = "America/Guayaquil"  # Ecuador's time (UTC−5, no daylight saving)
LEGACY_ZONE = "UTC"  # a daily post set before the time zone was asked: its hours were UTC
CHOSEN_UTC = "Etc/UTC"  # UTC as a manager chose it (LEGACY_ZONE's hours were never asked in it)


@lru_cache(maxsize=64)
def zone_of(name: str) -> ZoneInfo:
    """The time zone named (IANA: "America/Guayaquil"); Refusal("bad_zone") if unknown."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise Refusal("bad_zone", zone=name[:60]) from None


def chosen_zone(typed: str) -> str:
    """The zone a manager typed, as it is kept (Refusal("bad_zone") if unknown); UTC chosen
    is kept as CHOSEN_UTC, never taken for a daily post's LEGACY_ZONE."""
    name = zone_of(typed.strip()).key
    return CHOSEN_UTC if name == LEGACY_ZONE else name
