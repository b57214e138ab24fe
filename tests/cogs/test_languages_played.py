"""Played in Dutch, French and Turkish: a player whose Discord is in the language, on a
server set to it, goes through the main flows (start, hand, table, end of hand, end of
match, leaderboard, stats, rules, tournament sign-up, puzzle), and no screen shows a
Spanish or English text, nor a placeholder left unfilled (tests/i18n/screens.py).

A language whose PO file is absent is skipped (the bot then reads it in Spanish); the
pseudo-language runs always, so the check itself is tested before any translation is.
"""

from __future__ import annotations

import pytest
import simcord.actors

import cogs.puzzles.desk
from cogs.tournament.ids import TOURNAMENT, TournamentAction
from cogs.tournament.live import Tournaments
from i18n import TEXTS, is_translated
from i18n.catalog import available_languages
from i18n.language import CATALOG
from tables.picture_words import picture_words
from tests.cogs.helpers import enabled, in_language, only_session, play_until_over, table_message
from tests.i18n.screens import Foreign, pseudo_texts

TRANSLATED = ("nl", "fr", "tr")
PSEUDO = "pseudo"  # English with every letter accented, played as Dutch


def checked_languages() -> list:
    present = set(available_languages())
    marks = [
        pytest.param(
            lang,
            marks=pytest.mark.skipif(lang not in present, reason=f"no i18n/locales/{lang}.po"),
        )
        for lang in TRANSLATED
    ]
    return [*marks, PSEUDO]


class Screens:
    """Every text and label the players were shown: each answer to their commands and
    clicks as it came, and at the end everything in the channel and its threads."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.labels: list[str] = []

    def read(self, message) -> None:
        if message is None:
            return
        self.texts.append(message.content or "")
        for embed in getattr(message, "embeds", []) or []:
            data = embed if isinstance(embed, dict) else embed.to_dict()
            self.texts.append(str(data))
        for attachment in getattr(message, "attachments", []) or []:
            self.texts.append(getattr(attachment, "description", None) or "")
        for row in message.components or []:
            children = row.get("components", []) if isinstance(row, dict) else row.children
            for child in children:
                item = child if isinstance(child, dict) else child.to_dict()
                for field in ("label", "placeholder"):
                    if item.get(field):
                        self.labels.append(item[field])
                for option in item.get("options", []):
                    self.labels.append(option["label"])
                    self.texts.append(option.get("description") or "")

    def read_result(self, result) -> None:
        self.read(result.response)
        for followup in result.followups:
            self.read(followup)


@pytest.fixture
def screens(monkeypatch) -> Screens:
    seen = Screens()
    for name in ("slash", "click", "select"):
        act = getattr(simcord.actors.MemberActor, name)

        async def recorded(self, *args, _act=act, **kwargs):
            result = await _act(self, *args, **kwargs)
            seen.read_result(result)
            return result

        monkeypatch.setattr(simcord.actors.MemberActor, name, recorded)
    return seen


@pytest.fixture
def language(request, monkeypatch) -> str:
    """The language played; the pseudo-language is installed in Dutch's place."""
    lang = request.param
    if lang == PSEUDO:
        lang = "nl"
        monkeypatch.setitem(TEXTS, lang, pseudo_texts(TEXTS["en"]))
        monkeypatch.setitem(CATALOG.translated, lang, frozenset(TEXTS[lang]))
    picture_words.cache_clear()
    yield lang
    picture_words.cache_clear()


@pytest.mark.parametrize("language", checked_languages(), indirect=True)
async def test_every_screen_of_the_main_flows_is_in_the_players_language(
    world, manager, screens, language, monkeypatch
):
    from tests.cogs.test_puzzles import answer, stocked

    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)
    await in_language(world, language)  # the server's setting and everyone's Discord
    ana = world.ana
    # a match against the bot: the table, the hand, each hand's end, the match's end
    started = await ana.slash(world.channel, "cuarenta start", bot_level="easy", length="one")
    assert not started.ephemeral
    session = only_session(world.env)
    assert session.lang == language
    await play_until_over(world, [ana], session.session_id)
    final = table_message(world, only_session(world.env))
    assert enabled(final, "table")  # rules and rematch, in words of the language
    # the server's boards and the player's card, the rules
    await ana.slash(world.channel, "cuarenta leaderboard")
    await ana.slash(world.channel, "cuarenta stats")
    await ana.slash(world.channel, "cuarenta rules")
    # a tournament's sign-up
    opened = await manager.slash(world.channel, "cuarenta tournament", format="knockout", size=4)
    assert not opened.ephemeral, opened.response.content
    (tournament_id,) = world.env.bot.services.get(Tournaments).by_id
    join = TOURNAMENT.build(tournament_id=tournament_id, action=TournamentAction.JOIN)
    joined = await ana.click(opened.response, custom_id=join)
    assert joined.ephemeral
    # the puzzle of the day, answered
    await stocked(world)
    shown = await ana.slash(world.channel, "cuarenta puzzle")
    await answer(world, ana, shown.response)
    for message in world.channel.history(viewer=ana):
        screens.read(message)
    for thread in world.channel.threads:
        for message in thread.history(viewer=ana):
            screens.read(message)

    leaks = Foreign.for_language(language).leaks(screens.texts, screens.labels)
    assert leaks == [], f"{language}: {len(leaks)} texts not in the language"
    assert len(screens.texts) > 30 and len(screens.labels) > 20  # the screens were read


def test_the_languages_checked_are_listed():
    """Which languages the test above plays for real (a PO file present), for the log."""
    present = [lang for lang in TRANSLATED if lang in available_languages()]
    print(f"languages played: {present or 'none'} and the pseudo-language")
    assert all(is_translated("cmd.cuarenta.desc", lang) for lang in present)
