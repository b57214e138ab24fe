"""What a live table keeps besides its session, and what every live table shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypeVar

import discord

from db import Storage
from render.table import TablePicture
from tables import TableSession

from ..infra.background import Background
from ..infra.caches import PrefsCache, SettingsCache
from ..infra.card_emojis import CardEmojis
from ..infra.clock import now
from ..infra.discord_io import DiscordIO
from ..infra.events import TableEvents
from ..infra.metrics import Metrics
from ..infra.openings import Openings
from ..infra.scheduler import Scheduler
from ..infra.workers import Workers
from ..ui.rows import Payload
from .publishing import fingerprint

T = TypeVar("T")

HAND_PUSH_SECONDS = 14 * 60  # an interaction token lives 15 minutes


class Hand(NamedTuple):
    """A private hand just shown: whose, the token that edits it, its language, its id."""

    user_id: int
    token: str
    lang: str
    message_id: int | None


@dataclass
class OpenHand:
    """A private hand a player has open: its interaction token lets the bot refresh it."""

    token: str
    opened_at: float
    lang: str
    message_id: int | None = None  # the private message the token edits
    shown_version: int = -1  # the state version it shows (-1: refresh it)
    # The version an edit Discord accepted shows, the only one saved: a click's answer may
    # still fail (or the bot die before it is sent), and after a restart such a hand is
    # refreshed once.
    confirmed_version: int = -1

    def expired(self) -> bool:
        """Its interaction token no longer edits the message (or is about to stop)."""
        return now() - self.opened_at > HAND_PUSH_SECONDS

    def shown(self, version: int) -> None:
        """Discord accepted an edit of the hand to state `version`."""
        self.shown_version = self.confirmed_version = version

    def to_dict(self) -> dict[str, Any]:
        return {
            "token": self.token,
            "opened_at": self.opened_at,
            "lang": self.lang,
            "message_id": self.message_id,
            "shown_version": self.confirmed_version,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OpenHand:
        version = data.get("shown_version", -1)
        return cls(
            data["token"],
            data["opened_at"],
            data["lang"],
            data.get("message_id"),
            shown_version=version,
            confirmed_version=version,
        )


@dataclass
class TableMeta:
    """What the bot knows about the table's Discord side; saved with the session."""

    posted_at: float | None = None  # when the table message was posted (edits age out)
    reminder_id: int | None = None  # the turn reminder to delete at the next change
    ping_id: int | None = None  # the "your turn" ping, deleted the same way
    picture: str | None = None  # the picture the message shows (a key), None: none
    shown: str | None = None  # what the message shows (`Drawn.key`), None: unknown
    recorded: bool = False  # the finished match is in the records
    hands: dict[int, OpenHand] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "posted_at": self.posted_at,
            "reminder_id": self.reminder_id,
            "ping_id": self.ping_id,
            "picture": self.picture,
            "shown": self.shown,
            "recorded": self.recorded,
            "hands": {str(user): hand.to_dict() for user, hand in self.hands.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableMeta:
        saved = data.get("hands", {})
        hands = {int(user): OpenHand.from_dict(hand) for user, hand in saved.items()}
        return cls(
            posted_at=data.get("posted_at"),
            reminder_id=data.get("reminder_id"),
            ping_id=data.get("ping_id"),
            picture=data.get("picture"),
            shown=data.get("shown"),
            recorded=bool(data.get("recorded", False)),
            hands=hands,
        )


def log_fields(session: TableSession) -> dict[str, int | str | None]:
    """What a log line about a table carries (LOG_FORMAT=json shows each as a field)."""
    return {"table": session.session_id, "channel": session.channel_id, "guild": session.guild_id}


def picture_key(picture: TablePicture) -> str:
    """A short fingerprint of a picture, kept to know whether the message shows it."""
    return fingerprint(picture)


class Drawn(NamedTuple):
    """A table message as drawn: its text and rows, the files it carries (None: keep the
    ones it has), the key of its picture (None: no picture) and of the whole message."""

    payload: Payload
    files: list[discord.File] | None
    picture: str | None

    @property
    def key(self) -> str:
        """Equal keys, equal messages: an edit from one to the other would change nothing."""
        return fingerprint((self.payload.content, self.payload.rows, self.picture))


@dataclass(frozen=True)
class TableKit:
    """What every live table of the bot uses, shared by all of them."""

    storage: Storage
    io: DiscordIO
    emojis: CardEmojis
    settings: SettingsCache
    prefs: PrefsCache
    workers: Workers
    scheduler: Scheduler
    # Bot moves and table edits run a few at a time, and behind a crowd's clicks.
    background: Background
    bot_pause_seconds: float  # a bot seat "thinks" visibly this long
    events: TableEvents  # who hears that a table's match is over
    openings: Openings  # whether new tables may open (maintenance, a stop in progress)
    metrics: Metrics


class Table(Protocol):
    """The live table as its publisher and driver see it (live/live_table.py)."""

    @property
    def session(self) -> TableSession: ...
    @property
    def meta(self) -> TableMeta: ...
    @property
    def closed(self) -> bool: ...
    @property
    def session_id(self) -> str: ...
    @property
    def channel_id(self) -> int: ...

    async def change(
        self,
        apply: Callable[[TableSession], T],
        *,
        hand: Hand | None = None,
        interactive: bool = False,
    ) -> T: ...
    async def save_meta(self) -> None: ...
    def set_message(
        self, message_id: int, posted_at: float, drawn: Drawn, version: int
    ) -> None: ...
    async def close_unreachable(self) -> None: ...
