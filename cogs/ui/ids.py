"""The custom_id machinery, and the templates of the controls the shared messages carry
(a table, a hand, a challenge, lists); a feature with controls of its own defines their
templates in its package's ids.py (tournament/, puzzles/). Kinds are unique across all of
them: tests/cogs/test_ids_catalog.py checks it against the registered classes.

A custom_id is `c40:<kind>:<part>:<part>…` (Discord allows 100 characters). All the
state a click needs lives in it, so one registered `Clickable` class per kind serves
every message, before and after a restart, and after the 15 minutes an ephemeral view
would live. An `IdTemplate` names its parts once: `build(**parts)` writes an id,
`pattern` is the regex with one named group per part that discord.py matches a click
against, and `Clickable` parses those groups into the keyword arguments of its
`__init__` by name, so an id and its parser can't drift (the positional trap that
discord.py's own `dynamic_counter.py` example fell into until upstream fixed it in 2025).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Self

import discord

from tables import ChallengeAnswer

PREFIX = "c40"


@dataclass(frozen=True)
class Part:
    """One part of a custom_id: its name, what it may look like, and its type."""

    name: str
    regex: str
    parse: Callable[[str], object] = str


@dataclass(frozen=True)
class IdTemplate:
    kind: str
    parts: tuple[Part, ...]

    @property
    def pattern(self) -> str:
        groups = "".join(f":(?P<{part.name}>{part.regex})" for part in self.parts)
        return f"{PREFIX}:{self.kind}{groups}"

    def build(self, **values: object) -> str:
        """The custom_id for these parts (every part named, booleans as 1/0)."""
        texts = [_text(values[part.name]) for part in self.parts]
        return ":".join((PREFIX, self.kind, *texts))

    def parse(self, match: re.Match[str]) -> dict[str, Any]:
        return {part.name: part.parse(match[part.name]) for part in self.parts}

    def parse_id(self, custom_id: str) -> dict[str, Any] | None:
        """The parts of `custom_id`, or None if it is not of this kind."""
        match = re.fullmatch(self.pattern, custom_id)
        return self.parse(match) if match else None


def _text(value: object) -> str:
    return str(int(value)) if isinstance(value, bool) else str(value)


def flag(text: str) -> bool:
    """A part read as a boolean (written 1/0)."""
    return text == "1"


class LobbyAction(StrEnum):
    """A button of a lobby."""

    JOIN = "join"
    TEAM_A = "teama"  # 2 vs 2: join (or move to) a team
    TEAM_B = "teamb"
    LEAVE = "leave"
    BOT = "bot"  # the host fills a seat with a bot
    START = "start"
    CANCEL = "cancel"
    HINTS = "hints"  # the host turns hints on or off
    RULES = "rules"  # the host picks the next rule set


class TableAction(StrEnum):
    """A button of a table's public message."""

    HAND = "hand"
    RULES = "rules"
    REMATCH = "rematch"
    NEXT = "next"  # the next hand, without waiting for the pause
    RECLAIM = "reclaim"  # a replaced player takes their seat back


def choices_pattern(enum: type[StrEnum]) -> str:
    """A part's pattern: any of the enum's values."""
    return "|".join(member.value for member in enum)


SESSION = Part("session_id", r"[a-z0-9]+")
VERSION = Part("version", r"[0-9]+", int)
CARD_TEXT = Part("card", r"[A-Za-z0-9]{2}")
PAGE = Part("page", r"-?[0-9]+", int)
SCOPE = Part("scope", r"all|[0-9]+")  # a server's id, or "all" for the global lists

# A table: its lobby, its public message, a player's private hand.
# An action unknown today (a message from another version) is refused when clicked.
LOBBY = IdTemplate("lobby", (SESSION, Part("action", r"[a-z]+")))
TABLE = IdTemplate("table", (SESSION, Part("what", choices_pattern(TableAction), TableAction)))
CARD = IdTemplate("card", (SESSION, VERSION, CARD_TEXT))  # a card of the hand
TAKE = IdTemplate("take", (SESSION, VERSION, CARD_TEXT, Part("option", r"d|[0-9]+")))
BACK = IdTemplate("back", (SESSION, VERSION))  # from a card's choices back to the hand
FORFEIT = IdTemplate("forfeit", (SESSION,))  # the confirmation of /cuarenta forfeit
# A challenge, answered by whoever it names.
CHALLENGE = IdTemplate(
    "chal",
    (
        Part("challenge_id", r"[a-z0-9]+"),
        Part("answer", choices_pattern(ChallengeAnswer), ChallengeAnswer),
    ),
)
# Hints under a hand, the review of a finished table.
HINT = IdTemplate("hint", (SESSION, VERSION))
REVIEW = IdTemplate("review", (SESSION,))
REVIEW_PICTURES = IdTemplate("rvpics", (Part("match_id", r"[A-Za-z0-9_-]+"),))  # all but the 1st
# Pages of lists, and replays.
LEADERBOARD = IdTemplate(
    "lb", (SCOPE, Part("sort", r"[a-z_]+"), Part("with_bots", r"[01]", flag), PAGE)
)
# A page of a server's leaderboard of one season.
SEASON_BOARD = IdTemplate(
    "lbs",
    (
        Part("season_id", r"[0-9]+", int),
        Part("sort", r"[a-z_]+"),
        Part("with_bots", r"[01]", flag),
        PAGE,
    ),
)
HISTORY = IdTemplate("hist", (Part("user_id", r"[0-9]+", int), SCOPE, PAGE))
REPLAY = IdTemplate(
    "rp",
    (
        Part("match_id", r"[A-Za-z0-9_-]+"),
        Part("step", r"-?[0-9]+", int),
        Part("tag", r"open|first|prev|next|hand|chica|review"),
    ),
)
# The house-rules panel of /cuarenta config.
RULE_OPTION = IdTemplate("hrset", (Part("page", r"[0-9]+", int), Part("field", r"[a-z_]+")))
RULE_PAGE = IdTemplate("hrpage", (Part("page", r"[0-9]+", int),))
RULE_RESET = IdTemplate("hrreset", (Part("preset", r"[a-z]+"), Part("page", r"[0-9]+", int)))


def scope_of(guild_id: int | None) -> str:
    return "all" if guild_id is None else str(guild_id)


def guild_of(scope: str) -> int | None:
    return None if scope == "all" else int(scope)


class Clickable(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?!)"):
    """A kind of button (or select) that comes to life when clicked.

    A subclass names its `IdTemplate` (`class CardButton(Clickable, ids=CARD)`), declares
    the parts as annotated attributes, and defines `callback`, the handler of the click,
    beside it. Messages never build these objects: they carry raw rows (`ui.rows`).
    """

    id_template: ClassVar[IdTemplate]

    def __init_subclass__(cls, *, ids: IdTemplate, **kwargs: Any) -> None:
        cls.id_template = ids
        super().__init_subclass__(template=ids.pattern, **kwargs)

    def __init__(self, **parts: Any) -> None:
        self._take(parts, self.make_item(self.id_template.build(**parts)))

    def _take(self, parts: dict[str, Any], item: discord.ui.Item[Any]) -> None:
        self.__dict__.update(parts)
        super().__init__(item)

    @classmethod
    def make_item(cls, custom_id: str) -> discord.ui.Item[Any]:
        return discord.ui.Button(custom_id=custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        # The clicked item as discord.py read it from the message: its id is this one, so
        # it is not written and read again (every click comes through here).
        clicked = cls.__new__(cls)
        clicked._take(cls.id_template.parse(match), item)
        return clicked
