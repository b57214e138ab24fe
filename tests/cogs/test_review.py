"""Hints and reviews in simcord: who sees them, where they are refused, what they reveal."""

from __future__ import annotations

import asyncio
import os
import re
from concurrent.futures.process import BrokenProcessPool

import pytest

import cogs.ui.table
import render.review
from cogs.infra.clock import now
from cogs.infra.workers import Work, Workers
from cogs.review.handlers import HINT_SECONDS
from cogs.review.reviews import Reviewed, Reviews
from cogs.ui import ids
from cogs.ui.rows import button
from engine import Card
from engine.ai.teacher import replay
from i18n import t
from render.text import SUIT_SYMBOLS
from tests.cogs.helpers import (
    at_once,
    cards_in,
    current,
    enabled,
    in_language,
    only_session,
    open_hand,
    play_until_over,
    table_message,
)

CARD_TEXT = re.compile(rf"([A2-7JQK])([{SUIT_SYMBOLS}])")


def answers(result) -> list:
    """What the bot answered a click or command with (the response, then follow-ups)."""
    return [m for m in [result.response, *result.followups] if m is not None]


def seen_by(world, member) -> set[int]:
    return {m.id for m in world.channel.history(viewer=member)}


def cards_named(text: str) -> set[Card]:
    return {Card(" A234567JQK".index(r), SUIT_SYMBOLS.index(s)) for r, s in CARD_TEXT.findall(text)}


async def test_a_hint_is_shown_only_to_its_player_and_makes_the_match_casual(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    assert t("table.casual", "en") not in table_message(world, session).content
    hand = await open_hand(world, world.ana, session)
    moves = list(only_session(world.env).moves)
    (hint,) = enabled(hand, "hint")
    result = await world.ana.click(hand, custom_id=hint["custom_id"])
    (shown,) = answers(result)
    assert shown.ephemeral and shown.content.startswith("💡")
    assert shown.id in seen_by(world, world.ana)
    assert shown.id not in seen_by(world, world.beto)
    hinted = cards_named(shown.content.splitlines()[0])
    assert hinted & set(cards_in(hand))  # it names one of her own cards to play
    session = only_session(world.env)
    assert session.hints_used and session.moves == moves  # nothing was played for her
    assert t("table.casual", "en") in table_message(world, session).content


async def test_no_hint_while_waiting_for_the_other_player(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    await world.ana.click(
        table_message(world, session),
        custom_id=ids.LOBBY.build(session_id=session.session_id, action="hints"),
    )
    await world.beto.click(table_message(world, session), label="Join")
    await world.ana.click(table_message(world, session), label="Start")
    session = only_session(world.env)
    assert session.hints_available
    assert t("table.casual", "en") in table_message(world, session).content
    to_play = session.seats[session.game.to_play].user_id
    waiting = world.beto if to_play == world.ana.id else world.ana
    playing = world.ana if waiting is world.beto else world.beto
    assert not enabled(await open_hand(world, waiting, session), "hint")
    assert enabled(await open_hand(world, playing, session), "hint")


async def test_a_hint_is_refused_where_hints_are_off(world, monkeypatch):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    await world.beto.click(table_message(world, session), label="Join")
    await world.ana.click(table_message(world, session), label="Start")
    session = only_session(world.env)
    assert not session.hints_available
    to_play = session.seats[session.game.to_play].user_id
    player = world.ana if to_play == world.ana.id else world.beto
    assert not enabled(await open_hand(world, player, session), "hint")
    # A button from a forged (or much older) client: the click must still be refused.
    version = session.version
    monkeypatch.setattr(
        cogs.ui.table,
        "hint_button",
        lambda s, user, lang: button(ids.HINT.build(session_id=s.session_id, version=s.version)),
    )
    hand = await open_hand(world, player, session)
    (hint,) = enabled(hand, "hint")
    result = await player.click(hand, custom_id=hint["custom_id"])
    (refused,) = answers(result)
    assert refused.ephemeral and refused.content == t("refuse.hints_off", "en")
    session = current(world.env, session.session_id)
    assert session.version == version and not session.hints_used
    assert t("table.casual", "en") not in table_message(world, session).content


@pytest.fixture
def pictures(monkeypatch) -> list:
    """Every table picture the review draws, in order (a costly move: its table, then
    the player's hand)."""
    drawn = []
    real = render.review.draw_table

    def draw(picture):
        drawn.append(picture)
        return real(picture)

    monkeypatch.setattr(render.review, "draw_table", draw)
    return drawn


async def test_the_review_shows_only_what_the_player_could_know(world, pictures):
    await world.ana.slash(
        world.channel, "cuarenta start", mode="bot", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    await play_until_over(world, [world.ana], session.session_id)
    session = only_session(world.env)
    seat = session.seat_of(world.ana.id)
    await reviewed_in_advance(world, session, seat)
    final = table_message(world, session)
    (review,) = enabled(final, "review")

    outsider = await world.beto.click(final, custom_id=review["custom_id"])
    assert answers(outsider)[-1].content == t("refuse.review_not_yours", "en")

    result = await world.ana.click(final, custom_id=review["custom_id"])
    shown = answers(result)[-1]
    assert shown.ephemeral and shown.id not in seen_by(world, world.beto)
    assert "Accuracy" in shown.content and "%" in shown.content

    # What she could know: at each of her turns, her own hand and the table; and every
    # card played, in plain sight. Never the cards another seat held.
    moves = replay(session.players, session.rules, session.seed, session.moves)
    turns = [turn for turn in moves if turn.seat == seat]
    views = [{*turn.game.table, *turn.game.hands[seat]} for turn in turns]
    seen = {
        (frozenset(map(str, turn.game.table)), frozenset(map(str, turn.game.hands[seat])))
        for turn in turns
    }
    played = {Card.parse(move.partition("x")[0]) for move in session.moves}
    costly = costly_lines(shown.content)
    assert costly
    for line in costly:  # her move and the better one: from her hand, on the table then
        assert any(cards_named(line) <= view for view in views), line
    assert cards_named(shown.content) <= set().union(*views) | played

    # One picture (her costliest move: a phone shows it whole); the others on a button.
    assert len(shown.attachments) == len(pictures) // 2 == 1
    assert len(costly) >= 2  # (playing the first card she holds costs more than once)
    (more,) = enabled(shown, "rvpics")
    others = answers(await world.ana.click(shown, custom_id=more["custom_id"]))[-1]
    assert others.ephemeral and others.id not in seen_by(world, world.beto)
    assert len(others.attachments) == len(costly) - 1 == len(pictures) // 2 - 1
    for table, hand in zip(pictures[::2], pictures[1::2], strict=True):
        assert (frozenset(table.cards), frozenset(hand.cards)) in seen

    again = await world.ana.slash(world.channel, "cuarenta review")
    assert answers(again)[-1].content == shown.content  # the same review, kept


async def test_the_command_reviews_the_last_match_from_the_history(world):
    """Once the finished table is gone from memory, the match's recorded moves serve."""
    await world.ana.slash(
        world.channel, "cuarenta start", mode="bot", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    nothing = await world.ana.slash(world.channel, "cuarenta review")
    assert answers(nothing)[-1].content == t("refuse.review_none", "en")
    await play_until_over(world, [world.ana], session.session_id)
    finished = only_session(world.env)
    await reviewed_in_advance(world, finished, finished.seat_of(world.ana.id))
    final = table_message(world, finished)
    (review,) = enabled(final, "review")
    shown = answers(await world.ana.click(final, custom_id=review["custom_id"]))[-1]
    runtime = world.env.bot.services.runtime
    runtime.forget(runtime.table(session.session_id))
    later = answers(await world.ana.slash(world.channel, "cuarenta review"))[-1]
    assert later.ephemeral and later.attachments
    assert costly_lines(later.content) == costly_lines(shown.content) != []


async def reviewed_in_advance(world, session, seat: int) -> None:
    """Compute the match's review now, outside the simulated Discord: in the worker it
    takes seconds on a busy machine, longer than a click may take to settle; the clicks
    then show it from the reviews kept (the path every later reader takes)."""
    await world.env.bot.services.get(Reviews).of(Reviewed.of_table(session, seat, "en"))


def costly_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"[1-3]\. ", line)]


def test_a_worker_that_died_is_replaced():
    workers = Workers()
    try:
        dying = workers.submit(Work.HINT, os._exit, 1)
        with pytest.raises(BrokenProcessPool):
            dying.result(timeout=60)
        assert workers.submit(Work.HINT, sum, [1, 2]).result(timeout=60) == 3
    finally:
        workers.shutdown()


@pytest.mark.usefixtures("rest_yields")
async def test_a_hint_asked_as_her_card_is_played_tells_nothing_and_counts_for_nothing(world):
    """The hint and the play in the same instant: the hint answers the position she saw,
    which is gone once her card is down, so it says her hand changed, shows no move (it
    would be for a position that no longer exists) and leaves the match rated."""
    await world.ana.slash(world.channel, "cuarenta preferences", one_tap=True)
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    hand = await open_hand(world, world.ana, session)
    (hint,) = enabled(hand, "hint")
    drops = [c for c in cards_in(hand) if not session.game.capture_options(c)]
    card = next(b for b in enabled(hand, "card") if b["custom_id"].endswith(str(drops[0])))
    hinted, _ = await at_once(
        world.env,
        world.ana.click(hand, custom_id=hint["custom_id"]),
        world.ana.click(hand, custom_id=card["custom_id"]),  # one tap: played at once
    )
    told = answers(hinted)[-1]
    assert told.ephemeral and told.content == t("refuse.hint_stale", "en")
    session = only_session(world.env)
    assert session.moves and not session.hints_used
    assert t("table.casual", "en") not in table_message(world, session).content


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_hint_slower_than_its_deadline_is_given_up_within_the_turn(
    world, monkeypatch, lang
):
    """A hint worker that does not answer (a busy machine): the player hears, within her
    turn, that the hint took too long; the match stays rated and her turn is hers."""
    await in_language(world, lang)
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    hand = await open_hand(world, world.ana, session)
    (hint,) = enabled(hand, "hint")

    async def never(*_):
        await asyncio.sleep(3600)  # a worker that does not answer

    monkeypatch.setattr(world.env.bot.services.workers, "run", never)
    result = await world.ana.click(hand, custom_id=hint["custom_id"])
    await world.env.advance_time(HINT_SECONDS + 1)
    told = [m for m in world.channel.history(viewer=world.ana) if m.content][-1]
    assert told.content == t("refuse.hint_slow", lang)
    assert result.ephemeral
    session = only_session(world.env)
    assert not session.hints_used and session.turn_deadline > now()


@pytest.mark.usefixtures("rest_yields")
@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_hint_asked_as_her_time_runs_out_tells_nothing_and_counts_for_nothing(world, lang):
    """The hint and the turn's time-out in the same instant: whichever the bot takes first,
    the hint names no move (the timer plays one, the position is gone) and the match stays
    rated."""
    await in_language(world, lang)
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    hand = await open_hand(world, world.ana, session)
    (hint,) = enabled(hand, "hint")
    await world.env.advance_time(session.turn_deadline - now() - 0.5)
    moves = len(session.moves)
    (hinted,) = await at_once(
        world.env,
        world.ana.click(hand, custom_id=hint["custom_id"]),
        then=world.env.advance_time(1.0),  # the time-out is due within this second
    )
    told = answers(hinted)[-1]
    assert told.ephemeral
    assert told.content in (t("refuse.hint_no_time", lang), t("refuse.hint_stale", lang))
    session = only_session(world.env)
    assert len(session.moves) > moves and moves in session.stand_ins  # the timer played
    assert not session.hints_used
    assert t("table.casual", lang) not in table_message(world, session).content


async def test_a_hint_worked_out_while_she_played_and_the_bot_answered_tells_nothing(
    world, monkeypatch
):
    """The hint is still being worked out when her card goes down and the bot answers: it
    is her turn again, but not the position she asked about, so the hint (for the old
    position) is not shown and the match stays rated."""
    await world.ana.slash(world.channel, "cuarenta preferences", one_tap=True)
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    hand = await open_hand(world, world.ana, session)
    (hint,) = enabled(hand, "hint")

    async def slow_hint(kind, function, *args):
        await asyncio.sleep(HINT_SECONDS - 5)  # a busy worker, though within the deadline
        return function(*args)  # the real hint, for the position it was asked for

    monkeypatch.setattr(world.env.bot.services.workers, "run", slow_hint)
    hinted = await world.ana.click(hand, custom_id=hint["custom_id"])
    drops = [c for c in cards_in(hand) if not session.game.capture_options(c)]
    card = next(b for b in enabled(hand, "card") if b["custom_id"].endswith(str(drops[0])))
    await world.ana.click(hand, custom_id=card["custom_id"])  # one tap: played at once
    await world.env.advance_time(1.0)  # the bot answers
    assert only_session(world.env).seat_to_play == session.seat_of(world.ana.id)
    await world.env.advance_time(HINT_SECONDS)  # the hint comes back
    told = [m for m in world.channel.history(viewer=world.ana) if m.content][-1]
    assert told.content == t("refuse.hint_stale", "en")
    assert hinted.ephemeral
    assert not only_session(world.env).hints_used
