"""Every wrong click gets a short private answer and changes nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.cogs.helpers import (
    at_once,
    click_that_plays,
    current,
    enabled,
    forfeit_question,
    message_as_seen,
    only_session,
    open_hand,
    play_one_turn,
    services,
    table_message,
)


async def start_duel(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    await world.beto.click(sent.response, label="Accept")
    return only_session(world.env)


def player(world, session):
    seat = session.current_seat()
    return world.ana if seat.user_id == world.ana.id else world.beto


def other(world, member):
    return world.beto if member is world.ana else world.ana


async def test_a_non_player_cannot_open_a_hand(world):
    session = await start_duel(world)
    before = session.to_dict()
    result = await world.carla.click(table_message(world, session), label="My hand")
    assert result.ephemeral and "not playing" in result.response.content
    assert current(world.env, session.session_id).to_dict() == before


@pytest.mark.usefixtures("rest_yields")
async def test_a_double_click_plays_once_and_refreshes_the_hand(world):
    """Two presses of one card, both sent before the bot saw either: one move."""
    session = await start_duel(world)
    mover = player(world, session)
    hand = await open_hand(world, mover, session)
    shown, button = await click_that_plays(world.env, mover, hand)
    before = current(world.env, session.session_id).version
    since = len(world.env.http_requests)
    await at_once(
        world.env, mover.click(shown, custom_id=button), mover.click(shown, custom_id=button)
    )
    assert current(world.env, session.session_id).version == before + 1
    answers = [  # both answers edit the same private hand: read what each one said
        r.json["data"]
        for r in world.env.http_requests[since:]
        if r.path.endswith("/callback") and r.json.get("type") == 7
    ]
    refused = [a for a in answers if "out of date" in a["content"]]
    assert len(answers) == 2 and len(refused) == 1
    assert enabled(SimpleNamespace(components=refused[0]["components"]), "card") == []


async def test_opening_a_new_hand_quiets_the_old_one(world):
    session = await start_duel(world)
    mover = player(world, session)
    old = await open_hand(world, mover, session)
    new = await open_hand(world, mover, session)
    seen = {m.id for m in world.channel.history(viewer=mover)}
    assert new.id in seen and old.id not in seen  # the old hand is gone, not piled up


async def test_out_of_turn_hand_is_disabled_and_says_whose_turn(world):
    session = await start_duel(world)
    waiting = other(world, player(world, session))
    hand = await open_hand(world, waiting, session)
    assert enabled(hand, "card") == []
    mover = player(world, session)
    assert f"<@{mover.id}>" in hand.content


@pytest.mark.usefixtures("rest_yields")
async def test_a_move_sent_as_the_game_ends_is_refused(world):
    session = await start_duel(world)
    mover = player(world, session)
    hand = await open_hand(world, mover, session)
    shown, button = await click_that_plays(world.env, mover, hand)
    question, confirm = await forfeit_question(world, world.ana)
    _, late = await at_once(
        world.env,
        world.ana.click(question, custom_id=confirm),
        mover.click(shown, custom_id=button),
    )
    finished = current(world.env, session.session_id)
    assert finished.phase == "finished"
    assert finished.winner == 1 - finished.seat_of(world.ana.id) % 2
    assert late.response.ephemeral and "over" in late.response.content
    saved = await world.env.bot.storage.get_session(session.session_id)
    assert saved.state["version"] == finished.version  # nothing after the end
    assert "over" in message_as_seen(world, mover, hand).content  # her open hand was told
    again = await world.ana.slash(world.channel, "cuarenta hand")
    assert again.ephemeral and "over" in again.response.content


async def test_only_host_or_moderator_can_stop(world):
    session = await start_duel(world)
    refused = await world.carla.slash(world.channel, "cuarenta stop")
    assert refused.ephemeral and "Manage Messages" in refused.response.content
    assert current(world.env, session.session_id).phase == "playing"
    stopped = await world.ana.slash(world.channel, "cuarenta stop")
    assert stopped.ephemeral
    assert current(world.env, session.session_id).phase == "stopped"
    assert "stopped" in table_message(world, session).content


async def test_a_failed_save_is_rolled_back_and_apologised_for(world, monkeypatch):
    session = await start_duel(world)
    mover = player(world, session)
    hand = await open_hand(world, mover, session)
    before = current(world.env, session.session_id).to_dict()
    storage = world.env.bot.storage

    async def broken_save(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(storage, "save_session", broken_save)
    result = await mover.click(hand, custom_id=enabled(hand, "card")[0]["custom_id"])
    if enabled(result.response, "take"):
        result = await mover.click(
            result.response, custom_id=enabled(result.response, "take")[0]["custom_id"]
        )
    texts = [result.response.content] + [f.content for f in result.followups]
    assert any("went wrong" in text for text in texts)
    assert current(world.env, session.session_id).to_dict() == before
    world.env.errors.clear()  # the failure was logged on purpose
    monkeypatch.undo()
    await play_one_turn(world, mover, current(world.env, session.session_id))
    assert current(world.env, session.session_id).version == before["version"] + 1


async def test_buttons_of_an_unknown_table_answer_politely(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    table = table_message(world, session)
    services(world.env).runtime.table(session.session_id).close()  # as if it had been deleted
    result = await world.ana.click(table, label="My hand")
    assert result.ephemeral and "no longer exists" in result.response.content
