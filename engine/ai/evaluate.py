"""How good a position is for a side, in points: the score so far plus what the cartón of
this hand is likely to bring (RULES.md §5), with the 38 rule (§6) applied — a side at the
lock scores no cartón, unless option carton_at_lock says it does.

The cartón is steep: 19 cards score nothing, 21 score 8 for the side and deny the other
side everything. `carton_ev` takes the cards still to be captured this hand as split
between the sides at random, in lumps of about `LUMP` cards (a capture takes several),
and returns the expected cartón points of one side minus the other's. Its slope is what
one more captured card is worth — the cartón race.
"""

from __future__ import annotations

import math
from functools import cache

from ..game import CARTON_CARDS, CHICA_POINTS, DOS_POR_DARLAS, carton_points
from .sim import NO_LOCK, Position

DECK = 40
LUMP = 2.5  # cards per capture, roughly: widens the spread of the final split
LEFTOVER = 2  # cards that stay on the table at the end of a hand, roughly
WIN = 100.0  # a won chica, in points


def carton_result(mine: int, theirs: int, nondealer: bool) -> tuple[int, int]:
    """Cartón points (mine, theirs) for final counts, before the 38 rule."""
    if mine != theirs and max(mine, theirs) >= CARTON_CARDS:
        return (carton_points(mine), 0) if mine > theirs else (0, carton_points(theirs))
    if mine == theirs:
        return (DOS_POR_DARLAS, 0) if nondealer else (0, DOS_POR_DARLAS)
    return (DOS_POR_DARLAS, 0) if mine > theirs else (0, DOS_POR_DARLAS)


@cache
def carton_ev(mine: int, theirs: int, nondealer: bool, locked: bool, they_locked: bool) -> float:
    """Expected cartón points, mine minus theirs, from the cards captured so far."""
    left = max(0, DECK - mine - theirs - LEFTOVER)
    if left == 0:
        weights = {0: 1.0}
    else:
        spread = 2.0 * left * LUMP / 4.0  # twice the variance
        weights = {x: math.exp(-((x - left / 2) ** 2) / spread) for x in range(left + 1)}
    total = sum(weights.values())
    value = 0.0
    for x, weight in weights.items():
        got, lost = carton_result(mine + x, theirs + left - x, nondealer)
        value += weight * ((0 if locked else got) - (0 if they_locked else lost))
    return value / total


def hand_end_points(pos: Position) -> tuple[int, int]:
    """The points per side once the cartón of this (finished) hand is counted."""
    cap = list(pos.cap)
    if pos.leftovers_to_capturer and pos.last_capturer >= 0:
        cap[pos.last_capturer] += pos.tsize
    nondealer = (pos.dealer + 1) % 2
    got0, got1 = carton_result(cap[0], cap[1], nondealer == 0)
    pts = list(pos.pts)
    if pts[0] < pos.lock or pos.carton_at_lock:
        pts[0] += got0
    if pts[1] < pos.lock or pos.carton_at_lock:
        pts[1] += got1
    return pts[0], pts[1]


def evaluate(pos: Position, side: int) -> float:
    """The value of `pos` for `side`, in points; ±WIN once a side has 40."""
    pts = pos.pts
    other = 1 - side
    if pts[side] >= CHICA_POINTS:
        return WIN
    if pts[other] >= CHICA_POINTS:
        return -WIN
    if pos.stock_left == 0 and sum(pos.sizes) == 0:
        final = hand_end_points(pos)
        if final[side] >= CHICA_POINTS:
            return WIN
        if final[other] >= CHICA_POINTS:
            return -WIN
        return float(final[side] - final[other])
    nondealer = (pos.dealer + 1) % 2 == side
    cap = pos.cap
    lock = NO_LOCK if pos.carton_at_lock else pos.lock  # the lock that stops a cartón
    return (
        pts[side]
        - pts[other]
        + carton_ev(cap[side], cap[other], nondealer, pts[side] >= lock, pts[other] >= lock)
    )
