"""Command names, descriptions and choices, localized from the catalog at sync time."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

from i18n import is_translated, language_name, language_of_locale, t
from i18n.checks import DESCRIPTION_MAX, NAME_MAX, valid_name

T = TypeVar("T")
DEFAULT_LANGUAGE = "en"  # the commands' own names (Discord shows them to every other locale)
# Discord's locales for each language the bot speaks besides the default.
DISCORD_LOCALES: dict[str, tuple[discord.Locale, ...]] = {
    "es": (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish),
    "en": (discord.Locale.american_english, discord.Locale.british_english),
    "nl": (discord.Locale.dutch,),
    "fr": (discord.Locale.french,),
    "tr": (discord.Locale.turkish,),
}
NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def L(key: str) -> app_commands.locale_str:
    """A command string: English as the default, the other languages through the translator."""
    return app_commands.locale_str(t(key, DEFAULT_LANGUAGE), key=key)


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


def language_choice(code: str) -> app_commands.Choice[str]:
    """A language to pick, named in each reader's language (CLDR's names, no catalog key)."""
    name = app_commands.locale_str(language_name(code, DEFAULT_LANGUAGE), language=code)
    return app_commands.Choice(name=name, value=code)


def valid_localization(text: str, location: app_commands.TranslationContextLocation) -> bool:
    """Whether Discord accepts `text` at `location` (a name, a description, a choice)."""
    if location in NAMES:
        return valid_name(text)
    return 0 < len(text) <= DESCRIPTION_MAX


def localization(
    key: str, lang: str, location: app_commands.TranslationContextLocation
) -> str | None:
    """The text of `key` in `lang` for Discord, or None: not translated (Discord then shows
    the English default), or not valid there (a name with a space, say)."""
    if not is_translated(key, lang):
        return None
    text = t(key, lang)
    return text if valid_localization(text, location) else None


class CatalogTranslator(app_commands.Translator):
    """Gives Discord every language's names and descriptions, from the catalog."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_of_locale(locale)
        if lang is None or lang == DEFAULT_LANGUAGE:
            return None
        code = string.extras.get("language")
        if code is not None:
            return language_name(code, lang)[:DESCRIPTION_MAX]
        key = string.extras.get("key")
        if key is None:
            return None
        location = context.location
        if isinstance(context.data, app_commands.ContextMenu):  # any words, up to 32
            text = t(key, lang) if is_translated(key, lang) else None
            return text if text is not None and 0 < len(text) <= NAME_MAX else None
        return localization(key, lang, location)
