"""One live table: its session and everything the bot does for it, in one object.

Every change takes one path: check → change → save → (the caller answers the actor) →
publish → schedule the next step. The steps after the save never raise into the caller
and never skip the next step: whatever Discord or the database does, the table keeps a
driver (bot moves, reminders, idle time-outs, lobby expiry, recording the result) and
its public message is brought back to the saved state.

The public message is a projection of the saved state: a publisher re-renders it from
the session whenever asked, at most one request in flight, the newest state winning.
When a bot is about to answer a move, the publisher waits for that answer (up to a
bound), so a move and the bot's reply cost one channel request.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from engine import Bot, Game, Move
from engine.ai import SeatBot
from i18n import t
from render.table import TablePicture, render_table_png
from tables import Refusal, TableSession
from tables.results import match_record

from . import history
from .presenters import hand_payload, public_payload, table_picture
from .presenters import when as discord_time

if TYPE_CHECKING:
    from .runtime import TableRuntime

log = logging.getLogger(__name__)

T = TypeVar("T")
IDLE_MOVE_LEVEL = "normal"
SEARCHING_LEVELS = ("expert", "oracle")
HAND_PUSH_SECONDS = 14 * 60  # an interaction token lives 15 minutes
TABLE_REPOST_SECONDS = 50 * 60  # edits of a message older than 1 hour are rate limited
RETRY_FIRST_SECONDS = 1.0
RETRY_MAX_SECONDS = 60.0
HOLD_EXTRA_SECONDS = 3.0  # how much longer than its pause a bot's answer is waited for
TOO_MANY_OLD_EDITS = 30046  # Discord's code for edits of a message older than an hour
UNKNOWN_CHANNEL = 10003
REFUSED_POSTS_LIMIT = 4  # posts refused in a row (403/404) before the table is closed
INTERACTIVE_LOCK_WAIT = 0.5  # a click waits this long for the table (Discord allows 3 s)
FINISHED_KEEP_SECONDS = 24 * 3600


def now() -> float:
    """Wall-clock seconds (discord.utils.utcnow, which simulated clocks also drive)."""
    return discord.utils.utcnow().timestamp()


async def sleep_until(timestamp: float) -> None:
    await asyncio.sleep(max(0.0, timestamp - now()))


def backoff(attempt: int) -> float:
    return min(RETRY_MAX_SECONDS, RETRY_FIRST_SECONDS * 2**attempt)


def think(player: Bot, game: Game) -> tuple[Move, Bot]:
    """A searching bot's move, in a worker process; returns the bot with its new memory."""
    return player.choose(game), player


def idle_move(game: Game, seed: int) -> Move:
    """The move made for a player who let the clock run out (the normal level: quick)."""
    return Bot(IDLE_MOVE_LEVEL, seed=seed).choose(game)


Hand = tuple[int, str, str, int | None]  # user id, interaction token, language, message id


class TableUnreachable(Exception):
    """The bot can no longer post in the table's channel (deleted, or access removed)."""


@dataclass
class OpenHand:
    """A private hand a player has open: its interaction token lets the bot refresh it."""

    token: str
    opened_at: float
    lang: str
    message_id: int | None = None  # the private message the token edits
    shown_version: int = -1  # not saved: after a restart every open hand is refreshed once

    def expired(self) -> bool:
        """Its interaction token no longer edits the message (or is about to stop)."""
        return now() - self.opened_at > HAND_PUSH_SECONDS

    def to_dict(self) -> dict[str, Any]:
        return {
            "token": self.token,
            "opened_at": self.opened_at,
            "lang": self.lang,
            "message_id": self.message_id,
        }


@dataclass
class TableMeta:
    """What the bot knows about the table's Discord side; saved with the session."""

    posted_at: float | None = None  # when the table message was posted (edits age out)
    reminder_id: int | None = None  # the turn reminder to delete at the next change
    ping_id: int | None = None  # the "your turn" ping, deleted the same way
    picture: str | None = None  # the picture the message shows (a key), None: none
    recorded: bool = False  # the finished match is in the records
    hands: dict[int, OpenHand] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "posted_at": self.posted_at,
            "reminder_id": self.reminder_id,
            "ping_id": self.ping_id,
            "picture": self.picture,
            "recorded": self.recorded,
            "hands": {str(user): hand.to_dict() for user, hand in self.hands.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableMeta:
        hands = {int(user): OpenHand(**hand) for user, hand in data.get("hands", {}).items()}
        return cls(
            posted_at=data.get("posted_at"),
            reminder_id=data.get("reminder_id"),
            ping_id=data.get("ping_id"),
            picture=data.get("picture"),
            recorded=bool(data.get("recorded", False)),
            hands=hands,
        )


def picture_key(picture: TablePicture) -> str:
    """A short fingerprint of a picture, kept to know whether the message shows it."""
    return hashlib.blake2s(repr(picture).encode(), digest_size=8).hexdigest()


class LiveTable:
    """A table in a channel: lobby, game, result. The cog uses its public methods only."""

    def __init__(
        self,
        runtime: TableRuntime,
        session: TableSession,
        meta: TableMeta | None = None,
        *,
        posted_by_reply: bool = False,
    ) -> None:
        self._runtime = runtime
        self._session = session
        self._meta = meta or TableMeta()
        # What the database holds (a new table: what it will hold once opened).
        self._saved_state, self._saved_meta = session.to_dict(), self._meta.to_dict()
        self._lock = asyncio.Lock()
        self._driver: asyncio.Task[None] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self._publish_wanted = False
        self._holding = False
        self._hold_started: float | None = None
        self._closed = False
        self._refused_posts = 0
        # The opener posts the first message as its reply: publish nothing until then.
        self._awaiting_reply = posted_by_reply
        self._players: dict[tuple[int, str], SeatBot] = {}  # one Bot per seat and level

    # ---------------------------------------------------------------- reading
    @property
    def session(self) -> TableSession:
        """The saved state (read it; change it only through `change`)."""
        return self._session

    @property
    def session_id(self) -> str:
        return self._session.session_id

    @property
    def channel_id(self) -> int:
        return self._session.channel_id

    @property
    def is_live(self) -> bool:
        return self._session.is_live and not self._closed

    @property
    def message_id(self) -> int | None:
        return self._session.table_message_id

    def has_next_step(self) -> bool:
        """A task is scheduled for what the table waits for (nothing, once it is all done)."""
        if self._closed or not self._needs_driver():
            return True
        return self._driver is not None and not self._driver.done()

    def is_shown(self) -> bool:
        """Nothing left to publish: the public message shows the saved state."""
        return not self._publish_wanted and (self._publisher is None or self._publisher.done())

    # ---------------------------------------------------------------- changes
    async def change(
        self,
        apply: Callable[[TableSession], T],
        *,
        hand: Hand | None = None,
        interactive: bool = False,
    ) -> T:
        """Apply `apply` (which raises Refusal, changing nothing, when not allowed), save.

        On a failed save the change is undone and the error raised: nothing happened.
        After the save, publishing and the next step are scheduled before returning, so
        whatever happens to the caller's answer, the table goes on. `hand`: the actor's
        open hand (user, interaction token, language, message), remembered with the change.
        `interactive`: a click, which must be answered within Discord's 3 s, waits for
        the table only briefly (Refusal "busy" after that).
        """
        if interactive:
            try:
                async with asyncio.timeout(INTERACTIVE_LOCK_WAIT):
                    await self._lock.acquire()
            except TimeoutError:
                raise Refusal("busy") from None
        else:
            await self._lock.acquire()
        try:
            return await self._change_locked(apply, hand)
        finally:
            self._lock.release()

    async def _change_locked(self, apply: Callable[[TableSession], T], hand: Hand | None) -> T:
        if self._closed:
            raise Refusal("gone")
        result = apply(self._session)
        if hand is not None:
            self._keep_hand(hand)
        notices = [self._meta.reminder_id, self._meta.ping_id]
        self._meta.reminder_id = self._meta.ping_id = None
        state, meta = self._session.to_dict(), self._meta.to_dict()
        try:
            await self._save(state, meta)
        except BaseException:
            # Not saved, so it did not happen: back to the last saved state.
            self._session = TableSession.from_dict(copy.deepcopy(self._saved_state))
            self._meta = TableMeta.from_dict(self._saved_meta)
            raise
        self._saved_state, self._saved_meta = state, meta
        for notice in notices:
            if notice is not None:
                self._runtime.spawn(self._delete_message(notice), f"unremind-{self.session_id}")
        if not self._session.is_live:
            self._players.clear()
            self._runtime.release(self)
        self.publish()
        self.drive()
        return result

    async def _save(self, state: dict[str, Any], meta: dict[str, Any]) -> None:
        session = self._session
        await self._runtime.storage.save_session(
            session.session_id,
            session.guild_id,
            session.channel_id,
            "lobby" if session.phase == "lobby" else "game",
            state,
            live=session.is_live,
            meta=meta,
        )

    async def _save_meta(self) -> None:
        """Save what changed on the Discord side only; a failure is logged, not raised."""
        try:
            await self._runtime.storage.save_meta(self.session_id, self._meta.to_dict())
        except Exception:
            log.warning("could not save the message data of %s", self.session_id, exc_info=True)

    def remember_hand(self, hand: Hand) -> None:
        """A hand was just shown: keep it up to date (and the one it replaces, quiet)."""
        self._keep_hand(hand)
        self._runtime.spawn(self._save_meta(), f"hand-{self.session_id}")

    def _keep_hand(self, hand: Hand) -> None:
        user_id, token, lang, message_id = hand
        older = self._meta.hands.get(user_id)
        self._meta.hands[user_id] = OpenHand(
            token, now(), lang, message_id, shown_version=self._session.version
        )
        if older is not None and older.message_id != message_id:
            # An older private hand would still look live (old cards, "your turn!").
            self._runtime.spawn(self._collapse(older), f"collapse-{self.session_id}")

    async def _collapse(self, hand: OpenHand) -> None:
        if hand.expired():
            return
        with contextlib.suppress(discord.HTTPException):
            await self._runtime.edit_hand(hand.token, t("hand.replaced", hand.lang), None)

    def hand_not_shown(self, user_id: int) -> None:
        """The answer that would have shown this player's hand failed: refresh it later."""
        hand = self._meta.hands.get(user_id)
        if hand is not None:
            hand.shown_version = -1
            self.publish()

    def set_message(
        self, message_id: int, posted_at: float, picture: str | None, version: int
    ) -> None:
        """The public message was (re)posted as `message_id`, showing state `version`."""
        self._session.table_message_id = message_id
        self._meta.posted_at, self._meta.picture = posted_at, picture
        self._awaiting_reply = False
        self._runtime.spawn(self._save_message(), f"message-{self.session_id}")
        if version != self._session.version:
            self.publish()

    def post_message(self) -> None:
        """The opener could not post the table message: the publisher posts it."""
        self._awaiting_reply = False
        self.publish()

    async def _save_message(self) -> None:
        async with self._lock:
            try:
                state, meta = self._session.to_dict(), self._meta.to_dict()
                await self._save(state, meta)
                self._saved_state, self._saved_meta = state, meta
            except Exception:
                log.warning("could not save the table message of %s", self.session_id)

    # -------------------------------------------------------------- publishing
    def publish(self) -> None:
        """Bring the public message (and open hands) to the saved state, soon."""
        if self._closed:
            return
        self._publish_wanted = True
        if self._awaiting_reply:
            return
        if self._publisher is not None and not self._publisher.done():
            if not self._holding:
                return  # the running publisher will see the newer state
            self._publisher.cancel()  # it was waiting for this change: publish it now
        self._publisher = self._runtime.spawn(self._publish_loop(), f"publish-{self.session_id}")

    def _bot_answers_soon(self) -> bool:
        seat = self._session.current_seat()
        return seat is not None and seat.is_bot and self._session.paused_until is None

    async def _publish_loop(self) -> None:
        attempt = 0
        while self._publish_wanted and not self._closed:
            if self._bot_answers_soon():
                # Wait for the bot's answer, to show both in one edit; but not for long,
                # nor across several bot moves in a row (a table of bots must show too).
                if self._hold_started is None:
                    self._hold_started = now()
                window = self._runtime.bot_pause_seconds + HOLD_EXTRA_SECONDS
                remaining = self._hold_started + window - now()
                if remaining > 0:
                    self._holding = True
                    try:
                        await asyncio.sleep(remaining)
                    finally:
                        self._holding = False
            self._hold_started = None
            self._publish_wanted = False
            try:
                async with self._runtime.background:
                    await self._publish_table()
                    await self._push_hands()
                attempt = 0
            except TableUnreachable:
                await self.close_unreachable()
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._publish_wanted = True
                delay = backoff(attempt)
                attempt += 1
                log.warning(
                    "publishing table %s failed (%s); again in %.0f s",
                    self.session_id,
                    error,
                    delay,
                )
                await asyncio.sleep(delay)

    async def _publish_table(self) -> None:
        session = self._session
        payload = public_payload(session, self._runtime.emojis)
        channel = self._runtime.bot.get_partial_messageable(session.channel_id)
        message_id = session.table_message_id
        posted_at = self._meta.posted_at
        too_old = posted_at is None or now() - posted_at > TABLE_REPOST_SECONDS
        if message_id is not None and not too_old:
            files, picture = await self._picture(fresh=False)
            try:
                await self._runtime.edit_message(
                    session.channel_id,
                    message_id,
                    content=payload.content,
                    view=payload.view,
                    attachments=discord.utils.MISSING if files is None else files,
                )
                self._meta.picture = picture
                return
            except discord.NotFound:
                log.info("table message of %s is gone; posting it again", self.session_id)
            except discord.Forbidden:
                log.info("cannot edit the table message of %s; posting it again", self.session_id)
            except discord.HTTPException as error:
                if error.code != TOO_MANY_OLD_EDITS:
                    raise
        files, picture = await self._picture(fresh=True)
        try:
            message = await channel.send(
                content=payload.content,
                view=payload.view or discord.utils.MISSING,
                files=files or discord.utils.MISSING,
            )
        except (discord.NotFound, discord.Forbidden) as error:
            # A deleted channel is gone for good; access may come back, so a refusal to
            # post is tried a few times (with the publisher's backoff) before giving up.
            self._refused_posts += 1
            if error.code == UNKNOWN_CHANNEL or self._refused_posts >= REFUSED_POSTS_LIMIT:
                raise TableUnreachable(str(error)) from error
            raise
        self._refused_posts = 0
        if message_id is not None:
            self._runtime.spawn(self._retire(message_id), f"retire-{self.session_id}")
        self.set_message(message.id, now(), picture, session.version)

    async def first_picture(self) -> tuple[list[discord.File], str | None]:
        """What a new table message carries: the picture (if shown here) and its key."""
        files, key = await self._picture(fresh=True)
        return files or [], key

    async def _picture(self, fresh: bool) -> tuple[list[discord.File] | None, str | None]:
        """The attachments the message needs (None: leave them) and the picture it will show.

        Drawn only when what it shows changed (and the renderer caches by content);
        servers can turn it off.
        """
        session = self._session
        if session.game is None:
            return (None if not fresh else []), None
        settings = await self._runtime.server_settings(session.guild_id)
        if not settings.table_picture:
            return ([] if self._meta.picture or fresh else None), None
        picture = table_picture(session)
        key = picture_key(picture)
        if key == self._meta.picture and not fresh:
            return None, key
        png = render_table_png(picture)  # under a millisecond from pre-drawn cards
        return [discord.File(io.BytesIO(png), filename="mesa.png")], key

    async def _retire(self, message_id: int) -> None:
        """An old table message: its cards may be back in hands by now, so only a pointer stays."""
        moved = t("table.moved", self._session.lang)
        await self._runtime.edit_public(self.channel_id, message_id, moved, attachments=[])

    async def _push_hands(self) -> None:
        """Refresh the hands players have open, while their interaction tokens live."""
        session = self._session
        if session.game is None:
            return
        for user_id, hand in list(self._meta.hands.items()):
            if hand.shown_version == session.version:
                continue
            if hand.expired():
                del self._meta.hands[user_id]
                continue
            one_tap = self._runtime.prefs_of(user_id).one_tap
            payload = hand_payload(session, user_id, self._runtime.emojis, hand.lang, None, one_tap)
            try:
                await self._runtime.edit_hand(hand.token, payload.content, payload.view)
            except discord.HTTPException:
                self._meta.hands.pop(user_id, None)
                continue
            hand.shown_version = session.version

    async def _delete_message(self, message_id: int) -> None:
        channel = self._runtime.bot.get_partial_messageable(self.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()

    # ---------------------------------------------------------------- driving
    def _needs_driver(self) -> bool:
        session = self._session
        return session.is_live or (session.phase == "finished" and not self._meta.recorded)

    def drive(self) -> None:
        """Replace the driver with one for the saved state (if it waits for anything)."""
        current = self._driver
        if current is not None and current is not asyncio.current_task():
            current.cancel()
        self._driver = None
        if self._closed or not self._needs_driver():
            return
        self._driver = self._runtime.spawn(self._drive(), f"drive-{self.session_id}")

    async def _drive(self) -> None:
        """Take the next step; a failure (a locked database, Discord) is retried."""
        attempt = 0
        while True:
            try:
                await self._next_step()
                return
            except Refusal:
                return  # the table moved on meanwhile: the newer driver handles it
            except asyncio.CancelledError:
                raise
            except Exception:
                delay = backoff(attempt)
                attempt += 1
                log.warning(
                    "next step of table %s failed; again in %.0f s",
                    self.session_id,
                    delay,
                    exc_info=True,
                )
                await asyncio.sleep(delay)

    async def _next_step(self) -> None:
        session = self._session
        version = session.version
        if session.phase == "finished" and not self._meta.recorded:
            await self._record()
        elif session.phase == "lobby":
            await sleep_until(session.lobby_expires_at)
            await self.change(lambda s: s.expire())
        elif session.paused_until is not None:
            await sleep_until(session.paused_until)
            await self.change(lambda s: s.next_hand(None, version, now()))
        elif self._bot_answers_soon():
            await self._bot_turn(version)
        elif session.phase == "playing":
            await self._idle_turn(version)

    async def _record(self) -> None:
        """Record the finished match (and rate it), then tell the rating changes."""
        record = match_record(self._session, now())
        changes: dict[int, int] = {}
        if record is not None:
            await self._runtime.storage.record_match(record)
            changes = await history.rate_match(self._runtime.storage, record)
        self._meta.recorded = True
        await self._save_meta()
        if changes:
            await self.change(lambda s: s.set_rating_changes(changes))

    async def _bot_turn(self, version: int) -> None:
        await asyncio.sleep(self._runtime.bot_pause_seconds)
        session = self._session
        seat, index, game = session.current_seat(), session.seat_to_play, session.game
        assert seat is not None and seat.bot_level is not None and index is not None
        assert game is not None
        # One Bot per seat for the whole game, so it remembers the cards it saw captured;
        # the expert is shown every play first (SeatBot).
        key = (index, seat.bot_level)
        seat_bot = self._players.get(key)
        if seat_bot is None:
            seat_bot = SeatBot(Bot(seat.bot_level, seed=session.seed + index))
        player = seat_bot.watching(game, session.moves)
        searching = seat.bot_level in SEARCHING_LEVELS
        if searching:
            # A search holds the GIL for its whole budget: think in another process so
            # other tables' clicks are not slowed; the Bot (and its memory) comes back.
            move, player = await self._runtime.think_elsewhere(player, game.copy())
        async with self._runtime.background:
            if not searching:
                move = player.choose(game.copy())  # well under a millisecond: no thread
            seat_bot.bot = player
            self._players[key] = seat_bot
            await self.change(lambda s: s.apply_bot_move(move, version, now()))

    async def _idle_turn(self, version: int) -> None:
        session = self._session
        reminder_at, deadline = session.reminder_at, session.turn_deadline
        if reminder_at is None or deadline is None:
            return
        if self._meta.ping_id is None and await self._wants_ping():
            await self._remind(deadline, "ping")
        if now() < reminder_at:
            await sleep_until(reminder_at)
            await self._remind(deadline, "reminder")
        await sleep_until(deadline)
        game = self._session.game
        assert game is not None
        move = idle_move(game.copy(), self._session.seed + version)
        await self.change(lambda s: s.time_out(move, version, now()))

    async def _wants_ping(self) -> bool:
        """The player to move asked to be pinged, and plays with other humans."""
        seat = self._session.current_seat()
        if seat is None or seat.user_id is None or len(self._session.human_ids()) < 2:
            return False
        return (await self._runtime.load_prefs(seat.user_id)).turn_ping

    async def _remind(self, deadline: float, kind: str) -> None:
        """Post the turn's ping or reminder (each at most once a turn, even after a restart)."""
        seat = self._session.current_seat()
        posted = self._meta.ping_id if kind == "ping" else self._meta.reminder_id
        if seat is None or seat.user_id is None or posted is not None:
            return
        text = t(
            kind,
            self._session.lang,
            mention=f"<@{seat.user_id}>",
            when=discord_time(deadline),
        )
        channel = self._runtime.bot.get_partial_messageable(self.channel_id)
        try:
            message = await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.user_id)])
            )
        except discord.HTTPException:
            return  # a reminder is a courtesy: the time-out still comes
        if kind == "ping":
            self._meta.ping_id = message.id
        else:
            self._meta.reminder_id = message.id
        await self._save_meta()

    # ------------------------------------------------------------------ ending
    async def close_unreachable(self) -> None:
        """The channel is gone or closed to the bot: end the table, say so where possible."""
        log.warning("channel %s of table %s is unreachable", self.channel_id, self.session_id)
        self.close()
        notice = "table.unreachable"
        for hand in self._meta.hands.values():
            if hand.expired():
                continue
            with contextlib.suppress(discord.HTTPException):
                await self._runtime.edit_hand(hand.token, t(notice, hand.lang), None)
        try:
            await self._runtime.storage.delete_session(self.session_id)
        except Exception:
            log.warning("could not delete the unreachable table %s", self.session_id)

    def close(self) -> None:
        """Stop every task of the table and forget it (its saved row is the caller's)."""
        self._closed = True
        for task in (self._driver, self._publisher):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._runtime.forget(self)

    def remembered_bots(self) -> list[Bot]:
        """The bots that keep a memory of this game (one per seat)."""
        return [seat_bot.bot for seat_bot in self._players.values()]
