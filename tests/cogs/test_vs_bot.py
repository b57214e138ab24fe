"""Whole matches played through clicks: against the bot, and 2 humans with 2 bots."""

from __future__ import annotations

import os

from cogs.infra.workers import THINK_NICENESS, Work
from cogs.ui import ids
from engine import Game, Move
from tests.cogs.helpers import enabled, only_session, play_one_turn, play_until_over, table_message


async def test_a_whole_match_against_the_bot(world):
    started = await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    assert not started.ephemeral
    assert "CUARENTA" in started.response.content
    session = only_session(world.env)
    turns = await play_until_over(world, [world.ana], session.session_id)
    session = only_session(world.env)
    assert session.phase == "finished" and session.winner in (0, 1)
    assert session.ended_by == "match"
    assert turns > 10
    final = table_message(world, session)
    assert "🏆" in final.content
    actions = {ids.TABLE.parse_id(b["custom_id"])["what"] for b in enabled(final, "table")}
    assert actions == {"rules", "rematch"}  # the hand button is disabled at the end
    stats = await world.env.bot.storage.player_stats(world.ana.id, world.guild.id)
    assert stats is not None and stats.matches == 1 and stats.bot_matches == 1
    assert stats.wins == (1 if session.winner == 0 else 0)


async def test_two_humans_and_two_bots(world):
    await world.ana.slash(
        world.channel, "cuarenta start", mode="2v2", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    lobby = table_message(world, session)
    joined = await world.beto.click(lobby, label="Team B")
    assert f"<@{world.beto.id}>" in joined.response.content
    await world.ana.click(table_message(world, session), label="Start")
    session = only_session(world.env)
    assert session.phase == "playing"
    assert [s.user_id for s in session.seats[:2]] == [world.ana.id, world.beto.id]
    assert all(s.is_bot for s in session.seats[2:])
    await play_until_over(world, [world.ana, world.beto], session.session_id)
    session = only_session(world.env)
    assert session.phase == "finished"
    for member in (world.ana, world.beto):
        stats = await world.env.bot.storage.player_stats(member.id, world.guild.id)
        assert stats.matches == 1
        assert stats.wins == (1 if session.winner == session.seat_of(member.id) % 2 else 0)


async def test_the_expert_thinks_in_another_process_and_plays_on(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="expert")
    start_version = only_session(world.env).version
    for _ in range(3):
        await play_one_turn(world, world.ana, only_session(world.env))
    assert only_session(world.env).version >= start_version + 6  # 3 moves each side
    runtime = world.env.bot.services.runtime
    assert world.env.bot.services.workers.started(Work.THINK)
    session = only_session(world.env)
    [expert] = runtime.table(session.session_id).remembered_bots()
    assert expert.level == "expert"
    # It has watched every play before its last one: it knows each card captured by then.
    game = Game.new(session.players, session.rules, session.seed)
    captured = [0] * 11
    for text in session.moves[:-1]:
        hand = game.hand_number
        for event in game.play(Move.parse(text)):
            if event.kind == "capture":
                for card in (event.card, *event.takes):
                    captured[card.rank] += 1
        if game.hand_number != hand:
            captured = [0] * 11
    assert expert.memory.recall(game) == captured
    assert expert.memory.lacking(game) is not None


async def test_the_bots_think_at_a_lower_priority_than_the_clicks(world):
    """The thinking worker runs THINK_NICENESS nicer than the bot, so that the event loop
    answering clicks gets the CPU first when both want it; hints, a player waiting, do not."""
    workers = world.env.bot.services.workers
    here = os.nice(0)
    assert await workers.run(Work.THINK, os.nice, 0) == min(here + THINK_NICENESS, 19)
    assert await workers.run(Work.HINT, os.nice, 0) == here
