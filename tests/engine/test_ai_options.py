"""Computer players under the house options of RULES.md §6: they know when a streak of
caídas (caidas_seguidas) or the cartón at the lock (carton_at_lock) wins, and the search
model (engine/ai/sim.py) scores plays as the engine does under random option sets."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Bot, Card, EventKind, Game, Move, Rules
from engine.ai.evaluate import WIN, evaluate
from engine.ai.sim import counts
from engine.ai.view import SeatView
from engine.cards import parse_cards
from tests.engine.conftest import engine_settings, rule_sets

LEVELS = ("easy", "normal", "expert", "oracle")
STREAK_OF_4 = Rules(caidas_seguidas=4)
BEYOND_THE_DEAL = {EventKind.DEAL, EventKind.CARTON, EventKind.DOS_POR_DARLAS}


def streak_position(rules: Rules, streaks: tuple[int, int]) -> Game:
    """Seat 0 can fall on the 4c just dropped (one card), or take 3d + 4c with its 7 and
    sweep the table (two cards and a limpia): the same 2 points, more cards for the 7."""
    return Game.from_position(
        rules,
        hands=[parse_cards("4h 7s Kd"), parse_cards("5s 6s Jd")],
        table=parse_cards("3d 4c"),
        to_play=0,
        last_played=Card.parse("4c"),
        scores=(10, 20),
        streaks=streaks,
        seed=3,
    )


CAIDA = Move(Card.parse("4h"), frozenset([Card.parse("4c")]))


@pytest.mark.parametrize("level", LEVELS)
def test_the_caida_that_completes_a_streak_wins(level: str) -> None:
    game = streak_position(STREAK_OF_4, streaks=(3, 0))
    assert Bot(level, seed=1, budget_ms=15).choose(game) == CAIDA


def test_without_the_streak_the_greedy_level_takes_more_cards() -> None:
    """The control for the test above: the caída is not the easy level's choice on its
    own merits."""
    for rules, streaks in ((STREAK_OF_4, (2, 0)), (Rules(), (0, 0))):
        move = Bot("easy", seed=1).choose(streak_position(rules, streaks))
        assert move.card == Card.parse("7s")


def finished_hand(rules: Rules, scores: tuple[int, int], captured: tuple[int, int]):
    """The search model's position at the end of a 2-player hand, seat 0 dealing."""
    game = Game.from_position(
        rules, hands=[[], [Card.parse("Kc")]], table=[], to_play=1, dealer=0, seed=1
    )
    pos = SeatView(game).position([[0] * 11, counts([Card.parse("Kc")])])
    pos.play(10, ())
    pos.pts = list(scores)
    pos.cap = list(captured)
    return pos


def test_the_carton_at_the_lock_wins_only_with_the_option() -> None:
    with_option = finished_hand(Rules(carton_at_lock=True), (38, 30), (23, 16))
    without = finished_hand(Rules(), (38, 30), (23, 16))
    assert evaluate(with_option, 0) == WIN  # 38 + 10 for 23 cards
    assert evaluate(without, 0) == 38 - 30


@given(rules=rule_sets, seed=st.integers(0, 10**6))
@engine_settings()
def test_the_search_model_scores_as_the_engine(rules: Rules, seed: int) -> None:
    """Played move by move with the oracle's true position, the model's points (streak
    wins included) equal the engine's until the deal or the chica ends. The moves are
    mostly the easy level's, which takes every caída it can: streaks happen."""
    rng = random.Random(seed)
    game = Game.new(rng.choice([2, 4]), rules, seed=seed)
    compared = 0
    while not game.chica_history:
        pos = SeatView(game, oracle=True).true_position()
        if rng.random() < 0.8:
            move = Bot("easy", seed=seed).choose(game)
        else:
            move = rng.choice(game.legal_moves())
        pos.play(move.card.rank, tuple(sorted(c.rank for c in move.takes)))
        side = game.to_play % 2
        kinds = {event.kind for event in game.play(move)}
        if kinds & BEYOND_THE_DEAL:
            continue  # the model stops at the end of the deal
        if game.chica_history:
            assert pos.pts[side] >= 40
        else:
            assert tuple(pos.pts) == game.scores
            assert tuple(pos.streaks) == game.caida_streaks
        compared += 1
    assert compared
