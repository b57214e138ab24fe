"""A server's season calendar: which season a moment falls in (no Discord, no storage).

Seasons are monthly by default; a server may set them quarterly, off, or to named seasons
with a first and a last day ("Fiestas de Quito", 1 to 6 December). Days begin at midnight
in the server's time zone (ServerSettings.zone: Ecuador's, America/Guayaquil, unless the
server chose another): a month's season ends when the month ends there, so a server in
Madrid turns its season at Madrid's midnight, and the dates of a named season are Madrid's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from db import Season

from .refusal import Refusal
from .zones import DEFAULT_ZONE, zone_of

MODES = ("monthly", "quarterly", "named", "off")
DEFAULT_MODE = "monthly"
NAME_LENGTH = 40
MAX_NAMED = 20  # named seasons a server keeps (past ones included)
_MONTH = re.compile(r"(\d{4})-(\d{2})")
_QUARTER = re.compile(r"(\d{4})-Q(\d)")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")


@dataclass(frozen=True)
class NamedSeason:
    """A season a server named, from its first day to its last (both included)."""

    name: str
    first: date
    last: date

    def to_stored(self) -> list[str]:
        return [self.name, self.first.isoformat(), self.last.isoformat()]

    @classmethod
    def from_stored(cls, stored: list[str]) -> NamedSeason:
        name, first, last = stored
        return cls(name, date.fromisoformat(first), date.fromisoformat(last))

    def season(self, zone: ZoneInfo) -> Season:
        """The season, from midnight of its first day to midnight after its last, in `zone`."""
        return Season(
            f"n:{self.first.isoformat()}:{self.name}",
            self.name,
            _midnight(self.first, zone),
            _midnight(self.last + timedelta(days=1), zone),
        )


def _midnight(day: date, zone: ZoneInfo) -> float:
    return datetime(day.year, day.month, day.day, tzinfo=zone).timestamp()


def _month_start(year: int, month: int, zone: ZoneInfo) -> float:
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return _midnight(date(year, month, 1), zone)


def season_at(
    mode: str, named: tuple[NamedSeason, ...], moment: float, zone_name: str = DEFAULT_ZONE
) -> Season | None:
    """The season `moment` falls in, its days in the time zone `zone_name` (None: seasons
    are off, or no named season then)."""
    zone = zone_of(zone_name)
    day = datetime.fromtimestamp(moment, zone)
    if mode == "monthly":
        return Season(
            f"{day.year}-{day.month:02d}",
            f"{day.year}-{day.month:02d}",
            _month_start(day.year, day.month, zone),
            _month_start(day.year, day.month + 1, zone),
        )
    if mode == "quarterly":
        quarter = (day.month - 1) // 3
        return Season(
            f"{day.year}-Q{quarter + 1}",
            f"{day.year}-Q{quarter + 1}",
            _month_start(day.year, 3 * quarter + 1, zone),
            _month_start(day.year, 3 * quarter + 4, zone),
        )
    if mode == "named":
        for season in (named_season.season(zone) for named_season in named):
            if season.starts_at <= moment < season.ends_at:
                return season
    return None


def season_in_zone(season: Season, named: tuple[NamedSeason, ...], zone_name: str) -> Season:
    """The same season (its key: the month, quarter or named season) with its days in the
    time zone `zone_name`: a running season moves to the server's new zone. A named season
    no longer in `named` is kept as it was."""
    zone = zone_of(zone_name)
    if month := _MONTH.fullmatch(season.key):
        year, number = int(month[1]), int(month[2])
        starts, ends = _month_start(year, number, zone), _month_start(year, number + 1, zone)
        return Season(season.key, season.name, starts, ends)
    if quarter := _QUARTER.fullmatch(season.key):
        year, first = int(quarter[1]), 3 * int(quarter[2]) - 2
        starts, ends = _month_start(year, first, zone), _month_start(year, first + 3, zone)
        return Season(season.key, season.name, starts, ends)
    found = (n.season(zone) for n in named)
    return next((moved for moved in found if moved.key == season.key), season)


def parse_day(text: str) -> date:
    """A day as a player writes it: 2026-12-01 or 1/12/2026 (day first, as in Ecuador);
    Refusal("bad_season_date") for anything else."""
    text = text.strip()
    try:
        found = _DAY_MONTH_YEAR.fullmatch(text)
        if found:
            return date(int(found[3]), int(found[2]), int(found[1]))
        return date.fromisoformat(text)
    except ValueError:
        raise Refusal("bad_season_date") from None


def add_named(
    named: tuple[NamedSeason, ...], name: str, first: str, last: str
) -> tuple[NamedSeason, ...]:
    """The server's named seasons with a new one (or one of the same name replaced), by first
    day. Refusal for a missing name or date, a last day before the first, or days that
    overlap another season's."""
    name = " ".join(name.split())[:NAME_LENGTH]
    if not name or not first or not last:
        raise Refusal("season_incomplete")
    new = NamedSeason(name, parse_day(first), parse_day(last))
    if new.last < new.first:
        raise Refusal("season_backwards")
    kept = [season for season in named if season.name != name]
    if any(s.first <= new.last and new.first <= s.last for s in kept):
        raise Refusal("season_overlap")
    return tuple(sorted([*kept, new], key=lambda season: season.first))[-MAX_NAMED:]
