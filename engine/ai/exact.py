"""Exact play of the rest of a deal when every hand is known (alpha-beta, to the end)."""

from __future__ import annotations

from collections.abc import Callable

from .evaluate import WIN, evaluate
from .sim import Position, RankMove

# A model of how a player chooses: the moves it would choose for the seat to play in a
# position, each as likely (it breaks ties at random).
Reply = Callable[[Position], list[RankMove]]
# A model that gives chances: the likeliest moves for the seat to play, each with its
# chance (they add up to 1).
Policy = Callable[[Position], list[tuple[float, RankMove]]]

INF = float("inf")


class Overrun(Exception):
    """A Solver passed its `limit`."""


class Solver:
    """Negamax with alpha-beta and a transposition table over one fully known deal.

    Both sides play their best, unless `reply` models the player of the side other than
    `side`: that side then makes one of `reply`'s moves, each as likely (a chance node,
    worth their average), and ours the best answer to it. A chance node cannot be cut
    short, and the model takes time to ask: each question counts `reply_nodes` nodes,
    and past `limit` nodes `value` raises Overrun.

    `policy` (instead of `reply`) models that player with chances over its likeliest
    moves, blended with the worst case: its node is worth `blend` × the moves' average
    by their chances, plus (1 − `blend`) × its best move's, for it (a perfect reply: a
    wrong model costs less)."""

    def __init__(
        self,
        reply: Reply | None = None,
        side: int = 0,
        reply_nodes: float = 0.0,
        limit: float = INF,
        policy: Policy | None = None,
        blend: float = 1.0,
    ) -> None:
        self.reply = reply
        self.policy = policy
        self.blend = blend
        self.side = side
        self.reply_nodes = reply_nodes
        self.limit = limit
        self.nodes = 0.0
        self.table: dict[tuple[int, ...], tuple[float, int]] = {}  # state → (value, bound)

    def value(self, pos: Position, alpha: float = -INF, beta: float = INF) -> float:
        """The value of `pos` for the side to play (see the class)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise Overrun
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
            # who takes the table's leftovers, when the rules give them to the last capturer
            pos.last_capturer if pos.leftovers_to_capturer else -1,
        )
        known = self.table.get(key)
        if known is not None:
            value, bound = known
            if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
                return value
        if self.policy is not None and side != self.side:
            self.nodes += self.reply_nodes
            value = self._blended(pos, self.policy(pos), side)
            self.table[key] = (value, 0)
            return value
        if self.reply is not None and side != self.side:
            self.nodes += self.reply_nodes
            moves = self.reply(pos)
            if len(moves) > 1:  # the average of exact values
                value = sum(self._after(pos, move, side, -INF, INF) for move in moves)
                self.table[key] = (value / len(moves), 0)
                return value / len(moves)
        else:
            moves = pos.moves()
        start_alpha = alpha
        best = -INF
        for move in moves:
            value = self._after(pos, move, side, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        bound = 1 if best >= beta else (-1 if best <= start_alpha else 0)
        self.table[key] = (best, bound)
        return best

    def _blended(self, pos: Position, weighted: list[tuple[float, RankMove]], side: int) -> float:
        """The modelled player's node (see the class): the likeliest moves valued exactly,
        the others only as far as one of them beats the best so far."""
        expected = 0.0
        best = -INF
        for chance, move in weighted:
            value = self._after(pos, move, side, -INF, INF)
            expected += chance * value
            best = max(best, value)
        if self.blend < 1.0:
            modelled = {move for _, move in weighted}
            for move in pos.moves():
                if move not in modelled:
                    best = max(best, self._after(pos, move, side, best, INF))
        return self.blend * expected + (1.0 - self.blend) * best

    def _after(self, pos: Position, move: RankMove, side: int, alpha: float, beta: float) -> float:
        """The value for `side`, to play, of `move`."""
        undo = pos.play(*move)
        value = WIN if pos.pts[side] >= 40 else -self.value(pos, -beta, -alpha)
        pos.undo(undo)
        return value
