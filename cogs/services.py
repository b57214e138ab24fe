"""`Services`: what every handler is given — storage, caches, workers, the live tables —
and the long-lived object each feature plugs in.

One object per bot, built when it starts and hung on it as `bot.services`: handlers and
buttons reach it with `services_of(interaction)`, never through the cog. Two bots in one
process (the shard tests run two) each have their own. It names no feature: a feature's
`setup` (cogs/features.py lists them) builds its object, `provide`s it, subscribes to
`events`, and returns a `Feature`; its handlers `get` the object by type.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import discord

from db import Storage
from engine.ai.teacher import JUDGE_WORLDS
from tables.replays import ReplayCache

from .infra.announcer import Announcer
from .infra.background import Background
from .infra.caches import PrefsCache, SettingsCache
from .infra.card_emojis import CardEmojis
from .infra.discord_io import DiscordIO
from .infra.events import TableEvents
from .infra.metrics import Metrics
from .infra.openings import Openings
from .infra.scheduler import Scheduler
from .infra.workers import REVIEW_NICENESS, Workers
from .live.runtime import TableRuntime, runs_guild
from .live.state import TableKit
from .ui.ids import Clickable

T = TypeVar("T")


@dataclass(frozen=True)
class Tuning:
    """Options of the bot that features read (tests and benchmarks turn them)."""

    review_worlds: int = JUDGE_WORLDS  # the worlds a review's judge samples
    stock_puzzles: bool = True  # make the bots' puzzles after a start


@dataclass(frozen=True)
class Feature:
    """What a feature plugs in: the buttons its messages carry, and what it does when the
    cog loads (`load`: restore its saved state, start its tasks) and once the bot is
    connected (`ready`)."""

    clickables: tuple[type[Clickable], ...] = ()
    load: Callable[[], Awaitable[None]] | None = None
    ready: Callable[[], Awaitable[None]] | None = None


@dataclass(frozen=True)
class Services:
    client: discord.Client
    storage: Storage
    emojis: CardEmojis
    settings: SettingsCache
    prefs: PrefsCache
    workers: Workers
    scheduler: Scheduler
    runtime: TableRuntime
    replays: ReplayCache
    metrics: Metrics
    openings: Openings
    announcer: Announcer
    tuning: Tuning
    started_at: float = field(default_factory=time.monotonic)  # for the uptime
    _provided: dict[type, object] = field(default_factory=dict)

    @property
    def io(self) -> DiscordIO:
        """The requests discord.py would make at a higher cost (discord_io.py)."""
        return self.runtime.kit.io

    @property
    def background(self) -> Background:
        """Bot moves and table edits: a few at a time, behind a crowd's clicks."""
        return self.runtime.kit.background

    @property
    def events(self) -> TableEvents:
        """Where a feature hears that a table's match is over."""
        return self.runtime.kit.events

    def provide(self, service: object) -> None:
        """A feature's long-lived object (one of each type), for its handlers to `get`."""
        self._provided[type(service)] = service

    def get(self, kind: type[T]) -> T:
        found = self._provided.get(kind)
        if not isinstance(found, kind):
            raise RuntimeError(f"{kind.__name__} was not set up")
        return found

    @classmethod
    def start(
        cls,
        client: discord.Client,
        storage: Storage,
        emojis: CardEmojis,
        *,
        bot_pause_seconds: float = 1.5,
        review_niceness: int = REVIEW_NICENESS,
        tuning: Tuning | None = None,
        metrics: Metrics | None = None,
    ) -> Services:
        """`metrics`: the bot's own (it counts the bot's HTTP requests from its start).
        The features are set up after (cogs/features.py)."""
        metrics = metrics or Metrics()
        openings = Openings()
        settings, prefs = SettingsCache(storage), PrefsCache(storage)
        workers, scheduler = Workers(review_niceness), Scheduler("cuarenta")
        io = DiscordIO(client)
        kit = TableKit(
            storage=storage,
            io=io,
            emojis=emojis,
            settings=settings,
            prefs=prefs,
            workers=workers,
            scheduler=scheduler,
            background=Background(),
            bot_pause_seconds=bot_pause_seconds,
            events=TableEvents(),
            openings=openings,
            metrics=metrics,
        )
        return cls(
            client=client,
            storage=storage,
            emojis=emojis,
            settings=settings,
            prefs=prefs,
            workers=workers,
            scheduler=scheduler,
            runtime=TableRuntime(client, kit),
            replays=ReplayCache(),
            metrics=metrics,
            openings=openings,
            announcer=Announcer(
                io, settings, functools.partial(runs_guild, client), client.get_guild
            ),
            tuning=tuning or Tuning(),
        )

    def shutdown(self) -> None:
        """Stop every background task and worker process (the tables stay saved)."""
        self.scheduler.cancel_all()
        self.workers.shutdown()


def services_of(client: discord.Client) -> Services:
    """The bot's services (`bot.services`), for a handler or a button."""
    services = getattr(client, "services", None)
    if not isinstance(services, Services):
        raise RuntimeError("the bot has no services: it was not started with Services.start")
    return services
