"""`/cuarenta history` and its buttons: pages of the history, replays, a match's review."""

from __future__ import annotations

import asyncio

import discord

from render.table import render_table_png_async
from tables import Refusal
from tables.replays import Replay

from ..answers import answers_refusals, reader_language, reply
from ..review.handlers import review_command
from ..services import Services, services_of
from ..ui import ids
from ..ui.ids import Clickable
from ..ui.pictures import picture_file, table_picture
from .messages import history_payload, replay_text, replay_view, shown_hands


@answers_refusals
async def history_command(
    services: Services, interaction: discord.Interaction, user: discord.User | None
) -> None:
    """/cuarenta history [user]: privately, the player's matches in this server."""
    lang = await reader_language(services, interaction)
    target = user or interaction.user
    payload = await history_payload(services.storage, target.id, interaction.guild_id, 0, lang)
    await reply(interaction, payload.content, rows=payload.rows)


class HistoryButton(Clickable, ids=ids.HISTORY):
    """A page of a player's history."""

    user_id: int
    scope: str
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        guild_id = ids.guild_of(self.scope)
        await turn_history_page(services, interaction, self.user_id, guild_id, self.page)


@answers_refusals
async def turn_history_page(
    services: Services,
    interaction: discord.Interaction,
    user_id: int,
    guild_id: int | None,
    page: int,
) -> None:
    lang = await reader_language(services, interaction)
    payload = await history_payload(services.storage, user_id, guild_id, page, lang)
    await interaction.response.edit_message(content=payload.content, view=payload.view)


class ReplayButton(Clickable, ids=ids.REPLAY):
    """Open a replay (`open`, from the history) or move it to another step; the tag keeps
    each button's id apart when two lead to the same step. `review`: the match's review
    for whoever clicks (their own seat)."""

    match_id: str
    step: int
    tag: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        if self.tag == "review":
            await review_command(services, interaction, self.match_id)
        else:
            opening = self.tag == "open"
            await show_replay(services, interaction, self.match_id, self.step, opening)


async def load_replay(services: Services, match_id: str) -> Replay:
    """The match's replay, built once and kept a while; Refusal if it has none."""
    storage = services.storage
    replay = services.replays.get(storage.path, match_id)
    if replay is None:
        log = await storage.match_log(match_id)
        if log is None:
            raise Refusal("replay_missing")
        try:
            replay = await asyncio.to_thread(Replay.build, log)
        except ValueError:
            raise Refusal("replay_missing") from None
        services.replays.put(storage.path, replay)
    return replay


@answers_refusals
async def show_replay(
    services: Services,
    interaction: discord.Interaction,
    match_id: str,
    number: int,
    opening: bool,
) -> None:
    """A replay at step `number`: a new private message when opened from the history,
    else the replay message itself moves there."""
    lang = await reader_language(services, interaction)
    replay = await load_replay(services, match_id)
    step = replay.step(number)
    session = replay.session_at(step, lang)
    settings = await services.settings.get(replay.log.guild_id)
    hands = shown_hands(replay, interaction.user.id, settings.replay_all_hands)
    text = replay_text(replay, step, session, hands, services.emojis, lang)
    png = await render_table_png_async(table_picture(session))
    picture = picture_file(png, "repeticion.png")
    view = replay_view(replay, step.number, lang).as_view()
    if opening:
        await interaction.response.send_message(text, view=view, file=picture, ephemeral=True)
    else:
        await interaction.response.edit_message(content=text, view=view, attachments=[picture])
