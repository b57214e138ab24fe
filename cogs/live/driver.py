"""`TableDriver`: whatever a table waits for next, as one task that survives failures.

The next step of a saved state: a lobby's expiry, the pause between hands, a bot's move,
a player's reminder and time-out, recording the finished match. Each change restarts the
driver for the new state; a failure (a locked database, Discord) is retried with backoff,
so a table never stalls.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Literal

import discord

from db import MatchRecord, Storage
from engine import Bot, Game, Move
from i18n import t
from tables import Phase, Refusal, ratings
from tables.results import match_record

from ..infra.clock import now, sleep_until
from ..infra.events import TableOver
from ..infra.retry import Retrier
from ..infra.workers import Work, choose_move
from ..ui.words import when
from .state import Table, TableKit, log_fields

log = logging.getLogger(__name__)

IDLE_MOVE_LEVEL = "normal"


def idle_move(game: Game, seed: int) -> Move:
    """The move made for a player who let the clock run out (the normal level: quick)."""
    return Bot(IDLE_MOVE_LEVEL, seed=seed).choose(game)


async def rate_match(storage: Storage, record: MatchRecord) -> dict[int, int]:
    """Rate a recorded match; each human's rating change as shown (empty: not rated).
    Rating the same match again changes nothing and gives the same changes."""
    if not ratings.is_rated(record):
        return {}
    changes = await storage.rate_match(record, ratings.rater(record))
    return {c.user_id: ratings.shown_change(c.before, c.after) for c in changes}


class TableDriver:
    def __init__(self, table: Table, kit: TableKit) -> None:
        self._table = table
        self._kit = kit
        self._task: asyncio.Task[None] | None = None
        # One Bot per seat and level for the whole match: it remembers what it has seen.
        self._bots: dict[tuple[int, str], Bot] = {}

    def _needed(self) -> bool:
        session = self._table.session
        return session.is_live or (
            session.phase == Phase.FINISHED and not self._table.meta.recorded
        )

    def has_next_step(self) -> bool:
        """A task is scheduled for what the table waits for (nothing, once it is all done)."""
        if self._table.closed or not self._needed():
            return True
        return self._task is not None and not self._task.done()

    def drive(self) -> None:
        """Replace the driver with one for the saved state (if it waits for anything)."""
        current = self._task
        if current is not None and current is not asyncio.current_task():
            current.cancel()
        self._task = None
        if not self._table.session.is_live:
            self._bots.clear()
        if self._table.closed or not self._needed() or self._kit.openings.restarting:
            return  # a stopping bot takes no next step: the restart takes it
        self._task = self._kit.scheduler.spawn(self._drive(), f"drive-{self._table.session_id}")

    def stop(self) -> None:
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()

    def bots(self) -> list[Bot]:
        """The bots that keep a memory of this match (one per seat)."""
        return list(self._bots.values())

    async def _drive(self) -> None:
        """Take the next step; a failure (a locked database, Discord) is retried."""
        session = self._table.session
        retrier = Retrier(
            f"next step of table {session.session_id}",
            final=(Refusal,),
            extra=log_fields(session),
        )
        with contextlib.suppress(Refusal):  # the table moved on: the newer driver handles it
            await retrier.run(self._next_step)

    async def _next_step(self) -> None:
        session = self._table.session
        version = session.version
        if session.phase == Phase.FINISHED and not self._table.meta.recorded:
            await self._record()
        elif session.phase == Phase.LOBBY:
            await sleep_until(session.lobby_expires_at)
            await self._table.change(lambda s: s.expire())
        elif session.paused_until is not None:
            await sleep_until(session.paused_until)
            await self._table.change(lambda s: s.next_hand(None, version, now()))
        elif session.bot_moves_next:
            await self._bot_turn(version)
        elif session.phase == Phase.PLAYING:
            await self._idle_turn(version)

    async def _record(self) -> None:
        """Record the finished match in its season and rate it, then announce it over
        (events.py) and show the rating changes (each step is a no-op when done before)."""
        session = self._table.session
        record = match_record(session, now())
        changes: dict[int, int] = {}
        season = None
        if record is not None:
            if record.guild_id is not None:
                settings = await self._kit.settings.get(record.guild_id)
                season = settings.season_at(record.finished_at)
            started = time.perf_counter()
            await self._kit.storage.record_match(record, season)
            self._kit.metrics.db_write(time.perf_counter() - started)
            self._kit.metrics.match_recorded()
            changes = await rate_match(self._kit.storage, record)
        await self._kit.events.table_over(TableOver(session, record, season))
        self._table.meta.recorded = True
        await self._table.save_meta()
        if changes:
            await self._table.change(lambda s: s.set_rating_changes(changes))

    async def _bot_turn(self, version: int) -> None:
        await asyncio.sleep(self._kit.bot_pause_seconds)
        session = self._table.session
        seat, index, game = session.current_seat(), session.seat_to_play, session.game
        assert seat is not None and seat.bot_level is not None and index is not None
        assert game is not None
        key = (index, seat.bot_level)
        player = self._bots.get(key) or Bot(seat.bot_level, seed=session.seed + index)
        move: Move | None = None
        if player.searches:
            # A search holds the GIL for its whole budget: think in another process so
            # other tables' clicks are not slowed; the Bot (and its memory) comes back.
            move, player = await self._kit.workers.run(Work.THINK, choose_move, player, game.copy())
        async with self._kit.background:
            if move is None:
                move = player.choose(game.copy())  # well under a millisecond: no thread
            self._bots[key] = player
            chosen = move
            await self._table.change(lambda s: s.apply_bot_move(chosen, version, now()))
        self._kit.metrics.moved("bot")

    async def _idle_turn(self, version: int) -> None:
        session = self._table.session
        reminder_at, deadline = session.reminder_at, session.turn_deadline
        if reminder_at is None or deadline is None:
            return
        if self._table.meta.ping_id is None and await self._wants_ping():
            await self._remind(deadline, "ping")
        if now() < reminder_at:
            await sleep_until(reminder_at)
            await self._remind(deadline, "reminder")
        await sleep_until(deadline)
        game = self._table.session.game
        assert game is not None
        move = idle_move(game.copy(), self._table.session.seed + version)
        await self._table.change(lambda s: s.time_out(move, version, now()))
        self._kit.metrics.moved("timer")

    async def _wants_ping(self) -> bool:
        """The player to move asked to be pinged, and plays with other humans."""
        session = self._table.session
        seat = session.current_seat()
        if seat is None or seat.user_id is None or len(session.human_ids()) < 2:
            return False
        return (await self._kit.prefs.get(seat.user_id)).turn_ping

    async def _remind(self, deadline: float, kind: Literal["ping", "reminder"]) -> None:
        """Post the turn's ping or reminder (each at most once a turn, even after a restart)."""
        session, meta = self._table.session, self._table.meta
        seat = session.current_seat()
        posted = meta.ping_id if kind == "ping" else meta.reminder_id
        if seat is None or seat.user_id is None or posted is not None:
            return
        text = t(kind, session.lang, mention=f"<@{seat.user_id}>", when=when(deadline))
        try:
            message = await self._kit.io.send(self._table.channel_id, text, mentions=[seat.user_id])
        except discord.HTTPException:
            return  # a reminder is a courtesy: the time-out still comes
        if kind == "ping":
            meta.ping_id = message.id
        else:
            meta.reminder_id = message.id
        await self._table.save_meta()
