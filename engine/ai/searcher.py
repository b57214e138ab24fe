"""A learned model of a player who searches but does not see our cards (the "searcher" style).

Search players (PIMC bots, the expert itself) choose from their own hand and what the
table shows, so their moves follow from a handful of things they can see: what a move
scores now, how the position stands after it (policies.normal_value: points, the cartón
race, the expected best reply of the next seat over the unseen cards, our follow-up),
whether a dropped card can be fallen on, and so on. `features` lists them for each legal
move, reading only the seat to play's hand and what is public (it never peeks: the
other hands of the Position are not read). The model is a conditional logit over the
legal moves: a move's chance is exp(w·f) over the sum for all moves, `w` fitted by
bench/train_searcher.py on decisions that search players made in self-play
(bench/decisions.py), and kept in searcher.json beside this module.

reading.py uses it as a fourth style: the plays of a deal weigh the hidden hands by how
likely this model makes them, and once a player has shown it fits, search.py and exact.py
answer its moves (blended with the worst case).
"""

from __future__ import annotations

import json
import math
from functools import cache
from math import comb
from pathlib import Path

from .evaluate import evaluate
from .policies import Memo, greedy_score, normal_value, unseen_by
from .sim import Position, RankMove

WEIGHTS_FILE = Path(__file__).with_name("searcher.json")
CLIP = 20.0  # points: values past this (a won chica) tell no more
NEAR_END = 30  # points from which the end of the chica is near

FEATURES = (
    "drop",
    "gain",
    "caida",
    "limpia",
    "taken",
    "value_change",
    "reply_and_follow",
    "normal_best",
    "greedy_best",
    "drop_risk",
    "drop_safe",
    "drop_rank",
    "drop_figure",
    "drop_pair_kept",
    "table_after",
    "sum_capture",
    "near_end_gain",
    "near_end_drop_risk",
    "last_deal_taken",
)


def _clip(value: float) -> float:
    return max(-CLIP, min(CLIP, value))


def features(
    pos: Position,
    moves: list[RankMove],
    memo: Memo | None = None,
    values: list[float] | None = None,
) -> list[list[float]]:
    """Per move, the model's inputs (FEATURES) for the seat to play in `pos`, from its own
    hand and what is public only. `values`: each move's policies.normal_value, when the
    caller has them already."""
    seat = pos.seat
    side = seat & 1
    hand = pos.hands[seat]
    unseen = unseen_by(pos, seat)
    pool = sum(unseen)
    holding = min(pos.sizes[(seat + 1) % pos.players], pool)
    before = evaluate(pos, side)
    near_end = max(pos.pts) >= NEAR_END
    last_deal = pos.stock_left == 0
    if values is None:
        values = [normal_value(pos, move, unseen, None, memo) for move in moves]
    scores = [greedy_score(pos, move) for move in moves]
    top_value, top_score = max(values), max(scores)
    rows = []
    for move, value, score in zip(moves, values, scores, strict=True):
        rank, takes = move
        drop = not takes
        gain = pos.gain(rank, takes)
        undo = pos.play(rank, takes)
        after = evaluate(pos, side)
        table_after = pos.tsize
        pos.undo(undo)
        risk = 0.0
        if drop and pool and holding:
            risk = 1.0 - comb(pool - unseen[rank], holding) / comb(pool, holding)
        taken = len(takes) + 1 if takes else 0
        rows.append(
            [
                float(drop),
                float(gain),
                float(bool(takes) and pos.last == rank and takes[0] == rank),
                float(bool(takes) and len(takes) == pos.tsize),
                float(taken),
                _clip(after - before),
                _clip(value) - _clip(after),
                float(value >= top_value - 1e-9),
                float(score == top_score),
                risk,
                float(drop and unseen[rank] == 0),
                rank / 10 if drop else 0.0,
                float(drop and rank >= 8),
                float(drop and hand[rank] >= 2),
                table_after / 10,
                float(bool(takes) and takes[0] != rank),
                gain if near_end else 0.0,
                risk if near_end else 0.0,
                float(taken) if last_deal else 0.0,
            ]
        )
    return rows


class Model:
    """The conditional logit: a weight per feature (scaling folded in)."""

    def __init__(self, weights: list[float]) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"{len(weights)} weights for {len(FEATURES)} features")
        self.weights = weights

    def scores(self, rows: list[list[float]]) -> list[float]:
        weights = self.weights
        return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]

    def chances(
        self,
        pos: Position,
        moves: list[RankMove],
        memo: Memo | None = None,
        values: list[float] | None = None,
    ) -> list[float]:
        """Each move's chance for the seat to play in `pos` (`values`: see `features`)."""
        return softmax(self.scores(features(pos, moves, memo, values)))


def softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


@cache
def model() -> Model:
    """The fitted model, read once from WEIGHTS_FILE."""
    data = json.loads(WEIGHTS_FILE.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE.name} was fitted on other features")
    return Model([float(w) for w in data["weights"]])
