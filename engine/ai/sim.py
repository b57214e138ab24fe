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
"""

from __future__ import annotations

from functools import cache

from ..game import CAIDA_POINTS, CHICA_POINTS, LIMPIA_POINTS
from ..moves import sum_partitions

RankMove = tuple[int, tuple[int, ...]]
NO_LOCK = 10**6


@cache
def partitions(sum_cards: int | None) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each rank 0..10, the sums that rank can capture: tuples of table ranks."""
    return tuple(sum_partitions(r, sum_cards) if 2 <= r <= 7 else () for r in range(11))


def _available(table: list[int], part: tuple[int, ...]) -> bool:
    if len(part) == 2:
        a, b = part
        return table[a] >= 2 if a == b else table[a] > 0 and table[b] > 0
    return all(table[r] >= part.count(r) for r in set(part))


def captures(table: list[int], rank: int, parts: tuple) -> list[tuple[int, ...]]:
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


def counts(ranks: object) -> list[int]:
    """Ranks (or cards) → a list of 11 counts."""
    result = [0] * 11
    for item in ranks:  # type: ignore[attr-defined]
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
        rules: object,
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
        lock = rules.lock_at  # type: ignore[attr-defined]
        self.lock = NO_LOCK if lock is None else lock
        self.clp = rules.caida_limpia_points  # type: ignore[attr-defined]
        self.parts = partitions(rules.sum_cards)  # type: ignore[attr-defined]
        self.leftovers_to_capturer = rules.leftovers == "last_capturer"  # type: ignore[attr-defined]
        self.carton_at_lock = rules.carton_at_lock  # type: ignore[attr-defined]
        goal = rules.caidas_seguidas  # type: ignore[attr-defined]
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

    def play(self, rank: int, takes: tuple[int, ...]) -> tuple:
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

    def undo(self, undo: tuple) -> None:
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
