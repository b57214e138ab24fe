"""`/cuarenta leaderboard` and its page buttons, and `/cuarenta stats`.

Both answer privately unless the player asks to show the channel (`public`): a look at
the rankings should not leave a message in the game channel for everyone.
"""

from __future__ import annotations

import discord

from i18n import tn

from ..answers import answers_refusals, reader_language
from ..services import Services, services_of
from ..ui import ids
from ..ui.ids import Clickable
from .messages import leaderboard_payload, puzzle_line, rating_sort, stats_text


@answers_refusals
async def leaderboard(
    services: Services,
    interaction: discord.Interaction,
    scope: str,
    sort: str,
    with_bots: bool,
    players: str,
    public: bool,
) -> None:
    """A leaderboard of this server (or of every server), its first page."""
    lang = await reader_language(services, interaction)
    guild_id = interaction.guild_id if scope == "guild" else None
    sort = rating_sort(sort, players)
    payload = await leaderboard_payload(services.storage, guild_id, sort, with_bots, 0, lang)
    await interaction.response.send_message(**payload.to_send(), ephemeral=not public)


@answers_refusals
async def stats(
    services: Services,
    interaction: discord.Interaction,
    user: discord.User | discord.Member | None,
    rules: str | None,
    public: bool,
) -> None:
    """A player's record in this server, of every match or of one rule set's."""
    lang = await reader_language(services, interaction)
    target = user or interaction.user
    guild_id = interaction.guild_id
    text = await stats_text(services.storage, target.id, guild_id, lang, rules)
    if guild_id is not None and rules is None:  # puzzles have no rule set
        today = await services.puzzles.today(guild_id)
        puzzles = await puzzle_line(services.storage, target.id, guild_id, today, lang)
        text += f"\n{puzzles}" if puzzles else ""
    titles = await services.storage.tournament_titles(target.id, guild_id)
    if titles:
        text += "\n" + tn("stats.titles", lang, titles)
    await interaction.response.send_message(
        text, ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
    )


class LeaderboardButton(Clickable, ids=ids.LEADERBOARD):
    """A page of a leaderboard."""

    scope: str
    sort: str
    with_bots: bool
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        guild_id = ids.guild_of(self.scope)
        await click_leaderboard(
            services, interaction, guild_id, self.sort, self.with_bots, self.page
        )


@answers_refusals
async def click_leaderboard(
    services: Services,
    interaction: discord.Interaction,
    guild_id: int | None,
    sort: str,
    with_bots: bool,
    page: int,
) -> None:
    lang = await reader_language(services, interaction)
    payload = await leaderboard_payload(services.storage, guild_id, sort, with_bots, page, lang)
    await interaction.response.edit_message(content=payload.content, view=payload.view)
