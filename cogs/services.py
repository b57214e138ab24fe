"""`Services`: what every handler is given — storage, caches, workers, the live tables.

One object per bot, built when it starts and hung on it as `bot.services`: handlers and
buttons reach it with `services_of(interaction)`, never through the cog. Two bots in one
process (the shard tests run two) each have their own.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field

import discord

from db import Storage
from engine.ai.teacher import JUDGE_WORLDS
from tables.replays import ReplayCache

from .announcer import Announcer
from .background import Background
from .caches import PrefsCache, SettingsCache
from .card_emojis import CardEmojis
from .discord_io import DiscordIO
from .events import TableEvents
from .live.runtime import TableRuntime, runs_guild
from .live.state import TableKit
from .live.tournament import Tournaments
from .logros.herald import LogroHerald
from .metrics import Metrics
from .openings import Openings
from .puzzle_desk import PuzzleDesk
from .reviews import Reviews
from .scheduler import Scheduler
from .seasons.keeper import SeasonKeeper
from .workers import REVIEW_NICENESS, Workers


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
    reviews: Reviews
    replays: ReplayCache
    seasons: SeasonKeeper
    logros: LogroHerald
    tournaments: Tournaments
    metrics: Metrics
    openings: Openings
    puzzles: PuzzleDesk
    started_at: float = field(default_factory=time.monotonic)  # for the uptime

    @property
    def io(self) -> DiscordIO:
        """The requests discord.py would make at a higher cost (discord_io.py)."""
        return self.runtime.kit.io

    @property
    def background(self) -> Background:
        """Bot moves and table edits: a few at a time, behind a crowd's clicks."""
        return self.runtime.kit.background

    @classmethod
    def start(
        cls,
        client: discord.Client,
        storage: Storage,
        emojis: CardEmojis,
        *,
        bot_pause_seconds: float = 1.5,
        review_niceness: int = REVIEW_NICENESS,
        review_worlds: int = JUDGE_WORLDS,
        stock_puzzles: bool = True,
        metrics: Metrics | None = None,
    ) -> Services:
        """`metrics`: the bot's own (it counts the bot's HTTP requests from its start)."""
        metrics = metrics or Metrics()
        openings = Openings()
        settings, prefs = SettingsCache(storage), PrefsCache(storage)
        workers, scheduler = Workers(review_niceness), Scheduler("cuarenta")
        io = DiscordIO(client)
        announcer = Announcer(io, settings, functools.partial(runs_guild, client))
        seasons = SeasonKeeper(storage, settings, announcer, scheduler)
        logros = LogroHerald(storage, announcer, scheduler)
        events = TableEvents()
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
            events=events,
            openings=openings,
            metrics=metrics,
        )
        runtime = TableRuntime(client, kit)
        tournaments = Tournaments(storage, kit.io, scheduler, runtime)
        for listener in (seasons.table_over, logros.table_over, tournaments.table_over):
            events.on_table_over(listener)
        return cls(
            client=client,
            storage=storage,
            emojis=emojis,
            settings=settings,
            prefs=prefs,
            workers=workers,
            scheduler=scheduler,
            runtime=runtime,
            reviews=Reviews(workers, review_worlds),
            replays=ReplayCache(),
            seasons=seasons,
            logros=logros,
            tournaments=tournaments,
            metrics=metrics,
            openings=openings,
            puzzles=PuzzleDesk(
                client, storage, workers, scheduler, emojis, settings, stock_at_start=stock_puzzles
            ),
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
