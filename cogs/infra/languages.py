"""The one rule that chooses the language of what the bot says, for Discord's objects.

Public (a table, a lobby, an announcement): the server's setting (/cuarenta config), else
the server's community locale, else the locale of who started it, else Spanish. Private
(a hand, a refusal, a /cuarenta stats answer): the reader's Discord locale when the bot
speaks it, else the public language. The rule itself is `i18n.public_language` and
`i18n.private_language`; this module finds the locales it reads.
"""

from __future__ import annotations

import discord

from i18n import private_language, public_language

from .caches import SettingsCache

COMMUNITY = "COMMUNITY"  # Discord's feature flag: only there is `preferred_locale` chosen


def community_locale(guild: discord.Guild | None) -> discord.Locale | None:
    """The locale a Community server chose in its settings; None for any other server
    (Discord gives every server "en-US" until its owner sets one as a Community)."""
    if guild is None or COMMUNITY not in guild.features:
        return None
    return guild.preferred_locale


async def server_language(
    settings: SettingsCache,
    guild: discord.Guild | None,
    guild_id: int | None,
    starter_locale: discord.Locale | None = None,
) -> str:
    """The language of the server's public messages (`starter_locale`: of who started the
    table or tournament, when there is one)."""
    stored = (await settings.get(guild_id)).language
    return public_language(stored, community_locale(guild), starter_locale)


async def interaction_languages(
    settings: SettingsCache, interaction: discord.Interaction
) -> tuple[str, str]:
    """(public, private): the language of what this command posts for everyone, and of
    what it answers this reader alone."""
    public = await server_language(
        settings, interaction.guild, interaction.guild_id, interaction.locale
    )
    return public, private_language(interaction.locale, public)
