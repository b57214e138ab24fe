"""`/cuarenta logros`: a player's logros, earned and still to earn."""

from __future__ import annotations

import discord

from tables.logros import progress

from ..answers import answers_refusals, language_for
from ..infra.clock import now
from ..services import Services
from .messages import logros_text


@answers_refusals
async def logros_command(
    services: Services,
    interaction: discord.Interaction,
    user: discord.User | discord.Member | None,
    public: bool,
) -> None:
    """/cuarenta logros: a player's logros, earned and still to earn (with their progress
    on those that count up; the season's matches are this server's running season's)."""
    lang = await language_for(services, interaction, public=public)
    target = user or interaction.user
    earned = await services.storage.player_logros(target.id)
    season_id = None
    if interaction.guild_id is not None:
        running = (await services.settings.get(interaction.guild_id)).season_at(now())
        stored = (
            None
            if running is None
            else await services.storage.season(interaction.guild_id, running.key)
        )
        season_id = None if stored is None else stored.season_id
    counts = await services.storage.logro_counts(target.id, season_id)
    shown = progress(counts)
    if season_id is None:
        shown.pop("season_regular", None)  # no season here: no progress to tell
    await interaction.response.send_message(
        logros_text(target.id, earned, lang, shown),
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )
