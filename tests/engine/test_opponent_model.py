"""The exact solver against a modelled opponent (engine/ai/exact.py, `reply`): it finds our
best answer to the model's moves, which is never worth less than our best answer to a
perfect opponent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ai.evaluate import WIN, evaluate
from engine.ai.exact import Reply, Solver
from engine.ai.policies import greedy_choices, normal_choices
from engine.ai.search import solve_moves
from engine.ai.sim import Position, RankMove
from engine.ai.view import SeatView
from tests.engine.conftest import engine_settings
from tests.engine.test_bots import random_states

MODELS: dict[str, Reply] = {"greedy": greedy_choices, "normal": lambda pos: normal_choices(pos)}


def best_answer(pos: Position, side: int, reply: Reply) -> float:
    """The value for `side` when the other side makes one of `reply`'s moves, each as
    likely, and `side` its best (plain recursion, no pruning, no table)."""
    if pos.sizes[pos.seat] == 0:
        return evaluate(pos, side)
    mover = pos.seat & 1
    values = []
    for move in pos.moves() if mover == side else reply(pos):
        undo = pos.play(*move)
        if pos.pts[mover] >= 40:
            values.append(WIN if mover == side else -WIN)
        else:
            values.append(best_answer(pos, side, reply))
        pos.undo(undo)
    return max(values) if mover == side else sum(values) / len(values)


def late_positions(seed: int) -> list[Position]:
    """True 2-player positions with at most 6 cards left in the hands."""
    games = random_states(2, 30, seed=seed)
    found = [SeatView(g, oracle=True).true_position() for g in games]
    return [pos for pos in found if 2 <= sum(pos.sizes) <= 6][:3]


@engine_settings()
@given(st.integers(0, 10**6), st.sampled_from(sorted(MODELS)))
def test_the_solver_answers_the_model_best(seed: int, model: str) -> None:
    reply = MODELS[model]
    for pos in late_positions(seed):
        side = pos.seat & 1
        moves: list[RankMove] = pos.moves()
        modelled = solve_moves(pos, moves, side, Solver(reply, side))
        perfect = solve_moves(pos, moves, side, Solver())
        expected = []
        for move in moves:
            undo = pos.play(*move)
            won = pos.pts[side] >= 40
            expected.append(WIN if won else best_answer(pos, side, reply))
            pos.undo(undo)
        assert modelled == pytest.approx(expected)
        assert all(m >= p - 1e-9 for m, p in zip(modelled, perfect, strict=True))
