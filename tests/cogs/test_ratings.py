"""Ratings through the bot: whole matches played by clicks move the winners' ratings up and
the losers' down (1 vs 1, and 2 vs 2 with bots), casual matches move nothing, and the
leaderboard and stats tell the ratings."""

from __future__ import annotations

import re

import pytest

from cogs.live import driver as history
from tables.results import match_record
from tests.cogs.helpers import (
    card_text,
    duel_played,
    only_session,
    play_until_over,
    services,
    table_message,
)


def told_changes(content: str) -> dict[int, int]:
    """The rating changes the match end tells: {user id: change}."""
    [line] = [line for line in content.splitlines() if line.startswith("📈")]
    return {
        int(user): int(sign.replace("−", "-").replace("+", "") + number) if sign != "±" else 0
        for user, sign, number in re.findall(r"<@(\d+)> ([+−±])(\d+)", line)
    }


async def test_a_duel_between_two_humans_is_rated(world):
    session = await duel_played(world)
    winner = session.seats[session.winner].user_id
    loser = session.seats[1 - session.winner].user_id
    changes = told_changes(table_message(world, session).content)
    assert changes[winner] > 0 > changes[loser]
    storage = world.env.bot.storage
    board = await storage.rating_leaderboard(world.guild.id)
    assert [row.user_id for row in board] == [winner, loser]
    assert await storage.rating_leaderboard(world.guild.id, with_bots=True) == []

    shown = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    lines = shown.response.content.splitlines()
    assert "rating · 1 on 1" in lines[0]
    assert lines[1].startswith(f"1. <@{winner}> — **") and "(provisional)" in lines[1]
    assert lines[2].startswith(f"2. <@{loser}>")
    teams = await world.carla.slash(
        world.channel, "cuarenta leaderboard", sort="rating", table="2v2"
    )
    assert "No matches recorded" in teams.response.content

    stats = await world.carla.slash(world.channel, "cuarenta stats", user=world.ana)
    text = card_text(stats)
    assert "Rating" in text and "1 on 1: " in text and "over the last match" in text
    won = world.ana.id == winner
    assert ("Best win: against" in text) == won
    assert f"rank {1 if won else 2}" in text

    # rated once: rating the same match again (as after a crash) changes nothing
    before = await storage.player_ratings(world.ana.id, world.guild.id)
    again = await history.rate_match(storage, match_record(session, 1.0))
    assert again == changes
    assert await storage.player_ratings(world.ana.id, world.guild.id) == before


async def test_two_humans_with_two_bots_are_rated_in_the_with_bots_ranking(world):
    await world.ana.slash(
        world.channel, "cuarenta start", mode="2v2", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    await world.beto.click(table_message(world, session), label="Team B")
    await world.ana.click(table_message(world, session), label="Start")
    await play_until_over(world, [world.ana, world.beto], session.session_id)
    await world.env.settle()
    session = only_session(world.env)
    assert not session.hints_available
    changes = told_changes(table_message(world, session).content)
    for member in (world.ana, world.beto):
        won = session.seat_of(member.id) % 2 == session.winner
        assert (changes[member.id] > 0) == won, (member.id, changes)
    storage = world.env.bot.storage
    board = await storage.rating_leaderboard(world.guild.id, with_bots=True, players=4)
    assert {row.user_id for row in board} == {world.ana.id, world.beto.id}
    assert await storage.rating_leaderboard(world.guild.id, players=4) == []


@pytest.mark.parametrize("casual", [False, True], ids=["no hint", "a hint shown"])
async def test_a_match_against_the_bot_is_rated_with_bots_unless_casual(world, casual):
    await world.ana.slash(
        world.channel, "cuarenta start", mode="bot", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    if casual:  # a hint was shown: the match is casual
        await services(world.env).runtime.table(session.session_id).change(lambda s: s.note_hint())
    await play_until_over(world, [world.ana], session.session_id)
    await world.env.settle()
    session = only_session(world.env)
    assert session.phase == "finished" and session.casual is casual
    storage = world.env.bot.storage
    mine = await storage.player_ratings(world.ana.id, world.guild.id)
    if casual:
        assert session.rating_changes == {} and mine == []
        assert "📈" not in table_message(world, session).content
        stats = await world.ana.slash(world.channel, "cuarenta stats")
        assert "Matches: " in card_text(stats) and "Rating" not in card_text(stats)
    else:
        changes = told_changes(table_message(world, session).content)
        assert (changes[world.ana.id] > 0) == (session.winner == 0)
        assert [(r.with_bots, r.players, r.matches) for r in mine] == [(True, 2, 1)]
    assert await storage.rating_leaderboard(world.guild.id) == []  # human-only: nothing
