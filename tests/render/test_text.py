"""The text fallback: "7♥"."""

from __future__ import annotations

from engine.cards import Card, full_deck, parse_cards
from render.text import text_card, text_cards


def test_text_card() -> None:
    assert text_card(Card.parse("7h")) == "7♥"
    assert text_card(Card.parse("As")) == "A♠"
    assert text_card(Card.parse("Jd")) == "J♦"
    assert text_card(Card.parse("Kc")) == "K♣"


def test_every_card_reads_differently() -> None:
    assert len({text_card(card) for card in full_deck()}) == 40


def test_text_cards() -> None:
    assert text_cards(parse_cards("7h Jd 3c Qs")) == "7♥ J♦ 3♣ Q♠"
    assert text_cards(parse_cards("7h Jd"), sep=", ") == "7♥, J♦"
    assert text_cards([]) == ""
