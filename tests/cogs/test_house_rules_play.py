"""A server's house rules in play: a table started with them keeps them through a restart,
is played to the end under them, and its record says which rules it was played under."""

from __future__ import annotations

import discord
import pytest

from cogs.ui.words import rules_text
from engine import Rules
from i18n import t
from tables.house_rules import OPTIONS, explain
from tables.settings import house_rules_config
from tests.cogs.helpers import (
    buttons,
    current,
    in_language,
    only_session,
    play_until_over,
    table_message,
)

HOUSE = Rules(ronda_points=4, lock_at=None, sum_cards=None, chicas_to_win=1)


async def set_house_rules(world):
    storage = world.env.bot.storage
    await storage.set_guild_config(world.guild.id, **house_rules_config(HOUSE))


async def test_a_game_under_house_rules_from_start_to_record(world, make_bot):
    await set_house_rules(world)
    await world.ana.slash(world.channel, "cuarenta start", rules="house", bot_level="easy")
    session = only_session(world.env)
    assert session.rules == HOUSE and session.game.rules == HOUSE
    header = table_message(world, session).content.splitlines()[0]
    assert "ronda 4" in header and "38" in header  # what differs from Quito, in a few words
    await world.env.restart_bot(make_bot())
    session = current(world.env, session.session_id)
    assert session.rules == HOUSE and session.game.rules == HOUSE  # a restart keeps them
    await play_until_over(world, [world.ana], session.session_id)
    await world.env.settle()
    storage = world.env.bot.storage
    house = await storage.player_stats(world.ana.id, world.guild.id, rules="house")
    quito = await storage.player_stats(world.ana.id, world.guild.id, rules="quito")
    assert house is not None and house.matches == 1
    assert quito is None or quito.matches == 0  # stats filter by rule set


async def test_the_rules_command_explains_the_tables_rules(world):
    await set_house_rules(world)
    await world.ana.slash(world.channel, "cuarenta start", rules="house", bot_level="easy")
    explained = await world.ana.slash(world.channel, "cuarenta rules")
    texts = [m.content for m in world.channel.history(viewer=world.ana) if m.flags.ephemeral]
    assert explained.ephemeral
    assert any("house rules (Quito + " in text for text in texts)


async def test_the_host_changes_the_rules_in_the_lobby(world):
    await set_house_rules(world)
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    lobby = table_message(world, only_session(world.env))
    assert "Rules: house ⟳" in [b.get("label") for b in buttons(lobby)]
    refused = await world.beto.click(lobby, label="Rules: house ⟳")
    assert refused.ephemeral and "Only the player who opened" in refused.response.content
    assert only_session(world.env).rules_name == "house"  # the server's default
    await world.ana.click(lobby, label="Rules: house ⟳")
    session = only_session(world.env)
    assert session.rules_name == "quito" and session.rules == Rules(chicas_to_win=1)
    assert "Rules: Quito ⟳" in [b.get("label") for b in buttons(table_message(world, session))]


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_rules_are_one_short_answer_with_only_what_differs_from_quito(world, lang):
    await in_language(world, lang)
    await world.ana.slash(world.channel, "cuarenta start", bot_level="easy")  # Quito
    quito = await world.ana.slash(world.channel, "cuarenta rules")
    offer = t("learn.offer", lang, minutes=6)  # Ana never finished a match: the lessons
    assert quito.followups == []
    assert quito.response.content == f"{rules_text(Rules(), lang)}\n\n{offer}"
    await world.ana.slash(world.channel, "cuarenta stop")
    await world.env.bot.services.settings.change(world.guild.id, **house_rules_config(HOUSE))
    await world.ana.slash(world.channel, "cuarenta start", rules="house", bot_level="easy")
    house = await world.ana.slash(world.channel, "cuarenta rules")
    assert house.followups == []  # one answer, phone-sized
    explained = explain(HOUSE, lang, changed_only=True)
    assert house.response.content == f"{rules_text(HOUSE, lang)}\n\n{explained}\n\n{offer}"
    changed = [o for o in OPTIONS if getattr(HOUSE, o.field) != getattr(Rules(), o.field)]
    assert len(explained.splitlines()) == 1 + len(changed)  # the title, then what differs


HOUSE_NAMES = {
    "es": "reglas de la casa (Quito + sobrantes al último + 3 caídas seguidas ganan)",
    "en": "house rules (Quito + leftovers to the last capturer + 3 caídas in a row win)",
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_house_rules_have_one_name_everywhere(world, lang):
    """The settings, /cuarenta rules, the lobby and the table's title name the house rules
    with the same words, which say what they change from Quito; the lobby's button, short."""
    named = Rules(leftovers="last_capturer", caidas_seguidas=3)
    settings = world.env.bot.services.settings
    await settings.change(world.guild.id, **house_rules_config(named))
    await in_language(world, lang)
    name = HOUSE_NAMES[lang]
    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    manager = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    config = await manager.slash(world.channel, "cuarenta config")
    assert t("config.show", lang, summary=name) in config.response.content

    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    lobby = table_message(world, only_session(world.env))
    assert name in lobby.content.splitlines()[0]
    button = {"es": "Reglas: de la casa ⟳", "en": "Rules: house ⟳"}[lang]
    assert button in [b.get("label") for b in buttons(lobby)]

    await world.beto.click(lobby, label=t("button.join", lang))
    await world.ana.click(lobby, label=t("button.start", lang))
    title = table_message(world, only_session(world.env)).content.splitlines()[0]
    assert f"**CUARENTA** · {name} · chica 1" in title
    told = await world.ana.slash(world.channel, "cuarenta rules")
    assert told.response.content.splitlines()[0].endswith(f" · {name}")
    heads = [config.response.content.splitlines()[0], lobby.content, title]
    assert not any(t("choice.house", lang) in text for text in heads)  # named once
