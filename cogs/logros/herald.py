"""`LogroHerald`: awards the logros of a finished match and tells them, once.

At a match's end the driver has the herald award what the match earned (read from its
move log, and from the players' running counts): the awards are saved as not told yet,
then told in the table's channel in one message ("🏅 @ana: ¡Primera ronda!") and marked
told. Awarding again (a crash before the table was marked recorded, then a re-record)
changes nothing: each logro is earned once. A telling cut off by a restart is done at the
next start; one Discord refuses for good (403, 404) is dropped, the logros stay on the
card.

On upgrade, matches recorded before logros existed earn theirs from their move logs in the
background (`backfill`), without being told.
"""

from __future__ import annotations

import asyncio
import logging

from db import MatchFeats, MatchLog, MatchRecord, Storage
from tables import logros, ratings

from ..infra.announcer import Announcer
from ..infra.clock import now
from ..infra.events import TableOver
from ..infra.retry import retrying
from ..infra.scheduler import Scheduler
from .messages import earned_text

log = logging.getLogger(__name__)

BACKFILL_BATCH = 200


class LogroHerald:
    def __init__(self, storage: Storage, announcer: Announcer, scheduler: Scheduler) -> None:
        self._storage = storage
        self._announcer = announcer
        self._scheduler = scheduler
        self._telling: set[str] = set()  # matches whose logros are being told

    async def table_over(self, over: TableOver) -> None:
        """A match is over (events.py): award what a rated one earned, then tell it."""
        record = over.record
        if record is None or not ratings.is_rated(record):
            return
        await self.award(record)
        self.announce(record.match_id, over.session.lang)

    async def award(self, record: MatchRecord) -> None:
        """Save what a recorded, rated match earned its humans (nothing earned twice)."""
        match_log = await self._storage.match_log(record.match_id)
        humans = [r.user_id for r in record.results if r.user_id is not None]
        await self._save(record.match_id, record.guild_id, humans, match_log, announced=False)

    async def _save(
        self,
        match_id: str,
        guild_id: int | None,
        humans: list[int],
        match_log: MatchLog | None,
        announced: bool,
    ) -> None:
        """Save a match's feats and logros: from its move log when kept, and from its
        humans' counts after it."""
        feats: list[MatchFeats] = []
        earned: dict[int, set[str]] = {user: set() for user in humans}
        found = None
        if match_log is not None:
            try:
                found = logros.analyse(match_log)
            except Exception:  # a log this engine cannot replay: the counts still earn
                log.exception("the move log of %s could not be replayed for logros", match_id)
        if match_log is not None and found is not None:
            feats = logros.match_feats(match_log, found)
            for user, names in logros.earned_in_match(match_log, found).items():
                earned[user] |= names
        season = await self._storage.season_of_match(match_id)
        season_id = None if season is None else season.season_id
        for user in humans:
            counts = await self._storage.logro_counts(user, season_id)
            earned[user] |= logros.earned_by_counts(counts)
        rows = logros.as_logros(earned, guild_id, match_id, now())
        await self._storage.save_logros(match_id, feats, rows, announced)

    def announce(self, match_id: str, lang: str | None = None) -> None:
        """Tell the match's logros not told yet, in the background (retried while Discord
        or the database fail for a while); `lang`: the table's (None: the server's). One
        telling per match at a time: a second call while it runs does nothing."""
        if match_id not in self._telling:
            self._telling.add(match_id)
            self._scheduler.spawn(self._announce(match_id, lang), f"logros-{match_id}")

    async def _announce(self, match_id: str, lang: str | None) -> None:
        try:
            await retrying(lambda: self._tell(match_id, lang), f"telling the logros of {match_id}")
        finally:
            self._telling.discard(match_id)

    async def _tell(self, match_id: str, lang: str | None) -> None:
        channel, earned = await self._storage.logros_to_announce(match_id)
        if not earned or channel is None:
            return
        guild_id = earned[0].guild_id
        if not self._announcer.runs(guild_id):
            return
        if lang is None:
            lang = await self._announcer.language(guild_id)
        await self._announcer.post(channel, earned_text(earned, lang), once=f"logros {match_id}")
        await self._storage.mark_logros_announced(match_id)

    async def resume(self, started_at: float) -> None:
        """At start: tell the logros a restart cut off, then earn the logros of the matches
        recorded before logros existed."""
        for match_id in await self._storage.matches_with_logros_to_announce():
            self.announce(match_id)
        await self.backfill(started_at)

    async def backfill(self, before: float) -> int:
        """Award (untold) the logros of every rated match recorded before `before` whose
        move log was never scanned; how many matches were scanned."""
        cursor, scanned = (0.0, ""), 0
        while batch := await self._storage.matches_to_scan(before, cursor, BACKFILL_BATCH):
            for finished_at, match_id in batch:
                cursor = (finished_at, match_id)
                match_log = await self._storage.match_log(match_id)
                if match_log is None or not self._announcer.runs(match_log.guild_id):
                    continue
                humans = [s.user_id for s in match_log.seats if s.user_id is not None]
                await self._save(match_id, match_log.guild_id, humans, match_log, announced=True)
                scanned += 1
                await asyncio.sleep(0)  # a long backfill leaves the loop to the tables
        return scanned
