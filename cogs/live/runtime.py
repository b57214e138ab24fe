"""`TableRuntime`: the live tables and challenges of a running bot, by channel.

A channel holds at most one live table or challenge: it is claimed before the first
`await` of whatever opens it (so two clicks in the same instant cannot both open one),
and the database refuses a second live row for a channel too (another process). After a
restart every saved table comes back (`restore`, then `resume` once connected), and a
periodic sweep restarts any table whose next step has no task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable
from typing import TypeVar

import discord

from db import ChannelTaken, Shards
from tables import Challenge, ChallengeAnswer, Refusal, TableSession

from ..infra.clock import now
from .challenge import LiveChallenge
from .live_table import LiveTable
from .state import TableKit, TableMeta, log_fields

log = logging.getLogger(__name__)

T = TypeVar("T")

SWEEP_SECONDS = 30.0
YIELD_EVERY = 50  # tables restored or resumed between two turns of the event loop
FINISHED_KEEP_SECONDS = 24 * 3600  # a finished table is kept this long (for Rematch)

Occupant = LiveTable | LiveChallenge


class TableRuntime:
    def __init__(self, client: discord.Client, kit: TableKit) -> None:
        self.client = client
        self.kit = kit
        self.tables: dict[str, LiveTable] = {}
        self.challenges: dict[str, LiveChallenge] = {}
        self._channels: dict[int, Occupant] = {}  # the live occupant of each channel
        self._resumed = False

    # ---------------------------------------------------------------- lookup
    def table(self, session_id: str) -> LiveTable:
        table = self.tables.get(session_id)
        if table is None:
            raise Refusal("gone")
        return table

    def occupant(self, channel_id: int) -> Occupant | None:
        return self._channels.get(channel_id)

    def latest_in_channel(self, channel_id: int) -> LiveTable | None:
        """The live table here, or else the most recent finished one."""
        live = self._channels.get(channel_id)
        if isinstance(live, LiveTable):
            return live
        found = [table for table in self.tables.values() if table.channel_id == channel_id]
        return max(found, key=lambda table: table.session.created_at, default=None)

    def holds(self, live: LiveChallenge) -> bool:
        return self.challenges.get(live.challenge_id) is live

    def _claim(self, occupant: Occupant) -> None:
        """Take the channel for `occupant`, synchronously: Refusal if it is taken."""
        held = self._channels.get(occupant.channel_id)
        if held is not None and held is not occupant:
            raise Refusal("channel_busy")
        self._channels[occupant.channel_id] = occupant

    def release(self, occupant: Occupant) -> None:
        if self._channels.get(occupant.channel_id) is occupant:
            del self._channels[occupant.channel_id]

    def forget(self, table: LiveTable) -> None:
        self.release(table)
        if self.tables.get(table.session_id) is table:
            del self.tables[table.session_id]

    def forget_challenge(self, live: LiveChallenge) -> None:
        self.release(live)
        live.disarm()
        if self.challenges.get(live.challenge_id) is live:
            del self.challenges[live.challenge_id]

    # ----------------------------------------------------------------- opening
    async def open_table(
        self,
        session: TableSession,
        *,
        replaces: LiveChallenge | None = None,
        posted_by_reply: bool = False,
    ) -> LiveTable:
        """Claim the channel (now, before any await) and save the new table.

        `replaces`: the accepted challenge whose channel the table takes over.
        `posted_by_reply`: the caller posts the table message as its interaction reply
        and then calls `set_message` (or `publisher.reply_failed` if that failed).
        Refusal("channel_busy") if the channel is taken, here or in the database.
        """
        self.kit.openings.check()
        table = LiveTable(self.kit, self, session, posted_by_reply=posted_by_reply)
        if replaces is not None:
            self.forget_challenge(replaces)
        self._claim(table)
        self.tables[session.session_id] = table
        try:
            if replaces is not None:
                await self.kit.storage.delete_session(replaces.challenge_id)
            await table.change(lambda s: None)
        except ChannelTaken:
            self.forget(table)
            raise Refusal("channel_busy") from None
        except BaseException:
            self.forget(table)
            if replaces is not None:
                self._restore_challenge(replaces)
            raise
        await self._forget_old()
        return table

    def publish_guild(self, guild_id: int | None) -> None:
        """Show every live table of a server again (its settings changed); None: of every
        server (what all tables say changed: maintenance, a restart)."""
        for table in self.tables.values():
            if table.is_live and guild_id in (None, table.session.guild_id):
                table.publisher.publish()

    def live_tables(self) -> int:
        return sum(1 for table in self.tables.values() if table.is_live)

    def _restore_challenge(self, live: LiveChallenge) -> None:
        """Put back a challenge whose acceptance could not be saved."""
        if self._channels.get(live.channel_id) is None:
            self._channels[live.channel_id] = live
            self.challenges[live.challenge_id] = live
            live.arm()
            self.kit.scheduler.spawn(live.save(), f"resave-{live.challenge_id}")

    async def open_challenge(self, challenge: Challenge) -> LiveChallenge:
        self.kit.openings.check()
        live = LiveChallenge(self.kit, self, challenge)
        self._claim(live)
        self.challenges[challenge.challenge_id] = live
        try:
            await live.save()
        except ChannelTaken:
            self.forget_challenge(live)
            raise Refusal("channel_busy") from None
        except BaseException:
            self.forget_challenge(live)
            raise
        live.arm()
        return live

    async def challenge_posted(self, live: LiveChallenge, message_id: int) -> None:
        live.challenge.message_id = message_id
        try:
            await live.save()
        except Exception:
            log.warning("could not save the message of challenge %s", live.challenge_id)

    def take_challenge(
        self, challenge_id: str, user_id: int, answer: ChallengeAnswer
    ) -> LiveChallenge:
        """The challenge `user_id` answers now; from here on nobody else can answer it."""
        live = self.challenges.get(challenge_id)
        if live is None:
            raise Refusal("challenge_answered")
        live.challenge.answer(user_id, now(), answer)
        self.forget_challenge(live)
        return live

    async def decline(self, live: LiveChallenge) -> None:
        try:
            await self.kit.storage.delete_session(live.challenge_id)
        except BaseException:
            self._restore_challenge(live)
            raise

    async def _forget_old(self) -> None:
        """Drop tables that ended more than a day ago (kept until then for Rematch)."""
        cutoff = now() - FINISHED_KEEP_SECONDS
        for table in list(self.tables.values()):
            if not table.session.is_live and table.session.created_at < cutoff:
                table.close()
                with contextlib.suppress(Exception):
                    await self.kit.storage.delete_session(table.session_id)

    # ---------------------------------------------------------------- restore
    def own_shards(self) -> Shards | None:
        """The shards whose servers this process drives; None: all of them."""
        return own_shards(self.client)

    async def restore(self) -> None:
        """Load every saved lobby, challenge and game of this process's shards (before
        connecting); other processes restore the other shards' tables."""
        async for row in taking_turns(await self.kit.storage.load_sessions(self.own_shards())):
            try:
                if row.kind == "challenge":
                    live = LiveChallenge(self.kit, self, Challenge.from_dict(row.state))
                    self._channels.setdefault(live.channel_id, live)
                    self.challenges[live.challenge_id] = live
                    continue
                session = TableSession.from_dict(row.state)
                if not session.is_live and now() - row.updated_at > FINISHED_KEEP_SECONDS:
                    await self.kit.storage.delete_session(row.session_id)
                    continue
                table = LiveTable(self.kit, self, session, TableMeta.from_dict(row.meta))
                self.tables[session.session_id] = table
                if session.is_live:
                    self._channels.setdefault(session.channel_id, table)
            except Exception:
                log.exception("could not restore session %s; leaving it on disk", row.session_id)
        log.info("restored %d tables and %d challenges", len(self.tables), len(self.challenges))
        # What every player's first click after the restart reads, read now in one go:
        # hundreds of players opening their hands at once queued as many reads otherwise.
        playing = [table.session for table in self.tables.values() if table.session.is_live]
        await self.kit.settings.load(s.guild_id for s in playing if s.guild_id is not None)
        await self.kit.prefs.load(user for session in playing for user in session.human_ids())

    async def resume(self) -> None:
        """After connecting (once): close tables whose channel is gone, drive and show the rest."""
        if self._resumed:
            return
        self._resumed = True
        async for table in taking_turns(list(self.tables.values())):
            session = table.session
            if session.is_live and not await self._channel_exists(session.channel_id):
                await table.close_unreachable()
                continue
            deadline = session.turn_deadline
            if deadline is not None and deadline < now():
                # The turn ran out while the bot was down: that is not the player's fault.
                with contextlib.suppress(Exception):
                    await table.change(lambda s: setattr(s, "turn_started_at", now()))
            table.driver.drive()
            if session.is_live:
                table.publisher.publish()  # nothing is sent if the message shows the saved state
        for live in list(self.challenges.values()):
            live.arm()
        self.kit.scheduler.spawn(self._sweep(), "sweep")

    async def _channel_exists(self, channel_id: int) -> bool:
        if self.client.get_channel(channel_id) is not None:
            return True
        try:
            await self.client.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return False
        except discord.HTTPException:
            return True  # unknown: keep the game rather than lose it
        return True

    async def _sweep(self) -> None:
        """Now and then: any table whose next step has no task gets one."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            for table in list(self.tables.values()):
                if not table.has_next_step():
                    log.warning(
                        "table %s had no next step; driving it again",
                        table.session_id,
                        extra=log_fields(table.session),
                    )
                    table.driver.drive()


def own_shards(client: discord.Client) -> Shards | None:
    """The shards whose servers this process drives; None: all of them."""
    shard_ids = getattr(client, "shard_ids", None)
    if not client.shard_count or shard_ids is None:
        return None
    return Shards(client.shard_count, tuple(shard_ids))


def runs_guild(client: discord.Client, guild_id: int | None) -> bool:
    """Whether this process drives the server's shard (its seasons, its logros' tellings)."""
    shards = own_shards(client)
    return shards is None or shards.owns(guild_id)


async def taking_turns(items: Iterable[T]) -> AsyncIterator[T]:
    """`items`, with a turn of the event loop every YIELD_EVERY of them: restoring or
    resuming thousands of tables lets the rest of the bot run meanwhile."""
    for count, item in enumerate(items, 1):
        if count % YIELD_EVERY == 0:
            await asyncio.sleep(0)
        yield item
