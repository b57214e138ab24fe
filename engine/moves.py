"""Moves and the captures a played card can make (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import NUMBER_TOP, Card

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


@cache
def sum_partitions(value: int, max_cards: int | None) -> tuple[tuple[int, ...], ...]:
    """Ways to write `value` as a sum of 2..max_cards number ranks, parts non-increasing."""
    limit = max_cards if max_cards is not None else value

    def parts(remaining: int, largest: int, count: int) -> list[tuple[int, ...]]:
        if remaining == 0:
            return [()]
        if count == 0:
            return []
        found = []
        for part in range(min(largest, remaining), 0, -1):
            found.extend((part, *rest) for rest in parts(remaining - part, part, count - 1))
        return found

    return tuple(p for p in parts(value, value - 1, limit) if len(p) >= 2)


def capture_options(
    card: Card, table: list[Card], last_played: Card | None, sum_cards: int | None
) -> list[frozenset[Card]]:
    """Every distinct capture `card` can make on `table`, one per choice of base.

    Cards of one rank are interchangeable, so each base is offered once; where a match
    could take the card just played (a caída), it takes that one.
    """
    by_rank: dict[int, list[Card]] = {}
    for table_card in table:
        by_rank.setdefault(table_card.rank, []).append(table_card)
    if not by_rank:
        return []
    rank = card.rank
    escalera: list[Card] = []
    next_rank = rank + 1
    while next_rank <= TOP_RANK and next_rank in by_rank:
        escalera.append(by_rank[next_rank][0])
        next_rank += 1
    options: list[frozenset[Card]] = []
    same_rank = by_rank.get(rank)
    if same_rank:
        base = last_played if last_played in same_rank else same_rank[0]
        options.append(frozenset((base, *escalera)))
    if rank <= NUMBER_TOP and rank >= 2:
        for partition in sum_partitions(rank, sum_cards):
            base_cards = _pick(partition, by_rank)
            if base_cards is not None:
                options.append(frozenset((*base_cards, *escalera)))
    return options


def _pick(partition: tuple[int, ...], by_rank: dict[int, list[Card]]) -> list[Card] | None:
    """The table cards for a sum's ranks, or None when the table lacks them."""
    picked: list[Card] = []
    used: dict[int, int] = {}
    for part in partition:
        available = by_rank.get(part)
        position = used.get(part, 0)
        if available is None or position >= len(available):
            return None
        picked.append(available[position])
        used[part] = position + 1
    return picked
