"""Cards as text, where no emoji can stand for them: "7♥", "J♦ 3♧ Q♤".

Discord draws ♠ ♥ ♦ ♣ as colour emojis (they are emoji characters), and its ♠ and ♣ are
near-black: unreadable on a dark-theme message or button. So black suits are written ♤ and
♧, plain text characters that Discord draws in the text's own colour, light on dark and
dark on light; ♥ and ♦ stay red emojis, readable on both.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card

SUIT_SYMBOLS = "♤♥♦♧"  # s h d c, in the engine's suit order, as written in text
EMOJI_SUITS = "♠♥♦♣"  # the same suits as emoji characters (what players may type)


def text_card(card: Card) -> str:
    """`7h` → "7♥", `Ks` → "K♤" (ranks A 2-7 J Q K)."""
    return card.rank_name + SUIT_SYMBOLS[card.suit]


def text_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """[7h, Jd] → "7♥ J♦" (empty string for no cards)."""
    return sep.join(text_card(card) for card in cards)
