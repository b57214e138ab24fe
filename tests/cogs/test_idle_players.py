"""Idle players: a reminder, then a move made for them, then a bot in their seat."""

from __future__ import annotations

import discord
import pytest

from cogs.infra.clock import now
from cogs.live.publisher import HOLD_EXTRA_SECONDS
from tests.cogs.helpers import (
    buttons,
    current,
    only_session,
    open_hand,
    play_one_turn,
    table_message,
)

BOT_PAUSE = 10  # longer than simcord's settle window, so bot moves wait for advance_time


def ana_to_play(world, session_id) -> bool:
    seat = current(world.env, session_id).current_seat()
    return seat is not None and seat.user_id == world.ana.id and not seat.is_bot


async def wait_for_ana(world, session_id) -> None:
    for _ in range(10):
        if ana_to_play(world, session_id):
            return
        await world.env.advance_time(BOT_PAUSE)
    raise AssertionError("the bot never handed the turn back")


@pytest.mark.bot_options(bot_pause_seconds=BOT_PAUSE)
async def test_idle_player_is_reminded_played_for_and_replaced(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session_id = only_session(world.env).session_id
    for missed in (1, 2, 3):
        await wait_for_ana(world, session_id)
        session = current(world.env, session_id)
        version, deadline = session.version, session.turn_deadline
        await world.env.advance_time(session.reminder_at - now() + 1)
        reminder = world.channel.last_message
        assert f"<@{world.ana.id}>" in reminder.content and "your turn" in reminder.content
        assert current(world.env, session_id).version == version  # a reminder changes nothing
        await world.env.advance_time(deadline - now() + 0.5)
        session = current(world.env, session_id)
        assert session.version == version + 1  # exactly one move, made for her
        assert all(m.id != reminder.id for m in world.channel.history())  # the ping is gone
        if missed < 3:
            assert session.seats[session.seat_of(world.ana.id)].missed == missed
            await world.env.advance_time(BOT_PAUSE + 1)  # the table shows it with the bot's reply
            assert "took too long" in table_message(world, session).content
    session = current(world.env, session_id)
    assert session.seat_of(world.ana.id) is None  # a bot plays her seat now
    await world.env.advance_time(BOT_PAUSE + HOLD_EXTRA_SECONDS + 0.5)  # bots play on; shown
    assert "missed 3 turns" in table_message(world, session).content
    version = session.version
    await world.env.advance_time(BOT_PAUSE + 1)
    assert current(world.env, session_id).version > version  # and it plays without anyone


async def test_a_move_resets_the_missed_count(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session_id = only_session(world.env).session_id
    session = current(world.env, session_id)
    await world.env.advance_time(session.turn_deadline - now() + 0.5)
    seat = current(world.env, session_id).seat_of(world.ana.id)
    assert current(world.env, session_id).seats[seat].missed == 1
    await play_one_turn(world, world.ana, current(world.env, session_id))
    assert current(world.env, session_id).seats[seat].missed == 0


async def test_turn_time_is_a_server_setting(world):
    not_allowed = await world.carla.slash(world.channel, "cuarenta config", turn_seconds=30)
    assert not_allowed.ephemeral and "Manage Server" in not_allowed.response.content
    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    refused = await dora.slash(world.channel, "cuarenta config", turn_seconds=10)
    assert refused.ephemeral and "between 20 and 600" in refused.response.content
    saved = await dora.slash(world.channel, "cuarenta config", turn_seconds=30)
    assert "turn 30 s" in saved.response.content
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    assert session.turn_seconds == 30
    assert session.turn_deadline - session.turn_started_at == 30


@pytest.mark.bot_options(bot_pause_seconds=BOT_PAUSE)
async def test_coming_back_turns_the_offer_into_the_hand(world):
    """After a bot took her seat, the private offer to come back becomes her hand when she
    takes the seat back: no second message, and no offer left live above it."""
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session_id = only_session(world.env).session_id
    for _ in range(3):
        await wait_for_ana(world, session_id)
        await world.env.advance_time(current(world.env, session_id).turn_deadline - now() + 0.5)
    session = current(world.env, session_id)
    assert session.seats[0].is_replaced
    offer = await open_hand(world, world.ana, session)
    (reclaim,) = [b for b in buttons(offer) if b["custom_id"].endswith(":reclaim")]
    back = await world.ana.click(offer, custom_id=reclaim["custom_id"])
    assert back.response.id == offer.id  # the offer itself now shows the hand
    assert not any(b["custom_id"].endswith(":reclaim") for b in buttons(back.response))
    assert current(world.env, session_id).seat_of(world.ana.id) == 0
