"""RULES.md §4 and §5: caída, limpia, ronda, doble ronda and the cartón."""

from __future__ import annotations

import pytest

from engine import Rules
from engine.game import carton_points
from tests.engine.conftest import (
    capture_with,
    cards,
    drop,
    end_of_deal,
    end_of_hand,
    first,
    kinds,
    position,
    scoring,
    until,
)

CUENCA = Rules.preset("cuenca")


# ---------------------------------------------------------------------------- caída
def test_caida_matching_the_card_just_played():
    game = position(hands=[["5h", "Qc"], ["5d", "Kc"]], table=["2s"])
    drop(game, "5h")
    events = game.play(capture_with(game, "5d"))
    assert kinds(events) == ["capture", "caida"]
    assert scoring(events) == [("caida", 1, 2)]
    assert game.scores == (0, 2)
    assert game.captured == (0, 2)


def test_caida_with_escalera_is_still_a_caida():
    game = position(hands=[["5h", "Qc"], ["5d", "Kc"]], table=["6s", "Ad"])
    drop(game, "5h")
    events = game.play(capture_with(game, "5d"))
    assert first(events, "capture").takes == tuple(cards("5h 6s"))
    assert scoring(events) == [("caida", 1, 2)]


def test_sum_containing_the_card_just_played_is_not_a_caida():
    game = position(hands=[["3h", "Qc"], ["7d", "Kc"]], table=["4s", "Kd"])
    drop(game, "3h")
    move_ = capture_with(game, "7d")
    assert not game.is_caida(move_)
    events = game.play(move_)
    assert scoring(events) == []
    assert game.scores == (0, 0)


def test_escalera_containing_the_card_just_played_is_not_a_caida():
    game = position(hands=[["6h", "Qc"], ["5d", "Kc"]], table=["5s", "Kd"])
    drop(game, "6h")
    events = game.play(capture_with(game, "5d"))
    assert first(events, "capture").takes == tuple(cards("5s 6h"))
    assert scoring(events) == []


def test_only_the_previous_players_card_can_be_fallen_on():
    game = position(hands=[["5h", "5d"], ["3c", "Kc"]], table=["Ks"])
    drop(game, "5h")
    drop(game, "3c")
    events = game.play(capture_with(game, "5d"))
    assert scoring(events) == []


def test_after_a_capture_there_is_nothing_to_fall_on():
    game = position(hands=[["5h", "Qc"], ["5d", "Kc"]], table=["5s", "Qd", "Ad"])
    game.play(capture_with(game, "5h"))
    assert game.last_played is None
    events = drop(game, "5d")
    assert scoring(events) == []


def test_no_caida_after_a_new_deal():
    # The dealer's last card of the deal is Kc; the next leader is dealt a K.
    game, _ = end_of_deal(["Kd 2c 3c 4c 5c", "Ah 2h 3h 4h 5h"], table="7s")
    assert [str(c) for c in game.table] == ["7s", "Kc"]
    events = game.play(capture_with(game, "Kd"))
    assert first(events, "capture").takes == tuple(cards("Kc"))
    assert "caida" not in kinds(events)
    assert game.scores == (0, 0)


def test_caida_takes_the_card_just_played_when_two_match():
    game = position(hands=[["5h", "Qc"], ["5d", "Kc"]], table=["5s", "Ad"])
    drop(game, "5h")
    events = game.play(capture_with(game, "5d"))
    assert first(events, "capture").takes == tuple(cards("5h"))
    assert scoring(events) == [("caida", 1, 2)]
    assert [str(c) for c in game.table] == ["5s", "Ad"]


def test_caida_in_four_players_scores_for_the_team():
    game = position(hands=[["Qc"], ["5h"], ["5d"], ["Kc"]], table=["Ad"], to_play=1)
    drop(game, "5h")
    events = game.play(capture_with(game, "5d"))
    assert scoring(events) == [("caida", 0, 2)]
    assert first(events, "capture").seat == 2
    assert game.scores == (2, 0)


# ---------------------------------------------------------------------------- limpia
def test_limpia_leaves_the_table_empty():
    game = position(hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d", "Js"])
    events = game.play(capture_with(game, "7h"))
    assert scoring(events) == [("limpia", 0, 2)]
    assert game.table == []
    assert game.scores == (2, 0)


def test_no_limpia_when_a_card_stays():
    game = position(hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d", "Qs"])
    events = game.play(capture_with(game, "7h"))
    assert scoring(events) == []


@pytest.mark.parametrize(("rules", "points"), [(Rules(), 2), (CUENCA, 4)])
def test_caida_and_limpia_together(rules, points):
    game = position(rules, hands=[["5h", "Qc"], ["5d", "Kc"]], table=[])
    drop(game, "5h")
    events = game.play(capture_with(game, "5d"))
    assert kinds(events) == ["capture", "caida", "limpia"]
    assert sum(e.points for e in events) == points
    assert game.scores == (0, points)


# ---------------------------------------------------------------------------- rondas
def test_ronda_scores_two_and_is_announced_without_the_rank():
    game, events = end_of_deal(["7h 7s 7d 2c 3c", "Ah 2h 3h 4h 5h"])
    ronda = first(events, "ronda")
    assert (ronda.side, ronda.points, ronda.seat, ronda.card) == (0, 2, 0, None)
    assert game.scores == (2, 0)


def test_ronda_points_option():
    game, events = end_of_deal(["Ah 2h 3h 4h 5h", "Qh Qs Qd 2c 3c"], Rules(ronda_points=4))
    assert scoring(events) == [("ronda", 1, 4)]
    assert game.scores == (0, 4)


def test_both_players_can_have_a_ronda():
    game, events = end_of_deal(["7h 7s 7d 2c 3c", "Qh Qs Qd 2h 3h"])
    assert scoring(events) == [("ronda", 0, 2), ("ronda", 1, 2)]
    assert game.scores == (2, 2)


def test_two_of_a_rank_is_no_ronda():
    _game, events = end_of_deal(["7h 7s 2d 2c 3c", "Qh Qs Ad Ah 3h"])
    assert scoring(events) == []


def test_doble_ronda_wins_the_chica_by_default():
    game, events = end_of_deal(["Ah 2h 3h 4h 5h", "Qh Qs Qd Qc 3c"], scores=(12, 8))
    before = until(events, "chica")
    assert scoring(before) == [("doble_ronda", 1, 32)]
    assert first(events, "chica").side == 1
    assert "zapateria" not in kinds(events)
    assert game.chicas == (0, 1)
    assert game.chica_history == [(12, 40)]


def test_doble_ronda_is_never_a_zapateria():
    game, events = end_of_deal(["Qh Qs Qd Qc 3c", "Ah 2h 3h 4h 5h"], scores=(0, 0))
    assert scoring(until(events, "chica")) == [("doble_ronda", 0, 40)]
    assert "zapateria" not in kinds(events)
    assert game.winner is None
    assert game.chicas == (1, 0)


def test_doble_ronda_as_points():
    game, events = end_of_deal(["Qh Qs Qd Qc 3c", "Ah 2h 3h 4h 5h"], Rules(doble_ronda=4))
    assert scoring(events) == [("doble_ronda", 0, 4)]
    assert game.scores == (4, 0)
    assert game.chicas == (0, 0)


# ---------------------------------------------------------------------------- cartón
@pytest.mark.parametrize(
    ("count", "points"),
    [(20, 6), (21, 8), (22, 8), (23, 10), (24, 10), (25, 12), (30, 16), (39, 26), (40, 26)],
)
def test_carton_points(count, points):
    assert carton_points(count) == points


def test_carton_at_the_end_of_the_hand():
    game, events = end_of_hand((24, 12))
    hand = until(events, "deal")
    assert scoring(hand) == [("carton", 0, 10)]
    assert first(hand, "carton").count == 24
    assert game.hand_number == 2


def test_carton_for_the_dealer_side():
    _game, events = end_of_hand((14, 23))
    assert scoring(until(events, "deal")) == [("carton", 1, 10)]


def test_both_at_20_dos_por_darlas_to_the_non_dealer():
    # seat 1 deals and takes the last card: 20-20 (and a limpia for seat 1).
    _game, events = end_of_hand((20, 18), table="Ks")
    hand = until(events, "deal")
    assert scoring(hand) == [("limpia", 1, 2), ("dos_por_darlas", 0, 2)]


def test_any_other_tie_dos_por_darlas_to_the_non_dealer():
    _game, events = end_of_hand((18, 18), table="2s 3s")
    assert scoring(until(events, "deal")) == [("dos_por_darlas", 0, 2)]


@pytest.mark.parametrize(("captured", "side"), [((19, 17), 0), ((15, 19), 1)])
def test_neither_at_20_the_side_with_more_scores_two(captured, side):
    _game, events = end_of_hand(captured, table="2s 3s")
    hand = until(events, "deal")
    assert scoring(hand) == [("dos_por_darlas", side, 2)]
    assert first(hand, "dos_por_darlas").count == max(captured)


def test_leftovers_count_for_nobody_by_default():
    game = position(
        hands=[["5h"], ["Kc"]], table=["5s", "2d"], to_play=0, dealer=1, captured=(18, 18)
    )
    game.play(capture_with(game, "5h"))
    events = drop(game, "Kc")
    assert scoring(until(events, "deal")) == [("carton", 0, 6)]


def test_leftovers_to_the_last_capturer():
    rules = Rules(leftovers="last_capturer")
    game = position(
        rules, hands=[["5h"], ["Kc"]], table=["5s", "2d"], to_play=0, dealer=1, captured=(18, 18)
    )
    game.play(capture_with(game, "5h"))
    events = drop(game, "Kc")
    hand = until(events, "deal")
    assert scoring(hand) == [("carton", 0, 8)]
    assert first(hand, "carton").count == 22


def test_a_new_hand_starts_with_an_empty_table_and_the_next_dealer():
    game, events = end_of_hand((24, 12), table="2s 3s 4s")
    assert game.table == []
    assert game.dealer == 0
    assert game.to_play == 1
    assert game.captured == (0, 0)
    assert [len(h) for h in game.hands] == [5, 5]
    assert len(game.stock) == 30
    assert first(events, "deal").count == 1
