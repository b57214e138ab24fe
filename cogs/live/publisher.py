"""`TablePublisher`: a table's public message and its players' open hands, kept true.

The public message is a projection of the saved state: the publisher re-renders it from
the session whenever asked, at most one request in flight, the newest state winning.
When a bot is about to answer a move, it waits for that answer (up to a bound), so a
move and the bot's reply cost one channel request. Its requests follow the one retry
policy (retry.py): a deleted message is posted again, a channel the bot can no longer post
in (404, 403) ends the table, 429 and 5xx are retried after a pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import partial

import discord

from i18n import t
from render.table import render_table_png

from ..infra.clock import now
from ..infra.retry import channel_gone
from ..ui.pictures import picture_file, table_picture
from ..ui.table import hand_payload, public_payload
from .publishing import PublishLoop, Unreachable
from .state import Drawn, OpenHand, Table, TableKit, log_fields, picture_key

log = logging.getLogger(__name__)

TABLE_REPOST_SECONDS = 50 * 60  # edits of a message older than 1 hour are rate limited
HOLD_EXTRA_SECONDS = 3.0  # how much longer than its pause a bot's answer is waited for
TOO_MANY_OLD_EDITS = 30046  # Discord's code for edits of a message older than an hour


TableUnreachable = Unreachable  # the bot can no longer post in the table's channel


class TablePublisher:
    def __init__(self, table: Table, kit: TableKit, *, awaiting_reply: bool) -> None:
        self._table = table
        self._kit = kit
        self._hold_started: float | None = None
        # The opener posts the first message as its reply: publish nothing until then.
        self._loop = PublishLoop(
            kit.scheduler,
            f"table {table.session_id}",
            self._publish_once,
            table.close_unreachable,
            closed=lambda: table.closed,
            hold=self._hold,
            paused=awaiting_reply,
            extra=log_fields(table.session),
        )
        self._requests = self._loop.requests

    def is_shown(self) -> bool:
        """Nothing left to publish: the public message shows the saved state."""
        return self._loop.is_shown()

    def publish(self) -> None:
        """Bring the public message (and open hands) to the saved state, soon."""
        self._loop.publish()

    def replied(self, version: int) -> None:
        """The opener's reply showed state `version`: publish what came after it."""
        self._loop.paused = False
        if version != self._table.session.version:
            self.publish()

    def reply_failed(self) -> None:
        """The opener could not post the table message: the publisher posts it."""
        self._loop.paused = False
        self.publish()

    def hand_not_shown(self, user_id: int) -> None:
        """The answer that would have shown this player's hand failed: refresh it later."""
        hand = self._table.meta.hands.get(user_id)
        if hand is not None:
            hand.shown_version = -1
            self.publish()

    def stop(self) -> None:
        self._loop.stop()

    async def _hold(self) -> None:
        if self._table.session.bot_moves_next and not self._kit.openings.restarting:
            # Wait for the bot's answer, to show both in one edit; but not for long, nor
            # across several bot moves in a row (a table of bots must show too). Not
            # while the bot stops: no bot moves until the restart.
            if self._hold_started is None:
                self._hold_started = now()
            window = self._kit.bot_pause_seconds + HOLD_EXTRA_SECONDS
            remaining = self._hold_started + window - now()
            if remaining > 0:
                await asyncio.sleep(remaining)
        self._hold_started = None

    async def _publish_once(self) -> None:
        async with self._kit.background:
            # Hands first, the table last with its key saved straight after: a crash
            # between a table edit and that save makes the restart publish the same
            # table again (a useless write), so nothing waits between.
            pushed = await self._push_hands()
            edited = await self._publish_table()
            if edited or pushed:  # a restart then knows what players see
                await self._table.save_meta()

    async def _publish_table(self) -> bool:
        """Edit the message to the saved state (post it anew if it is gone or too old to
        edit); nothing at all when it already shows exactly that. Whether it was edited."""
        session, meta, io_ = self._table.session, self._table.meta, self._kit.io
        message_id = session.table_message_id
        drawn = await self._draw(fresh=False)
        shown = drawn.key
        if message_id is not None and shown == meta.shown:
            return False
        too_old = meta.posted_at is None or now() - meta.posted_at > TABLE_REPOST_SECONDS
        if message_id is not None and not too_old:
            files = discord.utils.MISSING if drawn.files is None else drawn.files
            try:
                await self._requests.request(
                    lambda: io_.edit_message(
                        session.channel_id,
                        message_id,
                        content=drawn.payload.content,
                        view=drawn.payload.view,
                        attachments=files,
                    )
                )
                meta.picture, meta.shown = drawn.picture, shown
                return True
            except discord.NotFound as error:
                if channel_gone(error):
                    raise TableUnreachable(str(error)) from error
                log.info(
                    "table message of %s is gone; posting it again",
                    session.session_id,
                    extra=log_fields(session),
                )
            except discord.Forbidden:
                log.info(
                    "cannot edit the table message of %s; posting again",
                    session.session_id,
                    extra=log_fields(session),
                )
            except discord.HTTPException as error:
                if error.code != TOO_MANY_OLD_EDITS:
                    raise
        if drawn.files is None:  # a new message carries its picture
            drawn = await self._draw(fresh=True)
        try:
            message = await self._requests.request(
                lambda: io_.send(
                    session.channel_id,
                    drawn.payload.content,
                    view=drawn.payload.view,
                    files=drawn.files,
                )
            )
        except (discord.NotFound, discord.Forbidden) as error:
            # Gone (404) or closed to the bot (403): never retried; the table ends.
            raise TableUnreachable(str(error)) from error
        if message_id is not None:
            self._kit.scheduler.spawn(self._retire(message_id), f"retire-{session.session_id}")
        self._table.set_message(message.id, now(), drawn, session.version)
        return False  # set_message saves it

    async def first_message(self) -> Drawn:
        """What a new table message carries (posted by the opener's reply)."""
        return await self._draw(fresh=True)

    async def _draw(self, fresh: bool) -> Drawn:
        """The message for the saved state. Its picture is drawn only when what it shows
        changed (and the renderer caches by content); servers can turn it off. `fresh`: a
        new message, which carries every file it needs."""
        session, meta = self._table.session, self._table.meta
        notice = self._kit.openings.notice(session.lang) if session.is_live else ""
        payload = public_payload(session, self._kit.emojis, notice)
        if session.game is None:
            return Drawn(payload, [] if fresh else None, None)
        settings = await self._kit.settings.get(session.guild_id)
        if not settings.table_picture:
            return Drawn(payload, [] if meta.picture or fresh else None, None)
        picture = table_picture(session)
        key = picture_key(picture)
        if key == meta.picture and not fresh:
            return Drawn(payload, None, key)
        png = render_table_png(picture)  # under a millisecond from pre-drawn cards
        return Drawn(payload, [picture_file(png, "mesa.png")], key)

    async def _retire(self, message_id: int) -> None:
        """An old table message: its cards may be back in hands by now, so only a pointer stays."""
        moved = t("table.moved", self._table.session.lang)
        await self._kit.io.edit_public(self._table.channel_id, message_id, moved, attachments=[])

    async def _push_hands(self) -> bool:
        """Refresh the hands players have open, while their interaction tokens live;
        whether any was."""
        session, hands = self._table.session, self._table.meta.hands
        if session.game is None:
            return False
        pushed = False
        for user_id, hand in list(hands.items()):
            if hand.shown_version == session.version:
                continue
            if hand.expired():
                del hands[user_id]
                continue
            one_tap = self._kit.prefs.known(user_id).one_tap
            note = await self._kit.events.hand_note(session, user_id, hand.lang)
            payload = hand_payload(session, user_id, self._kit.emojis, hand.lang, note, one_tap)
            edit = partial(self._kit.io.edit_hand, hand.token, payload.content, payload.view)
            try:
                await self._requests.request(edit)
            except discord.HTTPException:
                hands.pop(user_id, None)
                continue
            hand.shown(session.version)
            pushed = True
        return pushed

    async def collapse(self, hand: OpenHand) -> None:
        """An older private hand would still look live (old cards, "your turn!"): it goes,
        so that reopened hands do not pile up on a phone; if it can't, it says so. Nobody
        waits for it: it is background work (after a restart, every player's first click
        replaces a hand)."""
        if hand.expired():
            return
        io_ = self._kit.io
        async with self._kit.background:
            try:
                await self._requests.request(partial(io_.delete_hand, hand.token))
            except discord.HTTPException:  # (the edit waits the pause the failure owes)
                with contextlib.suppress(discord.HTTPException):
                    replaced = t("hand.replaced", hand.lang)
                    await self._requests.request(partial(io_.edit_hand, hand.token, replaced, None))
