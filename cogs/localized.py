"""Command names, descriptions and choices, localized from the catalog at sync time."""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import MESSAGES

SPANISH_LOCALES = (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish)


def L(key: str) -> app_commands.locale_str:
    """A command string: English as the default, Spanish through the translator."""
    return app_commands.locale_str(MESSAGES[key][1], key=key)


def choice(key: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=L(key), value=value)


class CatalogTranslator(app_commands.Translator):
    """Gives Discord the Spanish names and descriptions for es-ES and es-419."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or key not in MESSAGES or locale not in SPANISH_LOCALES:
            return None
        return MESSAGES[key][0]
