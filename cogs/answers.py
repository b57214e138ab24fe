"""How every command and click answers: privately, truthfully, and never twice.

Handlers are plain functions `handler(services, interaction, ...)` wrapped in
`answers_refusals`: a `Refusal` raised before anything was saved reaches the user as
its explanation, privately; what comes after a save is answered through `tell`, which
never raises, so a saved move is never reported as failed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, cast

import discord

from db import StorageError
from i18n import has_plural, join_names, t, tn
from tables import Refusal, TableSession
from tables.settings import ServerSettings

from .infra.languages import interaction_languages
from .services import Services
from .ui.rows import Rows
from .ui.words import seat_name

log = logging.getLogger(__name__)

P = ParamSpec("P")
Handler = Callable[Concatenate[Services, discord.Interaction, P], Coroutine[Any, Any, None]]
# Answers a refusal its own way (e.g. a hand shown again with the reason on top); False:
# it did not, and the refusal is told as a private message.
RefusalAnswer = Callable[[Services, discord.Interaction, Refusal], Awaitable[bool]]


def answers_refusals(handler: Handler[P]) -> Handler[P]:
    """Let a command or click raise Refusal: the user gets the explanation, privately.

    Anything else that escapes a handler happened before its change was saved (what
    comes after a save goes through `tell`), so the user is told, truthfully, that
    nothing counted.
    """
    return _answering(handler, None)


def answers_refusals_by(shown_by: RefusalAnswer) -> Callable[[Handler[P]], Handler[P]]:
    """`answers_refusals` for a feature that shows a refusal on the message clicked (a
    hand, the house-rules panel), falling back to a private message."""

    def wrap(handler: Handler[P]) -> Handler[P]:
        return _answering(handler, shown_by)

    return wrap


def _answering(handler: Handler[P], shown_by: RefusalAnswer | None) -> Handler[P]:
    async def run(
        services: Services, interaction: discord.Interaction, /, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(services, interaction, *args, **kwargs)
        except Refusal as refusal:
            # Shown on the message clicked only when that message is the clicker's own
            # (a private hand or panel): a refusal never edits a shared message.
            if (
                shown_by is None
                or not clicked_privately(interaction)
                or not await shown_by(services, interaction, refusal)
            ):
                await refuse(services, interaction, refusal)
        except discord.HTTPException as error:
            # Discord refused the answer itself (an expired or unknown interaction, 5xx):
            # nothing was saved, and another answer through it would fail the same way.
            log.warning(
                "answer of %s to user %s failed: %s", handler.__name__, interaction.user.id, error
            )
        except Exception as error:
            # Not the click's arguments: a card button's would put a hand's card in the log.
            log.error(
                "%s by user %s in channel %s failed",
                handler.__name__,
                interaction.user.id,
                interaction.channel_id,
                exc_info=error,
                extra={"channel": interaction.channel_id, "guild": interaction.guild_id},
            )
            lang = await reader_language(services, interaction)
            key = "refuse.not_saved" if isinstance(error, StorageError) else "refuse.unexpected"
            await reply(interaction, t(key, lang))

    return run


def clicked_privately(interaction: discord.Interaction) -> bool:
    """The click was on a private (ephemeral) message: only the clicker sees it."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def refuse_stray_click(services: Services, interaction: discord.Interaction) -> None:
    """A click whose control is not on the message clicked (an id sent by hand): refused
    privately, nothing done."""
    lang = await reader_language(services, interaction)
    await reply(interaction, t("refuse.stray_click", lang))


async def reader_language(services: Services, interaction: discord.Interaction) -> str:
    """The language of a private answer to this reader: their Discord's when the bot
    speaks it, else the server's (`languages.py` has the one rule)."""
    return (await interaction_languages(services.settings, interaction))[1]


async def public_language(services: Services, interaction: discord.Interaction) -> str:
    """The language of what this command or click posts for everyone in the server: its
    setting, else its community locale, else this user's Discord's."""
    return (await interaction_languages(services.settings, interaction))[0]


async def language_for(
    services: Services, interaction: discord.Interaction, *, public: bool
) -> str:
    """The language of an answer everyone sees (`public`) or only this reader."""
    shown, private = await interaction_languages(services.settings, interaction)
    return shown if public else private


async def clicked_language(services: Services, interaction: discord.Interaction) -> str:
    """The language of a click's new version of the message clicked: the server's for a
    message everyone sees, the reader's for their private one."""
    message = interaction.message
    return await language_for(
        services, interaction, public=message is not None and not message.flags.ephemeral
    )


async def reply(
    interaction: discord.Interaction,
    text: str,
    *,
    ephemeral: bool = True,
    rows: Rows | None = None,
    file: discord.File | None = None,
) -> None:
    """A private answer; if Discord refuses it, there is no one left to tell."""
    view = cast(discord.ui.View, rows) if rows is not None else discord.utils.MISSING
    attached = discord.utils.MISSING if file is None else file
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral, view=view, file=attached)
        else:
            await interaction.response.send_message(
                text, ephemeral=ephemeral, view=view, file=attached
            )
    except discord.HTTPException as error:
        log.info("could not answer interaction %s: %s", interaction.id, error)


async def tell(answer: Awaitable[Any], interaction: discord.Interaction) -> bool:
    """An answer after a saved change: whatever fails here, the change stands."""
    try:
        await answer
    except Exception:
        log.warning("answer to interaction %s failed", interaction.id, exc_info=True)
        return False
    return True


def refusal_text(refusal: Refusal, lang: str, session: TableSession | None) -> str:
    """The refusal in words; `session`: the table it is about, if any (names whose turn)."""
    params = dict(refusal.params)
    if refusal.key == "not_your_turn" and session is not None and session.seat_to_play is not None:
        params["who"] = seat_name(session, session.seat_to_play, lang)
    params.setdefault("who", "?")
    params.setdefault("link", "")
    perms = params.pop("perms", None)
    if isinstance(perms, list):  # permission names, as Discord shows them
        names = join_names([t(f"perm.{name}", lang) for name in perms], lang)
        key = f"refuse.{refusal.key}"
        if has_plural(key):
            return tn(key, lang, len(perms), perms=names, **params)
        return t(key, lang, perms=names, **params)
    return t(f"refuse.{refusal.key}", lang, **params)


async def refuse(services: Services, interaction: discord.Interaction, refusal: Refusal) -> None:
    """Say no privately."""
    lang = await reader_language(services, interaction)
    channel_id = interaction.channel_id or 0
    if refusal.key == "channel_busy":
        refusal.params["link"] = channel_link(services, interaction.guild_id, channel_id)
    latest = services.runtime.latest_in_channel(channel_id)
    await reply(interaction, refusal_text(refusal, lang, latest.session if latest else None))


def channel_link(services: Services, guild_id: int | None, channel_id: int) -> str:
    """A link to the table or challenge that holds the channel ("" if there is none)."""
    occupant = services.runtime.occupant(channel_id)
    message_id = occupant.message_id if occupant is not None else None
    if message_id is None or guild_id is None:
        return ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def require_channel(interaction: discord.Interaction) -> tuple[int, int]:
    """The server and channel of a command that only works in a server's channel."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal("no_dm")
    return interaction.guild_id, interaction.channel_id


def missing_permissions(interaction: discord.Interaction, picture: bool) -> list[str]:
    """The permissions the bot lacks in this channel to run a table (names as in the catalog)."""
    have = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = [
        "view_channel",
        "send_messages_in_threads" if in_thread else "send_messages",
        "read_message_history",
    ]
    if picture:
        needed.append("attach_files")
    return [name for name in needed if not getattr(have, name)]


def require_permissions(interaction: discord.Interaction, settings: ServerSettings) -> None:
    """Refusal unless the bot may run a table in this channel."""
    missing = missing_permissions(interaction, settings.table_picture)
    if missing:
        raise Refusal("missing_permissions", perms=missing)
