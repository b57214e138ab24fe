"""The expert and the oracle: search over the hidden cards (perfect-information Monte Carlo).

The expert deals the cards it cannot see into hidden hands consistent with what its seat
knows (view.py) — every distinct opponent hand with its chance when there are few (late
in a 2-player deal), else hands drawn at random — reading the plays of the deal on the
way. With 2 players, an opponent hand counts as much as it makes the opponent's plays
of this deal likely, for the way that opponent has been seen to choose (reading.py).
With 4 players, a seat that drops rather than captures, or scores less than another
card could have, probably holds no card that could have done better (memory.py,
view.hand_odds).
In each such world it plays each of its moves and lets the other seats answer as the
normal level would from *their* seats — each sees only its own hand, so nobody in the
search peeks either — until its own next turn, which it values
with the normal level's judgement of its best move there (or the evaluation, when the
deal ends first). The move with the best average over the worlds is played. When few
cards are left in the hands (EXACT_WORLDS, EXACT_SAMPLED), each world is instead solved
exactly to the end of the deal (exact.py), the opponent playing perfectly, as if it saw
our hand.

With 2 players, once the opponent's finished deals have shown how it chooses (its style,
reading.py), the search plays against that player rather than a perfect one: its answers
are its style's choices (the normal level's, or the greedy easy level's), in the worlds
played to our next turn and in the exact solution alike, and we play our best answer to
them. A searcher (reading.py's learned style, when switched on) is answered with its
model's likeliest move in those worlds, and in the exact solution with its
SEARCHER_MOVES likeliest by their chances, blended with its best reply
(SEARCHER_BLEND): a player who does not see our hand, with a floor should it be wrong.
A player who fits no style clearly (reading.py: the likeliest style, and one whose best
moves the player has nearly always made) is still taken for a perfect one. Asking the
model costs time, and the exact solution cannot cut a chance node short: the solver
counts the questions in its work and stops past the budget (exact.Overrun); the search
then keeps the worlds it has valued, or with none starts again taking the opponent for a
perfect player, so that a move stays within its budget.

With 4 players the search plays for a team: its sides are the teams, so the partner's
answers in a world count for us and both opponents' against us, and the value at our
next turn also counts what the partner may take from the table we leave when the
opponent in between cannot (policies.normal_value with `team`).

Worlds are added until the work budget is spent, or earlier once one move is clearly
best (every other move trails it by more than EARLY_STOP_Z standard errors): the search
is anytime. The budget is counted in work (moves valued, solver nodes), not wall-clock
time, so that a choice depends only on the seed and the position; `budget_ms` is turned
into work at a rate measured on a modest machine, and scaled by `stakes`: more with 2
players, and in the last deal of a hand and near the end of the chica, where one
decision weighs most. Two limits stop a search that runs slower than that rate
(`Clock`), only then at the cost of repeatability: THINK_LIMIT_MS of CPU time (a slow
machine: the host's other tenants can halve its speed), and a wall-clock fuse (a loaded
machine, where the process waits for a CPU).

The oracle runs the same search on the true deal alone: it sees every hand.
"""

from __future__ import annotations

import math
import random
import time

from ..game import CHICA_POINTS
from .evaluate import WIN, evaluate
from .exact import INF, Overrun, Reply, Solver
from .policies import Memo, greedy_choices, normal_best, normal_choices
from .searcher import model
from .sim import Position, RankMove
from .view import SeatView

WORK_PER_MS = 40  # moves valued per millisecond of budget, on a modest machine
# A choice stops adding worlds after this much CPU time (a move may take 300 ms at most;
# the last world valued, and watching the plays, come on top).
THINK_LIMIT_MS = 200
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
# Sampled (or too many enumerated) worlds are each solved exactly at or under this many
# cards left in all hands, by players; a solver node costs about this much work.
EXACT_SAMPLED = {2: 8, 4: 8}
SOLVER_NODE_WORK = 0.5
# Asking the opponent's model for its moves costs about this many solver nodes, by style.
REPLY_NODES = {"normal": 13.0, "greedy": 1.0, "searcher": 22.0}
# The searcher style (reading.py) is answered over its SEARCHER_MOVES likeliest moves, and
# blended with the worst case: SEARCHER_BLEND of the model, the rest a perfect reply.
SEARCHER_MOVES = 3
SEARCHER_BLEND = 0.7
# The budget (work and worlds) is multiplied with 2 players (more worlds won more chicas
# against a searching player: bench/results/ai.md; with 4 they did not), in the last deal
# of a hand, and again once a side is within NEAR_END points of the lock (or of 40
# without one): see `stakes`.
TWO_PLAYER_SCALE = 2.0
LAST_DEAL_SCALE = 2.0
NEAR_END = 8
NEAR_END_SCALE = 1.5


# The value of our next turn, by the answers the other seats made to reach it.
AnswersMemo = dict[tuple[RankMove, ...], float]


class Lookahead:
    """Values moves of `seat` in fully dealt worlds; counts the moves it values (work).

    `style`: how the opponent (2 players) has been seen to choose ("normal", "greedy":
    reading.py), or None when unknown. A known style is the opponent's model everywhere:
    its answers here, and its moves in the exact solution, which otherwise takes it for a
    perfect player."""

    def __init__(
        self, seat: int, read_drop: bool = True, team: bool = False, style: str | None = None
    ) -> None:
        self.seat = seat
        self.read_drop = read_drop
        self.team = team
        self.work = 0.0
        self.memo: Memo = {}  # the replies' gains by position, for policies.normal_value
        self.answers: dict[RankMove, AnswersMemo] = {}  # per move of ours, see `value`
        self.style = style

    @property
    def model(self) -> Reply | None:
        """The opponent's model, when its style is known."""
        return None if self.style is None else self.choices

    def choices(self, pos: Position) -> list[RankMove]:
        """The moves another seat would choose in the search, each as likely: the greedy
        level's for a greedy opponent, the searcher model's likeliest for a searcher,
        else the normal level's."""
        if self.style == "greedy":
            return greedy_choices(pos)
        if self.style == "searcher":
            return [self.weighted(pos)[0][1]]
        return normal_choices(pos, self.memo)

    def weighted(self, pos: Position) -> list[tuple[float, RankMove]]:
        """The searcher model's SEARCHER_MOVES likeliest moves for the seat to play, with
        their chances among them, the likeliest first."""
        moves = pos.moves()
        chances = model().chances(pos, moves, self.memo)
        ranked = sorted(zip(chances, moves, strict=True), key=lambda pair: -pair[0])
        ranked = ranked[:SEARCHER_MOVES]
        total = sum(chance for chance, _ in ranked)
        return [(chance / total, move) for chance, move in ranked]

    def solver(self, budget: float = INF) -> Solver:
        """An exact solver for this search (the opponent as modelled, if it is). With the
        model, it raises Overrun once this search's work passes `budget`: a chance node
        cannot be cut short, so one deal could take many times the budget."""
        if self.style is None:
            return Solver()
        limit = (budget - self.work) / SOLVER_NODE_WORK
        if self.style == "searcher":
            return Solver(
                None,
                self.seat & 1,
                REPLY_NODES[self.style],
                limit,
                policy=self.weighted,
                blend=SEARCHER_BLEND,
            )
        return Solver(self.model, self.seat & 1, REPLY_NODES[self.style], limit)

    def values(self, pos: Position, moves: list[RankMove]) -> list[float]:
        """Each of our moves' value in one world (see `value`)."""
        return [self.value(pos, move, self.answers.setdefault(move, {})) for move in moves]

    def exact_values(
        self, pos: Position, moves: list[RankMove], budget: float = INF
    ) -> list[float]:
        """Each of our moves' value in one world, solved to the end of the deal; Overrun
        past `budget` (see `solver`), leaving `pos` astray."""
        solver = self.solver(budget)
        try:
            return solve_moves(pos, moves, self.seat & 1, solver)
        finally:
            self.work += solver.nodes * SOLVER_NODE_WORK

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
                    cached = memo[key] = normal_best(pos, self.read_drop, self.memo, self.team)
                value = cached
                break
            if pos.seat == seat:
                last_card = True
            self.work += pos.sizes[pos.seat] * 2
            answer = self.choices(pos)[0]
            answers.append(answer)
            undos.append(pos.play(*answer))
        for undo in reversed(undos):
            pos.undo(undo)
        return value


class Clock:
    """When a choice must stop adding worlds, whatever its budget of work has left: past
    THINK_LIMIT_MS of its thread's CPU time (pauses and other threads do not count), or
    past the wall-clock fuse, FUSE × its scaled budget (at least FUSE_FLOOR_MS)."""

    def __init__(self, budget_ms: float) -> None:
        self.cpu_end = time.thread_time() + THINK_LIMIT_MS / 1000
        self.wall_end = time.perf_counter() + max(FUSE * budget_ms, FUSE_FLOOR_MS) / 1000

    def out(self) -> bool:
        return time.thread_time() > self.cpu_end or time.perf_counter() > self.wall_end


def stakes(view: SeatView) -> float:
    """How much of the budget this decision deserves: more with 2 players, in the last
    deal of a hand (where the cartón is settled and the search sees to its end) and when
    a side nears the end of the chica (where one caída can decide it)."""
    scale = TWO_PLAYER_SCALE if view.players == 2 else 1.0
    if view.stock_left == 0:
        scale *= LAST_DEAL_SCALE
    lock = view.rules.lock_at
    near = min(CHICA_POINTS if lock is None else lock, CHICA_POINTS) - NEAR_END
    if max(view.points) >= near:
        scale *= NEAR_END_SCALE
    return scale


def choose_expert(
    view: SeatView,
    rng: random.Random,
    budget_ms: float,
    oracle: bool = False,
    read_drop: bool = True,
    answer_style: bool = True,
) -> RankMove:
    """The expert's move (the oracle's with `oracle`); see the module's docstring.
    `answer_style=False`: the opponent is always taken for a perfect player."""
    moves = view.moves()
    if len(moves) == 1:
        return moves[0]
    style = opponent_style(view) if answer_style else None
    scale = stakes(view)
    clock = Clock(budget_ms * scale)
    if style is not None:
        try:
            return _search(view, moves, rng, budget_ms, scale, clock, oracle, read_drop, style)
        except Overrun:
            pass  # the model is too slow to ask here: take the opponent for a perfect one
    return _search(view, moves, rng, budget_ms, scale, clock, oracle, read_drop, None)


def _search(
    view: SeatView,
    moves: list[RankMove],
    rng: random.Random,
    budget_ms: float,
    scale: float,
    clock: Clock,
    oracle: bool,
    read_drop: bool,
    style: str | None,
) -> RankMove:
    """`choose_expert`'s search, the opponent modelled by `style` (None: perfect), with
    `budget_ms` scaled by `scale` (`stakes`). Raises Overrun when the model makes its work
    pass the budget before one world is valued."""
    search = Lookahead(view.seat, read_drop, team=view.players == 4, style=style)
    left = sum(view.sizes)
    budget = budget_ms * WORK_PER_MS * scale
    if oracle:
        pos = view.true_position()
        if left <= max(EXACT_WORLDS):
            return moves[_solve([(1.0, pos)], moves, search, budget, clock)]
        return moves[_best(search.values(pos, moves))]
    worlds = view.enumerate_worlds(ENUMERATE_LIMIT, read_drop)
    if worlds is not None and (left <= EXACT_ALWAYS or len(worlds) <= EXACT_WORLDS.get(left, 0)):
        return moves[_solve(worlds, moves, search, budget, clock)]
    exact = left <= EXACT_SAMPLED[view.players]
    rows: list[list[float]] = []
    if worlds is not None:  # every opponent hand, the likeliest first, until the budget
        worlds.sort(key=lambda world: -world[0])
        totals = [0.0] * len(moves)
        for weight, pos in worlds:
            row = _row(search, pos, moves, exact, budget, rows)
            if row is None:
                break
            rows.append(row)
            for index, value in enumerate(row):
                totals[index] += weight * value
            if search.work > budget or clock.out():
                break
        return moves[_best(totals)]
    for _ in range(round(MAX_WORLDS * scale)):
        row = _row(search, view.sample(rng, read_drop), moves, exact, budget, rows)
        if row is None:
            break
        rows.append(row)
        if search.work > budget or clock.out():
            break
        if len(rows) >= MIN_WORLDS and len(rows) % CHECK_EVERY == 0 and _settled(rows):
            break
    return moves[_best([sum(column) for column in zip(*rows, strict=True)])]


def _row(
    search: Lookahead,
    pos: Position,
    moves: list[RankMove],
    exact: bool,
    budget: float,
    rows: list[list[float]],
) -> list[float] | None:
    """Each move's value in one more world; None when the budget ran out within it and
    `rows` has the worlds valued before (else Overrun)."""
    if not exact:
        return search.values(pos, moves)
    try:
        return search.exact_values(pos, moves, budget)
    except Overrun:
        if rows:
            return None
        raise


def _best(totals: list[float]) -> int:
    return max(range(len(totals)), key=totals.__getitem__)


def opponent_style(view: SeatView) -> str | None:
    """With 2 players, the opponent's style when its plays have shown it clearly
    (reading.py), else None."""
    if view.players != 2 or view.reading is None:
        return None
    return view.reading.style_of(1 - view.seat)


def _solve(
    worlds: list[tuple[float, Position]],
    moves: list[RankMove],
    search: Lookahead,
    budget: float,
    clock: Clock,
) -> int:
    """The index of the best move on average over `worlds`, each solved exactly (Overrun
    when the opponent's model makes that pass `budget`), or over those solved before
    `clock` ran out."""
    totals = [0.0] * len(moves)
    for weight, pos in worlds:
        for index, value in enumerate(search.exact_values(pos, moves, budget)):
            totals[index] += weight * value
        if clock.out():
            break
    return _best(totals)


def solve_moves(pos: Position, moves: list[RankMove], side: int, solver: Solver) -> list[float]:
    """Each move's exact value for `side` (the seat to play's) in one fully known deal."""
    row = []
    for move in moves:
        undo = pos.play(*move)
        row.append(WIN if pos.pts[side] >= CHICA_POINTS else -solver.value(pos))
        pos.undo(undo)
    return row


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
