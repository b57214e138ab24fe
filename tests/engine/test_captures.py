"""RULES.md §3: a turn — drops, matches, sums and escaleras, and every §3 example."""

from __future__ import annotations

import pytest

from engine import Card, Move, Rules
from engine.moves import capture_options, sum_partitions
from tests.engine.conftest import cards, position, ranks

ANY = Rules(sum_cards=None)


def options(card: str, table: str, rules: Rules | None = None, last: str | None = None):
    """The captures `card` can make, each as its sorted rank letters."""
    found = capture_options(
        Card.parse(card),
        cards(table),
        None if last is None else Card.parse(last),
        (rules or Rules()).sum_cards,
    )
    return sorted(ranks(takes) for takes in found)


# The examples of RULES.md §3, in order.
@pytest.mark.parametrize(
    ("card", "table", "expected"),
    [
        ("5h", "5s 6s 7s Js", [["5", "6", "7", "J"]]),
        ("7h", "3s 4d Jc Qh", [["3", "4", "J", "Q"]]),
        ("5h", "2s 3d 6c", [["2", "3", "6"]]),
        ("5h", "5s 7d", [["5"]]),
        ("Kh", "Js Qd", []),
        ("6h", "As 2d 3c", []),
    ],
)
def test_rules_examples_default(card, table, expected):
    assert options(card, table) == expected


def test_rules_example_three_card_sum_with_sum_cards_any():
    assert options("6h", "As 2d 3c", ANY) == [["A", "2", "3"]]


def test_each_base_is_its_own_move():
    """A 7 on a table holding 7, 3 and 4: the match or the sum, never both."""
    assert options("7h", "7s 3d 4c") == [["3", "4"], ["7"]]


def test_never_two_sums_at_once():
    assert options("5h", "As 4d 2c 3h") == [["2", "3"], ["A", "4"]]
    assert options("5h", "As 4d 2c 3h", ANY) == [["2", "3"], ["A", "4"]]


def test_escalera_starts_after_the_played_card_not_after_the_base():
    assert options("5h", "2s 3d 4c") == [["2", "3"]]


def test_escalera_is_taken_whole_through_the_faces():
    assert options("6h", "6s 7d Jc Qh Ks") == [["6", "7", "J", "Q", "K"]]
    assert options("3h", "Ad 2c 4s 5s 7h") == [["A", "2", "4", "5"]]


def test_nothing_wraps_after_the_king():
    assert options("Kh", "Ks As 2d") == [["K"]]


def test_faces_never_add():
    assert options("Jh", "5s 3d") == []  # a J is not an 8
    assert options("Qh", "Js As") == []
    assert options("7h", "Ks As 6d") == [["A", "6"]]  # 6 + A; the K plays no part
    assert options("7h", "Js As 6d") == [["A", "6", "J"]]  # the J follows the 7: escalera


def test_sums_of_equal_ranks():
    assert options("2h", "As Ad") == [["A", "A"]]
    assert options("4h", "2s 2d") == [["2", "2"]]
    assert options("4h", "2s") == []


def test_sum_cards_any_takes_every_partition_separately():
    assert options("7h", "As 2d 4c 3h", ANY) == [["3", "4"], ["A", "2", "4"]]
    assert options("7h", "As 2d 4c 3h") == [["3", "4"]]
    assert sum_partitions(4, None) == ((3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1))
    assert sum_partitions(4, 2) == ((3, 1), (2, 2))


def test_ace_cannot_be_made_by_a_sum():
    assert options("Ah", "As") == [["A"]]
    assert options("Ah", "2s 3s") == []


def test_two_cards_of_one_rank_a_match_takes_one():
    game = position(hands=[["5d"], ["Kc"]], table=["5h", "5s", "6c"])
    captures = [m for m in game.legal_moves() if m.takes]
    assert len(captures) == 1
    assert ranks(captures[0].takes) == ["5", "6"]
    game.play(captures[0])
    assert [c.rank_name for c in game.table] == ["5"]


def test_two_cards_of_one_rank_an_escalera_takes_one():
    assert options("5h", "5s 6h 6s 7d") == [["5", "6", "7"]]


def test_a_match_takes_the_card_just_played():
    game = position(hands=[["5d"], ["Kc"]], table=["5h", "5s"], last_played="5s")
    (capture,) = game.capture_options(Card.parse("5d"))
    assert capture == frozenset(cards("5s"))


def test_legal_moves_drop_every_card_then_its_captures():
    game = position(hands=[["7h", "Kc", "5d"], ["2c"]], table=["7s", "3d", "4c"])
    assert [str(m) for m in game.legal_moves()] == [
        "7h",
        "7hx7s",
        "7hx3d.4c",
        "Kc",
        "5d",
    ]
    assert all(isinstance(m, Move) for m in game.legal_moves())


def test_a_drop_is_always_legal_even_when_a_capture_exists():
    game = position(hands=[["5h"], ["Kc"]], table=["5s"])
    events = game.play(Move(Card.parse("5h")))
    assert [e.kind for e in events] == ["drop"]
    assert [str(c) for c in game.table] == ["5s", "5h"]


def test_empty_table_only_drops():
    game = position(hands=[["5h", "Ks"], ["Kc"]], table=[])
    assert [str(m) for m in game.legal_moves()] == ["5h", "Ks"]
    assert game.capture_options(Card.parse("5h")) == []


def test_move_text():
    assert str(Move(Card.parse("7h"), frozenset(cards("4c 3d")))) == "7hx3d.4c"
    assert Move(Card.parse("7h")).is_drop
    assert not Move(Card.parse("7h"), frozenset(cards("7s"))).is_drop
