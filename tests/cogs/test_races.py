"""Two clicks in the same instant: one outcome, and a private refusal for the other."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import (
    at_once,
    click_that_plays,
    current,
    forfeit,
    only_session,
    open_hand,
    services,
    sessions,
    table_message,
)

pytestmark = pytest.mark.usefixtures("rest_yields")


def answers(result) -> list[str]:
    texts = [result.response.content] if result.response is not None else []
    return texts + [f.content for f in result.followups]


async def test_double_accept_opens_one_table(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    first, second = await at_once(
        world.env,
        world.beto.click(sent.response, label="Accept"),
        world.beto.click(sent.response, label="Accept"),
    )
    assert len(sessions(world.env)) == 1
    texts = answers(first) + answers(second)
    assert sum("already been answered" in text for text in texts) == 1
    assert await world.env.bot.storage.get_session(sent.response.id) is None


@pytest.mark.parametrize("mode", ["bot", "1v1"])
async def test_two_starts_at_once_open_one_table(world, mode):
    first, second = await at_once(
        world.env,
        world.ana.slash(world.channel, "cuarenta start", mode=mode, bot_level="easy"),
        world.beto.slash(world.channel, "cuarenta start", mode=mode, bot_level="easy"),
    )
    assert len(sessions(world.env)) == 1
    refused = [r for r in (first, second) if "already a table" in r.response.content]
    assert len(refused) == 1 and refused[0].ephemeral
    rows = list(await world.env.bot.storage.load_sessions())
    assert len([row for row in rows if row.live]) == 1


@pytest.mark.parametrize("who", ["both players", "a double click"])
async def test_rematch_pressed_twice_opens_one_table(world, who):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    await world.beto.click(sent.response, label="Accept")
    finished = only_session(world.env)
    await forfeit(world, world.ana)
    table = table_message(world, finished)
    second_player = world.beto if who == "both players" else world.ana
    first, second = await at_once(
        world.env,
        world.ana.click(table, label="Rematch"),
        second_player.click(table, label="Rematch"),
    )
    live = [s for s in sessions(world.env).values() if s.is_live]
    assert len(live) == 1
    refused = [r for r in (first, second) if "already a table" in r.response.content]
    assert len(refused) == 1 and refused[0].ephemeral


SLOW_BOT = 10  # longer than simcord's settle window: the bot's move waits for advance_time


@pytest.mark.bot_options(bot_pause_seconds=SLOW_BOT)
async def test_a_stop_and_the_bots_move_at_once_make_one_outcome(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    if session.current_seat().is_bot:
        await world.env.advance_time(SLOW_BOT + 1)
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    shown, button = await click_that_plays(world.env, world.ana, hand)
    await world.ana.click(shown, custom_id=button)
    mine = current(world.env, session.session_id).version
    # /cuarenta stop arrives in the tick the bot's pause ends
    await world.env.advance_time(SLOW_BOT - 0.5)
    (stop,) = await at_once(
        world.env,
        world.ana.slash(world.channel, "cuarenta stop"),
        then=world.env.advance_time(1),
    )
    stopped = current(world.env, session.session_id)
    assert stopped.phase == "stopped" and stop.ephemeral
    assert stopped.version in (mine + 1, mine + 2)  # the stop, after the bot's move or not
    saved = await world.env.bot.storage.get_session(session.session_id)
    assert saved.state["version"] == stopped.version  # and nothing after it
    await world.env.advance_time(SLOW_BOT + 1)
    assert current(world.env, session.session_id).version == stopped.version


async def test_a_click_at_the_instant_the_turn_runs_out_makes_one_move(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    if session.current_seat().is_bot:
        await world.env.settle()
    session = current(world.env, session.session_id)
    hand = await open_hand(world, world.ana, session)
    version, deadline = session.version, session.turn_deadline
    await world.env.advance_time(deadline - world.env.now().timestamp() - 0.5)
    shown, button = await click_that_plays(world.env, world.ana, hand)
    (click,) = await at_once(
        world.env, world.ana.click(shown, custom_id=button), then=world.env.advance_time(1)
    )
    after = current(world.env, session.session_id)
    mine = after.log[-1] if after.log else {}
    seat = after.seats[after.seat_of(world.ana.id)]
    # either her click or the time-out made her move, never both
    assert after.version in (version + 1, version + 2)  # her move (and maybe the bot's)
    assert seat.missed in (0, 1)
    timed_out = seat.missed == 1
    assert timed_out == any("out of date" in text or "over" in text for text in answers(click))
    assert services(world.env).runtime.table(session.session_id).has_next_step()
    assert mine is not None
