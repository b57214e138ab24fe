"""The expert's time limits (engine/ai/search.py, `Clock`): on a machine too slow for the
budget's rate, a choice stops adding worlds once it has used THINK_LIMIT_MS of CPU time,
and still plays a legal move."""

from __future__ import annotations

import pytest

from engine import Bot
from engine.ai import search
from engine.ai.search import Lookahead
from engine.ai.sim import Position, RankMove
from tests.engine.test_bots import random_states


@pytest.mark.parametrize("players", [2, 4])
def test_past_the_cpu_limit_a_choice_values_no_more_worlds(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    valued: list[int] = []  # one entry per world a choice valued
    values, exact_values = Lookahead.values, Lookahead.exact_values

    def counted_values(self: Lookahead, pos: Position, moves: list[RankMove]) -> list[float]:
        valued.append(len(moves))
        return values(self, pos, moves)

    def counted_exact(
        self: Lookahead, pos: Position, moves: list[RankMove], budget: float = search.INF
    ) -> list[float]:
        valued.append(len(moves))
        return exact_values(self, pos, moves, budget)

    monkeypatch.setattr(Lookahead, "values", counted_values)
    monkeypatch.setattr(Lookahead, "exact_values", counted_exact)
    monkeypatch.setattr(search, "FUSE_FLOOR_MS", 1e9)  # the wall clock cuts nothing here
    games = random_states(players, 12, seed=players + 20)

    def worlds_per_choice(limit_ms: float) -> list[int]:
        monkeypatch.setattr(search, "THINK_LIMIT_MS", limit_ms)
        found = []
        for index, game in enumerate(games):
            valued.clear()
            move = Bot("expert", seed=index, budget_ms=30, answer_style=False).choose(game)
            assert move in game.legal_moves()
            found.append(len(valued))
        return found

    assert max(worlds_per_choice(1e9)) > 1
    assert max(worlds_per_choice(0)) == 1
