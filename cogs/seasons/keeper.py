"""`SeasonKeeper`: closes each server's season when it ends, and tells who won it.

One task sleeps until the next season ends (a recorded match, which may open a season, or
a change of the calendar wakes it earlier; with no season open it ends). A server's time
zone changed moves its open seasons' bounds to the new zone first. At a season's end
the season is archived with its podium (once: the storage keeps the first podium), the
podium's logros are awarded, and the podium is announced in the server's season channel
(else where the season's last match was played). Only then is the season marked
announced: a failure (the database, Discord's 5xx or 429) is tried again later (the post
carries a nonce, so one that reached Discord before a crash is not posted twice); a
channel that is gone or closed to the bot (403, 404) is given up, and the season stays
archived and readable.
"""

from __future__ import annotations

import asyncio
import logging

from db import Season, SeasonRow, Storage
from tables.logros import podium_logros

from ..infra.announcer import Announcer
from ..infra.caches import SettingsCache
from ..infra.clock import now
from ..infra.events import TableOver
from ..infra.retry import Retrier
from ..infra.scheduler import Scheduler
from .messages import season_over_text

log = logging.getLogger(__name__)

OPEN_SEASONS_LOOKED_AT = 3  # the latest seasons a zone change moves (open ones are the last)


class SeasonKeeper:
    def __init__(
        self,
        storage: Storage,
        settings: SettingsCache,
        announcer: Announcer,
        scheduler: Scheduler,
    ) -> None:
        self._storage = storage
        self._settings = settings
        self._announcer = announcer
        self._scheduler = scheduler
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False  # the watch waits for the next season's end
        self._again = False  # woken while closing seasons: look again after
        self._retrier = Retrier("closing the seasons")
        self._zone_moved: set[int] = set()  # servers whose open seasons move to a new zone

    async def season_for(self, guild_id: int | None, moment: float) -> Season | None:
        """The season a match of that server finished at `moment` counts in."""
        if guild_id is None:
            return None
        return (await self._settings.get(guild_id)).season_at(moment)

    def zone_changed(self, guild_id: int) -> None:
        """The server's time zone changed: its seasons not yet closed move to it (the
        running one ends at the new zone's midnight, at once if that has passed there),
        by the watch, which tries again after a failure."""
        self._zone_moved.add(guild_id)
        self.wake()

    async def _move_seasons(self, guild_id: int) -> None:
        settings = await self._settings.get(guild_id)
        for row in await self._storage.seasons(guild_id, limit=OPEN_SEASONS_LOOKED_AT):
            moved = settings.in_zone(row.season)
            if row.archived_at is None and moved != row.season:
                await self._storage.retime_season(row.season_id, moved.starts_at, moved.ends_at)
        self._zone_moved.discard(guild_id)

    async def table_over(self, over: TableOver) -> None:
        """A match is over (events.py): the season it counts in may be new, and its end
        is awaited."""
        if over.season is not None:
            self.wake()

    def start(self) -> None:
        """Close the seasons that ended, then sleep until the next one ends."""
        self.wake()

    def wake(self) -> None:
        """Look again now: a season may have begun, or the calendar changed. A sleeping
        watch is restarted; one that is closing seasons looks again when it is done (it is
        never cut off in the middle of an announcement)."""
        if self._task is None or self._task.done():
            self._task = self._scheduler.spawn(self._watch(), "seasons")
        elif self._sleeping:
            self._task.cancel()
            self._task = self._scheduler.spawn(self._watch(), "seasons")
        else:
            self._again = True

    async def _watch(self) -> None:
        while True:
            self._again = False
            wait = await self._close_due()
            if self._again:
                continue
            if wait is None:
                return  # no season is open: a recorded match (or the calendar) wakes it
            self._sleeping = True
            try:
                await asyncio.sleep(wait)
            finally:
                self._sleeping = False

    async def _close_due(self) -> float | None:
        """Close every season that has ended; seconds until the next look (None: until
        woken)."""
        return await self._retrier.run(self._close_all)

    async def _close_all(self) -> float | None:
        for guild_id in sorted(self._zone_moved):
            await self._move_seasons(guild_id)
        for row in await self._storage.seasons_due(now()):
            if self._announcer.runs(row.guild_id) and not await self._runs_later(row):
                await self.close(row)
        upcoming = await self._storage.next_season_end(now())
        return None if upcoming is None else max(upcoming - now(), 0.0)

    async def _runs_later(self, row: SeasonRow) -> bool:
        """Whether a season due by its stored end still runs in the server's zone now (a
        zone moved west whose move a restart cut off): it is moved, not closed."""
        moved = (await self._settings.get(row.guild_id)).in_zone(row.season)
        if moved.ends_at <= now():
            return False
        await self._storage.retime_season(row.season_id, moved.starts_at, moved.ends_at)
        return True

    async def close(self, row: SeasonRow) -> None:
        """Archive the season, award its podium's logros and announce it (each once)."""
        archived = await self._storage.archive_season(row.season_id, now())
        if archived is None or archived.announced or archived.podium is None:
            return
        await self._storage.award_logros(
            podium_logros(archived.podium, archived.guild_id, now()), announced=True
        )
        settings = await self._settings.get(archived.guild_id)
        channel = settings.season_channel or archived.podium.channel_id
        if channel is not None:
            lang = await self._announcer.language(archived.guild_id)
            text = season_over_text(archived, lang)
            await self._announcer.post(channel, text, once=f"season {archived.season_id}")
        await self._storage.mark_season_announced(archived.season_id)
