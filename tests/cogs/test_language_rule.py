"""One rule for the language: what everyone reads in the server's language, what one player
reads in their own Discord's (when the bot speaks it)."""

from __future__ import annotations

import pytest
from simcord.backend import serializers

from i18n import t
from tests.cogs.helpers import only_session, open_hand, speaks, table_message


async def test_the_table_in_the_servers_language_the_hand_in_the_players(world):
    await world.env.bot.services.settings.change(world.guild.id, language="en")
    speaks(world.env, "es-419", world.ana)
    await world.ana.slash(world.channel, "cuarenta start", bot_level="easy")
    session = only_session(world.env)
    assert session.lang == "en"
    assert t("button.my_hand", "en") in str(table_message(world, session).components)
    hand = await open_hand(world, world.ana, session)
    offer, header = hand.content.splitlines()[:2]  # a newcomer is offered the lessons
    assert header == t("hand.your_turn", "es") and offer.startswith("🎓 ¿")


async def test_unset_the_table_speaks_the_starters_language_and_a_stranger_reads_it(world):
    speaks(world.env, "es-ES", world.ana)
    speaks(world.env, "de", world.beto)  # a language the bot does not speak
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    assert session.lang == "es"
    joined = await world.beto.click(table_message(world, session), label=t("button.join", "es"))
    assert joined.response is None or not joined.ephemeral
    refused = await world.beto.click(table_message(world, session), label=t("button.join", "es"))
    assert refused.ephemeral  # already seated: told privately, in the server's language
    assert refused.response.content == t("refuse.already_seated", "es")


async def test_a_player_whose_discord_the_bot_does_not_speak_gets_spanish_by_default(world):
    speaks(world.env, "pt-BR")
    await world.ana.slash(world.channel, "cuarenta start", bot_level="easy")
    assert only_session(world.env).lang == "es"


@pytest.fixture
def community_server(simcord_env, monkeypatch):
    """A Community server whose owner chose French in its settings (simcord's servers are
    no Communities: its GUILD_CREATE is given the feature), and zoe, an "en-US" member."""
    payload = serializers.guild_create_payload

    def as_community(backend, guild):
        data = payload(backend, guild)
        data["features"] = ["COMMUNITY"]
        return data

    monkeypatch.setattr(serializers, "guild_create_payload", as_community)
    guild = simcord_env.create_guild("Lyon", preferred_locale="fr")
    channel = guild.create_text_channel("cuarenta")
    return simcord_env, channel, guild.add_member(simcord_env.create_user("zoe"))


async def test_a_community_server_unset_speaks_the_locale_it_chose(community_server):
    env, channel, zoe = community_server
    await zoe.slash(channel, "cuarenta start", bot_level="easy")
    (table,) = env.bot.services.runtime.tables.values()
    assert table.session.lang == "fr"  # not zoe's English: the server's choice
    speaks(env, "de", zoe)
    refused = await zoe.slash(channel, "cuarenta start")
    assert refused.ephemeral and refused.response.content.startswith(
        t("refuse.channel_busy", "fr", link="")[:12]
    )


async def test_a_server_that_is_no_community_ignores_its_default_locale(world):
    """Discord gives every server "en-US" until a Community chooses: it says nothing."""
    speaks(world.env, "tr", world.ana)
    await world.ana.slash(world.channel, "cuarenta start", bot_level="easy")
    assert only_session(world.env).lang == "tr"
