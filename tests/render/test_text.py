"""The text fallback: "7♥", black suits as ♤ ♧ (text, not near-black emojis)."""

from __future__ import annotations

import pytest

from engine.cards import Card, full_deck, parse_cards
from render.text import SUIT_SYMBOLS, text_card, text_cards


def test_text_card() -> None:
    assert text_card(Card.parse("7h")) == "7♥"
    assert text_card(Card.parse("As")) == "A♤"
    assert text_card(Card.parse("Jd")) == "J♦"
    assert text_card(Card.parse("Kc")) == "K♧"


def test_black_suits_are_text_that_takes_the_theme_colour() -> None:
    """Discord (and simcord's preview) draw emoji characters as colour emojis: ♠ and ♣
    would come out near-black on a dark button. ♤ and ♧ are not emojis: drawn as text,
    in the label's colour, on any theme."""
    regex = pytest.importorskip("regex")  # Unicode's emoji properties (simcord[preview] has it)
    emoji = regex.compile(r"\p{Extended_Pictographic}|\p{Emoji_Presentation}")
    spade, heart, diamond, club = SUIT_SYMBOLS
    assert not emoji.match(spade) and not emoji.match(club)
    assert emoji.match(heart) and emoji.match(diamond)  # red emojis read on both themes


def test_every_card_reads_differently() -> None:
    assert len({text_card(card) for card in full_deck()}) == 40


def test_text_cards() -> None:
    assert text_cards(parse_cards("7h Jd 3c Qs")) == "7♥ J♦ 3♧ Q♤"
    assert text_cards(parse_cards("7h Jd"), sep=", ") == "7♥, J♦"
    assert text_cards([]) == ""
