"""The expert and the oracle: search over the hidden cards (perfect-information Monte Carlo).

The expert deals the cards it cannot see into hidden hands consistent with what its seat
knows (view.py) — every distinct opponent hand with its chance when there are few (late
in a 2-player deal), else hands drawn at random — reading the opponent's last drop on
the way: a player who drops rather than captures probably holds nothing that could have
captured (view.drop_odds). In each such world it plays each of its moves and lets the
other seats answer as the normal level would from *their* seats — each sees only its own
hand, so nobody in the search peeks either — until its own next turn, which it values
with the normal level's judgement of its best move there (or the evaluation, when the
deal ends first). The move with the best average over the worlds is played.

Worlds are added until the work budget is spent, or earlier once one move is clearly
best (every other move trails it by more than EARLY_STOP_Z standard errors): the search
is anytime. The budget is counted in work (moves valued), not wall-clock time, so that
a choice depends only on the seed and the position; `budget_ms` is turned into work at
a rate measured on a modest machine. A wall-clock fuse stops a search that runs far
slower than that (a heavily loaded machine) — only then at the cost of repeatability.

The oracle runs the same search on the true deal alone: it sees every hand.
"""

from __future__ import annotations

import math
import random
import time

from .evaluate import WIN, evaluate
from .exact import Solver
from .policies import Memo, normal_best, normal_choice
from .sim import Position, RankMove
from .view import SeatView

WORK_PER_MS = 40  # moves valued per millisecond of budget, on a modest machine
FUSE = 3.0  # the search stops after FUSE × budget_ms of wall-clock time…
FUSE_FLOOR_MS = 500  # …but never before this
MIN_WORLDS = 24  # worlds sampled before the search may stop early
MAX_WORLDS = 48  # more worlds than this hardly change a choice
ENUMERATE_LIMIT = 48  # enumerate the opponent's hands when there are at most this many
EARLY_STOP_Z = 3.0
# Solve the rest of the deal exactly in each world when there are at most this many
# worlds, by the cards left in all hands (the cost grows about 2.5x a card).
EXACT_WORLDS = {10: 1, 9: 3, 8: 8, 7: 16}
EXACT_ALWAYS = 6  # cards left at or under which every enumerated world is solved
CHECK_EVERY = 4  # worlds between two early-stop checks


# The value of our next turn, by the answers the other seats made to reach it.
AnswersMemo = dict[tuple[RankMove, ...], float]


class Lookahead:
    """Values moves of `seat` in fully dealt worlds; counts the moves it values (work)."""

    def __init__(self, seat: int, read_drop: bool = True) -> None:
        self.seat = seat
        self.read_drop = read_drop
        self.work = 0
        self.memo: Memo = {}  # the replies' gains by position, for policies.normal_value

    def value(self, pos: Position, move: RankMove, memo: AnswersMemo) -> float:
        """Play `move`; the other seats answer as the normal level would; then the normal
        value of our best next move, or the evaluation at the end of the deal (played on
        to there when our next turn would be our last card, which leaves no choice worth
        judging). `memo` caches by the sequence of answers: what we see at our next turn
        depends on nothing else."""
        seat = self.seat
        side = seat & 1
        last_card = False
        undos = [pos.play(*move)]
        answers: list[RankMove] = []
        while True:
            if pos.pts[side] >= 40:
                value = WIN
                break
            if pos.pts[1 - side] >= 40:
                value = -WIN
                break
            if pos.sizes[pos.seat] == 0:
                value = evaluate(pos, side)
                break
            if pos.seat == seat and not last_card and pos.sizes[seat] > 1:
                key = tuple(answers)
                cached = memo.get(key)
                if cached is None:
                    self.work += pos.sizes[seat] * 2
                    cached = memo[key] = normal_best(pos, self.read_drop, self.memo)
                value = cached
                break
            if pos.seat == seat:
                last_card = True
            self.work += pos.sizes[pos.seat] * 2
            answer = normal_choice(pos, self.memo)
            answers.append(answer)
            undos.append(pos.play(*answer))
        for undo in reversed(undos):
            pos.undo(undo)
        return value


def choose_expert(
    view: SeatView,
    rng: random.Random,
    budget_ms: float,
    oracle: bool = False,
    read_drop: bool = True,
) -> RankMove:
    """The expert's move (the oracle's with `oracle`); see the module's docstring."""
    moves = view.moves()
    if len(moves) == 1:
        return moves[0]
    search = Lookahead(view.seat, read_drop)
    memos: list[AnswersMemo] = [{} for _ in moves]
    budget = budget_ms * WORK_PER_MS
    deadline = time.perf_counter() + max(FUSE * budget_ms, FUSE_FLOOR_MS) / 1000

    def values(pos: Position) -> list[float]:
        return [search.value(pos, move, memos[i]) for i, move in enumerate(moves)]

    worlds = (
        [(1.0, view.true_position())]
        if oracle
        else view.enumerate_worlds(ENUMERATE_LIMIT, read_drop)
    )
    left = sum(view.sizes)
    if worlds is not None and (left <= EXACT_ALWAYS or len(worlds) <= EXACT_WORLDS.get(left, 0)):
        return moves[_solve(worlds, moves, view.side)]
    if oracle:
        assert worlds is not None  # the true deal, alone
        totals = values(worlds[0][1])
        return moves[max(range(len(moves)), key=totals.__getitem__)]
    if worlds is not None:
        totals = [0.0] * len(moves)
        worlds.sort(key=lambda world: -world[0])  # the likeliest first
        for weight, pos in worlds:
            for index, value in enumerate(values(pos)):
                totals[index] += weight * value
            if search.work > budget or time.perf_counter() > deadline:
                break
        return moves[max(range(len(moves)), key=totals.__getitem__)]
    rows: list[list[float]] = []
    for _ in range(MAX_WORLDS):
        rows.append(values(view.sample(rng, read_drop)))
        if search.work > budget or time.perf_counter() > deadline:
            break
        if len(rows) >= MIN_WORLDS and len(rows) % CHECK_EVERY == 0 and _settled(rows):
            break
    totals = [sum(column) for column in zip(*rows, strict=True)]
    return moves[max(range(len(moves)), key=totals.__getitem__)]


def _solve(worlds: list[tuple[float, Position]], moves: list[RankMove], side: int) -> int:
    """The index of the best move on average over `worlds`, each solved exactly."""
    totals = [0.0] * len(moves)
    for weight, pos in worlds:
        solver = Solver()
        for index, move in enumerate(moves):
            undo = pos.play(*move)
            value = WIN if pos.pts[side] >= 40 else -solver.value(pos)
            pos.undo(undo)
            totals[index] += weight * value
    return max(range(len(moves)), key=totals.__getitem__)


def _settled(rows: list[list[float]]) -> bool:
    """True when the best move so far beats every other by EARLY_STOP_Z standard errors
    (differences taken world by world, which cancels most of the luck of the deal)."""
    n = len(rows)
    totals = [sum(column) for column in zip(*rows, strict=True)]
    best = max(range(len(totals)), key=totals.__getitem__)
    for other in range(len(totals)):
        if other == best:
            continue
        diffs = [row[best] - row[other] for row in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if var == 0 and mean == 0:
            continue  # as good as each other in every world
        if mean <= EARLY_STOP_Z * math.sqrt(var / n):
            return False
    return True
