"""The exact solver (engine/ai/exact.py) on hand-made deals."""

from __future__ import annotations

from engine import Rules
from engine.ai.exact import Solver
from engine.ai.sim import Position, counts


def last_deal(last_capturer: int) -> Position:
    """The last two cards of a hand, both drops; the table's five cards then go to the
    side that captured last (leftovers=last_capturer), and with them the cartón."""
    return Position(
        players=2,
        hands=[counts([1]), counts([2])],
        table=counts([7, 9, 10]),
        last=0,
        pts=[10, 10],
        cap=[17, 18],
        seat=0,
        dealer=1,
        stock_left=0,
        rules=Rules(leftovers="last_capturer"),
        last_capturer=last_capturer,
    )


def test_who_takes_the_leftovers_is_part_of_the_position() -> None:
    """One solver (one transposition table) tells two deals apart that differ only in who
    captured last: the leftovers decide the cartón."""
    solver = Solver()
    ours, theirs = solver.value(last_deal(0)), solver.value(last_deal(1))
    assert ours > 0 > theirs
    assert (ours, theirs) == (Solver().value(last_deal(0)), Solver().value(last_deal(1)))
