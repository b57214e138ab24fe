"""A match decided by the deal itself (a doble ronda, at the first deal or any other) ends,
is recorded and frees the table like any other win.

The decks are stacked: hypothesis chooses which hand, which deal of it and which seat gets
four of a rank (the rest of the deck in any order), so every such case is reached, not one
seed in a thousand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.game
from engine import Rules
from engine.cards import full_deck
from tables import Phase, TableSession
from tables.results import match_record
from tables.session import EndReason

CARDS_PER_DEAL = 5


class _StackedRandom(random.Random):
    """random.Random, except that the shuffles of the hands in `decks` give those decks."""

    decks: ClassVar[dict[int, list[object]]] = {}

    def __init__(self, key: object = None) -> None:
        super().__init__(key)
        last = str(key).rsplit(":", 1)[-1]
        self._hand = int(last) if ":" in str(key) and last.isdigit() else None

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        stacked = self.decks.get(self._hand or -1)
        if stacked is None:
            super().shuffle(x)
        else:
            x[:] = stacked


@contextmanager
def stacked(decks: dict[int, list[object]]) -> Iterator[None]:
    fake = mock.Mock(wraps=random)
    fake.Random = type("Stacked", (_StackedRandom,), {"decks": decks})
    with mock.patch.object(engine.game, "random", fake):
        yield


@st.composite
def doble_ronda_decks(draw: st.DrawFn, players: int) -> tuple[int, list[object]]:
    """(hand number, its deck) with four of a rank dealt to one seat at one deal."""
    hand = draw(st.sampled_from([1, 2]))
    deals = 40 // (CARDS_PER_DEAL * players)
    deal = draw(st.integers(0, deals - 1))
    offset = draw(st.integers(0, players - 1))  # the seat, counted after the dealer
    rank = draw(st.sampled_from(sorted({card.rank for card in full_deck()})))
    four = [card for card in full_deck() if card.rank == rank]
    rest = draw(st.permutations([card for card in full_deck() if card.rank != rank]))
    start = deal * CARDS_PER_DEAL * players + offset * CARDS_PER_DEAL
    deck: list[object] = list(rest)
    deck[start:start] = four  # four of the rank, then the first of the rest: five cards
    return hand, deck


def table(players: int, chicas: int, seed: int, rules: Rules) -> TableSession:
    session = TableSession.open_lobby(
        guild_id=10, channel_id=20, host_id=1, players=players, rules_name="quito",
        chicas_to_win=chicas, bot_level="easy", lang="es", turn_seconds=90, now=0.0,
    )  # fmt: skip
    session.seed = seed
    session.rule_options = rules.to_dict()
    return session


def play_out(session: TableSession, seed: int, limit: int = 5000) -> None:
    """Random legal plays until the table is over; after every step, a won match is over."""
    chooser = random.Random(seed)
    now = 1000.0
    for _ in range(limit):
        game = session.game
        assert game is not None
        if game.winner is not None:
            assert session.phase == Phase.FINISHED, "the match is won but the table plays on"
        if not session.is_live:
            return
        if session.paused_until is not None:
            session.next_hand(None, session.version, now)
            now += 1000.0
        move = chooser.choice(game.legal_moves())
        seat = session.current_seat()
        if seat is not None and seat.is_bot:
            session.apply_bot_move(move, session.version, now)
        else:
            session.time_out(move, session.version, now)
        now += 1000.0
    raise AssertionError("the table never ended")


def assert_over_and_recorded(session: TableSession) -> None:
    game = session.game
    assert game is not None and game.winner is not None
    assert session.phase == Phase.FINISHED and session.ended_by == EndReason.MATCH
    assert session.winner == game.winner and not session.is_live
    assert session.seat_to_play is None  # nobody is "to play" at a finished table
    record = match_record(session, 99.0)
    assert record is not None and record.winner_side == game.winner
    # and so it stays after a save and a restart
    again = TableSession.from_dict(session.to_dict())
    assert again.phase == Phase.FINISHED and again.winner == game.winner


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    players=st.sampled_from([2, 4]),
    chicas=st.sampled_from([1, 2]),
    seed=st.integers(0, 2**31),
)
def test_a_doble_ronda_at_any_deal_ends_a_won_match(data, players, chicas, seed):
    hand, deck = data.draw(doble_ronda_decks(players))
    rules = Rules()  # the doble ronda wins the chica outright
    assert rules.doble_ronda is None
    session = table(players, chicas, seed, rules)
    with stacked({hand: deck}):
        session.start(None, 0.0)
        play_out(session, seed)
    assert_over_and_recorded(session)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), players=st.sampled_from([2, 4]), seed=st.integers(0, 2**31))
def test_a_first_deal_doble_ronda_ends_a_one_chica_match_at_the_start(data, players, seed):
    """The tournament's case: one chica, four of a rank in the very first deal."""
    deck = data.draw(doble_ronda_decks(players).filter(lambda hd: hd[0] == 1))[1]
    first_deal = deck[: CARDS_PER_DEAL * players]
    ranks = [card.rank for card in first_deal]  # type: ignore[attr-defined]
    session = table(players, 1, seed, Rules())
    with stacked({1: deck}):
        session.start(None, 0.0)
    hands = [ranks[i : i + CARDS_PER_DEAL] for i in range(0, len(ranks), CARDS_PER_DEAL)]
    if any(max(map(h.count, h)) == 4 for h in hands):
        assert_over_and_recorded(session)


def test_a_saved_table_left_playing_after_its_deal_won_ends_when_read_back():
    """A table saved by a version with the hang (PLAYING, the game won) ends at restore."""
    session = table(2, 1, 5, Rules())
    deck = [c for c in full_deck() if c.rank != 7] + []
    sevens = [c for c in full_deck() if c.rank == 7]
    deck[0:0] = sevens
    with stacked({1: deck}):
        session.start(None, 0.0)
    saved = session.to_dict()
    saved.update(phase="playing", ended_by=None, winner=None)  # as the hang saved it
    again = TableSession.from_dict(saved)
    assert_over_and_recorded(again)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 4]))
def test_any_deck_a_won_match_is_a_finished_table(seed, players):
    """Unstacked decks too: whatever the deal, the table ends when the match is won."""
    session = table(players, 1, seed, Rules())
    session.start(None, 0.0)
    play_out(session, seed)
    assert_over_and_recorded(session)
