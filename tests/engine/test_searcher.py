"""The searcher model (engine/ai/searcher.py) and its use by the expert: a chance over the
legal moves, read from the mover's own hand and what is public only, the same every
time; the solver's blend with the worst case; the expert still legal with it on."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Bot, Game, Rules
from engine.ai import reading, search
from engine.ai.exact import Solver
from engine.ai.reading import Reader
from engine.ai.search import Lookahead, solve_moves
from engine.ai.searcher import FEATURES, features, model
from engine.ai.sim import Position, counts
from engine.ai.view import SeatView
from tests.engine.conftest import engine_settings
from tests.engine.test_bots import BUDGET, random_states
from tests.engine.test_opponent_model import late_positions


def redealt(view: SeatView, rng: random.Random) -> Position:
    """The seat's deal with every card it cannot see dealt again at random."""
    return view.sample(rng)


@engine_settings()
@given(st.sampled_from([2, 4]), st.integers(0, 2**32 - 1))
def test_a_chance_per_legal_move_that_never_peeks(players: int, seed: int) -> None:
    """One row of every feature per move; chances add up to 1; and dealing the unseen
    cards otherwise (the other hands, the stock) changes nothing."""
    rng = random.Random(seed)
    for game in random_states(players, 3, seed=seed):
        view = SeatView(game)
        moves = view.moves()
        first, second = redealt(view, rng), redealt(view, rng)
        rows = features(first, moves, {})
        assert len(rows) == len(moves)
        assert all(len(row) == len(FEATURES) for row in rows)
        assert rows == features(second, moves, {})
        chances = model().chances(first, moves, {})
        assert math.isclose(sum(chances), 1.0)
        assert chances == model().chances(second, moves)  # a fresh memo: the same too


def test_the_model_prefers_a_caida_to_a_plain_drop() -> None:
    """A sanity check of the fitted weights: falling on the card just dropped (2 points,
    its cards) is likelier than dropping a card beside it."""
    game = Game.from_position(
        Rules(),
        hands=[["5c", "Qh", "2s"], ["7d", "3h", "Kd"]],
        table=["5d", "As"],
        last_played="5d",
        to_play=0,
    )
    view = SeatView(game)
    moves = view.moves()
    pos = redealt(view, random.Random(1))
    chances = dict(zip(moves, model().chances(pos, moves), strict=True))
    caida = next(move for move in moves if move[0] == 5 and move[1] and move[1][0] == 5)
    assert chances[caida] == max(chances.values())
    assert chances[caida] > chances[(9, ())]  # the queen dropped


@engine_settings()
@given(st.integers(0, 10**6))
def test_the_blend_runs_from_the_model_to_the_perfect_player(seed: int) -> None:
    """With no weight on the model the solver values moves as against a perfect player;
    with all of it, as against the model (its moves by their chances); in between, in
    between, and never below the perfect player's value for us."""
    for pos in late_positions(seed):
        side = pos.seat & 1
        moves = pos.moves()
        policy = Lookahead(pos.seat).weighted
        perfect = solve_moves(pos, moves, side, Solver())
        blends = {
            blend: solve_moves(pos, moves, side, Solver(None, side, policy=policy, blend=blend))
            for blend in (0.0, 0.5, 1.0)
        }
        assert blends[0.0] == pytest.approx(perfect)
        for low, mid, high in zip(blends[0.0], blends[0.5], blends[1.0], strict=True):
            assert low - 1e-9 <= mid <= high + 1e-9


def test_the_likeliest_moves_come_first_with_their_chances() -> None:
    game = random_states(2, 1, seed=5)[-1]
    view = SeatView(game, oracle=True)
    pos = view.true_position()
    weighted = Lookahead(pos.seat).weighted(pos)
    assert 1 <= len(weighted) <= search.SEARCHER_MOVES
    assert math.isclose(sum(chance for chance, _ in weighted), 1.0)
    assert [c for c, _ in weighted] == sorted((c for c, _ in weighted), reverse=True)
    assert {move for _, move in weighted} <= set(pos.moves())


def test_the_searcher_weighs_nothing_while_it_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off (the default), the searcher style has no weight and is never answered; on, a
    player's plays give it weight by how well the model explains them."""
    game = Game.new(2, seed=11)
    bots = [Bot("normal", seed=1), Bot("expert", seed=2, budget_ms=BUDGET)]
    reader = Reader(2)
    plays: list[reading.Play] = []
    gone = [0] * 11
    deal = game.deal_number
    monkeypatch.setattr(reading, "SEARCHER", True)
    while not game.chica_history and game.hand_number < 2:
        move = bots[game.to_play].choose(game)
        plays.append(reading.watched_play(game, move, gone))
        if move.takes:
            for card in (move.card, *move.takes):
                gone[card.rank] += 1
        game.play(move)
        if game.deal_number != deal:
            deal = game.deal_number
            reader.finish(plays)
            plays = []
    on = reader.styles()
    searcher = reading.STYLES.index("searcher")
    assert all(weights[searcher] > 0 for weights in on)
    assert reader.learned[1][0] > 0  # the expert's plays were counted for the fit test
    monkeypatch.setattr(reading, "SEARCHER", False)
    assert all(weights[searcher] == 0 for weights in reader.styles())
    assert all(math.isclose(sum(weights), 1.0) for weights in reader.styles())


@pytest.mark.parametrize("seed", [3, 4])
def test_the_expert_stays_legal_answering_the_searcher(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """With the searcher read and answered (and a small budget), the expert makes legal
    moves to the end of a chica, and the same ones when asked again."""
    monkeypatch.setattr(reading, "SEARCHER", True)
    monkeypatch.setattr(reading, "SEARCHER_ANSWER", True)
    monkeypatch.setattr(reading, "SURE", 0.0)  # answer it as soon as it fits
    monkeypatch.setattr(reading, "FIT_PLAYS", 1)
    monkeypatch.setattr(search, "FUSE_FLOOR_MS", 1e9)
    monkeypatch.setattr(search, "THINK_LIMIT_MS", 1e9)
    game = Game.new(2, seed=seed)
    bots = [Bot("expert", seed=1, budget_ms=BUDGET), Bot("expert", seed=2, budget_ms=BUDGET)]
    while not game.chica_history:
        bot = bots[game.to_play]
        move = bot.choose(game)
        assert move in game.legal_moves()
        if game.deal_number % 3 == 0:
            again = Bot("expert", seed=bot.seed, budget_ms=BUDGET).choose(game)
            assert again == move
        game.play(move)
    assert sum(bot.answered for bot in bots) > 0


def test_the_reading_counts_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """With SEARCHER on, a hand that makes the plays likely under the model reads as more
    likely than under no model at all (ANY alone)."""
    monkeypatch.setattr(reading, "SEARCHER", True)
    game = random_states(2, 1, seed=9)[-1]
    move = game.legal_moves()[0]
    play = reading.watched_play(game, move, [0] * 11)
    held = counts(game.hands[game.to_play])
    odds = reading.style_odds(play, play.position(), held, {})
    assert len(odds) == len(reading.STYLES)
    assert 0 < odds[reading.STYLES.index("searcher")] <= 1
