"""The live tables of a running bot: state in memory, every change on disk first.

A change is applied to the session, saved, and only then shown (so a move a player saw
accepted is never lost); a change whose save fails is rolled back. After each change the
public table is edited with the bot token, open hands are refreshed, and the session's
single driver task is replaced: it makes bot moves, reminds and times out idle players,
and expires lobbies and challenges. Drivers read their deadlines from the saved state,
so after a restart they pick up where they were.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from db import Storage
from engine import Bot, Game, Move
from i18n import t
from render.table import TablePicture, render_table_png_async
from tables import Challenge, Refusal, TableSession
from tables.results import match_record
from tables.settings import ServerSettings

from .presenters import (
    Payload,
    challenge_payload,
    hand_payload,
    public_payload,
    table_payload,
    table_picture,
)
from .presenters import when as discord_time

if TYPE_CHECKING:
    from .card_emojis import CardEmojis

log = logging.getLogger(__name__)

T = TypeVar("T")
IDLE_MOVE_LEVEL = "normal"
SEARCHING_LEVELS = ("expert", "oracle")
HAND_PUSH_SECONDS = 14 * 60  # an interaction token lives 15 minutes
TABLE_REPOST_SECONDS = 50 * 60  # edits of a message older than 1 hour are rate limited
FINISHED_KEEP_SECONDS = 24 * 3600


def now() -> float:
    """Wall-clock seconds (discord.utils.utcnow, which simulated clocks also drive)."""
    return discord.utils.utcnow().timestamp()


async def sleep_until(timestamp: float) -> None:
    await asyncio.sleep(max(0.0, timestamp - now()))


def think(player: Bot, game: Game) -> tuple[Move, Bot]:
    """A searching bot's move, in a worker process; returns the bot with its new memory."""
    return player.choose(game), player


def idle_move(game: Game, seed: int) -> Move:
    """The move made for a player who let the clock run out; runs in a worker thread."""
    return Bot(IDLE_MOVE_LEVEL, seed=seed).choose(game)


class TableRuntime:
    def __init__(
        self,
        bot: discord.Client,
        storage: Storage,
        emojis: CardEmojis,
        server_settings: Callable[[int | None], Awaitable[ServerSettings]],
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.emojis = emojis
        self.server_settings = server_settings
        self.pictures: dict[str, TablePicture] = {}
        self.sessions: dict[str, TableSession] = {}
        self.challenges: dict[str, Challenge] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.open_hands: dict[tuple[str, int], tuple[discord.Interaction, float, str]] = {}
        self.reminders: dict[str, int] = {}
        self.table_posted_at: dict[str, float] = {}
        self.computer_players: dict[tuple[str, int, str], Bot] = {}
        self.thinkers: ProcessPoolExecutor | None = None

    # ------------------------------------------------------------------ lookup
    def live_in_channel(self, channel_id: int) -> TableSession | Challenge | None:
        for session in self.sessions.values():
            if session.channel_id == channel_id and session.is_live:
                return session
        for challenge in self.challenges.values():
            if challenge.channel_id == channel_id:
                return challenge
        return None

    def session(self, session_id: str) -> TableSession:
        session = self.sessions.get(session_id)
        if session is None:
            raise Refusal("gone")
        return session

    def latest_in_channel(self, channel_id: int) -> TableSession | None:
        """The live table here, or else the most recent finished one."""
        found = [s for s in self.sessions.values() if s.channel_id == channel_id]
        live = [s for s in found if s.is_live]
        if live:
            return live[0]
        return max(found, key=lambda s: s.created_at, default=None)

    # --------------------------------------------------------------- changes
    async def change(self, session_id: str, apply: Callable[[TableSession], T]) -> T:
        """Apply `apply` to the session and save it; on a failed save, undo it."""
        async with self.locks.setdefault(session_id, asyncio.Lock()):
            session = self.session(session_id)
            before = session.to_dict()
            result = apply(session)
            try:
                await self.save(session)
            except Exception:
                self.sessions[session_id] = TableSession.from_dict(before)
                raise
            return result

    async def save(self, session: TableSession) -> None:
        kind = "lobby" if session.phase == "lobby" else "game"
        await self.storage.save_session(
            session.session_id, session.guild_id, session.channel_id, kind, session.to_dict()
        )

    async def add(self, session: TableSession) -> None:
        await self.save(session)
        self.sessions[session.session_id] = session
        await self.forget_old()

    async def forget_old(self) -> None:
        """Drop tables that ended more than a day ago (kept until then for Rematch)."""
        cutoff = now() - FINISHED_KEEP_SECONDS
        for key, session in list(self.sessions.items()):
            if not session.is_live and session.created_at < cutoff:
                del self.sessions[key]
                for store in (self.locks, self.pictures, self.table_posted_at):
                    store.pop(key, None)
                for hand in [h for h in self.open_hands if h[0] == key]:
                    del self.open_hands[hand]
                await self.storage.delete_session(key)

    async def save_challenge(self, challenge: Challenge) -> None:
        await self.storage.save_session(
            challenge.challenge_id,
            challenge.guild_id,
            challenge.channel_id,
            "challenge",
            challenge.to_dict(),
        )
        self.challenges[challenge.challenge_id] = challenge

    async def drop_challenge(self, challenge_id: str) -> None:
        await self.storage.delete_session(challenge_id)
        self.challenges.pop(challenge_id, None)
        self._cancel_driver(challenge_id)

    # ------------------------------------------------------------ after a change
    async def after_change(self, session_id: str, skip_hand_of: int | None = None) -> None:
        """Show the change: table message, open hands, records; then drive the next step."""
        session = self.sessions.get(session_id)
        if session is None:
            return
        if session.phase == "finished":
            await self._record(session)
        if not session.is_live:
            for key in [k for k in self.computer_players if k[0] == session_id]:
                del self.computer_players[key]
        await self.show_table(session)
        await self._push_hands(session, skip_hand_of)
        await self._clear_reminder(session)
        self.drive(session_id)

    async def show_table(self, session: TableSession) -> None:
        """Edit the public message (lobby or table) with the bot token; re-post if needed."""
        payload = public_payload(session, self.emojis)
        channel = self.bot.get_partial_messageable(session.channel_id)
        message_id = session.table_message_id
        too_old = now() - self.table_posted_at.get(session.session_id, now()) > TABLE_REPOST_SECONDS
        if message_id is not None and not too_old:
            attachments = await self._picture_change(session)
            extra = {} if attachments is None else {"attachments": attachments}
            try:
                await channel.get_partial_message(message_id).edit(
                    content=payload.content, view=payload.view, **extra
                )
                return
            except discord.NotFound:
                log.info("table message of %s is gone; posting it again", session.session_id)
        elif message_id is not None:
            await self._retire_message(channel, message_id, session.lang)
        await self.post_table(session, payload)

    async def post_table(self, session: TableSession, payload: Payload | None = None) -> None:
        payload = payload or table_payload(session, self.emojis)
        channel = self.bot.get_partial_messageable(session.channel_id)
        self.pictures.pop(session.session_id, None)
        files = await self._picture_change(session) or []
        try:
            message = await channel.send(**payload.to_send(), files=files)
        except (discord.NotFound, discord.Forbidden):
            await self.close_unreachable(session)
            return
        self.table_posted_at[session.session_id] = now()
        await self.change(session.session_id, lambda s: setattr(s, "table_message_id", message.id))

    async def _picture_change(self, session: TableSession) -> list[discord.File] | None:
        """The attachments the table message needs now, or None to leave them as they are.

        The picture is drawn in a worker thread, only when what it shows has changed
        (and the renderer caches by content); servers can turn it off.
        """
        if session.game is None:
            return None
        settings = await self.server_settings(session.guild_id)
        if not settings.table_picture:
            return [] if self.pictures.pop(session.session_id, None) else None
        picture = table_picture(session)
        if self.pictures.get(session.session_id) == picture:
            return None
        png = await render_table_png_async(picture)
        self.pictures[session.session_id] = picture
        return [discord.File(io.BytesIO(png), filename="mesa.png")]

    async def _retire_message(
        self, channel: discord.PartialMessageable, message_id: int, lang: str
    ) -> None:
        """An old table message: its cards may be back in hands by now, so only a pointer stays."""
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(
                content=t("table.moved", lang), view=None
            )

    async def close_unreachable(self, session: TableSession) -> None:
        """The channel is gone (or closed to the bot): end the session quietly."""
        log.warning("channel %s of table %s is unreachable", session.channel_id, session.session_id)
        self._cancel_driver(session.session_id)
        self.sessions.pop(session.session_id, None)
        await self.storage.delete_session(session.session_id)

    def remember_hand(self, session_id: str, interaction: discord.Interaction, lang: str) -> None:
        self.open_hands[(session_id, interaction.user.id)] = (interaction, now(), lang)

    async def _push_hands(self, session: TableSession, skip_user: int | None) -> None:
        """Refresh the hands players have open, while their interaction tokens live."""
        for user_id in session.human_ids():
            if user_id == skip_user:
                continue
            entry = self.open_hands.get((session.session_id, user_id))
            if entry is None:
                continue
            interaction, opened_at, lang = entry
            if now() - opened_at > HAND_PUSH_SECONDS:
                self.open_hands.pop((session.session_id, user_id), None)
                continue
            payload = hand_payload(session, user_id, self.emojis, lang)
            try:
                await interaction.edit_original_response(content=payload.content, view=payload.view)
            except discord.HTTPException:
                self.open_hands.pop((session.session_id, user_id), None)

    async def _record(self, session: TableSession) -> None:
        record = match_record(session, now())
        if record is not None:
            await self.storage.record_match(record)

    async def _clear_reminder(self, session: TableSession) -> None:
        message_id = self.reminders.pop(session.session_id, None)
        if message_id is None:
            return
        channel = self.bot.get_partial_messageable(session.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()

    # ---------------------------------------------------------------- drivers
    def drive(self, key: str) -> None:
        """Replace the driver task of a session or challenge with one for its new state."""
        self._cancel_driver(key)
        if key in self.challenges:
            coroutine = self._expire_challenge(key)
        elif key in self.sessions and self.sessions[key].is_live:
            coroutine = self._drive_session(key, self.sessions[key].version)
        else:
            return
        self.drivers[key] = asyncio.create_task(coroutine, name=f"cuarenta-{key}")

    def _cancel_driver(self, key: str) -> None:
        task = self.drivers.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _drive_session(self, session_id: str, version: int) -> None:
        try:
            session = self.sessions[session_id]
            if session.phase == "lobby":
                await sleep_until(session.lobby_expires_at)
                await self.change(session_id, lambda s: s.expire())
            elif session.current_seat() and session.current_seat().is_bot:  # type: ignore[union-attr]
                await self._bot_turn(session_id, version)
                return
            else:
                await self._idle_turn(session_id, version)
                return
            await self.after_change(session_id)
        except Refusal:
            pass  # the table moved on meanwhile: the newer driver handles it
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("driver of session %s failed", session_id)

    async def _bot_turn(self, session_id: str, version: int) -> None:
        await asyncio.sleep(getattr(self.bot, "bot_pause_seconds", 0.0))
        session = self.sessions[session_id]
        seat = session.current_seat()
        index = session.seat_to_play
        assert seat is not None and seat.bot_level is not None and session.game is not None
        # One Bot per seat for the whole game, so it remembers the cards it saw captured.
        key = (session_id, index, seat.bot_level)
        player = self.computer_players.get(key) or Bot(seat.bot_level, seed=session.seed + index)
        if seat.bot_level in SEARCHING_LEVELS:
            # A search holds the GIL for its whole budget: think in another process so
            # other tables' clicks are not slowed; the Bot (and its memory) comes back.
            loop = asyncio.get_running_loop()
            move, player = await loop.run_in_executor(
                self._thinkers(), think, player, session.game.copy()
            )
        else:
            move = await asyncio.to_thread(player.choose, session.game.copy())
        self.computer_players[key] = player
        await self.change(session_id, lambda s: s.apply_bot_move(move, version, now()))
        await self.after_change(session_id)

    async def _idle_turn(self, session_id: str, version: int) -> None:
        session = self.sessions[session_id]
        reminder_at, deadline = session.reminder_at, session.turn_deadline
        if reminder_at is None or deadline is None:
            return
        if now() < reminder_at:
            await sleep_until(reminder_at)
            await self._remind(session, deadline)
        await sleep_until(deadline)
        session = self.sessions[session_id]
        assert session.game is not None
        move = await asyncio.to_thread(idle_move, session.game.copy(), session.seed + version)
        await self.change(session_id, lambda s: s.time_out(move, version, now()))
        await self.after_change(session_id)

    async def _remind(self, session: TableSession, deadline: float) -> None:
        seat = session.current_seat()
        if seat is None or seat.user_id is None:
            return
        mention = f"<@{seat.user_id}>"
        text = t("reminder", session.lang, mention=mention, when=discord_time(deadline))
        channel = self.bot.get_partial_messageable(session.channel_id)
        try:
            message = await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.user_id)])
            )
        except discord.HTTPException:
            return
        self.reminders[session.session_id] = message.id

    async def _expire_challenge(self, challenge_id: str) -> None:
        challenge = self.challenges[challenge_id]
        await sleep_until(challenge.expires_at)
        await self.drop_challenge(challenge_id)
        payload = challenge_payload(challenge, "expired", challenge.lang)
        await self.edit_public(challenge.channel_id, challenge.message_id, payload)

    async def edit_public(self, channel_id: int, message_id: int | None, payload: Payload) -> None:
        if message_id is None:
            return
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(
                content=payload.content, view=payload.view
            )
        except discord.HTTPException:
            log.info("could not edit message %s in %s", message_id, channel_id)

    # ---------------------------------------------------------------- restore
    async def restore(self) -> None:
        """Load every saved lobby, challenge and game, and set each going again."""
        for row in await self.storage.load_sessions():
            try:
                if row.kind == "challenge":
                    self.challenges[row.session_id] = Challenge.from_dict(row.state)
                else:
                    session = TableSession.from_dict(row.state)
                    if not session.is_live and now() - row.updated_at > FINISHED_KEEP_SECONDS:
                        await self.storage.delete_session(row.session_id)
                        continue
                    self.sessions[row.session_id] = session
            except Exception:
                log.exception("could not restore session %s; leaving it on disk", row.session_id)
        log.info("restored %d tables and %d challenges", len(self.sessions), len(self.challenges))

    async def resume(self) -> None:
        """After connecting: close tables whose channel is gone, drive the others."""
        for key, session in list(self.sessions.items()):
            if session.is_live and not await self._channel_exists(session.channel_id):
                await self.close_unreachable(session)
                continue
            deadline = session.turn_deadline
            if deadline is not None and deadline < now():
                # The turn ran out while the bot was down: that is not the player's fault.
                await self.change(key, lambda s: setattr(s, "turn_started_at", now()))
            self.drive(key)
        for key in list(self.challenges):
            self.drive(key)

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

    def _thinkers(self) -> ProcessPoolExecutor:
        if self.thinkers is None:
            self.thinkers = ProcessPoolExecutor(max_workers=max(1, (os.cpu_count() or 2) - 1))
        return self.thinkers

    async def shutdown(self) -> None:
        for task in self.drivers.values():
            task.cancel()
        self.drivers.clear()
        if self.thinkers is not None:
            self.thinkers.shutdown(wait=False, cancel_futures=True)
            self.thinkers = None

    def describe(self, session: TableSession | Challenge) -> dict[str, Any]:
        """Context for log lines about a failed action."""
        if isinstance(session, Challenge):
            return {"challenge": session.challenge_id}
        return {"session": session.session_id, "phase": session.phase, "version": session.version}
