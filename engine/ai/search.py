"""The expert and the oracle: search over the hidden cards (perfect-information Monte Carlo).

For each hidden deal consistent with what the seat knows (view.py) — every distinct
opponent hand with its chance when there are few, else hands drawn at random — each of
our moves is searched with alpha-beta, every hand open, to the end of the deal or a
depth limit, and valued by `evaluate` (points, 38 rule, cartón race). The move with the
best average wins. Worlds are added until the work budget is spent, so the search is
anytime; the oracle searches only the true deal (it sees every card).

The budget is counted in search nodes, not in wall-clock time, so that a decision
depends only on the seed and the position; `budget_ms` is turned into nodes at a rate
measured on a modest machine. A wall-clock fuse (FUSE × the budget) stops a search
that runs far slower than that, only then at the cost of exact repeatability.
"""

from __future__ import annotations

import random
import time

from .evaluate import WIN, evaluate
from .policies import normal_best, normal_choice
from .sim import Position, RankMove
from .view import SeatView

NODES_PER_MS = 60  # search nodes per millisecond of budget
FUSE = 3.0  # a search stops after FUSE × budget_ms of wall-clock time, whatever is left
MAX_WORLDS = 64  # more worlds than this hardly change a choice
ENUMERATE_LIMIT = 64  # enumerate the opponent hands when there are at most this many
FULL_DEPTH_PLIES = 8  # search to the end of the deal when at most this many cards are left
DEPTH = 4  # otherwise, plies searched before the evaluation
INF = float("inf")
WORLDS = 24


class Search:
    """Alpha-beta over one fully known deal; counts the nodes it visits."""

    def __init__(self) -> None:
        self.nodes = 0

    def negamax(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        side = pos.seat & 1
        if pos.sizes[pos.seat] == 0:
            return evaluate(pos, side)
        if depth == 0:
            return self.quiesce(pos, side)
        best = -INF
        for move in pos.moves():
            undo = pos.play(*move)
            value = WIN if pos.pts[side] >= 40 else -self.negamax(pos, depth - 1, -beta, -alpha)
            pos.undo(undo)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def quiesce(self, pos: Position, side: int) -> float:
        """At the horizon: the seat to play may still take what is there (or not)."""
        best = evaluate(pos, side)
        if not pos.tsize:
            return best
        for move in pos.moves():
            if not move[1]:
                break  # drops come after every capture
            self.nodes += 1
            undo = pos.play(*move)
            best = max(best, evaluate(pos, side))
            pos.undo(undo)
        return best


def search_depth(pos: Position) -> int:
    left = sum(pos.sizes)
    return left if left <= FULL_DEPTH_PLIES else DEPTH


def choose_expert(
    view: SeatView, rng: random.Random, budget_ms: float, oracle: bool = False
) -> RankMove:
    moves = view.moves()
    if len(moves) == 1:
        return moves[0]
    side = view.side
    search = Search()
    budget = budget_ms * NODES_PER_MS
    deadline = time.perf_counter() + FUSE * budget_ms / 1000
    totals = [0.0] * len(moves)

    def run(weight: float, pos: Position) -> None:
        depth = search_depth(pos)
        for index, move in enumerate(moves):
            undo = pos.play(*move)
            value = WIN if pos.pts[side] >= 40 else -search.negamax(pos, depth - 1, -INF, INF)
            pos.undo(undo)
            totals[index] += weight * value

    if oracle:
        run(1.0, view.true_position())
    else:
        worlds = view.enumerate_worlds(ENUMERATE_LIMIT)
        if worlds is not None:
            worlds.sort(key=lambda world: -world[0])  # the likeliest first
            for weight, pos in worlds:
                run(weight, pos)
                if search.nodes > 2 * budget or time.perf_counter() > deadline:
                    break
        else:
            for _ in range(MAX_WORLDS):
                run(1.0, view.sample(rng))
                if search.nodes > budget or time.perf_counter() > deadline:
                    break
    best = max(range(len(moves)), key=lambda i: totals[i])
    return moves[best]


def lookahead(pos: Position, move: RankMove, seat: int, memo: dict, turns: int = 1) -> float:
    """Play `move`, let every other seat answer with the normal level's choice, then take
    the normal level's value of our best next move (or the evaluation at the deal's end)."""
    side = seat & 1
    undos = [pos.play(*move)]
    replies: list[RankMove] = []
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
        if pos.seat == seat and turns > 1:
            turns -= 1
        elif pos.seat == seat:
            key = tuple(replies)
            value = memo.get(key)
            if value is None:
                value = memo[key] = normal_best(pos)
            break
        reply = normal_choice(pos)
        replies.append(reply)
        undos.append(pos.play(*reply))
    for undo in reversed(undos):
        pos.undo(undo)
    return value


def choose_expert2(
    view: SeatView,
    rng: random.Random,
    budget_ms: float,
    oracle: bool = False,
    turns: int = 1,
    count: int = WORLDS,
) -> RankMove:
    moves = view.moves()
    if len(moves) == 1:
        return moves[0]
    totals = [0.0] * len(moves)
    memos: list[dict] = [{} for _ in moves]
    deadline = time.perf_counter() + budget_ms / 1000
    if oracle:
        worlds = [(1.0, view.true_position())]
    else:
        worlds = view.enumerate_worlds(ENUMERATE_LIMIT)
        if worlds is None:
            worlds = [(1.0, view.sample(rng)) for _ in range(count)]
        worlds.sort(key=lambda world: -world[0])
    for weight, pos in worlds:
        for index, move in enumerate(moves):
            totals[index] += weight * lookahead(pos, move, view.seat, memos[index], turns)
        if time.perf_counter() > deadline:
            break
    best = max(range(len(moves)), key=lambda i: totals[i])
    return moves[best]
