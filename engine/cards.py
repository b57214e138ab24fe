"""Cards of the 40-card Cuarenta deck.

Ranks are stored as integers 1..10 in run order (A=1 … 7=7, J=8, Q=9, K=10), so that an
escalera is "rank + 1" and a sum uses the rank itself for A..7. Suits never matter to the
rules; they only tell physical cards apart. Every card is a shared, immutable instance.
"""

from __future__ import annotations

import sys

RANK_NAMES = "A234567JQK"
SUIT_NAMES = "shdc"
NUMBER_TOP = 7  # ranks 1..7 have an adding value; J, Q, K (8..10) never take part in a sum


class Card:
    """One card: `rank` 1..10 in run order, `suit` 0..3 (s h d c)."""

    __slots__ = ("index", "rank", "suit", "text")
    rank: int
    suit: int
    index: int
    text: str  # "7h": made once, interned, so every saved "7h" read back can share it

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (1 <= rank <= 10 and 0 <= suit <= 3):
            raise ValueError(f"no such card: rank {rank}, suit {suit}")
        return _DECK[(rank - 1) * 4 + suit]

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 1) * 4 + suit)
        object.__setattr__(card, "text", sys.intern(RANK_NAMES[rank - 1] + SUIT_NAMES[suit]))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def parse(text: str) -> Card:
        """`"7h"` → the seven of hearts. Raises ValueError for anything else."""
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:  # the way cards are saved and sent: no case or space to mend
            return card
        if not isinstance(text, str) or len(text.strip()) != 2:
            raise ValueError(f"not a card: {text!r} (write rank then suit, like 7h or Jd)")
        rank_char, suit_char = text.strip()[0].upper(), text.strip()[1].lower()
        if rank_char not in RANK_NAMES or suit_char not in SUIT_NAMES:
            raise ValueError(f"not a card: {text!r} (ranks A234567JQK, suits s h d c)")
        return _DECK[RANK_NAMES.index(rank_char) * 4 + SUIT_NAMES.index(suit_char)]

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank - 1]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]

    @property
    def is_number(self) -> bool:
        return self.rank <= NUMBER_TOP

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    # Equality is identity (every card is one shared instance): object's own __eq__, which
    # is much faster than a Python-level one in list searches.

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self


_DECK: list[Card] = [Card._make(rank, suit) for rank in range(1, 11) for suit in range(4)]
_BY_TEXT: dict[str, Card] = {str(card): card for card in _DECK}


def full_deck() -> list[Card]:
    """The 40 cards in a fixed order (a new list each call)."""
    return list(_DECK)


def parse_cards(text: str) -> list[Card]:
    """`"7h Jd"` → [7h, Jd]."""
    return [Card.parse(part) for part in text.split()]
