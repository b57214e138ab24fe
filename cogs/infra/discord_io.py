"""The only module that reaches into discord.py's internals: edits without the overhead.

`DiscordIO` sends what the tables and challenges publish. Its raw requests skip what
discord.py would add and nobody reads: parsing the answer into a Message (a good share
of a move's CPU), and an `Interaction` object, which discord.py can't rebuild from a
saved token. They use `handle_message_parameters`, `async_context` and the HTTP client's
session, so discord.py is pinned below 2.8 (pyproject.toml).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import discord
from aiohttp import ClientMiddlewareType
from discord.http import Route, handle_message_parameters
from discord.webhook.async_ import (
    async_context,
    interaction_message_response_params,
    interaction_response_params,
)

log = logging.getLogger(__name__)

INBOX_TURN_SECONDS = 0.005  # interactions parsed in one go, at most (then the loop turns)

EPHEMERAL = 64  # the message flag: only the user who clicked sees it
UPDATE_MESSAGE = 7  # the answer to a click that edits the message clicked


class DiscordIO:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def edit_message(
        self,
        channel_id: int,
        message_id: int,
        *,
        content: str,
        view: discord.ui.View | None,
        attachments: list[discord.File] = discord.utils.MISSING,
    ) -> None:
        """Edit one of the bot's messages (the answer is not parsed: nobody reads it)."""
        with handle_message_parameters(
            content=content, view=view, attachments=attachments
        ) as params:
            await self.client.http.edit_message(channel_id, message_id, params=params)

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

    async def update_clicked(
        self, interaction: discord.Interaction, *, content: str, view: discord.ui.View | None
    ) -> None:
        """Answer a click by editing the message it was on, as
        `InteractionResponse.edit_message` does, without asking for that message back:
        discord.py asks for it and parses it into a Message nobody reads (the hands' taps
        answer this way, twice a move)."""
        response = interaction.response
        if response.is_done():
            raise discord.InteractionResponded(interaction)
        params = interaction_message_response_params(
            type=UPDATE_MESSAGE,
            content=content,
            view=view,
            previous_allowed_mentions=self.client.allowed_mentions,
        )
        route = Route(
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            webhook_id=interaction.id,
            webhook_token=interaction.token,
        )
        await async_context.get().request(route, payload=params.payload, **self._session())
        response._response_type = discord.InteractionResponseType.message_update

    async def edit_hand(self, token: str, content: str, view: discord.ui.View | None) -> None:
        """Edit the private message an interaction token answered with (its "@original").

        Works from the token alone, so hands opened before a restart are refreshed too.
        This is what `Interaction.edit_original_response` does, without the Interaction
        (discord.py has no public constructor for one from a saved token).
        """
        with handle_message_parameters(content=content, view=view) as params:
            await async_context.get().edit_original_interaction_response(
                **self._by_token(token),
                payload=params.payload,
                multipart=params.multipart,
                files=params.files,
            )

    async def delete_hand(self, token: str) -> None:
        """Delete the private message an interaction token answered with (its "@original"),
        from the token alone, as `edit_hand` edits it."""
        await async_context.get().delete_original_interaction_response(**self._by_token(token))

    async def answer_unhandled(self, interaction_id: int, token: str, content: str) -> None:
        """Answer, privately, an interaction discord.py was not given (a stopping bot's
        "restarting"): there is no Interaction object to answer it through."""
        params = interaction_response_params(4, {"content": content, "flags": EPHEMERAL})
        await async_context.get().create_interaction_response(
            interaction_id, token, params=params, **self._session()
        )

    def _by_token(self, token: str) -> dict[str, Any]:
        """The arguments discord.py's webhook adapter takes for a request made with an
        interaction token: the application, the token, and the bot's HTTP session."""
        assert self.client.application_id is not None  # known once logged in
        return {"application_id": self.client.application_id, "token": token, **self._session()}

    def _session(self) -> dict[str, Any]:
        """The bot's HTTP session, as discord.py's webhook adapter takes it."""
        http = self.client.http
        return {
            "session": http._HTTPClient__session,  # type: ignore[attr-defined]
            "proxy": http.proxy,
            "proxy_auth": http.proxy_auth,
        }

    async def send(
        self,
        channel_id: int,
        content: str,
        *,
        view: discord.ui.View | None = None,
        files: list[discord.File] | None = None,
        mentions: Sequence[int] = (),
        nonce: str | None = None,
    ) -> discord.Message:
        """Post a message in a channel; `mentions`: the users it may ping (no one else);
        `nonce` (up to 25 characters): Discord refuses a second message with it for a few
        minutes, so a post retried after a crash between the send and its record is one."""
        channel = self.client.get_partial_messageable(channel_id)
        allowed = (
            discord.AllowedMentions(users=[discord.Object(user) for user in mentions])
            if mentions
            else discord.utils.MISSING
        )
        return await channel.send(
            content=content,
            view=view or discord.utils.MISSING,
            files=files or discord.utils.MISSING,
            allowed_mentions=allowed,
            nonce=nonce if nonce is not None else discord.utils.MISSING,
        )

    async def create_thread(self, channel_id: int, name: str, message_id: int | None = None) -> int:
        """Open a public thread in a channel (kept a day after its last message); its id.
        `message_id`: started from that message of the channel (the thread's first
        message; Discord then posts no "started a thread" line in the channel)."""
        http = self.client.http
        if message_id is not None:
            data = await http.start_thread_with_message(
                channel_id, message_id, name=name[:100], auto_archive_duration=1440
            )
        else:
            data = await http.start_thread_without_message(
                channel_id,
                name=name[:100],
                auto_archive_duration=1440,
                type=discord.ChannelType.public_thread.value,
            )
        return int(data["id"])

    async def delete(self, channel_id: int, message_id: int) -> None:
        """Delete one of the bot's messages if it can; a message already gone is fine."""
        channel = self.client.get_partial_messageable(channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()


def count_requests(client: discord.Client, middleware: ClientMiddlewareType) -> None:
    """Pass every HTTP request of `client` (REST calls and interaction answers alike)
    through `middleware`. discord.py makes its aiohttp session at login and takes no
    middleware, so it is set on that session, which reads it at each request: call this
    once logged in (setup_hook). Client middlewares came in aiohttp 3.12 (pyproject.toml)."""
    session = client.http._HTTPClient__session  # type: ignore[attr-defined]
    if session is not None:  # None in simcord, which answers the requests itself
        session._middlewares = (middleware,)


def click_buttons_directly(
    client: discord.Client,
    answering: Callable[[], AbstractContextManager[None]],
    stray: Callable[[discord.Interaction], Awaitable[None]],
) -> None:
    """Call a dynamic button (ui.ids.Clickable) with the clicked button alone, made from
    its custom_id, inside `answering()` (Background.click: background work gives way to a
    crowd of clicks). discord.py first reads the whole message clicked into a View, every
    button of a hand on every click (130 µs here, 3% of the bot's CPU in the loopback
    benchmark), only to find that one button in it; here the id is only looked for among
    the message's components, and a click whose id is not there (sent by hand: a hand's
    card id on the public table), a select's too, goes to `stray`, not to the item.
    Selects keep discord.py's way: their values are read into the item from the view."""
    store = client._connection._view_store
    read_from_view = store.schedule_dynamic_item_call

    async def call(
        component_type: int,
        factory: type[discord.ui.DynamicItem[Any]],
        interaction: discord.Interaction,
        custom_id: str,
        match: re.Match[str],
    ) -> None:
        message = interaction.message
        if message is not None and not carries(message.components, custom_id):
            try:  # (discord.py would drop it unanswered)
                await stray(interaction)
            except Exception:
                log.exception("could not refuse the click on %s", custom_id)
            finally:
                _let_go(interaction)
            return
        if component_type != discord.ComponentType.button.value or message is None:
            await read_from_view(component_type, factory, interaction, custom_id, match)
            return
        try:
            with answering():
                clicked = discord.ui.Button[Any](custom_id=custom_id)
                item = await factory.from_custom_id(interaction, clicked, match)
                await item.callback(interaction)
        except Exception:
            log.exception("could not handle the click on %s", custom_id)
        finally:
            _let_go(interaction)

    store.schedule_dynamic_item_call = call  # type: ignore[method-assign]


def carries(components: Sequence[Any], custom_id: str) -> bool:
    """`custom_id` is one of these components' (rows, and what they hold)."""
    return any(
        getattr(item, "custom_id", None) == custom_id
        or carries(getattr(item, "children", ()), custom_id)
        for item in components
    )


def _let_go(interaction: discord.Interaction) -> None:
    """Cut the cycle between an answered interaction and its response (discord.py's
    InteractionResponse keeps the interaction as `_parent`), so that the interaction, the
    message clicked, its components and the member (about 30 objects a click) are freed at
    once, not left to the garbage collector: after a restart, a thousand clicks a minute
    made its collections pause the bot for 30-60 ms. Nothing uses the response once the
    handler has returned; a late use would fail loudly, not answer twice."""
    response = getattr(interaction, "_cs_response", None)
    if response is not None:
        response._parent = None


def on_interaction_received(
    client: discord.Client, callback: Callable[[dict[str, Any]], bool]
) -> None:
    """Call `callback(the raw event)` for every interaction, as its gateway event arrives,
    before discord.py handles it (cheaper than an `on_interaction` listener, which costs a
    task per interaction); discord.py handles it only if the callback returns True, each
    in a turn of the event loop of its own (`_Inbox`)."""
    parsers = client._connection.parsers
    inbox = _Inbox(parsers["INTERACTION_CREATE"])

    def parse_interaction(data: Any) -> None:
        if callback(data):
            inbox.put(data)

    parsers["INTERACTION_CREATE"] = parse_interaction


class _Inbox:
    """Interactions waiting for discord.py to handle them, a few milliseconds' worth per
    turn of the event loop.

    The gateway's reader handles every event it has received before it waits again: a
    burst of hundreds of clicks (every player at once after a restart) would be parsed in
    one go, holding the event loop for as long. Here they are parsed in the order they
    came, INBOX_TURN_SECONDS at a time, with timers and replies running in between.
    """

    def __init__(self, parse: Callable[[Any], None]) -> None:
        self._parse = parse
        self._waiting: deque[Any] = deque()
        self._task: asyncio.Task[None] | None = None

    def put(self, data: Any) -> None:
        self._waiting.append(data)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        turn_ends = loop.time() + INBOX_TURN_SECONDS
        while self._waiting:
            if loop.time() >= turn_ends:
                await asyncio.sleep(0)
                turn_ends = loop.time() + INBOX_TURN_SECONDS
            data = self._waiting.popleft()
            try:
                self._parse(data)
            except Exception:
                log.exception("could not handle interaction %s", data.get("id"))
