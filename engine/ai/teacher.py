"""The expert as a teacher: a hint for the seat to play, and a review of a whole match.

Both judge a position only from what its seat knew then (view.py): its own hand, the
table, the scores and counts, and what the expert watching the table knows of the hand
— `replay` shows one Memory every play (memory.Watcher), as the expert Bot does: the cards
captured so far (`gone`), the ranks each seat probably lacks, read from its plays'
scores (`lacking`), and how likely each hidden hand was to make this deal's plays
(`reading`, reading.py). So a hint is the expert bot's own choice from the same knowledge.
Nothing reads another seat's hand or the stock: the judgement is the same in every deal
of the hidden cards consistent with that knowledge (the tests deal them differently).

- `hint`: the expert bot's own choice (search.choose_expert, the same budget), with the
  facts a one-line why is told from (`Reason`): what the move takes and scores, and what
  it leaves the next player (a card a caída could fall on, a table it could sweep).
- `judge`: the expected points of *every* move of the seat to play — in points for its
  side, the same scale the expert searches with (evaluate.py: the score difference plus
  the cartón to come; a won chica is worth WIN). Every move is valued in the same hidden
  deals, so their differences carry little of the luck of the sampling — except where
  one deal differs from another by a whole chica. A loss measured in sampled deals is
  told net of its noise (`Judgement.loss`), and a played move's is sampled further
  until that noise is small: see "Noise" below.
- `review`: every decision of a match judged; per seat an accuracy (100 for the best move,
  falling with the expected points lost: see `move_accuracy`), the costliest moves, and
  the moments that decided each chica (`Moment`).

Noise. Near the end of a chica a sampled deal's value is either ±WIN (a caída at the
lock wins or loses it) or a few points, so the 16-24 deals a decision gets put a
standard error of 5-10 points on a move's loss — and the best move is picked by that
same noise, which inflates every loss against it. That is what made the expert itself
look to blunder at 38 by 8-25 points (bench/review.py): re-judged in 256 deals most of
those losses fell to 0-1 point (18.4 -> 0.8, 16.3 -> 0, 11.0 -> 0, 9.0 -> 0.8); a few
stayed at 5-15, where the opponent at 38 was likelier to hold the card dropped. So the
played move's loss is sampled in more batches while NOISE_Z of its standard errors
exceed NOISE_FLOOR (at most REFINE_BATCHES), and it is told net of NOISE_Z standard
errors: a cost the teacher is sure of, not one drawn by luck. Deals enumerated with
their chances and solved exactly (the last deal, mostly) carry no such noise.

Why points, not the chance of winning the chica: the scale already counts a chica won
or lost as ±WIN, so at the lock a loss weighs mostly the chance of a caída that decides
it. It does overstate that swing for the side ahead (38-22 counts +16 against the won
chica's 100, though that side wins most such chicas), but what charged the expert 8-25
points there was the noise: with it netted, one decision at 38 outranked a planted
blunder in 100 two-chica trials, a last deal solved exactly (2 points of the opponent's
cartón, a real loss). Points are also what the expert searches with and what the
review tells a player. The last-deal cartón losses the expert was charged (in the
measures above) were real: its memory then rebuilt the hand from its own turns only and
missed a card the opponent captured when several ranks fit, so it searched 3-5 possible
hands where the teacher solved the one true deal. The expert now watches every play and
knows what the teacher knows; only a Bot that is not shown the plays still misses it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..cards import Card
from ..events import Event, EventKind
from ..game import Game
from ..moves import Move
from ..rules import Rules
from .bot import DEFAULT_BUDGET_MS, to_move
from .memory import Watcher
from .reading import Reading
from .search import (
    ENUMERATE_LIMIT,
    EXACT_SAMPLED,
    EXACT_WORLDS,
    Lookahead,
    choose_expert,
    opponent_style,
    solve_moves,
    stakes,
)
from .sim import captures
from .view import SeatView

# The review's judgement of one decision: worlds (hidden deals) sampled in a batch (times
# search.stakes: more near the end of a hand or of the chica).
JUDGE_WORLDS = 16
EXACT_WORLDS_LIMIT = 16  # ...enumerated worlds solved exactly when there are this few or fewer
ACCURACY_SCALE = 4.0  # points lost at which a move's accuracy falls to 1/e (37)
COSTLY_MOVES = 3
# A sampled loss is told net of NOISE_Z standard errors (what the teacher is sure of); the
# played move's is sampled in up to REFINE_BATCHES batches of worlds until NOISE_Z of its
# standard errors, or the loss itself, are under NOISE_FLOOR points.
NOISE_Z = 2.0
NOISE_FLOOR = 0.5
REFINE_BATCHES = 8
MIN_COST = 0.05  # expected points lost under which a move is as good as the best
MOMENT_COST = 1.0  # a seat's own moment is told when its move cost at least this


def rank_move(move: Move) -> tuple[int, tuple[int, ...]]:
    """A move by ranks, its takes sorted (suits never matter): to compare moves."""
    return move.card.rank, tuple(sorted(c.rank for c in move.takes))


# ------------------------------------------------------------------------------ replay
Lacking = tuple[tuple[bool, ...], ...]  # per seat and rank: probably not in that hand


@dataclass(frozen=True)
class Turn:
    """One decision of a match: the game before `move`, what the seat knew of the hand,
    and what the move made happen."""

    index: int  # the move's place in the match
    game: Game
    gone: tuple[int, ...]  # per rank, the cards captured so far this hand (public)
    lacking: Lacking | None  # the ranks each seat probably lacks (memory.py); None: unread
    reading: Reading | None  # what this deal's plays say of the hands (reading.py)
    move: Move
    chica: int  # 0 for the first chica
    events: tuple[Event, ...]

    @property
    def seat(self) -> int:
        return self.game.to_play


def _knows(watched: Watcher) -> tuple[tuple[int, ...], Lacking | None, Reading | None]:
    """The cards captured so far this hand by rank, the ranks each seat probably lacks and
    the reading of this deal's plays (None before the hand's first play), as the seat to
    play in the watched game knows them now."""
    game, memory = watched.game, watched.memory
    lacking = memory.lacking(game)
    frozen = None if lacking is None else tuple(tuple(ranks) for ranks in lacking)
    return tuple(memory.recall(game)), frozen, memory.reading(game)


def replay(players: int, rules: Rules, seed: int, moves: list[str]) -> Iterator[Turn]:
    """Every decision of a recorded match (seed and moves rebuild it exactly)."""
    watched = Watcher(players, rules, seed)
    for index, text in enumerate(moves):
        move = Move.parse(text)
        before = watched.game.copy()
        gone, lacking, reading = _knows(watched)
        events = watched.play(move)
        chica = len(before.chica_history)
        yield Turn(index, before, gone, lacking, reading, move, chica, tuple(events))


def position_now(
    players: int, rules: Rules, seed: int, moves: list[str]
) -> tuple[Game, tuple[int, ...], Lacking | None, Reading | None]:
    """The game after `moves`, and what its seat to play knows of the hand (`Turn`)."""
    watched = Watcher(players, rules, seed)
    for text in moves:
        watched.play(Move.parse(text))
    return watched.game, *_knows(watched)


def seat_view(
    game: Game,
    gone: Sequence[int],
    lacking: Sequence[Sequence[bool]] | None,
    sees_all: bool = False,
    reading: Reading | None = None,
) -> SeatView:
    """The view of the seat to play, built as Bot.choose builds it (lists: the same
    knowledge gives the same view key, so the same seeded draws)."""
    suspected = None if lacking is None else [list(ranks) for ranks in lacking]
    return SeatView(game, oracle=sees_all, gone=list(gone), lacking=suspected, reading=reading)


# ------------------------------------------------------------------------------- hint
class Play(StrEnum):
    """What a move does now."""

    CAIDA_LIMPIA = "caida_limpia"
    CAIDA = "caida"
    LIMPIA = "limpia"
    CAPTURE = "capture"
    DROP = "drop"


class Leaves(StrEnum):
    """What a move leaves the next player, as its seat can tell."""

    EMPTY = "empty"  # the table is empty: nothing to take, no caída
    NO_CAIDA = "no_caida"  # a dropped card no unseen card can fall on
    CAIDA_RISK = "caida_risk"  # a dropped card `unseen` cards could fall on
    LIMPIA_RISK = "limpia_risk"  # a table one card could sweep (`unseen` such cards)
    SAFE = "safe"  # a capture leaving no limpia within reach


@dataclass(frozen=True)
class Reason:
    """The facts a hint's why is told from."""

    play: Play
    points: int  # scored now
    takes: tuple[Card, ...]
    leaves: Leaves
    unseen: int = 0  # the cards that could make the caída or limpia (CAIDA_RISK, LIMPIA_RISK)


@dataclass(frozen=True)
class Hint:
    move: Move
    reason: Reason


def explain(game: Game, gone: Sequence[int], move: Move) -> Reason:
    """What `move` does and leaves, as the seat to play can tell (never the hidden cards)."""
    view = SeatView(game, gone=list(gone))
    unseen = view.unseen
    after = game.copy()
    events = after.play(move)
    kinds = {e.kind for e in events}
    points = sum(e.points for e in events if e.kind in (EventKind.CAIDA, EventKind.LIMPIA))
    caida, limpia = EventKind.CAIDA in kinds, EventKind.LIMPIA in kinds
    play = (
        Play.CAIDA_LIMPIA
        if caida and limpia
        else Play.CAIDA
        if caida
        else Play.LIMPIA
        if limpia
        else Play.CAPTURE
        if move.takes
        else Play.DROP
    )
    takes = tuple(sorted(move.takes))
    table = list(view.table)
    if move.takes:
        for card in move.takes:
            table[card.rank] -= 1
    else:
        table[move.card.rank] += 1
    if not any(table):
        return Reason(play, points, takes, Leaves.EMPTY)
    if not move.takes:
        falling = unseen[move.card.rank]
        if falling:
            return Reason(play, points, takes, Leaves.CAIDA_RISK, falling)
    size = sum(table)
    sweepers = sum(
        unseen[rank]
        for rank in range(1, 11)
        if any(len(t) == size for t in captures(table, rank, view.parts))
    )
    if sweepers:
        return Reason(play, points, takes, Leaves.LIMPIA_RISK, sweepers)
    return Reason(play, points, takes, Leaves.NO_CAIDA if not move.takes else Leaves.SAFE)


def hint(
    game: Game,
    gone: Sequence[int],
    budget_ms: float = DEFAULT_BUDGET_MS,
    lacking: Sequence[Sequence[bool]] | None = None,
    reading: Reading | None = None,
) -> Hint:
    """The expert's move for the seat to play, as the expert bot would choose it from the
    same knowledge (`gone`, `lacking`, `reading`: see `Turn`), and why."""
    view = seat_view(game, gone, lacking, reading=reading)
    rng = random.Random(f"hint|{view.key}")
    move = to_move(view, choose_expert(view, rng, budget_ms))
    return Hint(move, explain(game, gone, move))


def hint_after(
    players: int, rules: Rules, seed: int, moves: list[str], budget_ms: float = DEFAULT_BUDGET_MS
) -> Hint:
    """The hint for the seat to play after a match's `moves` (for a worker process)."""
    game, gone, lacking, reading = position_now(players, rules, seed, moves)
    return hint(game, gone, budget_ms, lacking, reading)


# ------------------------------------------------------------------------------ judge
def index_of(moves: tuple[Move, ...], move: Move) -> int:
    wanted = rank_move(move)
    return next(i for i, m in enumerate(moves) if rank_move(m) == wanted)


@dataclass(frozen=True)
class Judgement:
    """Every distinct move of a decision with its expected points for the seat's side."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    errors: tuple[float, ...] = ()  # per move, the standard error of its loss (sampled)
    worlds: int = 0  # the sampled deals it was judged in (0: enumerated, or the true deal)

    @property
    def best(self) -> int:
        return max(range(len(self.values)), key=self.values.__getitem__)

    def index_of(self, move: Move) -> int:
        return index_of(self.moves, move)

    def loss(self, move: Move) -> float:
        """The expected points `move` gives up against the best move (0 or more), net of
        NOISE_Z standard errors where the worlds were sampled."""
        index = self.index_of(move)
        error = self.errors[index] if self.errors else 0.0
        return max(0.0, self.values[self.best] - self.values[index] - NOISE_Z * error)

    def settled(self, index: int) -> bool:
        """The loss of move `index` is known closely enough (see NOISE_FLOOR)."""
        error = self.errors[index] if self.errors else 0.0
        raw = self.values[self.best] - self.values[index]
        return raw <= NOISE_FLOOR or NOISE_Z * error <= NOISE_FLOOR


def judge(
    game: Game,
    gone: Sequence[int],
    worlds: int = JUDGE_WORLDS,
    sees_all: bool = False,
    played: Move | None = None,
    lacking: Sequence[Sequence[bool]] | None = None,
    reading: Reading | None = None,
) -> Judgement:
    """The expected points of each move of the seat to play, from what that seat knows.

    The hidden hands are weighted by what the plays say of them (`lacking`, `reading`: as
    in `Turn`). Late in a 2-player deal, every opponent hand is enumerated with its chance;
    when few, each is solved exactly to the end of the deal. Otherwise `worlds` hidden
    deals are drawn (seeded by what the seat sees, so the same knowledge gets the same
    judgement) and each move is valued as the expert's search values it
    (search.Lookahead), solved exactly once few cards are left in all hands.

    `played`: the move the seat made, when a review judges it; sampled worlds are then
    added, a batch at a time, until its loss is known closely (`Judgement.settled`).

    `sees_all`: a seat that knew every card (the oracle, a yardstick of bench/review.py)
    is judged in the one true deal, solved exactly wherever the oracle solves it (any
    2-player deal): judged to a nearer horizon than its own, its exact play was charged
    points at the start of every deal.
    """
    view = seat_view(game, gone, lacking, sees_all, reading)
    choices = view.moves()
    moves = tuple(to_move(view, choice) for choice in choices)
    if len(choices) == 1:
        return Judgement(moves, (0.0,))
    left = sum(view.sizes)
    exact = left <= EXACT_SAMPLED[view.players]
    search = Lookahead(view.seat, team=view.players == 4, style=opponent_style(view))
    if sees_all:
        pos = view.true_position()
        if left <= max(EXACT_WORLDS):
            return Judgement(moves, tuple(solve_moves(pos, choices, view.side, search.solver())))
        return Judgement(moves, tuple(search.values(pos, choices)))
    enumerated = view.enumerate_worlds(ENUMERATE_LIMIT, read_drop=True)
    totals = [0.0] * len(choices)
    if enumerated is not None and (exact or len(enumerated) <= EXACT_WORLDS_LIMIT):
        for weight, pos in enumerated:
            for index, value in enumerate(solve_moves(pos, choices, view.side, search.solver())):
                totals[index] += weight * value
        return Judgement(moves, tuple(totals))
    rng = random.Random(f"teacher|{view.key}")
    batch = round(worlds * stakes(view))
    target = None if played is None else index_of(moves, played)
    rows: list[list[float]] = []
    while True:
        for _ in range(batch):
            pos = view.sample(rng, read_drop=True)
            rows.append(search.exact_values(pos, choices) if exact else search.values(pos, choices))
        judgement = _sampled(moves, rows)
        if target is None or len(rows) >= batch * REFINE_BATCHES or judgement.settled(target):
            return judgement


def _sampled(moves: tuple[Move, ...], rows: list[list[float]]) -> Judgement:
    """The judgement from each move's values in the same sampled worlds (`rows`): the
    means, and the standard error of each move's loss (worlds paired with the best's)."""
    n = len(rows)
    values = tuple(sum(column) / n for column in zip(*rows, strict=True))
    best = max(range(len(values)), key=values.__getitem__)
    errors = []
    for index, value in enumerate(values):
        loss = values[best] - value
        spread = sum((row[best] - row[index] - loss) ** 2 for row in rows) / max(1, n - 1)
        errors.append(math.sqrt(spread / n))
    return Judgement(moves, values, tuple(errors), n)


def move_accuracy(loss: float) -> float:
    """100 for the best move, 37 for one that gives up ACCURACY_SCALE points, near 0 for
    one that throws the chica away."""
    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_SCALE)


# ----------------------------------------------------------------------------- review
@dataclass(frozen=True)
class Decision:
    """One judged move, with what its seat could see then (for a picture of it)."""

    index: int
    seat: int
    chica: int
    played: Move
    best: Move
    loss: float
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    last_played: Card | None
    scores: tuple[int, int]
    chicas: tuple[int, int]
    stock: int


class MomentKind(StrEnum):
    """A moment that decided a chica."""

    CAIDA_AT_LOCK = "caida_at_lock"  # a side at the lock won the chica with a caída
    MISSED_LIMPIA = "missed_limpia"  # a limpia was in hand and not taken
    LEFT_FOR_CAIDA = "left_for_caida"  # a dropped card the next player fell on


@dataclass(frozen=True)
class Moment:
    kind: MomentKind
    index: int
    seat: int
    chica: int
    card: Card  # the card played (the caída's, the one not swept with, the one fallen on)
    loss: float = 0.0  # expected points lost, for the seat's own moves


@dataclass
class SeatReview:
    decisions: list[Decision] = field(default_factory=list)  # the moves that had a choice
    played: list[int] = field(default_factory=list)  # the index of every move of the seat

    def without(self, moves: Collection[int]) -> SeatReview:
        """The review of the seat's other moves (say, those its player made themselves)."""
        return SeatReview(
            [d for d in self.decisions if d.index not in moves],
            [index for index in self.played if index not in moves],
        )

    @property
    def judged(self) -> int:
        return len(self.decisions)

    @property
    def accuracy(self) -> float | None:
        """Mean accuracy over the seat's decisions that had a choice (None: none had)."""
        if not self.decisions:
            return None
        return sum(move_accuracy(d.loss) for d in self.decisions) / len(self.decisions)

    @property
    def lost(self) -> float:
        return sum(d.loss for d in self.decisions)

    def costliest(self, count: int = COSTLY_MOVES) -> list[Decision]:
        """The moves that gave up the most expected points (ties: the earlier first)."""
        worst = sorted(self.decisions, key=lambda d: (-d.loss, d.index))
        return [d for d in worst[:count] if d.loss >= MIN_COST]


@dataclass
class MatchReview:
    players: int
    seats: list[SeatReview]
    moments: list[Moment]
    chicas: list[tuple[int, int]]  # the final score of each chica
    chica_winners: list[int] = field(default_factory=list)  # the side that won each chica

    def moments_for(self, seat: int) -> list[Moment]:
        """The moments a seat is told, in order: every chica won by a caída at the lock
        (public), and its own moves that cost at least MOMENT_COST: a limpia missed, a
        card left for a caída. Other seats' losses are not told: they came from their hands.
        """
        return [
            m
            for m in self.moments
            if m.kind is MomentKind.CAIDA_AT_LOCK or (m.seat == seat and m.loss >= MOMENT_COST)
        ]


def review(
    players: int,
    rules: Rules,
    seed: int,
    moves: list[str],
    seats: tuple[int, ...] | None = None,
    worlds: int = JUDGE_WORLDS,
    seeing_all: tuple[int, ...] = (),
) -> MatchReview:
    """Judge every decision of a match (of `seats` only, if given) and find the moments
    that decided each chica. Seats in `seeing_all` saw every card (see `judge`)."""
    judged = range(players) if seats is None else seats
    result = MatchReview(players, [SeatReview() for _ in range(players)], [], [])
    previous: Turn | None = None
    losses: dict[int, float] = {}  # move index -> expected points lost
    for turn in replay(players, rules, seed, moves):
        game, seat = turn.game, turn.seat
        if seat in judged:
            result.seats[seat].played.append(turn.index)
            judgement = judge(
                game, turn.gone, worlds, seat in seeing_all, turn.move, turn.lacking, turn.reading
            )
            if len(judgement.moves) > 1:
                decision = _decision(turn, judgement)
                losses[turn.index] = decision.loss
                result.seats[seat].decisions.append(decision)
                if _missed_limpia(game, turn.move, judgement):
                    result.moments.append(_moment(MomentKind.MISSED_LIMPIA, turn, decision.loss))
        caida = any(e.kind is EventKind.CAIDA for e in turn.events)
        if caida and previous is not None and previous.move.card is game.last_played:
            result.moments.append(
                _moment(MomentKind.LEFT_FOR_CAIDA, previous, losses.get(previous.index, 0.0))
            )
        chica_won = next((e for e in turn.events if e.kind is EventKind.CHICA), None)
        won = chica_won is not None
        if caida and won and game.locked(seat % 2):
            result.moments.append(_moment(MomentKind.CAIDA_AT_LOCK, turn))
        if chica_won is not None and chica_won.side is not None:
            result.chicas.append(_final_score(turn))
            result.chica_winners.append(chica_won.side)
        previous = turn
    return result


def _final_score(turn: Turn) -> tuple[int, int]:
    """The score a chica ended at, from the game before its last move and that move."""
    after = turn.game.copy()
    after.play(turn.move)
    return after.chica_history[-1]


def _moment(kind: MomentKind, turn: Turn, loss: float = 0.0) -> Moment:
    return Moment(kind, turn.index, turn.seat, turn.chica, turn.move.card, loss)


def _decision(turn: Turn, judgement: Judgement) -> Decision:
    game = turn.game
    return Decision(
        index=turn.index,
        seat=turn.seat,
        chica=turn.chica,
        played=turn.move,
        best=judgement.moves[judgement.best],
        loss=max(0.0, judgement.loss(turn.move)),
        hand=tuple(sorted(game.hands[turn.seat])),
        table=tuple(game.table),
        last_played=game.last_played,
        scores=game.scores,
        chicas=game.chicas,
        stock=len(game.stock),
    )


def _missed_limpia(game: Game, played: Move, judgement: Judgement) -> bool:
    """A limpia was in hand, the move made was none, and that cost points."""
    if played.takes and len(played.takes) == len(game.table):
        return False
    sweeps = any(len(m.takes) == len(game.table) for m in judgement.moves)
    return sweeps and judgement.loss(played) >= MOMENT_COST
