"""A server's defaults for new tables, with the one place their fallbacks live."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from db import Season
from engine import Rules
from i18n import LANGUAGES

from .house_rules import HOUSE, RULE_SETS, rules_from_saved
from .refusal import Refusal
from .seasons import DEFAULT_MODE, MODES, NamedSeason, add_named, season_at, season_in_zone
from .session import BOT_LEVELS, DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS
from .zones import DEFAULT_ZONE, chosen_zone


@dataclass(frozen=True)
class ServerSettings:
    """What /cuarenta config sets; anything not set falls back to these defaults.

    rules: the rule set new tables play: "quito", "cuenca" or "house" (the server's own).
    house_rules: the server's own rule set as `Rules.to_dict()`, None until it has one.
    language: one of i18n.LANGUAGES ("es", "en", "nl", "fr", "tr"), or None: the server's
    community locale, else the starter's Discord language (i18n.public_language).
    replay_all_hands: replays of this server's matches show every seat's hand (a match is
    over when it is replayed); off, each viewer sees only their own.
    seasons: "monthly", "quarterly", "named" (the `named_seasons`, as NamedSeason.to_stored
    gives them) or "off"; season_channel: where a season's end is announced (None: the
    channel of its last match).
    time_zone: the server's time zone (an IANA name), None: Ecuador's (`zone`): its seasons
    turn at its midnight and its puzzle's day is on its calendar (tables.zones).
    """

    rules: str = "quito"
    bot_level: str = "normal"
    turn_seconds: int = DEFAULT_TURN_SECONDS
    language: str | None = None
    table_picture: bool = True
    replay_all_hands: bool = False
    open_tournaments: bool = False  # anyone may run a tournament (else: server managers)
    house_rules: dict[str, Any] | None = field(default=None, hash=False)
    seasons: str = DEFAULT_MODE
    named_seasons: list[list[str]] | None = field(default=None, hash=False)
    season_channel: int | None = None
    time_zone: str | None = None

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> ServerSettings:
        """The settings from the storage's dict (unknown keys and unset values ignored)."""
        names = {field.name for field in fields(cls)}
        return cls(**{k: v for k, v in stored.items() if k in names and v is not None})

    def rule_set(self, name: str) -> Rules:
        """The rules of a rule set: "quito", "cuenca", or "house" (Quito until one is saved).

        ValueError for any other name.
        """
        if name == HOUSE:
            return rules_from_saved(self.house_rules) if self.house_rules else Rules()
        return Rules.preset(name)

    def default_rules(self) -> Rules:
        """The rules new tables play unless their host picks others."""
        return self.rule_set(self.rules)

    @property
    def zone(self) -> str:
        """The server's time zone: the one it chose, else Ecuador's."""
        return self.time_zone or DEFAULT_ZONE

    def named(self) -> tuple[NamedSeason, ...]:
        return tuple(NamedSeason.from_stored(stored) for stored in self.named_seasons or ())

    def season_at(self, moment: float) -> Season | None:
        """The season a match finished at `moment` counts in (None: none)."""
        return season_at(self.seasons, self.named(), moment, self.zone)

    def in_zone(self, season: Season) -> Season:
        """A season stored before the server's zone changed, with its days in the zone now."""
        return season_in_zone(season, self.named(), self.zone)


def house_rules_config(rules: Rules) -> dict[str, Any]:
    """The guild-config values that make `rules` the server's house rules and its default."""
    return {"house_rules": rules.to_dict(), "rules": HOUSE}


def config_changes(**values: Any) -> dict[str, Any]:
    """The settings a /cuarenta config call changes (its options given), checked:
    Refusal for a value out of range or an unknown time zone; the language "auto" is
    stored as None."""
    changes = {key: value for key, value in values.items() if value is not None}
    if changes.get("time_zone") is not None:
        changes["time_zone"] = chosen_zone(changes["time_zone"])
    seconds = changes.get("turn_seconds")
    if seconds is not None and not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        raise Refusal("bad_turn_seconds")
    if changes.get("rules") is not None and changes["rules"] not in RULE_SETS:
        raise Refusal("gone")
    if changes.get("bot_level") is not None and changes["bot_level"] not in BOT_LEVELS:
        raise Refusal("bad_bot_level")
    if changes.get("seasons") is not None and changes["seasons"] not in MODES:
        raise Refusal("gone")
    if changes.get("language") == "auto":
        changes["language"] = None
    elif changes.get("language") is not None and changes["language"] not in LANGUAGES:
        raise Refusal("gone")
    return changes


@dataclass(frozen=True)
class SeasonChanges:
    """The season options of a /cuarenta config call: the calendar's mode, a named season
    to add (name, first and last day as typed), the announcements' channel."""

    mode: str | None = None
    name: str | None = None
    first: str | None = None
    last: str | None = None
    channel_id: int | None = None

    def named_season(self) -> tuple[str, str, str] | None:
        """The named season to add (its parts as typed, maybe empty), if any part was given."""
        if self.name is None and self.first is None and self.last is None:
            return None
        return (self.name or "", self.first or "", self.last or "")


def named_season_config(stored: ServerSettings, name: str, first: str, last: str) -> dict[str, Any]:
    """The guild-config values that add a named season and turn named seasons on; Refusal
    for a season that is incomplete, backwards or overlapping another."""
    named = add_named(stored.named(), name, first, last)
    return {"named_seasons": [season.to_stored() for season in named], "seasons": "named"}
