"""Arranged deals: every position a real game reaches is accepted, and a position no game
could reach is refused with its reason."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Rules
from engine.arranged import arranged_deal, unreachable


def position_of(game: Game) -> dict:
    return {
        "rules": game.rules,
        "hands": [list(hand) for hand in game.hands],
        "table": list(game.table),
        "stock": list(game.stock),
        "captured": game.captured,
        "scores": game.scores,
        "to_play": game.to_play,
        "dealer": game.dealer,
        "last_played": game.last_played,
    }


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]), plays=st.integers(0, 60))
def test_every_position_of_a_real_game_is_reachable(seed, players, plays):
    game = Game.new(players, Rules(), seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if game.winner is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    if game.winner is not None:
        return
    assert unreachable(**position_of(game)) is None
    copy = arranged_deal(**position_of(game))
    assert copy.legal_moves() == game.legal_moves()
    assert (copy.deal_number, copy.scores, copy.captured) == (
        game.deal_number,
        game.scores,
        game.captured,
    )


LESSON_LIKE = {
    "hands": [["5h", "Kc", "2d"], ["Js", "3c", "Qh"]],
    "table": ["5s", "7c", "Qd"],
    "captured": (16, 15),
}


def test_a_last_deal_arranged_by_hand_is_accepted():
    game = arranged_deal(Rules(), **LESSON_LIKE)
    assert game.deal_number == 4 and game.to_play == 0 and game.dealer == 1


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"captured": (16, 14)}, "40 cards"),
        ({"captured": (30, 1)}, "at least two"),
        ({"hands": [["5h", "Kc", "2d"], ["Js", "3c"]], "captured": (16, 16)}, "should hold"),
        ({"hands": [["5h", "Kc", "2d"], ["Js", "3c", "5s"]], "captured": (17, 15)}, "twice"),
        ({"scores": (38, 40)}, "0 to 39"),
        ({"scores": (37, 0)}, "even"),
        ({"last_played": "Ah"}, "on the table"),
        ({"stock": ["Ah", "2h", "3h", "4h", "5d"], "captured": (14, 12)}, "whole deals"),
    ],
)
def test_a_position_no_game_reaches_is_refused(change, reason):
    with pytest.raises(ValueError, match=reason):
        arranged_deal(Rules(), **{**LESSON_LIKE, **change})


def test_the_card_just_dropped_must_come_from_this_deal():
    # Both hands full: nothing was played in this deal yet, so nothing can be fallen on.
    with pytest.raises(ValueError, match="dropped in this deal"):
        arranged_deal(
            Rules(),
            [["5h", "Kc", "2d", "Ah", "2h"], ["Js", "3c", "Qh", "Ac", "2c"]],
            ["5s", "7c", "Qd"],
            captured=(14, 13),
            last_played="5s",
        )


def test_odd_scores_are_reachable_when_the_rules_score_odd_points():
    rules = Rules(ronda_points=3)
    assert arranged_deal(rules, **LESSON_LIKE, scores=(3, 0)).scores == (3, 0)
