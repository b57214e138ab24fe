"""Moves and the captures a played card can make (RULES.md §3).

The search for captures is the engine's hot path (a computer opponent runs it thousands
of times per move), so it works on the table sorted into rank buckets once per call and
on sums precomputed per rule set, never on suits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import _DECK, NUMBER_TOP, Card

TOP_RANK = 10


class IllegalMove(ValueError):
    """A move the rules do not allow here; the game is left unchanged."""


@dataclass(frozen=True, slots=True)
class Move:
    """Play `card`; `takes` is the set of table cards captured (empty: a drop)."""

    card: Card
    takes: frozenset[Card] = field(default=frozenset())

    @property
    def is_drop(self) -> bool:
        return not self.takes

    def __str__(self) -> str:
        if not self.takes:
            return str(self.card)
        return f"{self.card}x{'.'.join(str(c) for c in sorted(self.takes))}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move `str(move)` wrote ("5H", or "5Hx5S.6D" for a capture)."""
        card, _, takes = text.partition("x")
        return cls(Card.parse(card), frozenset(Card.parse(c) for c in takes.split(".") if c))


# Moves are immutable values, so the hot path builds them without the dataclass __init__
# (which goes through the frozen __setattr__ guard) and shares one drop per card.
_set_card = Move.__dict__["card"].__set__
_set_takes = Move.__dict__["takes"].__set__
_new = object.__new__


def make_move(card: Card, takes: frozenset[Card]) -> Move:
    """Move(card, takes), faster."""
    move = _new(Move)
    _set_card(move, card)
    _set_takes(move, takes)
    return move


DROPS: tuple[Move, ...] = tuple(Move(card) for card in _DECK)  # DROPS[card.index]


@cache
def sum_partitions(value: int, max_cards: int | None) -> tuple[tuple[int, ...], ...]:
    """Ways to write `value` as a sum of 2..max_cards number ranks, parts non-increasing."""
    limit = max_cards if max_cards is not None else value

    def parts(remaining: int, largest: int, count: int) -> list[tuple[int, ...]]:
        if remaining == 0:
            return [()]
        if count == 0:
            return []
        found: list[tuple[int, ...]] = []
        for part in range(min(largest, remaining), 0, -1):
            found.extend((part, *rest) for rest in parts(remaining - part, part, count - 1))
        return found

    return tuple(p for p in parts(value, value - 1, limit) if len(p) >= 2)


SumNeeds = tuple[tuple[tuple[int, int], ...], ...]


@cache
def sum_needs(max_cards: int | None) -> tuple[SumNeeds, ...]:
    """Per played rank (index 0..10), each sum as ((rank, how many cards), ...)."""
    table: list[SumNeeds] = [()] * (TOP_RANK + 1)
    for rank in range(2, NUMBER_TOP + 1):
        table[rank] = tuple(
            tuple((part, partition.count(part)) for part in sorted(set(partition), reverse=True))
            for partition in sum_partitions(rank, max_cards)
        )
    return tuple(table)


Buckets = list[list[Card] | None]


def rank_buckets(table: list[Card]) -> Buckets:
    """The table cards by rank, in table order: index 1..10; index 0 and 11 stay None."""
    buckets: Buckets = [None] * (TOP_RANK + 2)
    for card in table:
        bucket = buckets[card.rank]
        if bucket is None:
            buckets[card.rank] = [card]
        else:
            bucket.append(card)
    return buckets


def captures_for_rank(
    rank: int, buckets: Buckets, last_played: Card | None, needs: tuple[SumNeeds, ...]
) -> list[frozenset[Card]]:
    """The captures a card of `rank` can make: the match first, then each sum."""
    same_rank = buckets[rank]
    sums = needs[rank]
    bases: list[list[Card]] = []
    if same_rank is not None:
        if last_played is not None and last_played.rank == rank and last_played in same_rank:
            bases.append([last_played])
        else:
            bases.append([same_rank[0]])
    for parts in sums:
        base: list[Card] = []
        for part, count in parts:
            bucket = buckets[part]
            if bucket is None:
                break
            if count == 1:
                base.append(bucket[0])
            elif len(bucket) >= count:
                base.extend(bucket[:count])
            else:
                break
        else:
            bases.append(base)
    if not bases:
        return []
    next_rank = rank + 1
    bucket = buckets[next_rank]
    if bucket is None:  # no escalera
        return [frozenset(base) for base in bases]
    escalera: list[Card] = []
    while bucket is not None:
        escalera.append(bucket[0])
        next_rank += 1
        bucket = buckets[next_rank]
    return [frozenset(base + escalera) for base in bases]


def capture_options(
    card: Card, table: list[Card], last_played: Card | None, sum_cards: int | None
) -> list[frozenset[Card]]:
    """Every distinct capture `card` can make on `table`, one per choice of base.

    Cards of one rank are interchangeable, so each base is offered once; where a match
    could take the card just played (a caída), it takes that one.
    """
    if not table:
        return []
    return captures_for_rank(card.rank, rank_buckets(table), last_played, sum_needs(sum_cards))
