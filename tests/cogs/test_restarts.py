"""Games survive restarts: the same database, a new bot, and the old buttons still answer.

simcord's restart_bot detaches the old bot without calling close(), which is what a
crash looks like to the database: nothing is flushed or closed on the way out.
"""

from __future__ import annotations

import pytest

from cogs.infra.clock import now
from cogs.ui.table import hand_payload
from db import Storage, StorageError
from tables import TableSession
from tests.cogs.helpers import (
    assert_consistent,
    click_that_plays,
    current,
    enabled,
    message,
    only_session,
    open_hand,
    play_one_turn,
    services,
    sessions,
    table_message,
    tap_a_card_that_captures_nothing,
)

SLOW_BOT = 10  # a bot pause longer than simcord's settle window: the bot's turn stays pending


async def start_against_bot(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    return only_session(world.env)


async def her_turn_against_bot(world):
    """A game against the bot, once the bot has made its first move if it leads."""
    session = await start_against_bot(world)
    if current(world.env, session.session_id).current_seat().is_bot:
        await world.env.settle()
    return current(world.env, session.session_id)


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
    assert len(services(world.env).runtime.challenges) == 1
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


# --------------------------------------------------- what the messages show, after a crash
async def test_a_move_saved_just_before_a_crash_is_shown_after_the_restart(world, make_bot):
    session = await her_turn_against_bot(world)
    storage = world.env.bot.storage
    row = await storage.get_session(session.session_id)
    saved = TableSession.from_dict(row.state)
    card = str(saved.hand_of(world.ana.id)[0])
    saved.play(world.ana.id, card, "d", saved.version, now())  # saved, then the crash
    await storage.save_session(
        row.session_id, row.guild_id, row.channel_id, "game", saved.to_dict(), meta=row.meta
    )
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(5)
    restored = current(world.env, session.session_id)
    assert restored.version >= saved.version  # her move, and the bot has answered it
    await assert_consistent(world, session.session_id)


async def test_open_hands_are_refreshed_after_a_restart(world, make_bot):
    session = await her_turn_against_bot(world)
    hand = await open_hand(world, world.ana, session)
    assert enabled(hand, "card")
    await world.env.restart_bot(make_bot())
    since = len(world.env.http_requests)
    await world.env.advance_time(session.turn_deadline - now() + 0.5)  # a move made for her
    pushes = [
        r
        for r in world.env.http_requests[since:]
        if r.method == "PATCH" and "/webhooks/" in r.path and "@original" in r.path
    ]
    assert pushes, "her open hand was not refreshed"
    expected = hand_payload(
        current(world.env, session.session_id), world.ana.id, world.env.bot.card_emojis, "en"
    )
    assert pushes[-1].json["content"] == expected.content


async def test_a_table_posted_long_ago_is_posted_again_at_its_next_change_after_a_restart(
    world, make_bot
):
    session = await her_turn_against_bot(world)
    storage = world.env.bot.storage
    row = await storage.get_session(session.session_id)
    old_message = current(world.env, session.session_id).table_message_id
    meta = dict(row.meta, posted_at=now() - 3600)  # Discord limits edits after an hour
    await storage.save_meta(session.session_id, meta)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(5)
    table = services(world.env).runtime.table(session.session_id)
    assert table.message_id == old_message  # it shows the saved state: nothing to send
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    await world.env.settle()
    assert table.message_id != old_message
    assert "continues below" in message(world.channel, old_message).content
    await assert_consistent(world, session.session_id)


async def test_a_reminder_sent_before_a_restart_is_deleted_after_it(world, make_bot):
    session = await her_turn_against_bot(world)
    await world.env.advance_time(session.reminder_at - now() + 1)
    reminder = world.channel.last_message
    assert f"<@{world.ana.id}>" in reminder.content
    await world.env.restart_bot(make_bot())
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    assert all(m.id != reminder.id for m in world.channel.history())


async def test_a_picture_turned_off_while_the_bot_was_down_is_removed(world, make_bot):
    session = await start_against_bot(world)
    assert table_message(world, session).attachments
    await world.env.bot.storage.set_guild_config(world.guild.id, table_picture=False)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(5)
    assert table_message(world, current(world.env, session.session_id)).attachments == []


async def her_card_to_play_against_a_slow_bot(world):
    """A game against a SLOW_BOT bot at her turn: the session, her hand showing a card that
    plays, and the button that plays it."""
    session = await start_against_bot(world)
    if current(world.env, session.session_id).current_seat().is_bot:
        await world.env.advance_time(SLOW_BOT + 1)
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    shown, button = await click_that_plays(world.env, world.ana, hand)
    return session, shown, button


def http_log(world) -> list[str]:
    """The requests the bots made so far, as "METHOD /path" (across restarts)."""
    return [entry[1] for entry in world.env.backend.transcript if entry[0] == "HTTP"]


def writes_since(world, count: int) -> tuple[list[str], list[str]]:
    """The channel message writes and the hand (interaction token) edits since `count`."""
    since = http_log(world)[count:]
    channel = [r for r in since if "/channels/" in r and not r.startswith("GET")]
    return channel, [r for r in since if r.startswith("PATCH /webhooks/")]


async def test_after_a_restart_a_table_that_shows_its_saved_state_costs_no_request(world, make_bot):
    session = await her_turn_against_bot(world)
    await open_hand(world, world.ana, session)
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    await world.env.settle()  # the bot's answer shown on the table and in her hand
    count = len(http_log(world))
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(5)
    assert writes_since(world, count) == ([], [])
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    await assert_consistent(world, session.session_id)


async def test_what_the_table_shows_is_saved_straight_after_its_edit(world, monkeypatch):
    """A crash between a table edit and the save of what it shows costs a useless edit
    after the restart (the bot cannot tell that the message is up to date): no request
    comes between the two, so the open hand is refreshed before the table."""
    session = await her_turn_against_bot(world)
    await open_hand(world, world.ana, session)
    storage = world.env.bot.storage
    save_meta = storage.save_meta
    saved_after: list[int] = []  # the number of requests made before each save

    async def noting_save_meta(*args, **kwargs):
        saved_after.append(len(http_log(world)))
        return await save_meta(*args, **kwargs)

    monkeypatch.setattr(storage, "save_meta", noting_save_meta)
    count = len(http_log(world))
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    await world.env.settle()  # the bot's answer shown on the table and in her hand
    channel, hands = writes_since(world, count)
    assert channel and hands  # the table edited, her open hand refreshed
    log = http_log(world)
    edits = [i for i in range(count, len(log)) if log[i].startswith("PATCH /channels/")]
    assert edits
    for edit in edits:
        assert edit + 1 in saved_after, log[edit : edit + 2]


@pytest.mark.bot_options(bot_pause_seconds=SLOW_BOT)
async def test_after_a_restart_a_table_behind_its_saved_state_is_edited_once(world, make_bot):
    session, shown, button = await her_card_to_play_against_a_slow_bot(world)
    await crash_while_publishing_fails(world)
    await world.ana.click(shown, custom_id=button)  # saved; the table edit fails
    world.env.backend.faults.clear()
    world.env.errors.clear()
    count = len(http_log(world))
    await world.env.restart_bot(make_bot(bot_pause_seconds=SLOW_BOT))
    await world.env.advance_time(SLOW_BOT + 5)  # the move and the bot's answer, in one edit
    channel, _ = writes_since(world, count)
    assert [r.split()[0] for r in channel] == ["PATCH"]
    await assert_consistent(world, session.session_id)


@pytest.mark.bot_options(bot_pause_seconds=SLOW_BOT)
async def test_after_a_restart_a_hand_whose_answer_failed_is_refreshed(world, make_bot):
    session, shown, button = await her_card_to_play_against_a_slow_bot(world)
    await crash_when_the_answer_failed(world)
    await world.ana.click(shown, custom_id=button)  # saved; her hand never showed it
    world.env.backend.faults.clear()
    world.env.errors.clear()
    count = len(http_log(world))
    await world.env.restart_bot(make_bot(bot_pause_seconds=SLOW_BOT))
    await world.env.advance_time(SLOW_BOT + 5)  # her move and the bot's answer, at once
    _, hands = writes_since(world, count)
    assert len(hands) == 1
    await assert_consistent(world, session.session_id)


# ------------------------------------------------------ a crash at each step after a move
async def crash_while_publishing_fails(world):
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=None)


async def crash_when_the_answer_failed(world):
    world.env.inject_error("POST", "/interactions/*/*/callback", status=404, code=10062)


async def crash_straight_after(world):
    return None


@pytest.mark.bot_options(bot_pause_seconds=SLOW_BOT)
@pytest.mark.parametrize(
    "before_the_move",
    [crash_straight_after, crash_when_the_answer_failed, crash_while_publishing_fails],
    ids=["while the bot thinks", "after a failed answer", "while the table edit fails"],
)
async def test_a_crash_after_a_move_loses_nothing_and_shows_the_saved_state(
    world, make_bot, before_the_move
):
    session, shown, button = await her_card_to_play_against_a_slow_bot(world)
    await before_the_move(world)
    await world.ana.click(shown, custom_id=button)
    saved = (await world.env.bot.storage.get_session(session.session_id)).state
    world.env.backend.faults.clear()
    world.env.errors.clear()
    await world.env.restart_bot(make_bot(bot_pause_seconds=SLOW_BOT))
    assert current(world.env, session.session_id).version == saved["version"]  # nothing lost
    await world.env.advance_time(SLOW_BOT + 5)
    assert current(world.env, session.session_id).version == saved["version"] + 1  # bot's turn
    await assert_consistent(world, session.session_id)


async def test_after_a_restart_players_preferences_are_read_before_their_first_click(
    world, make_bot, monkeypatch
):
    """Restoring reads every seated player's preferences at once (PrefsCache.load): the
    first clicks after a restart wait for no read. Here the per-player read fails after
    the restart, and her one-tap choice still holds."""
    await world.ana.slash(world.channel, "cuarenta preferences", one_tap=True)
    session = await her_turn_against_bot(world)
    await world.env.restart_bot(make_bot())
    await world.env.settle()

    async def unreadable(user_id: int) -> dict:
        raise StorageError("the player's settings can't be read")

    monkeypatch.setattr(services(world.env).storage, "get_player_config", unreadable)
    session = current(world.env, session.session_id)
    version = session.version
    await tap_a_card_that_captures_nothing(world, world.ana, session)
    assert current(world.env, session.session_id).version > version  # played at the first tap


async def test_a_restart_whose_read_of_everyones_settings_fails_still_plays_on(
    world, make_bot, monkeypatch
):
    """The one-go read of the preferences and server settings may fail: each is then
    read at its first click, and the game goes on."""

    async def unreadable(self, owners) -> dict:
        raise StorageError("the settings can't be read")

    await world.ana.slash(world.channel, "cuarenta preferences", one_tap=True)
    session = await her_turn_against_bot(world)
    monkeypatch.setattr(Storage, "get_player_configs", unreadable)
    monkeypatch.setattr(Storage, "get_guild_configs", unreadable)
    await world.env.restart_bot(make_bot())
    await world.env.settle()
    session = current(world.env, session.session_id)
    version = session.version
    await tap_a_card_that_captures_nothing(world, world.ana, session)
    assert current(world.env, session.session_id).version > version  # her one tap still holds
    await assert_consistent(world, session.session_id)
