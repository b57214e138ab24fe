"""One rule for the language: what everyone reads in the server's language, what one player
reads in their own Discord's (when the bot speaks it)."""

from __future__ import annotations

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
    assert hand.content.startswith(t("hand.your_turn", "es"))


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
