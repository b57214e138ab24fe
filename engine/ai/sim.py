"""A rank-count model of one deal, for fast search (suits never matter, RULES.md §1).

A hand or the table is a list of 11 counts (index = rank 1..10, index 0 unused). A move is
`(rank, takes)`: the rank played and the table ranks it captures, a tuple (empty for a
drop). A match lists its own rank first; a sum lists its parts (all lower than the rank
played), then the escalera; so `takes[0] == rank` exactly when the base is a match.

`Position` plays and takes back moves in place, scoring caídas and limpias with the
38 rule as the engine does (and, under option caidas_seguidas, a streak of caídas that
wins: it brings the side's points up to 40), and counting the ranks captured (`gone`:
what every seat has seen leave the game this hand, as far as the player it serves
knows). It stops at the end of the deal: dealing and the cartón are left to the
evaluation (evaluate.py), which is where the search horizon lies.

`position_of` makes a Position from what everyone at the table sees (`PublicState`: a
seat's view, a watched play), and `drop_odds` reads what a drop says of the hand it came
from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Protocol

from ..cards import Card
from ..game import CAIDA_POINTS, CHICA_POINTS, LIMPIA_POINTS
from ..moves import sum_partitions
from ..rules import Rules

RankMove = tuple[int, tuple[int, ...]]
# For each rank 0..10, the sums that rank can capture (see `partitions`).
Partitions = tuple[tuple[tuple[int, ...], ...], ...]
# What `Position.play` returns for `Position.undo`: the move, and what it changed.
Undo = tuple[int, tuple[int, ...], int, int, int, tuple[int, ...] | None]
NO_LOCK = 10**6
RANKS = range(1, 11)
READ_DROP_ODDS = 0.05


@cache
def partitions(sum_cards: int | None) -> Partitions:
    """For each rank 0..10, the sums that rank can capture: tuples of table ranks."""
    return tuple(sum_partitions(r, sum_cards) if 2 <= r <= 7 else () for r in range(11))


def _available(table: Sequence[int], part: tuple[int, ...]) -> bool:
    if len(part) == 2:
        a, b = part
        return table[a] >= 2 if a == b else table[a] > 0 and table[b] > 0
    return all(table[r] >= part.count(r) for r in set(part))


def captures(table: Sequence[int], rank: int, parts: Partitions) -> list[tuple[int, ...]]:
    """Every capture a card of `rank` can make on `table` (one per base)."""
    top = rank + 1
    while top <= 10 and table[top]:
        top += 1
    escalera = tuple(range(rank + 1, top))
    found = [(rank, *escalera)] if table[rank] else []
    for part in parts[rank]:
        if _available(table, part):
            found.append(part + escalera)
    return found


def counts(ranks: Iterable[int | Card]) -> list[int]:
    """Ranks (or cards) → a list of 11 counts."""
    result = [0] * 11
    for item in ranks:
        result[item if isinstance(item, int) else item.rank] += 1
    return result


class Position:
    """One deal in progress, every hand known (a determinization, or the truth)."""

    __slots__ = (
        "cap",
        "carton_at_lock",
        "clp",
        "dealer",
        "gone",
        "hands",
        "last",
        "last_capturer",
        "leftovers_to_capturer",
        "lock",
        "parts",
        "players",
        "pts",
        "seat",
        "sizes",
        "stock_left",
        "streak_goal",
        "streaks",
        "table",
        "tsize",
    )

    def __init__(
        self,
        *,
        players: int,
        hands: list[list[int]],
        table: list[int],
        last: int,
        pts: list[int],
        cap: list[int],
        seat: int,
        dealer: int,
        stock_left: int,
        rules: Rules,
        last_capturer: int | None = None,
        gone: list[int] | None = None,
        streaks: list[int] | None = None,
    ) -> None:
        self.players = players
        self.hands = hands
        self.sizes = [sum(h) for h in hands]
        self.table = table
        self.tsize = sum(table)
        self.last = last
        self.pts = pts
        self.cap = cap
        self.seat = seat
        self.dealer = dealer
        self.stock_left = stock_left
        lock = rules.lock_at
        self.lock = NO_LOCK if lock is None else lock
        self.clp = rules.caida_limpia_points
        self.parts = partitions(rules.sum_cards)
        self.leftovers_to_capturer = rules.leftovers == "last_capturer"
        self.carton_at_lock = rules.carton_at_lock
        goal = rules.caidas_seguidas
        self.streak_goal = NO_LOCK if goal is None else goal
        self.streaks = [0, 0] if streaks is None else streaks  # caídas in a row per side
        self.last_capturer = -1 if last_capturer is None else last_capturer
        self.gone = [0] * 11 if gone is None else gone  # ranks known captured this hand

    # ------------------------------------------------------------------ moves
    def moves(self) -> list[RankMove]:
        """The distinct moves of the seat to play: captures (biggest first), then drops."""
        hand = self.hands[self.seat]
        table = self.table
        parts = self.parts
        caps: list[RankMove] = []
        drops: list[RankMove] = []
        for rank in range(1, 11):
            if hand[rank]:
                drops.append((rank, ()))
                if self.tsize:
                    for takes in captures(table, rank, parts):
                        caps.append((rank, takes))
        if len(caps) > 1:
            last = self.last
            caps.sort(key=lambda m: (m[0] == last and m[1][0] == last, len(m[1])), reverse=True)
        return caps + drops

    def gain(self, rank: int, takes: tuple[int, ...]) -> int:
        """The points the seat to play scores with this move (the 38 rule applied; a
        caída that completes a winning streak brings the side up to 40)."""
        if not takes:
            return 0
        side = self.seat & 1
        caida = self.last == rank and takes[0] == rank
        points = CAIDA_POINTS if caida else 0
        if len(takes) == self.tsize and self.pts[side] < self.lock:
            points += self.clp - CAIDA_POINTS if caida else LIMPIA_POINTS
        if caida and self.streaks[side] + 1 >= self.streak_goal:
            points = max(points, CHICA_POINTS - self.pts[side])
        return points

    def play(self, rank: int, takes: tuple[int, ...]) -> Undo:
        """Play a move; returns what `undo` needs. Sets no winner: see `won`."""
        seat = self.seat
        side = seat & 1
        streaks = None
        if self.streak_goal != NO_LOCK:
            streaks = (*self.streaks,)
            caida = bool(takes) and self.last == rank and takes[0] == rank
        undo = (rank, takes, self.last, self.pts[side], self.last_capturer, streaks)
        self.hands[seat][rank] -= 1
        self.sizes[seat] -= 1
        if takes:
            self.pts[side] += self.gain(rank, takes)
            table = self.table
            gone = self.gone
            gone[rank] += 1
            for taken in takes:
                table[taken] -= 1
                gone[taken] += 1
            self.tsize -= len(takes)
            self.cap[side] += len(takes) + 1
            self.last = 0
            self.last_capturer = side
        else:
            self.table[rank] += 1
            self.tsize += 1
            self.last = rank
        if streaks is not None:
            self._count_streak(side, caida)
        self.seat = (seat + 1) % self.players
        return undo

    def undo(self, undo: Undo) -> None:
        rank, takes, last, side_pts, last_capturer, streaks = undo
        seat = (self.seat - 1) % self.players
        side = seat & 1
        self.seat = seat
        self.hands[seat][rank] += 1
        self.sizes[seat] += 1
        if takes:
            table = self.table
            gone = self.gone
            gone[rank] -= 1
            for taken in takes:
                table[taken] += 1
                gone[taken] -= 1
            self.tsize += len(takes)
            self.cap[side] -= len(takes) + 1
        else:
            self.table[rank] -= 1
            self.tsize -= 1
        self.last = last
        self.pts[side] = side_pts
        self.last_capturer = last_capturer
        if streaks is not None:
            self.streaks[:] = streaks

    def _count_streak(self, side: int, caida: bool) -> None:
        """Option caidas_seguidas: a caída adds to its side's streak and breaks the
        other's; any other play breaks its side's."""
        if caida:
            self.streaks[side] += 1
            self.streaks[1 - side] = 0
        else:
            self.streaks[side] = 0

    def won(self, side: int) -> bool:
        return self.pts[side] >= CHICA_POINTS

    @property
    def deal_over(self) -> bool:
        return self.sizes[self.seat] == 0


class PublicState(Protocol):
    """What everyone at the table sees of a deal in progress (a SeatView, a watched play)."""

    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int: ...  # the seat to play
    @property
    def table(self) -> Sequence[int]: ...  # counts by rank
    @property
    def last(self) -> int: ...  # the rank just dropped (0: none)
    @property
    def points(self) -> Sequence[int]: ...
    @property
    def captured(self) -> Sequence[int]: ...
    @property
    def streaks(self) -> Sequence[int]: ...
    @property
    def gone(self) -> Sequence[int]: ...  # the ranks known captured this hand
    @property
    def dealer(self) -> int: ...
    @property
    def stock_left(self) -> int: ...
    @property
    def rules(self) -> Rules: ...


def position_of(state: PublicState, hands: list[list[int]]) -> Position:
    """A Position of `state`'s deal with the given hands (counts per seat)."""
    return Position(
        players=state.players,
        hands=hands,
        table=list(state.table),
        last=state.last,
        pts=list(state.points),
        cap=list(state.captured),
        seat=state.seat,
        dealer=state.dealer,
        stock_left=state.stock_left,
        rules=state.rules,
        gone=list(state.gone),
        streaks=list(state.streaks),
    )


def drop_odds(table: Sequence[int], last: int, parts: Partitions) -> list[float]:
    """Per rank, how likely the seat that has just dropped a `last` holds it, relative to
    chance (1.0 everywhere when nobody has just dropped).

    The table before that drop is `table` without the card dropped. Players nearly always
    capture when they can (the easy and normal levels drop with a capture at hand about
    one time in a hundred), so a rank that could have captured something there is
    unlikely to be in that hand: READ_DROP_ODDS against 1.
    """
    odds = [1.0] * 11
    if not last:
        return odds
    before = list(table)
    before[last] -= 1
    if not any(before):
        return odds
    for rank in RANKS:
        if captures(before, rank, parts):
            odds[rank] = READ_DROP_ODDS
    return odds
