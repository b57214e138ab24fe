"""Why a puzzle's best play is best, in the position's own terms, from the same analysis
that valued its choices.

A `Line` is the rest of the hand after one play, both sides playing their best (the
first best play of each turn, in the engine's order): what each side scores by the end of
the hand and how (caídas, limpias, the cartón or dos por darlas), and who wins the chica.
Its net (`Line.net`) is the play's value as the puzzle tells it (tú − rival), which the
tests check against the exact solver's.

`contrast(better, worse)` names the one difference between two lines that a player would
give as the reason (`Reason`): a chica won or lost, a caída the rival makes on the other
play, the cartón taken or made smaller, a limpia... and only a claim the two lines bear
out; when none stands out, the neutral COUNT ("counting the cards, the one that gives
away the least"). Words are the caller's: a Reason is a kind and its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..cards import Card
from ..events import Event, EventKind
from ..game import Game
from ..moves import Move
from .evaluate import WIN

_HAND_ENDS = frozenset({EventKind.CARTON, EventKind.DOS_POR_DARLAS})
_ENDS = _HAND_ENDS | {EventKind.CHICA}


@dataclass(frozen=True)
class Line:
    """The rest of the hand after `move` (see the module). Pairs are (the solver's side,
    the rival)."""

    move: Move
    gained: tuple[int, int]  # points scored from here to the end of the hand
    caidas: tuple[tuple[Card, ...], tuple[Card, ...]]  # the cards each side made caída with
    limpias: tuple[int, int]  # limpias made
    hand_end: tuple[int, int, bool]  # (who, points, cartón? else dos por darlas)
    chica: int | None  # who wins the chica in this hand (0: the solver), or None

    @property
    def net(self) -> float:
        """The play's value: tú − rival to the end of the hand, or ±WIN."""
        if self.chica is not None:
            return WIN if self.chica == 0 else -WIN
        return float(self.gained[0] - self.gained[1])

    def carton(self, who: int) -> int:
        """The cartón's points `who` takes (0: none; dos por darlas is no cartón)."""
        end_who, points, carton = self.hand_end
        return points if carton and end_who == who else 0


class _ToHandEnd(Game):
    """A game that stops dealing at the end of the hand: the analysis ends there, and a new
    hand's shuffle and deal would be half its time."""

    __slots__ = ()

    def _start_hand(self) -> list[Event]:
        self.hands = [[] for _ in range(self.players)]
        return []


def _to_hand_end(game: Game) -> Game:
    copy = game.copy()
    copy.__class__ = _ToHandEnd
    return copy


def _key(game: Game) -> tuple[object, ...]:
    return (
        tuple(sorted(c.rank for c in game.hands[0])),
        tuple(sorted(c.rank for c in game.hands[1])),
        tuple(c.rank for c in game.table),
        None if game.last_played is None else game.last_played.rank,
        game.scores,
        game.captured,
        game.to_play,
        game.last_capturer,
    )


class _Search:
    """Both sides' best, by brute force over the engine's Game (few cards are left)."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.memo: dict[tuple[object, ...], float] = {}

    def value(self, game: Game) -> float:
        key = _key(game)
        if key not in self.memo:
            values = [self.after(game, move) for move in game.legal_moves()]
            mine = game.to_play % 2 == self.side
            self.memo[key] = max(values) if mine else min(values)
        return self.memo[key]

    def after(self, game: Game, move: Move) -> float:
        played = _to_hand_end(game) if type(game) is not _ToHandEnd else game.copy()
        events = played.play(move)
        chica = next((e for e in events if e.kind is EventKind.CHICA), None)
        if chica is not None:
            return WIN if chica.side == self.side else -WIN
        if any(e.kind in _HAND_ENDS for e in events):
            return float(played.points[self.side] - played.points[1 - self.side])
        return self.value(played)

    def best(self, game: Game) -> Move:
        """The first best play of the side to play."""
        moves = game.legal_moves()
        values = [self.after(game, move) for move in moves]
        mine = game.to_play % 2 == self.side
        target = max(values) if mine else min(values)
        return moves[values.index(target)]


def lines_of(position: Game, moves: list[Move]) -> list[Line]:
    """The rest of the hand after each of `moves` (plays of the side to play in
    `position`, a 2-player last deal), both playing their best."""
    side = position.to_play % 2
    search = _Search(side)
    found = []
    for move in moves:
        game = _to_hand_end(position)
        events: list[Event] = []
        step = game.play(_as_played(game, move))
        events += step
        while not any(e.kind in _ENDS for e in step):
            step = game.play(search.best(game))
            events += step
        found.append(_summary(move, events, side))
    return found


def _as_played(game: Game, move: Move) -> Move:
    """`move` with the cards of the puzzle's game (the same ranks: suits never matter)."""
    legal = game.legal_moves()
    return next(
        (m for m in legal if m.card == move.card and m.takes == move.takes),
        next(
            m
            for m in legal
            if m.card.rank == move.card.rank
            and sorted(c.rank for c in m.takes) == sorted(c.rank for c in move.takes)
        ),
    )


def _summary(move: Move, events: list[Event], side: int) -> Line:
    def ours(who: int | None) -> int:
        return 0 if who == side else 1

    gained = [0, 0]
    caidas: tuple[list[Card], list[Card]] = ([], [])
    limpias = [0, 0]
    hand_end = (0, 0, False)
    chica = None
    for event in events:
        if event.side is None:
            continue
        who = ours(event.side)
        if event.kind in _HAND_ENDS:
            hand_end = (who, event.points, event.kind is EventKind.CARTON)
        if event.kind is EventKind.CAIDA and event.card is not None:
            caidas[who].append(event.card)
        elif event.kind is EventKind.LIMPIA:
            limpias[who] += 1
        elif event.kind is EventKind.CHICA:
            chica = who
        if event.kind in _HAND_ENDS or event.kind in (EventKind.CAIDA, EventKind.LIMPIA):
            gained[who] += event.points
    return Line(
        move,
        (gained[0], gained[1]),
        (tuple(caidas[0]), tuple(caidas[1])),
        (limpias[0], limpias[1]),
        hand_end,
        chica,
    )


class ReasonKind(StrEnum):
    """What makes one play better than another, as a player would say it."""

    WINS_CHICA = "wins_chica"  # this play wins the chica (the other does not)
    SAVES_CHICA = "saves_chica"  # the other play loses the chica (this one does not)
    RIVAL_CAIDA = "rival_caida"  # on the other play the rival makes a caída (card)
    CAIDA = "caida"  # this play makes a caída (the other does not)
    LIMPIA = "limpia"  # this play makes a limpia (the other does not)
    TAKES_CARTON = "takes_carton"  # this play takes the cartón (points), the other does not
    DENIES_CARTON = "denies_carton"  # the rival's cartón on the other play (points) is gone
    SMALLER_CARTON = "smaller_carton"  # the rival's cartón: points instead of other_points
    BIGGER_CARTON = "bigger_carton"  # your cartón: points instead of other_points
    COUNT = "count"  # none stands out: counting the cards, it gives away the least


@dataclass(frozen=True)
class Reason:
    kind: ReasonKind
    card: Card | None = (
        None  # RIVAL_CAIDA: the rival's card (its rank: its suit is any); CAIDA: yours
    )
    points: int = 0
    other_points: int = 0

    def to_list(self) -> list[object]:
        return [
            str(self.kind),
            None if self.card is None else str(self.card),
            self.points,
            self.other_points,
        ]

    @classmethod
    def from_list(cls, data: list[object]) -> Reason:
        kind, card, points, other = data
        return cls(
            ReasonKind(str(kind)),
            None if card is None else Card.parse(str(card)),
            int(str(points)),
            int(str(other)),
        )


def contrast(better: Line, worse: Line) -> Reason:
    """The reason `better` beats `worse` (see the module); each claim holds in the lines."""
    if better.chica == 0 and worse.chica != 0:
        return Reason(ReasonKind.WINS_CHICA)
    if worse.chica == 1 and better.chica != 1:
        return Reason(ReasonKind.SAVES_CHICA)
    candidates: list[tuple[int, Reason]] = []
    if len(worse.caidas[1]) > len(better.caidas[1]):
        candidates.append((2, Reason(ReasonKind.RIVAL_CAIDA, card=worse.caidas[1][0])))
    if len(better.caidas[0]) > len(worse.caidas[0]):
        candidates.append((2, Reason(ReasonKind.CAIDA, card=better.caidas[0][0])))
    if better.limpias[0] > worse.limpias[0]:
        candidates.append((2, Reason(ReasonKind.LIMPIA)))
    mine, theirs = better.carton(0), worse.carton(0)
    rival_now, rival_other = better.carton(1), worse.carton(1)
    if mine and not theirs:
        candidates.append((mine + rival_other, Reason(ReasonKind.TAKES_CARTON, points=mine)))
    elif rival_other and not rival_now:
        candidates.append((rival_other, Reason(ReasonKind.DENIES_CARTON, points=rival_other)))
    elif rival_now and rival_now < rival_other:
        gap = rival_other - rival_now
        reason = Reason(ReasonKind.SMALLER_CARTON, points=rival_now, other_points=rival_other)
        candidates.append((gap, reason))
    elif mine > theirs > 0:
        reason = Reason(ReasonKind.BIGGER_CARTON, points=mine, other_points=theirs)
        candidates.append((mine - theirs, reason))
    if not candidates:
        return Reason(ReasonKind.COUNT)
    return max(candidates, key=lambda pair: pair[0])[1]


def reasons_of(position: Game, moves: list[Move]) -> tuple[Reason, ...]:
    """For plays `moves` (the best first, then the others by value): first why the best
    beats the next best, then for each other play why the best beats it."""
    lines = lines_of(position, moves)
    best = lines[0]
    return (contrast(best, lines[1]), *(contrast(best, line) for line in lines[1:]))
