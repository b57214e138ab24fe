"""`LiveTable`: one table's state and its saving; the one way a table changes.

Every change takes one path: check → change → save → (the caller answers the actor) →
publish (`TablePublisher`) → schedule the next step (`TableDriver`). The steps after the
save never raise into the caller and never skip the next step: whatever Discord or the
database does, the table keeps a driver, and its public message is brought back to the
saved state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Protocol, TypeVar

import discord

from db import encode
from engine import Bot
from i18n import t
from tables import Phase, Refusal, TableSession

from ..infra.clock import now
from ..infra.retry import Retrier
from .driver import TableDriver
from .publisher import TablePublisher
from .state import Drawn, Hand, OpenHand, TableKit, TableMeta, log_fields

log = logging.getLogger(__name__)

T = TypeVar("T")
INTERACTIVE_LOCK_WAIT = 0.5  # a click waits this long for the table (Discord allows 3 s)


class Registry(Protocol):
    """Where the table is held (live/runtime.py): told when it ends and when it closes."""

    def release(self, table: LiveTable) -> None: ...
    def forget(self, table: LiveTable) -> None: ...


class LiveTable:
    """A table in a channel: lobby, game, result."""

    def __init__(
        self,
        kit: TableKit,
        registry: Registry,
        session: TableSession,
        meta: TableMeta | None = None,
        *,
        posted_by_reply: bool = False,
    ) -> None:
        self._kit = kit
        self._registry = registry
        self._session = session
        self._meta = meta or TableMeta()
        # What the database holds (a new table: what it will hold once opened).
        self._saved_state = encode(session.to_dict(), "a session state")
        self._saved_meta = self._meta.to_dict()
        self._lock = asyncio.Lock()
        self._closed = False
        self.publisher = TablePublisher(self, kit, awaiting_reply=posted_by_reply)
        self.driver = TableDriver(self, kit)

    # ---------------------------------------------------------------- reading
    @property
    def session(self) -> TableSession:
        """The saved state (read it; change it only through `change`)."""
        return self._session

    @property
    def meta(self) -> TableMeta:
        return self._meta

    @property
    def closed(self) -> bool:
        return self._closed

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

    def is_settled(self) -> bool:
        """No change being saved, and the public message shows the saved state."""
        return not self._lock.locked() and self.publisher.is_shown()

    def has_next_step(self) -> bool:
        return self.driver.has_next_step()

    def remembered_bots(self) -> list[Bot]:
        return self.driver.bots()

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
        open hand, remembered with the change. `interactive`: a click, which must be
        answered within Discord's 3 s, waits for the table only briefly (Refusal "busy").
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
        try:
            await self._save()
        except BaseException:
            # Not saved, so it did not happen: back to the last saved state.
            self._session = TableSession.from_dict(json.loads(self._saved_state))
            self._meta = TableMeta.from_dict(self._saved_meta)
            raise
        for notice in notices:
            if notice is not None:
                self._kit.scheduler.spawn(
                    self._kit.io.delete(self.channel_id, notice), f"unremind-{self.session_id}"
                )
        if not self._session.is_live:
            self._registry.release(self)
        self.publisher.publish()
        self.driver.drive()
        return result

    async def _save(self) -> None:
        """Save the session and its meta as they are now; once saved, they are what a failed
        change goes back to."""
        session = self._session
        state = encode(session.to_dict(), "a session state")
        meta = self._meta.to_dict()
        started = time.perf_counter()
        await self._kit.storage.save_session(
            session.session_id,
            session.guild_id,
            session.channel_id,
            "lobby" if session.phase == Phase.LOBBY else "game",
            state,
            live=session.is_live,
            meta=meta,
        )
        self._kit.metrics.db_write(time.perf_counter() - started)
        self._saved_state, self._saved_meta = state, meta

    async def save_meta(self) -> None:
        """Save what changed on the Discord side only; a failure is logged, not raised."""
        try:
            await self._kit.storage.save_meta(self.session_id, self._meta.to_dict())
        except Exception:
            log.warning(
                "could not save the message data of %s",
                self.session_id,
                exc_info=True,
                extra=log_fields(self._session),
            )

    def remember_hand(self, hand: Hand) -> None:
        """A hand was just shown: keep it up to date (and the one it replaces, quiet)."""
        self._keep_hand(hand)
        self._kit.scheduler.spawn(self.save_meta(), f"hand-{self.session_id}")

    def _keep_hand(self, hand: Hand) -> None:
        older = self._meta.hands.get(hand.user_id)
        self._meta.hands[hand.user_id] = OpenHand(
            hand.token, now(), hand.lang, hand.message_id, shown_version=self._session.version
        )
        if older is not None and older.message_id != hand.message_id:
            collapse = self.publisher.collapse(older)
            self._kit.scheduler.spawn(collapse, f"collapse-{self.session_id}")

    def set_message(self, message_id: int, posted_at: float, drawn: Drawn, version: int) -> None:
        """The public message was (re)posted as `message_id`: `drawn`, of state `version`."""
        self._session.table_message_id = message_id
        self._meta.posted_at, self._meta.picture, self._meta.shown = (
            posted_at,
            drawn.picture,
            drawn.key,
        )
        self._kit.scheduler.spawn(self._save_message(), f"message-{self.session_id}")
        self.publisher.replied(version)

    async def _save_message(self) -> None:
        async with self._lock:
            try:
                await self._save()
            except Exception:
                log.warning(
                    "could not save the table message of %s",
                    self.session_id,
                    extra=log_fields(self._session),
                )

    # ------------------------------------------------------------------ ending
    async def close_unreachable(self) -> None:
        """The channel is gone or closed to the bot: end the table, say so where possible."""
        log.warning(
            "channel %s of table %s is unreachable",
            self.channel_id,
            self.session_id,
            extra=log_fields(self._session),
        )
        self.close()
        requests = Retrier(f"telling table {self.session_id}'s hands it ended")
        for hand in self._meta.hands.values():
            if hand.expired():
                continue
            text = t("table.unreachable", hand.lang)
            with contextlib.suppress(discord.HTTPException):  # a failure: the next one waits
                await requests.request(partial(self._kit.io.edit_hand, hand.token, text, None))
        try:
            await self._kit.storage.delete_session(self.session_id)
        except Exception:
            log.warning(
                "could not delete the unreachable table %s",
                self.session_id,
                extra=log_fields(self._session),
            )

    def close(self) -> None:
        """Stop every task of the table and forget it (its saved row is the caller's)."""
        self._closed = True
        self.driver.stop()
        self.publisher.stop()
        self._registry.forget(self)
