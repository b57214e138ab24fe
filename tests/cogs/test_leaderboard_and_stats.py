"""/cuarenta leaderboard and /cuarenta stats, on recorded matches."""

from __future__ import annotations

import pytest

from cogs.leaderboard.messages import MIN_MATCHES_FOR_RATE
from db import MatchOutcome, MatchRecord, PlayerResult
from i18n import t, tn
from tests.cogs.helpers import card_text, enabled, in_language
from tests.cogs.test_localization import synced_commands


def duel_record(
    number: int,
    guild_id: int,
    winner: int,
    loser: int,
    bots: bool = False,
    outcome: MatchOutcome = MatchOutcome.PLAYED,
):
    def result(user_id, seat, won):
        return PlayerResult(
            user_id=user_id, seat=seat, side=seat, won=won, chicas_won=2 if won else 0,
            chicas_lost=0 if won else 2, points=80 if won else 26, caidas=3, limpias=1,
            rondas=0, zapaterias_given=0, zapaterias_suffered=0,
        )  # fmt: skip

    return MatchRecord(
        match_id=f"m{number}", guild_id=guild_id, channel_id=1, finished_at=float(number),
        rules="quito", players=2, with_bots=bots, winner_side=0,
        results=[result(winner, 0, True), result(loser, 1, False)], outcome=outcome,
    )  # fmt: skip


async def test_leaderboard_pages_and_perros(world):
    storage = world.env.bot.storage
    champion = world.ana.id
    for number in range(12):  # ana beats 12 different players
        await storage.record_match(duel_record(number, world.guild.id, champion, 1000 + number))
    shown = await world.beto.slash(world.channel, "cuarenta leaderboard")
    assert shown.ephemeral  # its pages turn as well on a private answer
    lines = shown.response.content.splitlines()
    # (recorded outside a season, as a match of the bot's first version: the season is empty)
    assert lines[1].startswith("Season December 2025 has no matches yet (it ends <t:")
    first_line = lines[2]
    assert first_line.startswith(f"1. <@{champion}>") and "12 won, 0 lost (100%)" in first_line
    assert "96 perros" in first_line  # 12 × 80 points = 960: 96 perros 0 tantos
    assert "Page 1 of 2" in shown.response.content
    following = await world.beto.click(shown.response, label="Next ▶")
    assert "Page 2 of 2" in following.response.content
    assert enabled(following.response, "lb")[0]["label"] == "◀ Previous"


async def test_bot_games_are_ranked_apart(world):
    storage = world.env.bot.storage
    await storage.record_match(duel_record(1, world.guild.id, world.ana.id, None, bots=True))
    humans = await world.ana.slash(world.channel, "cuarenta leaderboard")
    assert "No matches recorded" in humans.response.content
    with_bots = await world.ana.slash(world.channel, "cuarenta leaderboard", with_bots=True)
    assert f"<@{world.ana.id}>" in with_bots.response.content


async def test_stats_of_a_player(world):
    storage = world.env.bot.storage
    await storage.record_match(duel_record(1, world.guild.id, world.ana.id, world.beto.id))
    await storage.record_match(duel_record(2, world.guild.id, world.beto.id, world.ana.id))
    await storage.record_match(duel_record(3, world.guild.id, world.beto.id, world.ana.id))
    shown = await world.carla.slash(world.channel, "cuarenta stats", user=world.ana)
    text = card_text(shown)
    assert "Matches: 1 won, 2 lost (33%)" in text
    assert f"Toughest rival: <@{world.beto.id}>" in text  # the picture's word too
    assert "Caídas 9" in text
    nobody = await world.carla.slash(world.channel, "cuarenta stats")
    assert "hasn't played a match yet" in nobody.response.content


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_win_rate_board_without_enough_matches_says_why(world, lang):
    """Players with a few matches have no win rate yet: the board says so, rather than
    that nothing was recorded."""
    await in_language(world, lang)
    storage = world.env.bot.storage
    await storage.record_match(duel_record(1, world.guild.id, world.ana.id, world.beto.id))
    shown = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="win_rate")
    assert t("leaderboard.too_few", lang, n=MIN_MATCHES_FOR_RATE) in shown.response.content
    nothing = await world.carla.slash(world.channel, "cuarenta leaderboard", with_bots=True)
    assert t("leaderboard.empty", lang) in nothing.response.content


async def test_the_spanish_rating_is_a_level_not_points(world):
    """ "Puntuación" next to "puntos" confused players: the rating is "nivel" in Spanish."""
    await in_language(world, "es")
    storage = world.env.bot.storage
    await storage.record_match(duel_record(1, world.guild.id, world.ana.id, world.beto.id))
    shown = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    assert shown.response.content.splitlines()[0].count("nivel") == 1
    assert "untuaci" not in shown.response.content


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_stats_and_leaderboards_are_private_unless_shared(world, lang):
    """A look at the rankings leaves nothing in the game channel; `public` shows it there."""
    await in_language(world, lang)
    storage = world.env.bot.storage
    await storage.record_match(duel_record(1, world.guild.id, world.ana.id, world.beto.id))
    for command in ("cuarenta stats", "cuarenta leaderboard"):
        private = await world.ana.slash(world.channel, command)
        assert private.ephemeral and f"<@{world.ana.id}>" in private.response.content
        shared = await world.ana.slash(world.channel, command, public=True)
        assert not shared.ephemeral and shared.response.content == private.response.content
    public = [m for m in world.channel.history() if not m.flags.ephemeral]
    assert len(public) == 2  # only the two shared on purpose


async def test_the_option_to_share_is_named_in_spanish_too(world):
    (group,) = [c for c in synced_commands(world.env) if c["name"] == "cuarenta"]
    for command in ("stats", "leaderboard"):
        (subcommand,) = [o for o in group["options"] if o["name"] == command]
        (public,) = [o for o in subcommand["options"] if o["name"] == "public"]
        assert public["name_localizations"]["es-419"] == "publicar"
        assert "solo lo ves tú" in public["description_localizations"]["es-ES"]


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_stats_of_a_player_whose_every_match_was_abandoned_say_so(world, lang):
    await in_language(world, lang)
    storage = world.env.bot.storage
    for number in (1, 2):
        abandoned = MatchOutcome.ABANDONED
        await storage.record_match(
            duel_record(number, world.guild.id, world.ana.id, world.beto.id, outcome=abandoned)
        )
    shown = await world.beto.slash(world.channel, "cuarenta stats", user=world.ana)
    who = f"<@{world.ana.id}>"
    assert shown.response.content == tn("stats.only_abandoned", lang, 2, who=who)
    assert "0%" not in shown.response.content  # no block of zeros
