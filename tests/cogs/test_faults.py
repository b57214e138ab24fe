"""Every outside call can fail: Discord's requests and the database's writes.

After any injected fault the table still has its next step scheduled, what is saved is
what the bot holds, a saved move is never reported as failed, and within a few seconds
of virtual time the public table shows the saved state.
"""

from __future__ import annotations

import random
import sqlite3

import discord
import pytest

from db import StorageBusy
from i18n import t
from tests.cogs.helpers import (
    assert_consistent,
    buttons,
    click_that_plays,
    current,
    enabled,
    forfeit,
    message_as_seen,
    only_session,
    open_hand,
    play_one_turn,
    services,
)

APOLOGIES = ("went wrong", "could not save", "try again")

# Discord's answers: (HTTP status, Discord error code)
FAULTS = {
    "403 missing access": (403, 50001),
    "404 unknown message": (404, 10008),
    "429 rate limited": (429, 0),
    "500 server error": (500, 0),
    "503 unavailable": (503, 0),
    "30046 old message": (400, 30046),
    "10062 unknown interaction": (404, 10062),
}
# The requests the bot makes after a player's move is saved.
ROUTES = {
    "click reply": ("POST", "/interactions/*/*/callback"),
    "table edit": ("PATCH", "/channels/*/messages/*"),
    "table post": ("POST", "/channels/*/messages"),
    "hand refresh": ("PATCH", "/webhooks/*/*/messages/*"),
}


async def start_against_bot(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    return only_session(world.env)


def apologies_sent(world) -> list[str]:
    """Texts the bot sent that tell a player something failed."""
    found = []
    for request in world.env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        text = (body.get("data") or body).get("content") or ""
        if any(words in text for words in APOLOGIES):
            found.append(text)
    return found


async def play_first_card(world, player, hand):
    """Click the first playable card, and its first capture if it offers some."""
    result = await player.click(hand, custom_id=enabled(hand, "card")[0]["custom_id"])
    takes = enabled(result.response, "take") if result.response is not None else []
    if takes:
        result = await player.click(result.response, custom_id=takes[0]["custom_id"])
    return result


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("fault", FAULTS)
async def test_a_failed_request_after_a_move_never_stalls_the_table(world, route, fault):
    session = await start_against_bot(world)
    hand = await open_hand(world, world.ana, session)
    before = current(world.env, session.session_id).version
    last_click = await click_that_plays(world.env, world.ana, hand)
    method, path = ROUTES[route]
    status, code = FAULTS[fault]
    world.env.inject_error(method, path, status=status, code=code, times=2)
    if route == "table post":  # a post only happens when the edit could not be made
        world.env.inject_error("PATCH", "/channels/*/messages/*", status=404, code=10008)
    await world.ana.click(last_click[0], custom_id=last_click[1])  # the click that saves
    await world.env.advance_time(120)  # retries back off: 1 s, 2 s, 4 s…
    if route == "table post" and status in (403, 404):  # gone or closed: never retried
        assert session.session_id not in services(world.env).runtime.tables
        assert await world.env.bot.storage.get_session(session.session_id) is None
        posts = [r for r in world.env.http_requests if (r.method, r.path) == (
            "POST", f"/channels/{world.channel.id}/messages")]  # fmt: skip
        assert len(posts) == 1
        world.env.errors.clear()
        return
    assert current(world.env, session.session_id).version >= before + 2  # hers and the bot's
    await assert_consistent(world, session.session_id)
    assert apologies_sent(world) == []
    world.env.errors.clear()  # failures the bot logged on purpose


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_any_sequence_of_faults_leaves_every_table_driven_and_caught_up(world, seed):
    """Several moves, each with random faults on random requests (a seeded sequence)."""
    rng = random.Random(seed)
    session = await start_against_bot(world)
    for _ in range(5):
        hand = await open_hand(world, world.ana, current(world.env, session.session_id))
        for route in rng.sample(sorted(ROUTES), k=rng.randint(1, len(ROUTES))):
            method, path = ROUTES[route]
            status, code = FAULTS[rng.choice(sorted(FAULTS))]
            world.env.inject_error(method, path, status=status, code=code, times=rng.randint(1, 3))
        await play_first_card(world, world.ana, hand)
        await world.env.advance_time(40)  # three failures back off 1 + 2 + 4 s
        world.env.backend.faults.clear()  # faults not met this move do not carry over
        await world.env.advance_time(20)  # (her turn lasts 90 s: she is not timed out)
        table = services(world.env).runtime.tables.get(session.session_id)
        if table is None:  # refused posts several times over: closed, and said so
            assert await world.env.bot.storage.get_session(session.session_id) is None
            break
        await assert_consistent(world, session.session_id)
    assert apologies_sent(world) == []
    world.env.errors.clear()


async def test_a_channel_closed_to_the_bot_ends_the_table_and_says_so_in_the_hand(world):
    session = await start_against_bot(world)
    hand = await open_hand(world, world.ana, session)
    for method in ("PATCH", "POST"):
        world.env.inject_error(
            method, f"/channels/{world.channel.id}/messages*", status=403, code=50001, times=None
        )
    await play_first_card(world, world.ana, hand)
    await world.env.advance_time(60)  # a few tries, in case access comes back
    assert session.session_id not in services(world.env).runtime.tables
    assert await world.env.bot.storage.get_session(session.session_id) is None
    latest = [r for r in world.env.http_requests if r.method == "PATCH" and "/webhooks/" in r.path][
        -1
    ]
    assert "can no longer post" in latest.json["content"]
    world.env.errors.clear()
    # the channel is free again
    world.env.backend.faults.clear()
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    assert len(services(world.env).runtime.tables) == 1


# ------------------------------------------------------------------ a locked database
LOCK_SECONDS = 6


class FileLock:
    """Another program holding the database's write lock, as long as the test says."""

    def __init__(self, path) -> None:
        self.conn = sqlite3.connect(path, timeout=0, isolation_level=None)

    def __enter__(self) -> FileLock:
        self.conn.execute("BEGIN IMMEDIATE")
        return self

    def __exit__(self, *exc) -> None:
        self.conn.execute("ROLLBACK")
        self.conn.close()


SLOW_BOT = 10  # longer than simcord's settle window: the bot's move waits for advance_time


@pytest.mark.bot_options(bot_pause_seconds=SLOW_BOT, database_busy_timeout=0.05)
async def test_a_database_locked_during_a_bots_turn_delays_the_move(world, database_path):
    session = await start_against_bot(world)
    if current(world.env, session.session_id).current_seat().is_bot:
        await world.env.advance_time(SLOW_BOT + 1)
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    await play_first_card(world, world.ana, hand)
    mine = current(world.env, session.session_id).version
    assert current(world.env, session.session_id).current_seat().is_bot
    with FileLock(database_path):
        await world.env.advance_time(SLOW_BOT - 1 + LOCK_SECONDS)  # locked when it moves
        assert current(world.env, session.session_id).version == mine  # not saved: not made
    await world.env.advance_time(SLOW_BOT + 60)
    assert current(world.env, session.session_id).version == mine + 1  # the bot played, once
    await assert_consistent(world, session.session_id)
    world.env.errors.clear()


@pytest.mark.bot_options(database_busy_timeout=0.05)
async def test_a_database_locked_when_the_turn_runs_out_delays_the_time_out(world, database_path):
    session = await start_against_bot(world)
    if current(world.env, session.session_id).current_seat().is_bot:
        await world.env.settle()
    session = current(world.env, session.session_id)
    version, deadline = session.version, session.turn_deadline
    await world.env.advance_time(deadline - world.env.now().timestamp() - 1)
    with FileLock(database_path):
        await world.env.advance_time(LOCK_SECONDS)
        assert current(world.env, session.session_id).version == version
    await world.env.advance_time(30)
    timed_out = current(world.env, session.session_id)
    assert timed_out.version >= version + 1
    assert timed_out.seats[timed_out.seat_of(world.ana.id)].missed == 1
    await assert_consistent(world, session.session_id)
    world.env.errors.clear()


@pytest.mark.bot_options(database_busy_timeout=0.05)
async def test_a_click_on_a_locked_database_changes_nothing_and_says_so(world, database_path):
    session = await start_against_bot(world)
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    before = current(world.env, session.session_id).to_dict()
    with FileLock(database_path):
        result = await play_first_card(world, world.ana, hand)
    texts = [result.response.content] + [f.content for f in result.followups]
    assert any("could not save" in text for text in texts)
    assert current(world.env, session.session_id).to_dict() == before
    world.env.errors.clear()
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    await play_first_card(world, world.ana, hand)
    assert current(world.env, session.session_id).version > before["version"]


def test_fault_table_covers_what_the_issue_names():
    codes = {code for _, code in FAULTS.values()} | {status for status, _ in FAULTS.values()}
    assert {403, 404, 429, 500, 30046, 10062} <= codes
    assert discord.HTTPException  # the fault surfaces as discord.py's own exception


async def test_a_failed_record_of_the_result_is_retried_until_it_lands(world, monkeypatch):
    session = await start_against_bot(world)
    storage = world.env.bot.storage
    record = storage.record_match
    failures = {"left": 2}

    async def flaky_record(match, season=None):
        if failures["left"]:
            failures["left"] -= 1
            raise StorageBusy("locked (injected by the test)")
        await record(match, season)

    monkeypatch.setattr(storage, "record_match", flaky_record)
    for _ in range(3):  # a forfeit before each side played three times would be "abandoned"
        await play_one_turn(world, world.ana, current(world.env, session.session_id))
    await forfeit(world, world.ana)
    await world.env.advance_time(10)  # backs off 1 s, then 2 s
    assert failures["left"] == 0  # both failures happened: the third try recorded it
    stats = await storage.player_stats(world.ana.id, world.guild.id)
    assert stats is not None and stats.matches == 1
    assert services(world.env).runtime.table(session.session_id).has_next_step()
    world.env.errors.clear()


async def test_a_reminder_that_cannot_be_sent_does_not_stop_the_time_out(world):
    session = await start_against_bot(world)
    if current(world.env, session.session_id).current_seat().is_bot:
        await world.env.settle()
    session = current(world.env, session.session_id)
    version, deadline = session.version, session.turn_deadline
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=1)
    await world.env.advance_time(deadline - world.env.now().timestamp() + 0.5)
    timed_out = current(world.env, session.session_id)
    assert timed_out.version > version
    assert timed_out.seats[timed_out.seat_of(world.ana.id)].missed == 1
    world.env.errors.clear()


async def test_an_old_hand_discord_will_not_delete_says_it_is_out_of_date(world):
    """Deleting the replaced hand is refused: it is edited into the notice instead, and
    the new hand plays on."""
    session = await start_against_bot(world)
    old = await open_hand(world, world.ana, session)
    world.env.inject_error("DELETE", "/webhooks/*/*/messages/*", status=500, code=0, times=1)
    new = await open_hand(world, world.ana, current(world.env, session.session_id))
    world.env.errors.clear()
    shown = message_as_seen(world, world.ana, old)
    assert shown.content == t("hand.replaced", "en") and buttons(shown) == []
    assert enabled(new, "card")  # her turn goes on in the new hand


async def test_a_table_shown_whose_record_cannot_be_saved_still_plays_on(world, monkeypatch):
    """After each edit the bot saves what the message shows (for a restart); a database
    refusing that write changes nothing the players see."""
    session = await start_against_bot(world)
    started_at = session.version
    storage = world.env.bot.storage
    failed = []

    async def refusing_save_meta(session_id, meta):
        failed.append(session_id)
        raise StorageBusy("locked (injected by the test)")

    monkeypatch.setattr(storage, "save_meta", refusing_save_meta)
    for _ in range(3):
        await play_one_turn(world, world.ana, current(world.env, session.session_id))
        await world.env.settle()
    assert failed  # the record after an edit was tried, and refused
    assert current(world.env, session.session_id).version >= started_at + 5  # 3 hers, the bot's
    assert services(world.env).runtime.table(session.session_id).has_next_step()
    await assert_consistent(world, session.session_id)
    world.env.errors.clear()
