"""Running tournaments: `LiveTournament` owns one (its state, its saving, its message, the
opening of its rounds' tables), `Tournaments` holds them all, brings them back after a
restart, hears when one of their tables ends (recorded as it ended: `record_table`) and
answers the `busy` check (another tournament, a live table) asked inside each change.

A match between two bot entries is decided at once, with no thread and no table (the
bots play it through; nobody is there to watch). The other tables of a round open one
after another, OPEN_SPACING apart (Discord's limits: not dozens of threads in one
burst), each from its call: the call is posted in the channel and its thread started
from it, so Discord adds no "started a thread" line. Each step of opening a match is
saved before the next (its table id, its thread, its table), so a restart in the middle
picks up where it stopped without opening anything twice. At a match's end its thread
says what it means for each side (after the next round is paired: the final's names the
champion). A periodic sweep starts tournaments whose time came or ends a sign-up nobody
started, follows maintenance (pause, resume), applies a withdrawal's walkover found again
after a crash, gives a walkover to a side that never showed up, settles a match whose
table was stopped, opens again a match whose table or thread is gone, and retries what
failed. The picture is drawn again at most every PICTURE_SECONDS within a round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

import discord

from db import Shards, Storage
from render.tournament import BracketPicture, draw_bracket
from tables import Phase, Refusal, TableSession, new_session_id
from tables.tournament import Pairing, Tournament, TournamentPhase, play_between_bots

from ..infra.clock import now, sleep_until
from ..infra.discord_io import DiscordIO
from ..infra.events import TableOver
from ..infra.retry import channel_gone
from ..infra.scheduler import Scheduler
from ..infra.workers import Work
from ..live.live_table import LiveTable
from ..live.publishing import PublishLoop, Unreachable, fingerprint
from ..live.runtime import TableRuntime
from ..ui.pictures import picture_file
from .messages import (
    bracket_picture,
    call_done_text,
    call_text,
    forfeit_consequence,
    match_over_lines,
    message_link,
    podium_lines,
    thread_name,
    tournament_payload,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

OPEN_SPACING = 1.0  # seconds between two tables of a round opening
PICTURE_SECONDS = 20.0  # within a round, the picture is drawn again at most this often
SWEEP_SECONDS = 30.0


class ChannelGone(Exception):
    """The tournament's channel was deleted."""


class LiveTournament:
    def __init__(self, host: Tournaments, tournament: Tournament) -> None:
        self._host = host
        self.tournament = tournament
        self._lock = asyncio.Lock()
        self._opening: asyncio.Task[None] | None = None
        self._unreachable = False  # its channel is gone
        self._shown: str | None = None  # what its message shows (None: not known)
        self._picture_shown: str | None = None  # the picture it carries
        self._picture_at = 0.0  # when that picture was drawn
        self._picture_marker: tuple[TournamentPhase, int] | None = None  # (phase, rounds) then
        self._picture_timer: asyncio.Task[None] | None = None  # a waiting picture's publish
        self._loop = PublishLoop(
            host.scheduler,
            f"tournament {tournament.tournament_id}",
            self._show,
            self.unreachable,
            closed=lambda: self._unreachable,
        )

    @property
    def tournament_id(self) -> str:
        return self.tournament.tournament_id

    async def change(self, apply: Callable[[Tournament], T], *, publish: bool = True) -> T:
        """Apply a change and save it; if either fails, the tournament is as it was.
        `publish`: show it (not for what only the publisher itself records)."""
        async with self._lock:
            before = self.tournament.to_dict()
            try:
                result = apply(self.tournament)
                await self._save()
            except BaseException:
                self.tournament = Tournament.from_dict(before)
                raise
        if publish:
            self.publish()
        return result

    async def _save(self) -> None:
        tournament = self.tournament
        places = [
            (user, place)
            for place, number in enumerate(tournament.podium(), start=1)
            for user in tournament.entry(number).members
        ]
        await self._host.storage.save_tournament(
            tournament.tournament_id,
            tournament.guild_id,
            tournament.channel_id,
            tournament.to_dict(),
            live=tournament.is_live,
            places=places,
        )

    # ------------------------------------------------------------- its message
    def publish(self) -> None:
        """Bring the public message to the saved state, soon (one edit for a burst), on
        the publish loop tables use (live/publishing.py)."""
        self._loop.publish()

    async def _show(self) -> None:
        """Edit the message to the saved state (nothing when it shows it already; the
        picture uploaded only when it changed); post it again if it was deleted. The
        channel gone ends the tournament; a refusal (403) is not retried."""
        tournament = self.tournament
        payload = tournament_payload(tournament, tournament.lang)
        picture = bracket_picture(tournament, tournament.lang) if tournament.rounds else None
        message_id = tournament.message_id
        drawn_key = picture_key = None if picture is None else fingerprint(picture)
        if message_id is not None and self._picture_waits(picture_key):
            picture_key = self._picture_shown  # the text tells the result meanwhile
        shown = fingerprint((payload.content, payload.rows, picture_key))
        if message_id is not None and shown == self._shown:
            return
        io_, requests = self._host.io, self._loop.requests
        if message_id is not None:
            files = await self._picture(picture, keep=picture_key == self._picture_shown)
            try:
                await requests.request(
                    partial(
                        io_.edit_message,
                        tournament.channel_id,
                        message_id,
                        content=payload.content,
                        view=payload.view,
                        attachments=files,
                    )
                )
                self._shown = shown
                self._picture_drawn(picture_key)
                return
            except discord.NotFound as error:
                if channel_gone(error):
                    raise Unreachable(str(error)) from error
                # The message was deleted: post it again (the retrier pauses first).
                await self.change(partial(Tournament.show_in, message_id=None), publish=False)
        files = await self._picture(picture, keep=False)
        try:
            message = await requests.request(
                partial(
                    io_.send,
                    tournament.channel_id,
                    payload.content,
                    view=payload.view,
                    files=files or None,
                )
            )
        except discord.NotFound as error:
            raise Unreachable(str(error)) from error
        self._shown = fingerprint((payload.content, payload.rows, drawn_key))
        self._picture_drawn(drawn_key)
        await self.change(partial(Tournament.show_in, message_id=message.id), publish=False)

    def _picture_waits(self, picture_key: str | None) -> bool:
        """Whether a changed picture waits (drawn again at most every PICTURE_SECONDS
        within a round: at 96 entries a drawing takes about a second and uploads 200 kB,
        and a round's results come by the dozen). A new round, the end, or a first
        picture is drawn at once; a wait publishes again when it is over."""
        tournament = self.tournament
        marker = (tournament.phase, len(tournament.rounds))
        if picture_key == self._picture_shown or self._picture_shown is None:
            return False
        if marker != self._picture_marker or not tournament.is_running:
            return False
        due = self._picture_at + PICTURE_SECONDS
        if now() >= due:
            return False
        if self._picture_timer is None or self._picture_timer.done():
            self._picture_timer = self._host.scheduler.spawn(
                self._publish_at(due), f"tournament-picture-{self.tournament_id}"
            )
        return True

    async def _publish_at(self, due: float) -> None:
        await sleep_until(due)
        self.publish()

    def _picture_drawn(self, picture_key: str | None) -> None:
        if picture_key != self._picture_shown:
            self._picture_at = now()
        self._picture_shown = picture_key
        self._picture_marker = (self.tournament.phase, len(self.tournament.rounds))

    async def _picture(self, picture: BracketPicture | None, *, keep: bool) -> Any:
        """The bracket or standings picture to attach (MISSING: keep the one shown)."""
        if keep:
            return discord.utils.MISSING
        if picture is None:
            return []
        png = await asyncio.to_thread(draw_bracket, picture)
        return [picture_file(png, "torneo.png")]

    async def unreachable(self) -> None:
        """Its channel is gone: the tournament ends (cancelled, saved as no longer live),
        as a table whose channel is gone does; nothing of it is published again."""
        if self._unreachable:
            return
        self._unreachable = True
        log.warning("tournament %s: its channel %s is gone; it ends",
                    self.tournament_id, self.tournament.channel_id)  # fmt: skip
        if self.tournament.is_live:
            try:
                to_stop = await self.change(
                    lambda t: t.cancel(t.host_id, manager=True), publish=False
                )
            except Exception:
                log.warning("tournament %s: could not be ended", self.tournament_id,
                            exc_info=True)  # fmt: skip
                return
            await self.stop_tables(to_stop)

    async def stop_tables(self, table_ids: list[str]) -> None:
        """Stop the open tables of a tournament that ended early: none plays on for nothing."""
        for table_id in table_ids:
            table = self._host.runtime.tables.get(table_id)
            if table is not None and table.session.is_live:
                await table.change(lambda s: s.stop(now()))

    # ------------------------------------------------------------------ rounds
    def open_round(self) -> None:
        """Open the current round's tables that are not open yet, one after another."""
        if self._unreachable:
            return
        if self._opening is None or self._opening.done():
            self._opening = self._host.scheduler.spawn(
                self._open_round(), f"tournament-open-{self.tournament_id}"
            )

    async def _open_round(self) -> None:
        """Decide the round's matches between two bots (at once, with no thread), then
        open its other tables OPEN_SPACING apart; a round decided without a table (byes,
        bots, walkovers) is followed straight by the next."""
        while True:
            current = self.tournament.current
            if current is None:
                return
            await self._play_between_bots()
            spaced = False
            for entry in [p.a for p in self.tournament.to_open()]:
                pairing = self._pairing(entry)
                if not self.tournament.is_running or self.tournament.is_paused:
                    break
                if pairing.done or pairing.opened_at is not None:
                    continue
                if spaced:
                    await asyncio.sleep(OPEN_SPACING)
                spaced = True
                try:
                    await self._open(entry)
                except ChannelGone:
                    await self.unreachable()
                    return
                except Exception:
                    log.warning("tournament %s: a table could not open; the sweep retries",
                                self.tournament_id, exc_info=True)  # fmt: skip
            await self.advance()  # a round decided without a table is over already
            following = self.tournament.current
            if following is None or following.number == current.number:
                return
            if not self.tournament.to_open():
                return

    async def _play_between_bots(self) -> None:
        """The round's matches between two bot entries: each played through at once by
        the bots (a searching bot thinks in a worker), with no thread and no table in
        Discord, then all recorded in one change."""
        tournament = self.tournament
        if not tournament.is_running or tournament.is_paused:
            return
        played: list[tuple[int, TableSession]] = []
        for pairing in tournament.to_open():
            if not tournament.between_bots(pairing):
                continue
            table = tournament.table_for(
                replace(pairing, table_id=new_session_id()), tournament.channel_id, now()
            )
            if tournament.bots_search(pairing):
                workers = self._host.runtime.kit.workers
                table = await workers.run(Work.THINK, play_between_bots, table)
            else:
                table = play_between_bots(table)
                await asyncio.sleep(0)  # (a few milliseconds each: others' clicks between)
            played.append((pairing.a, table))
        if not played:
            return

        def record(t: Tournament) -> None:
            for entry, table in played:
                pairing = self._pairing(entry)
                if pairing.done or pairing.opened_at is not None:
                    continue  # (decided or opened meanwhile)
                pairing.table_id = table.session_id
                t.record_table(table)

        await self.change(record)

    def _pairing(self, entry: int) -> Pairing:
        """The current round's pairing of `entry`, in the tournament as it is now."""
        current = self.tournament.current
        assert current is not None
        return next(p for p in current.pairings if p.a == entry)

    async def _open(self, entry: int) -> None:
        """Open one match: its table id; then the call in the channel and its thread,
        started from that call (so Discord posts no "started a thread" line of its own);
        then its table in the thread. Each step is saved before the next."""
        if not self._pairing(entry).table_id:
            await self.change(
                lambda t: setattr(self._pairing(entry), "table_id", new_session_id()),
                publish=False,  # (the message shows the match once its table is open)
            )
        tournament = self.tournament
        current = tournament.current
        assert current is not None
        pairing = self._pairing(entry)
        lang = tournament.lang
        io_ = self._host.io
        if pairing.thread_id is None:
            people = [u for n in pairing.entries() for u in tournament.entry(n).members]
            call = call_text(tournament, pairing, current, lang, opening_at=now())
            name = thread_name(tournament, pairing, current, lang)
            try:
                starter = await io_.send(tournament.channel_id, call, mentions=people)
            except discord.NotFound as error:
                raise ChannelGone from error
            try:
                thread_id = await io_.create_thread(tournament.channel_id, name, starter.id)
            except discord.NotFound as error:
                if channel_gone(error):
                    raise ChannelGone from error
                await io_.delete(tournament.channel_id, starter.id)
                raise
            except discord.HTTPException:
                await io_.delete(tournament.channel_id, starter.id)  # posted again next time
                raise
            await self.change(
                lambda t: setattr(self._pairing(entry), "thread_id", thread_id), publish=False
            )
            pairing = self._pairing(entry)
        assert pairing.thread_id is not None
        runtime = self._host.runtime
        if pairing.table_id not in runtime.tables:
            session = tournament.table_for(pairing, pairing.thread_id, now())
            await runtime.open_table(session)
        await self.change(lambda t: setattr(self._pairing(entry), "opened_at", now()))

    async def table_over(self, session: TableSession) -> None:
        """A table of this tournament ended: its result as it ended (played, given up,
        not shown up, withdrawn, stopped), maybe the next round, then what it means for
        each side, said in its thread (after the next round is paired, so the final's
        thread names the champion)."""
        try:
            pairing = await self.change(lambda t: t.record_table(session))
        except Refusal:
            return  # known already (told twice, or by the sweep)
        await self.advance()
        await self._tell_match_over(pairing.table_id)

    async def _tell_match_over(self, table_id: str) -> None:
        tournament = self.tournament
        pairing = tournament.pairing_of(table_id)
        if pairing is None or pairing.thread_id is None:
            return
        lines = match_over_lines(tournament, pairing, tournament.lang)
        io_ = self._host.io
        if lines:
            with contextlib.suppress(discord.HTTPException):
                await io_.send(pairing.thread_id, "\n".join(lines))
        # The call in the channel (the thread's first message, of the thread's id)
        # becomes the match's result: the channel reads as the round's results.
        done = call_done_text(tournament, pairing, tournament.lang)
        with contextlib.suppress(discord.HTTPException):
            await io_.edit_message(
                tournament.channel_id, pairing.thread_id, content=done, view=None
            )

    async def advance(self) -> None:
        """When the round is over: the next one (its tables opened), or the final."""
        current = self.tournament.current
        if not self.tournament.is_running or current is None or not current.done:
            return  # (nothing to save)
        before = self.tournament.phase
        following = await self.change(lambda t: t.advance())
        if following is not None:
            self.open_round()
        elif (
            before == TournamentPhase.RUNNING and self.tournament.phase == TournamentPhase.FINISHED
        ):
            await self._announce()

    async def _announce(self) -> None:
        tournament = self.tournament
        text = "\n".join(podium_lines(tournament, tournament.lang))
        champions = [u for n in tournament.podium()[:1] for u in tournament.entry(n).members]
        with contextlib.suppress(discord.HTTPException):
            await self._host.io.send(tournament.channel_id, text, mentions=champions)

    async def sweep(self) -> None:
        """Start on time, or end a sign-up nobody started; follow maintenance (pause,
        resume); withdrawals' walkovers (found again after a crash); sides that never
        showed up; matches whose table stopped, or whose table or thread is gone (opened
        again); tables still to open."""
        tournament = self.tournament
        if tournament.phase == TournamentPhase.SIGNUP:
            await self._sweep_signup()
            return
        if tournament.phase != TournamentPhase.RUNNING or tournament.current is None:
            return
        await self.follow_maintenance()
        runtime = self._host.runtime
        for table_id, side in self.tournament.walkovers_due():
            table = runtime.tables.get(table_id)
            if table is not None and table.session.is_live:
                with contextlib.suppress(Refusal):
                    await table.change(partial(TableSession.walk_over, side=side, now=now()))
        current = self.tournament.current
        assert current is not None
        for pairing in list(current.pairings):
            if pairing.done or pairing.opened_at is None or self.tournament.between_bots(pairing):
                continue
            table = runtime.tables.get(pairing.table_id)
            if table is None:  # its thread or table was deleted: the match opens again,
                if self._shown is not None:  # once the channel is known to be there
                    await self._reopen(pairing.table_id)
                continue
            session = table.session
            if session.phase in (Phase.STOPPED, Phase.CANCELLED) or (
                session.phase == Phase.FINISHED and table.meta.recorded
            ):
                await self.table_over(session)
                continue
            deadline = self.tournament.show_up_deadline(pairing)
            if (
                session.phase == Phase.PLAYING
                and deadline is not None
                and now() >= deadline
                and self.tournament.walkovers_allowed()
            ):
                absent = [side for side in (0, 1) if not session.showed_up(side)]
                if len(absent) == 1:
                    with contextlib.suppress(Refusal):
                        await table.change(
                            partial(TableSession.walk_over, side=absent[0], now=now())
                        )
        if self.tournament.to_open():
            self.open_round()

    async def _sweep_signup(self) -> None:
        tournament = self.tournament
        starts_at = tournament.settings.starts_at
        if starts_at and starts_at <= now():
            try:
                await self.change(lambda t: t.start(None, now()))
            except Refusal:  # too few entries when its time came: it waits for the host
                await self.change(lambda t: setattr(t.settings, "starts_at", None))
            else:
                self.open_round()
                return
        if now() >= self.tournament.signup_expires_at:
            with contextlib.suppress(Refusal):
                await self.change(lambda t: t.expire_signup(now()))

    async def _reopen(self, table_id: str) -> None:
        """The match's table is gone (its thread deleted): stop it if it still runs
        somewhere, and open the match again from scratch."""
        await self.stop_tables([table_id])
        try:
            await self.change(lambda t: t.reopen(table_id))
        except Refusal:
            return
        log.warning("tournament %s: table %s was gone; its match opens again",
                    self.tournament_id, table_id)  # fmt: skip
        self.open_round()

    async def follow_maintenance(self) -> None:
        """Paused while the bot is in maintenance (no table opens, show-up clocks held),
        going on when it ends."""
        tournament = self.tournament
        if not tournament.is_running:
            return
        maintenance = self._host.runtime.kit.openings.maintenance
        if maintenance and not tournament.is_paused:
            await self.change(lambda t: t.pause(now()))
        elif not maintenance and tournament.is_paused:
            await self.change(lambda t: t.resume(now()))
            self.open_round()

    async def withdrawn(self, entry: int) -> None:
        """An entry withdrew: the table of its current match, if open, goes to the other."""
        pairing = self.tournament.withdraw_from_current(entry)
        table = None if pairing is None else self._host.runtime.tables.get(pairing.table_id)
        if pairing is not None and table is not None and table.session.is_live:
            side = 0 if pairing.a == entry else 1
            await table.change(lambda s: s.walk_over(side, now()))
            return
        await self.advance()


class Tournaments:
    """The tournaments of this process (the live ones, and those that ended since it
    started), by id."""

    def __init__(
        self,
        storage: Storage,
        io: DiscordIO,
        scheduler: Scheduler,
        runtime: TableRuntime,
    ) -> None:
        self.storage = storage
        self.io = io
        self.scheduler = scheduler
        self.runtime = runtime
        self.by_id: dict[str, LiveTournament] = {}  # live ones, and those ended since
        self._resumed = False

    def in_channel(self, channel_id: int) -> LiveTournament | None:
        return next(
            (
                live
                for live in self.by_id.values()
                if live.tournament.channel_id == channel_id and live.tournament.is_live
            ),
            None,
        )

    def get(self, tournament_id: str) -> LiveTournament:
        live = self.by_id.get(tournament_id)
        if live is None:
            raise Refusal("tournament_gone")
        return live

    def busy(self, here: str, actor: int) -> Callable[[int], bool]:
        """The `busy` check a change of tournament `here` asks, inside the change, of
        everyone it takes: held by another live tournament (signed up, or in a pending
        invitation), or seated at a live table that is not one of `here`'s. It answers by
        refusing (naming the actor's own case, or the partner's); never True."""

        def busy(user_id: int) -> bool:
            at = now()  # (read when asked: the other tournaments as they are then)
            others = [
                live.tournament
                for live in self.by_id.values()
                if live.tournament_id != here and live.tournament.is_live
            ]
            if any(user_id in other.people(at) for other in others):
                if user_id != actor:
                    raise Refusal("tournament_partner_busy", who=f"<@{user_id}>")
                raise Refusal("tournament_other")
            table = self.seated_at(user_id, here)
            if table is not None:
                if user_id != actor:
                    raise Refusal("tournament_partner_busy", who=f"<@{user_id}>")
                raise Refusal("tournament_at_table", link=f"<#{table.channel_id}>")
            return False

        return busy

    def seated_at(self, user_id: int, here: str) -> LiveTable | None:
        """A live table `user_id` sits at, other than the tournament `here`'s."""
        return next(
            (
                table
                for table in self.runtime.tables.values()
                if table.session.is_live
                and table.session.tournament_id != here
                and table.session.seat_of(user_id) is not None
            ),
            None,
        )

    def forfeit_words(self, session: TableSession, lang: str) -> str | None:
        """What giving up a tournament's table means (None: not a tournament's)."""
        live = self.by_id.get(session.tournament_id or "")
        if live is None or not live.tournament.is_running:
            return None
        return forfeit_consequence(live.tournament, session.session_id, lang)

    def maintenance_changed(self) -> None:
        """Maintenance turned on or off: every running tournament pauses or goes on."""
        for live in list(self.by_id.values()):
            if live.tournament.is_running:
                self.scheduler.spawn(
                    live.follow_maintenance(), f"tournament-maintenance-{live.tournament_id}"
                )

    async def create(self, tournament: Tournament) -> LiveTournament:
        """Take the channel (before any await: two at once cannot both) and save it."""
        here = self.in_channel(tournament.channel_id)
        if here is not None:
            raise Refusal("tournament_here", link=message_link(here.tournament))
        live = LiveTournament(self, tournament)
        self.by_id[tournament.tournament_id] = live
        try:
            await live.change(lambda t: None, publish=False)  # its command posts it
        except BaseException:
            del self.by_id[tournament.tournament_id]
            raise
        return live

    async def table_over(self, over: TableOver) -> None:
        """A table is over (events.py): a tournament's counts in it (once: a result told
        again is refused), in a task of its own (the next round opens from there)."""
        session = over.session
        live = self.by_id.get(session.tournament_id or "")
        if live is not None and live.tournament.phase == TournamentPhase.RUNNING:
            self.scheduler.spawn(
                live.table_over(session), f"tournament-result-{session.session_id}"
            )

    async def restore(self, shards: Shards | None) -> None:
        for state in await self.storage.live_tournaments(shards):
            try:
                tournament = Tournament.from_dict(state)
            except Exception:
                log.exception("could not restore tournament %s", state.get("tournament_id"))
                continue
            self.by_id[tournament.tournament_id] = LiveTournament(self, tournament)
        log.info("restored %d tournaments", len(self.by_id))

    async def resume(self) -> None:
        """After connecting (once): show each tournament, open what was not, sweep."""
        if self._resumed:
            return
        self._resumed = True
        for live in self.by_id.values():
            live.publish()
        self.scheduler.spawn(self._sweep(), "tournament-sweep")

    async def _sweep(self) -> None:
        while True:
            for live in list(self.by_id.values()):
                try:
                    await live.sweep()
                except Exception:
                    log.warning("tournament %s: sweep failed", live.tournament_id, exc_info=True)
            await asyncio.sleep(SWEEP_SECONDS)
