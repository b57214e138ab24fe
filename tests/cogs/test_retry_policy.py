"""The one retry policy (cogs/infra/retry.py), request by request, for tables and tournaments.

404: the thing is gone, never asked again (a deleted message is posted anew; a deleted
channel ends the table or tournament); 403: never retried; 429 and 5xx: again after a
pause. Each test counts the requests the bot made to the message's channel: a handful,
never a loop.
"""

from __future__ import annotations

import pytest

from cogs.tournament import ids as tournament_ids
from cogs.tournament.ids import TournamentAction
from cogs.tournament.live import SWEEP_SECONDS, Tournaments
from tables.tournament import TournamentPhase
from tests.cogs.helpers import (
    assert_consistent,
    click_that_plays,
    current,
    only_session,
    open_hand,
    services,
)

# Discord's answers: (HTTP status, Discord error code)
UNKNOWN_MESSAGE = (404, 10008)
UNKNOWN_CHANNEL = (404, 10003)
MISSING_ACCESS = (403, 50001)
RATE_LIMITED = (429, 0)
UNAVAILABLE = (503, 0)


def requests_to(world, channel_id: int, method: str, since: int = 0) -> int:
    """The bot's requests of `method` on the messages of a channel, from index `since`."""
    prefix = f"/channels/{channel_id}/messages"
    return sum(
        1
        for r in world.env.http_requests[since:]
        if r.method == method and r.path.startswith(prefix)
    )


def fail(world, method: str, channel_id: int, answer: tuple[int, int], times=None) -> None:
    status, code = answer
    path = f"/channels/{channel_id}/messages" + ("/*" if method == "PATCH" else "")
    world.env.inject_error(method, path, status=status, code=code, times=times)


# ------------------------------------------------------------------------- tables
async def a_move_against_the_bot(world):
    """A game against the bot, her hand open: the session, and the click that plays."""
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    await world.env.settle()
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    return session, await click_that_plays(world.env, world.ana, hand)


async def play(world, click) -> int:
    """Her move; the index of its first request."""
    since = len(world.env.http_requests)
    await world.ana.click(click[0], custom_id=click[1])
    return since


def table_is_gone(world, session) -> bool:
    return session.session_id not in services(world.env).runtime.tables


@pytest.mark.parametrize(
    "edit, post", [(UNKNOWN_MESSAGE, UNKNOWN_CHANNEL), (MISSING_ACCESS, MISSING_ACCESS)]
)
async def test_a_table_whose_edit_then_post_fail_for_good_ends_after_two_requests(
    world, edit, post
):
    session, hand = await a_move_against_the_bot(world)
    fail(world, "PATCH", world.channel.id, edit)
    fail(world, "POST", world.channel.id, post)
    since = await play(world, hand)
    await world.env.advance_time(120)
    assert table_is_gone(world, session)
    assert await world.env.bot.storage.get_session(session.session_id) is None
    assert requests_to(world, world.channel.id, "PATCH", since) == 1
    assert requests_to(world, world.channel.id, "POST", since) == 1
    world.env.errors.clear()


@pytest.mark.parametrize("answer", [RATE_LIMITED, UNAVAILABLE])
async def test_a_table_edit_refused_for_a_while_is_made_on_the_third_try(world, answer):
    session, hand = await a_move_against_the_bot(world)
    fail(world, "PATCH", world.channel.id, answer, times=2)
    since = await play(world, hand)
    await world.env.advance_time(30)  # pauses of 1 s and 2 s
    assert not table_is_gone(world, session)
    await assert_consistent(world, session.session_id)
    assert requests_to(world, world.channel.id, "PATCH", since) == 3
    assert requests_to(world, world.channel.id, "POST", since) == 0
    world.env.errors.clear()


async def test_a_deleted_table_message_is_posted_again_once(world):
    session, hand = await a_move_against_the_bot(world)
    table = services(world.env).runtime.table(session.session_id)
    world.env.backend.delete_message(world.channel.id, table.session.table_message_id)
    since = await play(world, hand)
    await world.env.advance_time(30)
    await assert_consistent(world, session.session_id)
    assert requests_to(world, world.channel.id, "POST", since) == 1
    # the refused edit, then the bot's answer shown on the new message
    assert requests_to(world, world.channel.id, "PATCH", since) == 2


# -------------------------------------------------------------------- tournaments
async def a_tournament(world, manager):
    """A knockout in sign-up, shown in the channel: its live object."""
    opened = await manager.slash(world.channel, "cuarenta tournament", format="knockout", size=4)
    assert not opened.ephemeral, opened.response.content
    await world.env.settle()
    (live,) = services(world.env).get(Tournaments).by_id.values()
    assert live.tournament.message_id is not None
    return live


async def republish(world, live) -> int:
    """Ana signs up (its message is then shown again); the index of her click's requests."""
    message = next(m for m in world.channel.history() if m.id == live.tournament.message_id)
    since = len(world.env.http_requests)
    join = tournament_ids.TOURNAMENT.build(
        tournament_id=live.tournament_id, action=TournamentAction.JOIN
    )
    await world.ana.click(message, custom_id=join)
    await world.env.advance_time(120)
    return since


def ended(world, live) -> bool:
    return live.tournament.phase == TournamentPhase.CANCELLED


async def saved_live_tournaments(world) -> list:
    return await world.env.bot.storage.live_tournaments()


@pytest.mark.parametrize(
    "edit, post, edits, posts",
    [
        (UNKNOWN_MESSAGE, UNKNOWN_CHANNEL, 1, 1),  # 404 on the edit, then on the post
        (UNKNOWN_CHANNEL, None, 1, 0),  # the channel is gone: no post is tried
        (MISSING_ACCESS, None, 1, 0),  # 403: never retried
    ],
)
async def test_a_tournament_message_refused_for_good_costs_one_or_two_requests(
    world, manager, edit, post, edits, posts
):
    live = await a_tournament(world, manager)
    fail(world, "PATCH", world.channel.id, edit)
    if post is not None:
        fail(world, "POST", world.channel.id, post)
    since = await republish(world, live)
    assert requests_to(world, world.channel.id, "PATCH", since) == edits
    assert requests_to(world, world.channel.id, "POST", since) == posts
    assert ended(world, live) == (edit[0] == 404)
    world.env.errors.clear()


@pytest.mark.parametrize("answer", [RATE_LIMITED, UNAVAILABLE])
async def test_a_tournament_edit_refused_for_a_while_is_made_on_the_third_try(
    world, manager, answer
):
    live = await a_tournament(world, manager)
    fail(world, "PATCH", world.channel.id, answer, times=2)
    since = await republish(world, live)
    assert requests_to(world, world.channel.id, "PATCH", since) == 3
    assert requests_to(world, world.channel.id, "POST", since) == 0
    assert not ended(world, live)
    world.env.errors.clear()


async def test_a_deleted_tournament_message_is_posted_again_once(world, manager, make_bot):
    live = await a_tournament(world, manager)
    old = live.tournament.message_id
    world.env.backend.delete_message(world.channel.id, old)
    since = len(world.env.http_requests)
    await world.env.restart_bot(make_bot())  # which shows every tournament again
    await world.env.advance_time(120)
    assert requests_to(world, world.channel.id, "PATCH", since) == 1  # refused: 404
    assert requests_to(world, world.channel.id, "POST", since) == 1
    restored = services(world.env).get(Tournaments).by_id[live.tournament_id]
    assert restored.tournament.message_id not in (None, old)
    assert not ended(world, restored)


async def test_a_deleted_tournament_channel_after_a_restart_costs_one_request(
    world, manager, make_bot
):
    live = await a_tournament(world, manager)
    tournament_id = live.tournament_id
    world.env.backend.delete_channel(world.channel.id)
    since = len(world.env.http_requests)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(120)
    tournament_requests = [
        r for r in world.env.http_requests[since:] if f"/channels/{world.channel.id}/" in r.path
    ]
    assert len(tournament_requests) == 1
    restored = services(world.env).get(Tournaments).by_id[tournament_id]
    assert ended(world, restored)
    since = len(world.env.http_requests)  # and the next start leaves it alone
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(120)
    assert not [
        r for r in world.env.http_requests[since:] if f"/channels/{world.channel.id}/" in r.path
    ]
    world.env.errors.clear()


async def test_a_running_tournament_whose_channel_is_deleted_ends_after_a_restart(
    world, manager, make_bot
):
    """Its channel deleted (and so its matches' threads) while the bot is down: the
    restart ends the tournament and its tables in a handful of requests."""
    opened = await manager.slash(
        world.channel, "cuarenta tournament", format="knockout", size=4, bot_level="easy"
    )
    assert not opened.ephemeral, opened.response.content
    (live,) = services(world.env).get(Tournaments).by_id.values()
    message = next(m for m in world.channel.history() if m.id == live.tournament.message_id)
    for member, action in ((manager, "join"), (world.ana, "join"), (manager, "bots")):
        click = tournament_ids.TOURNAMENT.build(
            tournament_id=live.tournament_id, action=TournamentAction(action)
        )
        await member.click(message, custom_id=click)
    start = tournament_ids.TOURNAMENT.build(
        tournament_id=live.tournament_id, action=TournamentAction.START
    )
    await manager.click(message, custom_id=start)
    await world.env.advance_time(5.0)  # the first round's tables open
    threads = [p.thread_id for p in live.tournament.current.pairings]
    assert all(threads)
    for thread in threads:
        world.env.backend.delete_channel(thread)
    world.env.backend.delete_channel(world.channel.id)
    since = len(world.env.http_requests)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(300)
    made = world.env.http_requests[since:]
    to_the_places = [r for r in made if "/channels/" in r.path]
    assert len(to_the_places) <= len(threads) + 1, [(r.method, r.path) for r in to_the_places]
    restored = services(world.env).get(Tournaments).by_id[live.tournament_id]
    assert ended(world, restored)
    tables = services(world.env).runtime.tables.values()
    assert not [table for table in tables if table.session.is_live]  # (a finished one stays)
    assert await saved_live_tournaments(world) == []
    world.env.errors.clear()


async def test_a_new_tournament_costs_its_reply_alone_and_a_sign_up_one_edit(world, manager):
    """Saving its own message id shows nothing new: no edit (there was one, picture and
    all); a sign-up is one edit."""
    since = len(world.env.http_requests)
    live = await a_tournament(world, manager)
    assert requests_to(world, world.channel.id, "PATCH", since) == 0
    since = await republish(world, live)
    assert requests_to(world, world.channel.id, "PATCH", since) == 1
    live.publish()  # the same state again: nothing to send
    await world.env.advance_time(5)
    assert requests_to(world, world.channel.id, "PATCH", since) == 1


async def test_a_tournament_whose_channel_is_deleted_ends_when_its_time_comes(world, manager):
    """No restart: the channel goes while the bot runs; the sweep starts the tournament at
    its time, and its first requests find the channel gone and end it."""
    opened = await manager.slash(
        world.channel, "cuarenta tournament", format="knockout", size=4, starts_in=1
    )
    assert not opened.ephemeral, opened.response.content
    (live,) = services(world.env).get(Tournaments).by_id.values()
    message = next(m for m in world.channel.history() if m.id == live.tournament.message_id)
    for member in (world.ana, world.beto):
        join = tournament_ids.TOURNAMENT.build(
            tournament_id=live.tournament_id, action=TournamentAction.JOIN
        )
        await member.click(message, custom_id=join)
    world.env.backend.delete_channel(world.channel.id)
    since = len(world.env.http_requests)
    await world.env.advance_time(60 + SWEEP_SECONDS + 1)
    await world.env.advance_time(600)  # and long after: nothing more
    to_the_channel = [
        r for r in world.env.http_requests[since:] if f"/channels/{world.channel.id}" in r.path
    ]
    assert 1 <= len(to_the_channel) <= 2  # the message's edit, and maybe a thread's opening
    assert ended(world, live)
    assert await saved_live_tournaments(world) == []
    world.env.errors.clear()
