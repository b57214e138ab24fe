"""The fast levels' judgement of moves, on a Position: greedy (easy) and one move
ahead (normal).

A move is `(rank, takes)` (sim.py). The valuations work on a Position for whichever seat
is to play and read only that seat's hand and what is public, so the expert's search can
use them for every seat of a hidden deal without letting anyone peek, and the reading of
a player's plays can score them (reading.py). The levels themselves, choosing from what
a seat sees, are in bot.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any

from .evaluate import evaluate
from .sim import RANKS, Position, RankMove, captures, drop_odds

FOLLOW_UP = 0.35  # weight of what our own next card could take from the table we leave
NEW_DEAL = 5  # cards in a hand after a deal

# For one decision: the next seat's reply gains, and our follow-up values, by position.
Memo = dict[tuple[int, ...], Any]


def pick_best(scored: Sequence[tuple[float, RankMove]], rng: random.Random | None) -> RankMove:
    """The best-scored move; ties broken at random (drops are often tied), or the first."""
    best = _best_moves(scored)
    return best[0] if rng is None else rng.choice(best)


def _best_moves(scored: Sequence[tuple[float, RankMove]]) -> list[RankMove]:
    """The best-scored moves (ties within rounding), in their order."""
    top = max(score for score, _ in scored)
    return [move for score, move in scored if score >= top - 1e-9]


def greedy_choices(pos: Position) -> list[RankMove]:
    """The moves the easy level would choose for the seat to play in `pos`: the best
    scored, among which it picks at random."""
    return _best_moves([(greedy_score(pos, move), move) for move in pos.moves()])


def greedy_score(pos: Position, move: RankMove) -> int:
    """The easy level's order of moves: the points they score, then the cards they take
    (a capture of one card before any drop)."""
    rank, takes = move
    return pos.gain(rank, takes) * 100 + len(takes) + (1 if takes else 0)


def normal_choices(pos: Position, memo: Memo | None = None) -> list[RankMove]:
    """The moves the normal level would choose for the seat to play in `pos`: the best,
    among which it picks at random."""
    unseen = unseen_by(pos, pos.seat)
    scored = [(normal_value(pos, move, unseen, None, memo), move) for move in pos.moves()]
    return _best_moves(scored)


def normal_best(
    pos: Position, read_drop: bool = False, memo: Memo | None = None, team: bool = False
) -> float:
    """The normal level's value of its best move for the seat to play in `pos`.

    With `read_drop` (2 players), the opponent who has just dropped is taken to hold
    nothing that could have captured (sim.drop_odds). With `team` (4 players), what the
    move leaves for the partner counts too (see `normal_value`)."""
    unseen = unseen_by(pos, pos.seat)
    odds = None
    if read_drop and pos.players == 2 and pos.last:
        odds = drop_odds(pos.table, pos.last, pos.parts)
    return max(normal_value(pos, move, unseen, odds, memo, team) for move in pos.moves())


def unseen_by(pos: Position, seat: int) -> list[int]:
    """Per rank, the cards `seat` cannot account for: not in its hand, not on the table,
    not known captured."""
    hand = pos.hands[seat]
    table = pos.table
    gone = pos.gone
    return [0] + [max(0, 4 - hand[r] - table[r] - gone[r]) for r in RANKS]


def normal_value(
    pos: Position,
    move: RankMove,
    unseen: list[int],
    odds: list[float] | None = None,
    memo: Memo | None = None,
    team: bool = False,
) -> float:
    """A move's worth for the seat to play, reading only its own hand and public facts.

    The position the move leaves (points, the 38 rule, the cartón race: `evaluate`),
    minus the expected best reply of the next seat — always an opponent — over the hands
    the unseen cards allow: a drop it can fall on (caída), a table it can sweep (limpia),
    cards it can take. A small bonus goes to what our remaining cards could take from
    the table we leave, which keeps a card that answers the table.

    With `team` and 4 players, the seat after the next one — our partner — counts as
    well, the other way round: when the opponent cannot take anything from the table we
    leave (the chance of that, over the unseen cards), the partner faces that table, and
    its expected best gain there is ours (see `_partner_gain`).

    `memo` (a dict kept for one decision) caches the replies' gains by position.
    """
    side = pos.seat & 1
    undo = pos.play(*move)
    value = evaluate(pos, side)
    if abs(value) < 50:
        reply, idle = _expected_reply(pos, unseen, odds, memo)
        value -= reply
        if team and pos.players == 4 and idle:
            value += idle * _partner_gain(pos, unseen, memo)
        if memo is None:
            value += FOLLOW_UP * _follow_up(pos)
        else:
            key = (*pos.table, *pos.hands[(pos.seat - 1) % pos.players])
            follow = memo.get(key)
            if follow is None:
                follow = memo[key] = _follow_up(pos)
            value += FOLLOW_UP * follow
    pos.undo(undo)
    return value


def _expected_reply(
    pos: Position, unseen: list[int], odds: list[float] | None, memo: Memo | None
) -> tuple[float, float]:
    """The next seat's expected best gain (for its side) on the position left to it, and
    the chance it can gain nothing there."""
    replier = pos.seat
    holding = pos.sizes[replier]
    last = pos.last
    if holding == 0:  # the deal is over
        if pos.stock_left == 0:
            return 0.0, 0.0
        holding, last = NEW_DEAL, 0
    if not pos.tsize:
        return 0.0, 1.0
    gains = _gains(pos, last, replier, memo)
    return _expected_best(gains, unseen, holding, odds)


def _partner_gain(pos: Position, unseen: list[int], memo: Memo | None) -> float:
    """With 4 players, after our move: the expected best gain of our partner (the seat
    after the next) on the table we leave, over the unseen cards. No caída: the card
    just played is ours."""
    partner = (pos.seat + 1) % pos.players
    holding = pos.sizes[partner]
    if not holding or not pos.tsize:
        return 0.0
    return _expected_best(_gains(pos, 0, partner, memo), unseen, holding, None)[0]


def _gains(pos: Position, last: int, replier: int, memo: Memo | None) -> list[tuple[float, int]]:
    """`_reply_gains`, cached in `memo` by position."""
    if memo is None:
        return _reply_gains(pos, last, replier)
    key = (*pos.table, last, *pos.pts, *pos.cap, replier)
    cached = memo.get(key)
    if cached is None:
        cached = memo[key] = _reply_gains(pos, last, replier)
    return cached


def _expected_best(
    gains: list[tuple[float, int]], unseen: list[int], holding: int, odds: list[float] | None
) -> tuple[float, float]:
    """For a hand of `holding` cards drawn from `unseen` (with `odds`, if given): the
    expected best of `gains` (best first, one per rank), and the chance of none."""
    pool = sum(unseen)
    holding = min(holding, pool)
    expected = 0.0
    none_before = 1.0
    if odds is None:
        missing = 0
        total = comb(pool, holding)
        for gain, rank in gains:
            missing += unseen[rank]
            none_now = comb(pool - missing, holding) / total
            expected += gain * (none_before - none_now)
            none_before = none_now
        return expected, none_before
    # Cards drawn with odds: each draw takes away an average card's weight (with even
    # odds this is exactly the count above).
    weight = sum(unseen[r] * odds[r] for r in RANKS)
    step = weight / pool if pool else 0.0
    missing_weight = 0.0
    for gain, rank in gains:
        missing_weight += unseen[rank] * odds[rank]
        none_now = 1.0
        for drawn in range(holding):
            left = weight - drawn * step
            none_now *= max(0.0, (left - missing_weight) / left)
        expected += gain * (none_before - none_now)
        none_before = none_now
    return expected, none_before


def _reply_gains(pos: Position, last: int, replier: int) -> list[tuple[float, int]]:
    """For each rank that could capture on the table, the most `replier` would gain with
    it (for its side, by `evaluate`), best first. Needs only the public state."""
    saved_last, saved_seat = pos.last, pos.seat
    pos.last = last
    pos.seat = replier
    their_side = replier & 1
    base = evaluate(pos, their_side)
    hand = pos.hands[replier]
    sizes = pos.sizes
    table = pos.table
    parts = pos.parts
    gains = []
    for rank in RANKS:
        options = captures(table, rank, parts)
        if not options:
            continue
        best = 0.0
        hand[rank] += 1
        sizes[replier] += 1
        for takes in options:
            undo = pos.play(rank, takes)
            best = max(best, evaluate(pos, their_side) - base)
            pos.undo(undo)
        hand[rank] -= 1
        sizes[replier] -= 1
        if best > 0:
            gains.append((best, rank))
    pos.last = saved_last
    pos.seat = saved_seat
    gains.sort(reverse=True)
    return gains


def _follow_up(pos: Position) -> float:
    """The most our remaining cards could take from this table, in points and cards."""
    if not pos.tsize:
        return 0.0
    hand = pos.hands[(pos.seat - 1) % pos.players]
    best = 0.0
    for rank in RANKS:
        if hand[rank]:
            for takes in captures(pos.table, rank, pos.parts):
                limpia = 2.0 if len(takes) == pos.tsize else 0.0
                best = max(best, 0.5 * (1 + len(takes)) + limpia)
    return best
