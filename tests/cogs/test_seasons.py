"""Seasons through the bot: a match counts in the current season, the season rolls over
when the clock passes its end (the podium archived and announced once, even when Discord
fails for a while or a restart comes), and the old season stays readable.

simcord's clock starts at 2026-01-01 00:00 UTC, 19:00 on 31 December in Quito: the first
month's (and quarter's) season ends five hours in."""

from __future__ import annotations

from dataclasses import replace

import discord

from cogs.infra.clock import now
from cogs.seasons.keeper import SeasonKeeper
from tables import ratings
from tests.cogs.helpers import card_text, duel_played, services
from tests.cogs.test_leaderboard_and_stats import duel_record


def announcements(world) -> list[str]:
    return [m.content for m in world.channel.history() if m.content.startswith("🏁")]


async def season_now(world):
    return await services(world.env).get(SeasonKeeper).season_for(world.guild.id, now())


async def record(world, number: int, winner: int, loser: int) -> None:
    """A duel recorded and rated as the driver does it, in the season running now (the
    bot learns of the season when it records a match itself, or when it starts)."""
    match = duel_record(number, world.guild.id, winner, loser)
    match = replace(match, finished_at=now(), channel_id=world.channel.id)
    storage = world.env.bot.storage
    await storage.record_match(match, await season_now(world))
    await storage.rate_match(match, ratings.rater(match))


async def past_the_season(world) -> str:
    """Move the clock past the end of the season running now; its key."""
    season = await season_now(world)
    await world.env.advance_time(season.ends_at - now() + 5)
    return season.key


async def test_a_season_rolls_over_with_its_podium_and_stays_readable(world, make_bot):
    session = await duel_played(world)
    winner = session.seats[session.winner].user_id
    loser = session.seats[1 - session.winner].user_id
    board = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    title, first = board.response.content.splitlines()[:2]
    season = await season_now(world)
    assert "· season " in title and first.startswith(f"1. <@{winner}>")
    assert f"· ends <t:{int(season.ends_at)}:R>" in title  # when it ends, in each reader's time

    key = await past_the_season(world)
    [told] = announcements(world)
    # told in the server's language (Spanish unless set: a channel has no reader's locale)
    assert key == season.key and "Terminó la temporada" in told and "1 contra 1" in told
    # two players make no podium (never a medal for the last); both played most: both named
    assert "🥇" not in told and "🥈" not in told and "No hay podio" in told
    assert f"🗓️ Más partidas: <@{min(winner, loser)}> y <@{max(winner, loser)}> (1)" in told
    assert "el de siempre sigue" in told and "empieza de nuevo" in told
    stored = await world.env.bot.storage.season(world.guild.id, key)
    assert stored.announced and stored.podium.places == ()

    # the new season has no match yet: the board says so and shows all time; the old one
    # stays readable, and no longer says when it ends
    board = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    title, empty = board.response.content.splitlines()[:2]
    assert "· all time" in title
    assert empty.startswith("Season January 2026 has no matches yet") and "all time:" in empty
    for asked in (key, "December 2025", "diciembre 2025"):  # its key, or its name as typed
        old = await world.carla.slash(
            world.channel, "cuarenta leaderboard", sort="rating", season=asked
        )
        assert old.response.content.splitlines()[1].startswith(f"1. <@{winner}>")
        assert "ends <t:" not in old.response.content.splitlines()[0]

    card = await world.carla.slash(world.channel, "cuarenta stats", user=world.ana)
    assert "Season January 2026: no rated matches yet" in card_text(card)
    assert "Rating" in card_text(card) and len(card.response.attachments) == 1

    # a match of the new season rates from scratch there; all time goes on
    await record(world, 1, loser, winner)
    board = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    assert board.response.content.splitlines()[1].startswith(f"1. <@{loser}>")
    all_time = await world.env.bot.storage.rating_leaderboard(world.guild.id)
    assert sorted(row.matches for row in all_time) == [2, 2]

    # told once: after a restart (its start looks for seasons to close) nothing new is told
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(120)
    assert len(announcements(world)) == 1


async def test_a_failed_announcement_is_tried_again_and_told_once(world, make_bot):
    await record(world, 1, world.ana.id, world.beto.id)
    await world.env.restart_bot(make_bot())
    world.env.inject_error("POST", "/channels/*/messages", status=500, code=0, times=2)
    key = await past_the_season(world)  # two failures, tried again after 1 s and 2 s
    await world.env.advance_time(60)
    assert len(announcements(world)) == 1
    assert (await world.env.bot.storage.season(world.guild.id, key)).announced
    world.env.errors.clear()  # the failures the bot logged on purpose


async def test_a_season_channel_closed_to_the_bot_is_given_up_and_the_season_kept(world, make_bot):
    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    shown = await dora.slash(
        world.channel, "cuarenta config", seasons="quarterly", season_channel=world.channel
    )
    assert "seasons quarterly (announced in" in shown.response.content
    await record(world, 1, world.ana.id, world.beto.id)
    await record(world, 2, world.ana.id, world.carla.id)  # 3 ranked: a champion
    await world.env.restart_bot(make_bot())
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50001, times=50)
    key = await past_the_season(world)
    assert key.endswith(("Q1", "Q2", "Q3", "Q4"))
    stored = await world.env.bot.storage.season(world.guild.id, key)
    assert stored.announced and stored.podium.places[0].user_id == world.ana.id
    board = await world.carla.slash(world.channel, "cuarenta leaderboard", season=key)
    assert f"1. <@{world.ana.id}>" in board.response.content
    world.env.backend.faults.clear()
    world.env.errors.clear()
    assert announcements(world) == []


async def test_a_named_season_is_set_and_bad_season_input_changes_nothing(world):
    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    unknown = await world.ana.slash(world.channel, "cuarenta leaderboard", season="1999-01")
    assert unknown.ephemeral and "I don't know that season" in unknown.response.content
    everywhere = await world.ana.slash(
        world.channel, "cuarenta leaderboard", scope="global", season="2025-12"
    )
    assert everywhere.ephemeral and "each server's own" in everywhere.response.content
    for options, why in [
        ({"season_name": "Fiestas", "season_start": "1/12/2026"}, "needs a name, a start"),
        ({"season_name": "Fiestas", "season_start": "mañana", "season_end": "6/12/2026"}, "date"),
        (
            {"season_name": "Fiestas", "season_start": "6/12/2026", "season_end": "1/12/2026"},
            "ends",
        ),
    ]:
        refused = await dora.slash(world.channel, "cuarenta config", **options)
        assert refused.ephemeral and why in refused.response.content
    settings = services(world.env).settings
    assert (await settings.get(world.guild.id)).seasons == "monthly"  # nothing changed
    saved = await dora.slash(
        world.channel,
        "cuarenta config",
        season_name="Fiestas de Quito",
        season_start="1/12/2026",
        season_end="6/12/2026",
    )
    assert "seasons named, with dates" in saved.response.content
    assert "Fiestas de Quito (2026-12-01 to 2026-12-06)" in saved.response.content
    assert await season_now(world) is None  # no named season runs today: matches count in none


async def test_a_podium_of_five_ranked_medals_three_and_names_its_logros(world, make_bot):
    players = [10**17 + n for n in range(5)]  # 1 beats everyone, 2 beats 3.., and so on
    number = 0
    for high, winner in enumerate(players):
        for loser in players[high + 1 :]:
            number += 1
            await record(world, number, winner, loser)
    await world.env.restart_bot(make_bot())  # (a start looks for the seasons to close)
    key = await past_the_season(world)
    [told] = announcements(world)
    first, second, third = (f"<@{user_id}>" for user_id in players[:3])
    assert f"🥇 Campeón: {first}" in told and f"🥈 Segundo: {second}" in told
    assert f"🥉 Tercero: {third}" in told
    assert f"<@{players[3]}>" not in told.split("🗓️")[0]  # no medal below the third
    logros_line = next(line for line in told.splitlines() if line.startswith(f"🏅 {first}"))
    assert "¡Campeón de temporada!" in logros_line and "¡Al podio!" in logros_line
    assert f"🏅 {third}: ¡Al podio!" in told and f"🏅 <@{players[3]}>" not in told
    assert "(4)" in told and "y" in told.split("🗓️")[1]  # most matches: all five tied at 4
    stored = await world.env.bot.storage.season(world.guild.id, key)
    assert [p.user_id for p in stored.podium.places] == players[:3]
    earned = await world.env.bot.storage.player_logros(players[3])
    assert all(found.logro != "season_podium" for found in earned)  # fourth: no "¡Al podio!"
