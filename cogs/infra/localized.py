"""Command names, descriptions and choices, localized from the catalog at sync time."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

from i18n import MESSAGES

T = TypeVar("T")
SPANISH_LOCALES = (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish)


def L(key: str) -> app_commands.locale_str:
    """A command string: English as the default, Spanish through the translator."""
    return app_commands.locale_str(MESSAGES[key][1], key=key)


def localized_options(**keys: str) -> Callable[[T], T]:
    """Name and describe a command's options from the catalog, e.g. `mode="opt.mode"`.

    The option's name is that catalog entry, its description the entry plus ".desc".
    """

    def apply(command: T) -> T:
        described = app_commands.describe(**{p: L(f"{k}.desc") for p, k in keys.items()})
        renamed = app_commands.rename(**{p: L(k) for p, k in keys.items()})
        return renamed(described(command))

    return apply


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
