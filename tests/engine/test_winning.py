"""RULES.md §6: chicas, 38 que no juega, zapatería and the match."""

from __future__ import annotations

import pytest

from engine import IllegalMove, Rules
from tests.engine.conftest import (
    capture_with,
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
NO_LOCK = Rules(lock_at=None)


def caida_position(rules=None, scores=(0, 0), table="Ad", chicas=(0, 0)):
    """Seat 1 drops 5h; seat 0 holds 5d to fall on it. Seat 0 to play after the drop."""
    game = position(
        rules,
        hands=[["Qc", "5d"], ["5h", "Kc"]],
        table=table.split(),
        to_play=1,
        dealer=0,
        scores=scores,
        chicas=chicas,
    )
    drop(game, "5h")
    return game


def limpia_position(rules=None, scores=(0, 0)):
    """Seat 0 to play 7h on a table of 3 and 4: a limpia."""
    return position(rules, hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d"], scores=scores)


def after_chica_points(events) -> list[int]:
    """Points per side scored by the events after the chica ended (the next chica's deal)."""
    tail = events[kinds(events).index("chica") + 1 :]
    totals = [0, 0]
    for e in tail:
        if e.scores:
            totals[e.side] += e.points
    return totals


def test_a_chica_ends_at_40_in_the_middle_of_a_hand():
    game = caida_position(scores=(38, 12))
    events = game.play(capture_with(game, "5d"))
    assert scoring(until(events, "chica")) == [("caida", 0, 2)]
    assert first(events, "chica").side == 0
    assert game.chicas == (1, 0)
    assert game.chica_history == [(40, 12)]
    assert game.winner is None
    # The next chica: from 0-0, a new shuffle, the deal passes to the next seat.
    assert list(game.scores) == after_chica_points(events)
    assert game.dealer == 1
    assert game.to_play == 0
    assert game.table == []
    assert game.captured == (0, 0)
    assert [len(h) for h in game.hands] == [5, 5]
    assert len(game.stock) == 30
    assert first(events[kinds(events).index("chica") :], "deal").count == 1


def test_at_38_a_limpia_scores_nothing():
    game = limpia_position(scores=(38, 20))
    events = game.play(capture_with(game, "7h"))
    assert scoring(events) == [("limpia", 0, 0)]
    assert game.scores == (38, 20)


def test_at_38_a_caida_wins_even_with_a_limpia():
    game = caida_position(scores=(38, 20), table="")
    events = game.play(capture_with(game, "5d"))
    assert scoring(until(events, "chica")) == [("caida", 0, 2), ("limpia", 0, 0)]
    assert game.chica_history == [(40, 20)]


def test_at_38_a_ronda_scores_nothing():
    game, events = end_of_deal(["7h 7s 7d 2c 3c", "Ah 2h 3h 4h 5h"], scores=(38, 20))
    assert scoring(events) == [("ronda", 0, 0)]
    assert game.scores == (38, 20)


def test_at_38_the_carton_scores_nothing():
    game, events = end_of_hand((24, 12), scores=(38, 20))
    assert scoring(until(events, "deal")) == [("carton", 0, 0)]
    assert game.scores[0] == 38 + sum(e.points for e in events if e.scores and e.side == 0)


def test_below_the_lock_everything_scores():
    game, events = end_of_hand((24, 12), scores=(36, 20))
    assert scoring(until(events, "deal")) == [("carton", 0, 10)]
    assert first(events, "chica").side == 0
    assert game.chica_history == [(46, 20)]  # a final score above 40 stays


@pytest.mark.parametrize(("score", "points"), [(28, 2), (30, 0), (34, 0)])
def test_lock_at_30(score, points):
    rules = Rules(lock_at=30)
    game = position(
        rules, hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d"], scores=(score, 0)
    )
    events = game.play(capture_with(game, "7h"))
    assert scoring(events) == [("limpia", 0, points)]
    assert game.scores == (score + points, 0)


def test_lock_at_30_a_caida_still_scores():
    game = caida_position(Rules(lock_at=30), scores=(32, 12))
    events = game.play(capture_with(game, "5d"))
    assert scoring(events) == [("caida", 0, 2)]
    assert game.scores == (34, 12)


def test_lock_off_a_limpia_at_38_wins():
    game = position(
        NO_LOCK, hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d"], scores=(38, 20)
    )
    events = game.play(capture_with(game, "7h"))
    assert scoring(until(events, "chica")) == [("limpia", 0, 2)]
    assert game.chica_history == [(40, 20)]


def test_lock_off_a_final_score_above_40_stays():
    rules = Rules(lock_at=None, caida_limpia_points=4, chicas_to_win=1)
    game = caida_position(rules, scores=(38, 20), table="")
    events = game.play(capture_with(game, "5d"))
    assert kinds(events)[-2:] == ["chica", "match"]
    assert game.scores == (42, 20)
    assert game.winner == 0


@pytest.mark.parametrize(("rules", "final"), [(Rules(), 38), (CUENCA, 40)])
def test_caida_and_limpia_are_judged_on_the_score_before_them(rules, final):
    game = caida_position(rules, scores=(36, 20), table="")
    events = game.play(capture_with(game, "5d"))
    if final == 40:
        assert first(events, "chica").side == 0
        assert game.chica_history == [(40, 20)]
    else:
        assert "chica" not in kinds(events)
        assert game.scores == (38, 20)


def test_rondas_of_one_deal_are_judged_on_the_score_before_them():
    # 4 players: both players of team 0 are dealt a ronda at 36: 36 + 2 + 2 = 40.
    game, events = end_of_deal(
        ["7h 7s 7d 2c 3c", "Ah 2h 3h 4h 5h", "Qh Qs Qd 4c 5c", "Ad Jd 3d 4d 5d"],
        scores=(36, 12),
    )
    assert scoring(until(events, "chica")) == [("ronda", 0, 2), ("ronda", 0, 2)]
    assert game.chica_history == [(40, 12)]


def test_the_carton_comes_after_the_last_plays_points():
    # Seat 1 takes the last card: a limpia brings it from 36 to 38, so its cartón is nothing.
    game, events = end_of_hand((10, 28), scores=(0, 36), table="Ks")
    assert scoring(until(events, "deal")) == [("limpia", 1, 2), ("carton", 1, 0)]
    assert first(events, "carton").count == 30
    assert game.scores[1] == 38 + sum(
        e.points for e in events[kinds(events).index("deal") :] if e.scores and e.side == 1
    )


def test_a_doble_ronda_wins_at_the_lock():
    game, events = end_of_deal(["Qh Qs Qd Qc 3c", "Ah 2h 3h 4h 5h"], scores=(38, 20))
    assert scoring(until(events, "chica")) == [("doble_ronda", 0, 2)]
    assert game.chica_history == [(40, 20)]


def test_rondas_after_the_chica_is_won_no_longer_count():
    game, events = end_of_deal(["7h 7s 7d 2c 3c", "Qh Qs Qd 2h 3h"], NO_LOCK, scores=(38, 20))
    assert scoring(until(events, "chica")) == [("ronda", 0, 2)]
    assert game.chica_history == [(40, 20)]


def test_rondas_are_announced_from_the_seat_after_the_dealer():
    game, events = end_of_deal(["7h 7s 7d 2c 3c", "Qh Qs Qd 2h 3h"], NO_LOCK, scores=(20, 38))
    # Seat 0 announces first (20 → 22), then seat 1 reaches 40.
    assert scoring(until(events, "chica")) == [("ronda", 0, 2), ("ronda", 1, 2)]
    assert game.chica_history == [(22, 40)]


def test_a_doble_ronda_ends_the_announcements():
    game, events = end_of_deal(["Qh Qs Qd Qc 3c", "7h 7s 7d 2h 3h"], scores=(10, 20))
    assert scoring(until(events, "chica")) == [("doble_ronda", 0, 30)]
    assert game.chica_history == [(40, 20)]


def test_the_match_goes_to_two_chicas():
    game = caida_position(scores=(38, 12), chicas=(1, 0))
    events = game.play(capture_with(game, "5d"))
    assert kinds(events)[-2:] == ["chica", "match"]
    assert game.winner == 0
    assert game.chicas == (2, 0)
    assert game.is_over
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        drop(game, "Qc")


def test_one_chica_each_goes_on():
    game = caida_position(scores=(38, 12), chicas=(0, 1))
    game.play(capture_with(game, "5d"))
    assert game.chicas == (1, 1)
    assert game.winner is None


def test_zapateria_wins_the_match_at_once():
    game = caida_position(scores=(38, 8))
    events = game.play(capture_with(game, "5d"))
    assert kinds(events)[-3:] == ["chica", "zapateria", "match"]
    assert game.winner == 0
    assert game.chicas == (1, 0)


def test_no_zapateria_at_10():
    game = caida_position(scores=(38, 10))
    events = game.play(capture_with(game, "5d"))
    assert "zapateria" not in kinds(events)
    assert game.winner is None


def test_a_quick_game_of_one_chica():
    game = caida_position(Rules(chicas_to_win=1), scores=(38, 12))
    events = game.play(capture_with(game, "5d"))
    assert kinds(events)[-2:] == ["chica", "match"]
    assert game.winner == 0
