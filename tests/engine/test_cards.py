"""RULES.md §1: the 40 cards, their notation, run order and adding values."""

from __future__ import annotations

import pickle

import pytest

from engine import Card
from engine.cards import full_deck, parse_cards


def test_the_deck_has_40_cards_without_8_9_10():
    deck = full_deck()
    assert len(deck) == 40
    assert len(set(deck)) == 40
    assert {c.rank_name for c in deck} == set("A234567JQK")
    assert {c.suit_name for c in deck} == set("shdc")
    assert all(sum(1 for c in deck if c.rank == r) == 4 for r in range(1, 11))


def test_full_deck_is_a_new_list_each_call():
    deck = full_deck()
    deck.pop()
    assert len(full_deck()) == 40


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("7h", 7, 1), ("Jd", 8, 2), ("As", 1, 0), ("Kc", 10, 3), ("qh", 9, 1), ("aS", 1, 0)],
)
def test_notation_rank_then_suit_any_case(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == text[0].upper() + text[1].lower()


@pytest.mark.parametrize("text", ["8h", "9s", "10d", "7x", "", "7", "7hh", "h7", "Xx", "1h"])
def test_not_a_card(text):
    with pytest.raises(ValueError):
        Card.parse(text)


def test_cards_are_shared_immutable_instances():
    assert Card.parse("7h") is Card(7, 1) is parse_cards("7h Jd")[0]
    assert Card.parse("7h") != Card.parse("7s")
    with pytest.raises(AttributeError):
        Card.parse("7h").rank = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(11, 0)
    assert pickle.loads(pickle.dumps(Card.parse("Qd"))) is Card.parse("Qd")


def test_run_order_jack_follows_seven_and_king_is_top():
    order = [Card.parse(r + "s").rank for r in "A234567JQK"]
    assert order == list(range(1, 11))
    assert Card.parse("Js").rank == Card.parse("7s").rank + 1


def test_adding_values_only_for_ace_to_seven():
    assert [Card.parse(r + "h").is_number for r in "A234567JQK"] == [True] * 7 + [False] * 3
    assert Card.parse("Ah").rank == 1


def test_sort_order_is_rank_then_suit():
    assert [str(c) for c in sorted(parse_cards("Kc 7h As 7s"))] == ["As", "7s", "7h", "Kc"]
