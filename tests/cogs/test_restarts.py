"""Games survive restarts: the same database, a new bot, and the old buttons still answer.

simcord's restart_bot detaches the old bot without calling close(), which is what a
crash looks like to the database: nothing is flushed or closed on the way out.
"""

from __future__ import annotations

import pytest

from cogs.runtime import now
from tests.cogs.helpers import cog, current, only_session, play_one_turn, table_message, sessions

SLOW_BOT = 10  # a bot pause longer than simcord's settle window: the bot's turn stays pending


async def start_against_bot(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    return only_session(world.env)


async def test_restart_mid_game_keeps_every_move_and_old_buttons(world, make_bot):
    session = await start_against_bot(world)
    await play_one_turn(world, world.ana, session)
    before = current(world.env, session.session_id).to_dict()
    old_table = table_message(world, session)
    await world.env.restart_bot(make_bot())
    restored = current(world.env, session.session_id)
    assert restored.to_dict() == before  # nothing lost
    opened = await world.ana.click(old_table, label="My hand")  # a button from before
    assert opened.ephemeral and "Your hand" in opened.response.content
    await play_one_turn(world, world.ana, restored)
    assert current(world.env, session.session_id).version > before["version"]


@pytest.mark.bot_options(bot_pause_seconds=SLOW_BOT)
async def test_restart_during_a_bots_turn(world, make_bot):
    session = await start_against_bot(world)
    if current(world.env, session.session_id).current_seat().is_bot:
        await world.env.advance_time(SLOW_BOT + 1)
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    pending = current(world.env, session.session_id)
    assert pending.current_seat().is_bot  # the bot has not moved yet
    await world.env.restart_bot(make_bot(bot_pause_seconds=SLOW_BOT))
    assert current(world.env, session.session_id).version == pending.version
    await world.env.advance_time(SLOW_BOT + 1)
    moved = current(world.env, session.session_id)
    assert moved.version > pending.version  # the restarted bot took its turn


async def test_restart_restarts_the_turn_timer(world, make_bot):
    session = await start_against_bot(world)
    deadline = current(world.env, session.session_id).turn_deadline
    await world.env.restart_bot(make_bot())
    version = current(world.env, session.session_id).version
    await world.env.advance_time(deadline - now() + 0.5)
    timed_out = current(world.env, session.session_id)
    assert timed_out.version > version
    assert timed_out.seats[timed_out.seat_of(world.ana.id)].missed == 1


async def test_restart_in_a_lobby(world, make_bot):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    lobby = table_message(world, session)
    await world.env.restart_bot(make_bot())
    await world.beto.click(lobby, label="Join")
    await world.ana.click(table_message(world, session), label="Start")
    started = current(world.env, session.session_id)
    assert started.phase == "playing" and world.beto.id in started.human_ids()


async def test_restart_keeps_a_challenge_and_its_expiry(world, make_bot):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    await world.env.restart_bot(make_bot())
    assert len(cog(world.env).runtime.challenges) == 1
    accepted = await world.beto.click(sent.response, label="Accept")
    assert "accepted" in accepted.response.content
    assert only_session(world.env).phase == "playing"


async def test_a_game_whose_channel_is_gone_is_closed(world, make_bot):
    session = await start_against_bot(world)
    gone = world.guild.create_text_channel("temporary")
    await world.ana.slash(gone, "cuarenta start", mode="bot", bot_level="easy")
    doomed = next(s for s in sessions(world.env).values() if s.channel_id == gone.id)
    world.env.backend.delete_channel(gone.id)
    await world.env.restart_bot(make_bot())
    held = sessions(world.env)
    assert doomed.session_id not in held and session.session_id in held
    assert await world.env.bot.storage.get_session(doomed.session_id) is None


async def test_a_turn_that_ran_out_while_the_bot_was_down_starts_afresh(world, make_bot):
    session = await start_against_bot(world)
    state = current(world.env, session.session_id).to_dict()
    state["turn_started_at"] -= 1000  # as if the bot had been down for a quarter of an hour
    storage = world.env.bot.storage
    await storage.save_session(session.session_id, world.guild.id, world.channel.id, "game", state)
    await world.env.restart_bot(make_bot())
    restored = current(world.env, session.session_id)
    assert restored.version == state["version"]  # no move was made for her
    assert restored.seats[restored.seat_of(world.ana.id)].missed == 0
    assert restored.turn_deadline - now() == restored.turn_seconds
