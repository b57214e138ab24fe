"""Commands reach Discord named and described in every language the bot has a PO file
for, each name valid where Discord checks it (else left to the English default)."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from cogs.infra.localized import DISCORD_LOCALES, CatalogTranslator, L
from i18n import TEXTS
from i18n.catalog import available_languages
from i18n.checks import DESCRIPTION_MAX, NAME_MAX, valid_name
from i18n.language import CATALOG

Location = app_commands.TranslationContextLocation


def synced_commands(env) -> list[dict]:
    puts = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts, "the commands were never synced"
    return puts[-1].json


def expected_locales() -> set[str]:
    return {
        locale.value
        for lang in available_languages()
        if lang != "en"
        for locale in DISCORD_LOCALES[lang]
    }


async def test_command_names_are_localized(world):
    commands = synced_commands(world.env)
    group = next(c for c in commands if c["name"] == "cuarenta")
    assert group["description_localizations"]["es-ES"] == TEXTS["es"]["cmd.cuarenta.desc"]
    subcommands = {o["name"]: o for o in group["options"]}
    start = subcommands["start"]["name_localizations"]
    assert start["es-ES"] == start["es-419"] == "empezar"
    assert set(start) == expected_locales()  # every language with its PO file, no other
    mode = next(o for o in subcommands["start"]["options"] if o["name"] == "mode")
    assert mode["name_localizations"]["es-419"] == "modo"
    labels = {c["value"]: c["name_localizations"]["es-ES"] for c in mode["choices"]}
    assert labels["bot"] == "1 contra el bot"
    menu = next(c for c in commands if c["name"] == "Challenge to Cuarenta")
    assert menu["name_localizations"]["es-419"] == "Retar a Cuarenta"


def walk(options: list[dict], path: str, found: list[tuple[str, dict, list[dict]]]) -> None:
    """Every option (subcommand, parameter) with its path and its siblings."""
    for option in options:
        found.append((f"{path} {option['name']}", option, options))
        walk(option.get("options", []), f"{path} {option['name']}", found)


async def test_every_localization_is_one_discord_accepts(world):
    """Names lowercase letters, digits, - and _ (1-32), unique among their siblings in
    each locale; descriptions and choices up to 100 characters."""
    problems: list[str] = []
    for command in synced_commands(world.env):
        found: list[tuple[str, dict, list[dict]]] = []
        walk(command.get("options", []), command["name"], found)
        slash = command.get("type", 1) == 1
        for locale, name in (command.get("name_localizations") or {}).items():
            if (slash and not valid_name(name)) or not 0 < len(name) <= NAME_MAX:
                problems.append(f"{command['name']} [{locale}]: {name!r}")
        for path, option, siblings in found:
            for locale, name in (option.get("name_localizations") or {}).items():
                if not valid_name(name):
                    problems.append(f"{path} [{locale}]: {name!r}")
                names = [
                    (s.get("name_localizations") or {}).get(locale, s["name"]) for s in siblings
                ]
                if names.count(name) > 1:
                    problems.append(f"{path} [{locale}]: {name!r} twice among its siblings")
            for locale, text in (option.get("description_localizations") or {}).items():
                if not 0 < len(text) <= DESCRIPTION_MAX:
                    problems.append(f"{path} [{locale}]: description of {len(text)}")
            for choice in option.get("choices", []):
                for locale, text in (choice.get("name_localizations") or {}).items():
                    if not 0 < len(text) <= DESCRIPTION_MAX:
                        problems.append(f"{path} choice [{locale}]: {text!r}")
    assert problems == []


async def test_the_language_option_offers_the_five_each_named_in_the_readers_words(world):
    commands = synced_commands(world.env)
    group = next(c for c in commands if c["name"] == "cuarenta")
    config = next(o for o in group["options"] if o["name"] == "config")
    language = next(o for o in config["options"] if o["name"] == "language")
    assert [c["value"] for c in language["choices"]] == ["es", "en", "nl", "fr", "tr", "auto"]
    names = {c["value"]: c for c in language["choices"]}
    assert names["nl"]["name"] == "Dutch (Nederlands)"
    assert names["nl"]["name_localizations"]["es-419"] == "Neerlandés (Nederlands)"
    assert names["tr"]["name_localizations"]["es-ES"] == "Turco (Türkçe)"


class Context:
    """What discord.py tells a translator: where the text goes, and for what."""

    def __init__(self, location: Location, data: object = None) -> None:
        self.location = location
        self.data = data


@pytest.fixture
def dutch(monkeypatch):
    """A Dutch catalog of a few texts, one of them no name Discord would take."""
    texts = dict(TEXTS["es"])
    texts |= {"cmd.start": "starten", "cmd.stats": "mijn stats", "cmd.rules.desc": "x" * 101}
    monkeypatch.setitem(TEXTS, "nl", texts)
    monkeypatch.setitem(
        CATALOG.translated, "nl", frozenset({"cmd.start", "cmd.stats", "cmd.rules.desc"})
    )


@pytest.mark.parametrize(
    ("key", "location", "expected"),
    [
        ("cmd.start", Location.command_name, "starten"),
        ("cmd.stats", Location.command_name, None),  # a space: the English name stays
        ("cmd.rules.desc", Location.command_description, None),  # past 100 characters
        ("cmd.hand", Location.command_name, None),  # not translated: not Spanish either
    ],
)
async def test_the_translator_gives_only_what_discord_takes(dutch, key, location, expected):
    translated = await CatalogTranslator().translate(
        L(key), discord.Locale.dutch, Context(location)
    )  # type: ignore[arg-type]
    assert translated == expected


async def test_the_translator_leaves_english_to_the_default():
    text = await CatalogTranslator().translate(
        L("cmd.start"),
        discord.Locale.british_english,
        Context(Location.command_name),  # type: ignore[arg-type]
    )
    assert text is None
    french = await CatalogTranslator().translate(
        app_commands.locale_str("Spanish", language="es"),
        discord.Locale.french,
        Context(Location.choice_name),  # type: ignore[arg-type]
    )
    assert french == "Espagnol (Español)"


def test_turkish_capital_i_is_no_valid_lowercase_name():
    assert valid_name("başlat") and valid_name("sıralama") and valid_name("règles")
    assert not valid_name("İstatistik".lower())  # "i̇": a combining dot, not a letter
    assert not valid_name("Start") and not valid_name("mi mano") and not valid_name("x" * 33)
