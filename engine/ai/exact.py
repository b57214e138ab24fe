"""Exact play of the rest of a deal when every hand is known (alpha-beta, to the end)."""

from __future__ import annotations

from .evaluate import WIN, evaluate
from .sim import Position

INF = float("inf")


class Solver:
    """Negamax with alpha-beta and a transposition table over one fully known deal."""

    def __init__(self) -> None:
        self.nodes = 0
        self.table: dict[tuple, tuple[float, int]] = {}  # state → (value, bound)

    def value(self, pos: Position, alpha: float = -INF, beta: float = INF) -> float:
        """The value of `pos` for the side to play, both sides playing perfectly."""
        self.nodes += 1
        side = pos.seat & 1
        if pos.sizes[pos.seat] == 0:
            return evaluate(pos, side)
        key = (
            *[x for hand in pos.hands for x in hand],
            *pos.table,
            pos.last,
            *pos.pts,
            *pos.cap,
            *pos.streaks,
        )
        known = self.table.get(key)
        if known is not None:
            value, bound = known
            if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
                return value
        start_alpha = alpha
        best = -INF
        for move in pos.moves():
            undo = pos.play(*move)
            value = WIN if pos.pts[side] >= 40 else -self.value(pos, -beta, -alpha)
            pos.undo(undo)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        bound = 1 if best >= beta else (-1 if best <= start_alpha else 0)
        self.table[key] = (best, bound)
        return best
