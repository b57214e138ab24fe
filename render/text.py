"""Cards as text, where no emoji can stand for them: "7♥", "J♦ 3♣ Q♠"."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card

SUIT_SYMBOLS = "♠♥♦♣"  # s h d c, in the engine's suit order


def text_card(card: Card) -> str:
    """`7h` → "7♥" (ranks A 2-7 J Q K)."""
    return card.rank_name + SUIT_SYMBOLS[card.suit]


def text_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """[7h, Jd] → "7♥ J♦" (empty string for no cards)."""
    return sep.join(text_card(card) for card in cards)
