"""`/cuarenta logros`: a player's logros, earned and still to earn."""

from __future__ import annotations

import discord

from ..answers import answers_refusals, language_for
from ..services import Services
from .messages import logros_text


@answers_refusals
async def logros_command(
    services: Services,
    interaction: discord.Interaction,
    user: discord.User | discord.Member | None,
    public: bool,
) -> None:
    """/cuarenta logros: a player's logros, earned and still to earn."""
    lang = await language_for(services, interaction, public=public)
    target = user or interaction.user
    earned = await services.storage.player_logros(target.id)
    await interaction.response.send_message(
        logros_text(target.id, earned, lang),
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )
