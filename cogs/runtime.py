"""The live tables and challenges of a running bot, one object each, and what they share.

A channel holds at most one live table or challenge: it is claimed before the first
`await` of whatever opens it (so two clicks in the same instant cannot both open one),
and the database refuses a second live row for a channel too (another process).
A periodic sweep restarts any table whose next step has no task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from db import ChannelTaken, Shards, Storage, StorageError
from engine import Bot, Game, Move
from tables import Challenge, ChallengeAnswer, ChallengeState, Refusal, TableSession
from tables.players import PlayerPrefs
from tables.settings import ServerSettings

from . import review
from .live_table import (
    FINISHED_KEEP_SECONDS,
    LiveTable,
    TableMeta,
    backoff,
    now,
    sleep_until,
    think,
)
from .presenters import challenge_payload

if TYPE_CHECKING:
    from .card_emojis import CardEmojis

log = logging.getLogger(__name__)

SWEEP_SECONDS = 30.0
# Bot moves and table edits run a few at a time: when hundreds fall due together, a
# click's handler still gets the loop between a few of them, not behind all of them.
BACKGROUND_AT_ONCE = 16  # real Discord answers in ~0.1 s: 16 at once stay above its 50/s


class LiveChallenge:
    """A challenge waiting for its answer, with the task that expires it."""

    def __init__(self, runtime: TableRuntime, challenge: Challenge) -> None:
        self._runtime = runtime
        self.challenge = challenge
        self._expiry: asyncio.Task[None] | None = None

    @property
    def challenge_id(self) -> str:
        return self.challenge.challenge_id

    @property
    def channel_id(self) -> int:
        return self.challenge.channel_id

    @property
    def message_id(self) -> int | None:
        return self.challenge.message_id

    def arm(self) -> None:
        """(Re)start the task that expires the challenge."""
        self.disarm()
        self._expiry = self._runtime.spawn(self._expire(), f"expire-{self.challenge_id}")

    def disarm(self) -> None:
        if self._expiry is not None and self._expiry is not asyncio.current_task():
            self._expiry.cancel()
        self._expiry = None

    async def _expire(self) -> None:
        await sleep_until(self.challenge.expires_at)
        if self._runtime.challenges.get(self.challenge_id) is not self:
            return
        self._runtime.forget_challenge(self)
        attempt = 0
        while True:
            try:
                await self._runtime.storage.delete_session(self.challenge_id)
                break
            except Exception:
                attempt += 1
                log.warning("could not delete expired challenge %s", self.challenge_id)
                await asyncio.sleep(backoff(attempt))
        payload = challenge_payload(self.challenge, ChallengeState.EXPIRED, self.challenge.lang)
        await self._runtime.edit_public(self.channel_id, self.message_id, payload.content)

    async def save(self) -> None:
        c = self.challenge
        await self._runtime.storage.save_session(
            c.challenge_id, c.guild_id, c.channel_id, "challenge", c.to_dict(), live=True
        )


Occupant = LiveTable | LiveChallenge


class TableRuntime:
    def __init__(
        self,
        bot: discord.Client,
        storage: Storage,
        emojis: CardEmojis,
        server_settings: Callable[[int | None], Awaitable[ServerSettings]],
        bot_pause_seconds: float = 1.5,
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.emojis = emojis
        self.server_settings = server_settings
        self.bot_pause_seconds = bot_pause_seconds
        self.tables: dict[str, LiveTable] = {}
        self.challenges: dict[str, LiveChallenge] = {}
        self._prefs: dict[int, PlayerPrefs] = {}  # players' preferences, read once
        self._channels: dict[int, Occupant] = {}  # the live occupant of each channel
        self._tasks: set[asyncio.Task[Any]] = set()
        self._thinkers: ProcessPoolExecutor | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._resumed = False
        self.background = asyncio.Semaphore(BACKGROUND_AT_ONCE)

    # ----------------------------------------------------------------- tasks
    def spawn(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """A background task that is kept referenced and whose failure is logged."""
        task = asyncio.get_running_loop().create_task(coroutine, name=f"cuarenta-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())

    # ---------------------------------------------------------- preferences
    def prefs_of(self, user_id: int) -> PlayerPrefs:
        """The player's preferences as last read (the defaults if never read)."""
        return self._prefs.get(user_id) or PlayerPrefs()

    async def load_prefs(self, user_id: int) -> PlayerPrefs:
        """The player's preferences; the defaults when the database can't say."""
        if user_id not in self._prefs:
            try:
                stored = await self.storage.get_player_config(user_id)
            except StorageError:
                log.warning("could not read the preferences of %s", user_id)
                return PlayerPrefs()
            self._prefs[user_id] = PlayerPrefs.from_stored(stored)
        return self._prefs[user_id]

    async def set_prefs(self, user_id: int, **values: bool) -> PlayerPrefs:
        stored = await self.storage.set_player_config(user_id, **values)
        self._prefs[user_id] = prefs = PlayerPrefs.from_stored(stored)
        return prefs

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
        and then calls `set_message` (or `post_message` if that failed).
        Refusal("channel_busy") if the channel is taken, here or in the database.
        """
        table = LiveTable(self, session, posted_by_reply=posted_by_reply)
        if replaces is not None:
            self.forget_challenge(replaces)
        self._claim(table)
        self.tables[session.session_id] = table
        try:
            if replaces is not None:
                await self.storage.delete_session(replaces.challenge_id)
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

    def publish_guild(self, guild_id: int) -> None:
        """Show every live table of a server again (its settings changed)."""
        for table in self.tables.values():
            if table.is_live and table.session.guild_id == guild_id:
                table.publish()

    def _restore_challenge(self, live: LiveChallenge) -> None:
        """Put back a challenge whose acceptance could not be saved."""
        if self._channels.get(live.channel_id) is None:
            self._channels[live.channel_id] = live
            self.challenges[live.challenge_id] = live
            live.arm()
            self.spawn(live.save(), f"resave-{live.challenge_id}")

    async def open_challenge(self, challenge: Challenge) -> LiveChallenge:
        live = LiveChallenge(self, challenge)
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
            await self.storage.delete_session(live.challenge_id)
        except BaseException:
            self._restore_challenge(live)
            raise

    async def edit_public(
        self,
        channel_id: int,
        message_id: int | None,
        content: str,
        attachments: list[discord.File] = discord.utils.MISSING,
    ) -> None:
        """Best effort: a closed challenge or a moved table says so and loses its buttons."""
        if message_id is None:
            return
        try:
            await self.edit_message(
                channel_id, message_id, content=content, view=None, attachments=attachments
            )
        except discord.HTTPException:
            log.info("could not edit message %s in %s", message_id, channel_id)

    async def _forget_old(self) -> None:
        """Drop tables that ended more than a day ago (kept until then for Rematch)."""
        cutoff = now() - FINISHED_KEEP_SECONDS
        for table in list(self.tables.values()):
            if not table.session.is_live and table.session.created_at < cutoff:
                table.close()
                with contextlib.suppress(Exception):
                    await self.storage.delete_session(table.session_id)

    # ---------------------------------------------------------------- services
    async def edit_message(
        self,
        channel_id: int,
        message_id: int,
        *,
        content: str,
        view: discord.ui.View | None,
        attachments: list[discord.File] = discord.utils.MISSING,
    ) -> None:
        """Edit one of the bot's messages; unlike `PartialMessage.edit`, the answer is not
        parsed into a Message (nobody reads it, and that parse is a good share of a move)."""
        with handle_message_parameters(
            content=content, view=view, attachments=attachments
        ) as params:
            await self.bot.http.edit_message(channel_id, message_id, params=params)

    async def edit_hand(self, token: str, content: str, view: discord.ui.View | None) -> None:
        """Edit the private message an interaction token answered with (its "@original").

        Works from the token alone, so hands opened before a restart are refreshed too.
        This is what `Interaction.edit_original_response` does, without the Interaction
        (discord.py has no public constructor for one from a saved token).
        """
        http = self.bot.http
        assert self.bot.application_id is not None  # known once logged in
        with handle_message_parameters(content=content, view=view) as params:
            await async_context.get().edit_original_interaction_response(
                self.bot.application_id,
                token,
                session=http._HTTPClient__session,  # type: ignore[attr-defined]
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                payload=params.payload,
                multipart=params.multipart,
                files=params.files,
            )

    @property
    def thinks_elsewhere(self) -> bool:
        """Searching bots have started their worker processes."""
        return self._thinkers is not None

    async def think_elsewhere(self, player: Bot, game: Game) -> tuple[Move, Bot]:
        if self._thinkers is None:
            self._thinkers = ProcessPoolExecutor(max_workers=max(1, (os.cpu_count() or 2) - 1))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thinkers, think, player, game)

    # ---------------------------------------------------------------- restore
    def _own_shards(self) -> Shards | None:
        """The shards whose servers this process drives; None: all of them."""
        shard_ids = getattr(self.bot, "shard_ids", None)
        if not self.bot.shard_count or shard_ids is None:
            return None
        return Shards(self.bot.shard_count, tuple(shard_ids))

    async def restore(self) -> None:
        """Load every saved lobby, challenge and game of this process's shards (before
        connecting); other processes restore the other shards' tables."""
        for row in await self.storage.load_sessions(self._own_shards()):
            try:
                if row.kind == "challenge":
                    live = LiveChallenge(self, Challenge.from_dict(row.state))
                    self._channels.setdefault(live.channel_id, live)
                    self.challenges[live.challenge_id] = live
                    continue
                session = TableSession.from_dict(row.state)
                if not session.is_live and now() - row.updated_at > FINISHED_KEEP_SECONDS:
                    await self.storage.delete_session(row.session_id)
                    continue
                table = LiveTable(self, session, TableMeta.from_dict(row.meta))
                self.tables[session.session_id] = table
                if session.is_live:
                    self._channels.setdefault(session.channel_id, table)
            except Exception:
                log.exception("could not restore session %s; leaving it on disk", row.session_id)
        log.info("restored %d tables and %d challenges", len(self.tables), len(self.challenges))

    async def resume(self) -> None:
        """After connecting (once): close tables whose channel is gone, drive and show the rest."""
        if self._resumed:
            return
        self._resumed = True
        for table in list(self.tables.values()):
            session = table.session
            if session.is_live and not await self._channel_exists(session.channel_id):
                await table.close_unreachable()
                continue
            deadline = session.turn_deadline
            if deadline is not None and deadline < now():
                # The turn ran out while the bot was down: that is not the player's fault.
                with contextlib.suppress(Exception):
                    await table.change(lambda s: setattr(s, "turn_started_at", now()))
            table.drive()
            if session.is_live:
                table.publish()  # what the message shows may predate the last saved move
        for live in list(self.challenges.values()):
            live.arm()
        self._sweeper = self.spawn(self._sweep(), "sweep")

    async def _channel_exists(self, channel_id: int) -> bool:
        if self.bot.get_channel(channel_id) is not None:
            return True
        try:
            await self.bot.fetch_channel(channel_id)
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
                    log.warning("table %s had no next step; driving it again", table.session_id)
                    table.drive()

    async def shutdown(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()
        review.WORKERS.shutdown()  # the hint and review workers
        if self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)
            self._thinkers = None
