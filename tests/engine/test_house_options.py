"""RULES.md §6: the options caidas_seguidas (a streak of caídas wins the chica) and
carton_at_lock (a side at the lock still scores its cartón), from the rules' wording."""

from __future__ import annotations

import json

import pytest

from engine import Game, Rules
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

STREAK_OF_4 = Rules(caidas_seguidas=4)
CARTON_AT_LOCK = Rules(carton_at_lock=True)


# ------------------------------------------------------------------- caidas_seguidas
def four_caidas(rules: Rules, scores=(0, 0), streaks=(0, 0)) -> tuple[Game, list[list]]:
    """Seat 1 drops 5h 6h 7h Jh one by one and seat 0 falls on each: four caídas by side 0.
    Returns the game and the events of each of seat 0's plays (until the chica ends)."""
    game = position(
        rules,
        hands=[["5d", "6d", "7d", "Jd", "Qs"], ["5h", "6h", "7h", "Jh", "Qh"]],
        table=["Kd"],
        to_play=1,
        dealer=0,
        scores=scores,
        streaks=streaks,
    )
    plays = []
    for rank in "567J":
        drop(game, f"{rank}h")
        plays.append(game.play(capture_with(game, f"{rank}d")))
        if "chica" in kinds(plays[-1]):
            break
    return game, plays


def test_four_caidas_in_a_row_win_the_chica_at_once():
    game, plays = four_caidas(STREAK_OF_4, scores=(10, 4))
    assert [first(events, "caida").count for events in plays] == [1, 2, 3, 4]
    last = plays[-1]
    # 10 + 4 caídas = 18; the streak brings the side up to 40, like a doble ronda.
    assert scoring(until(last, "chica")) == [("caida", 0, 2), ("caidas_seguidas", 0, 22)]
    streak = first(last, "caidas_seguidas")
    assert (streak.seat, streak.count) == (0, 4)
    assert first(last, "chica").side == 0
    assert game.chica_history == [(40, 4)]


def test_a_streak_is_never_a_zapateria():
    game, plays = four_caidas(STREAK_OF_4.with_options(chicas_to_win=2), scores=(0, 0))
    assert "zapateria" not in kinds(plays[-1])
    assert game.chicas == (1, 0)
    assert game.winner is None


def test_without_the_option_caidas_in_a_row_win_nothing():
    game, plays = four_caidas(Rules(), scores=(10, 4))
    assert [first(events, "caida").count for events in plays] == [0, 0, 0, 0]
    assert all("caidas_seguidas" not in kinds(events) for events in plays)
    assert game.scores == (18, 4)
    assert game.caida_streaks == (0, 0)


@pytest.mark.parametrize("needed", [2, 3, 5])
def test_the_option_is_the_number_of_caidas(needed):
    _game, plays = four_caidas(Rules(caidas_seguidas=needed))
    wins = ["caidas_seguidas" in kinds(events) for events in plays]
    assert wins == [n == needed for n in range(1, min(needed, 4) + 1)]


def test_a_play_that_is_not_a_caida_breaks_the_streak():
    game = position(
        STREAK_OF_4,
        hands=[["5d", "6d", "2c", "7d"], ["5h", "6h", "Qh", "7h"]],
        table=["Kd"],
        to_play=1,
        dealer=0,
    )
    for rank in "56":
        drop(game, f"{rank}h")
        game.play(capture_with(game, f"{rank}d"))
    assert game.caida_streaks == (2, 0)
    drop(game, "Qh")
    assert game.caida_streaks == (2, 0)  # the other side's drop breaks nothing
    drop(game, "2c")
    assert game.caida_streaks == (0, 0)
    drop(game, "7h")
    events = game.play(capture_with(game, "7d"))
    assert first(events, "caida").count == 1
    assert game.caida_streaks == (1, 0)


def test_a_streak_broken_by_the_other_sides_caida():
    # Side 0 has three caídas in a row when seat 1 falls on the 4d on the table. (In play
    # the card fallen on is the other side's drop, which has broken its streak already:
    # the position gives side 0 its streak anyway, to try this rule on its own.)
    game = position(
        STREAK_OF_4,
        hands=[["Qd", "Jd"], ["4h", "Jh"]],
        table=["Kd", "4d"],
        last_played="4d",
        to_play=1,
        dealer=0,
        streaks=(3, 1),
    )
    events = game.play(capture_with(game, "4h"))
    assert first(events, "caida").count == 2
    assert game.caida_streaks == (0, 2)
    # Seat 0 drops, seat 1 drops, seat 0 falls: the first caída of a new streak.
    drop(game, "Qd")
    drop(game, "Jh")
    events = game.play(capture_with(game, "Jd"))
    assert first(events, "caida").count == 1
    assert "caidas_seguidas" not in kinds(events)
    assert game.caida_streaks == (1, 0)


def test_partners_share_one_streak():
    # 4 players: seats 0 and 2 fall in turn on what seats 3 and 1 drop.
    game = position(
        STREAK_OF_4,
        hands=[["5d", "7d"], ["6h", "Jh"], ["6d", "Jd"], ["5h", "7h"]],
        table=["Kd"],
        to_play=3,
        dealer=2,
        scores=(6, 0),
    )
    counts = []
    for dropped, falls in [("5h", "5d"), ("6h", "6d"), ("7h", "7d"), ("Jh", "Jd")]:
        drop(game, dropped)
        events = game.play(capture_with(game, falls))
        counts.append(first(events, "caida").count)
    assert counts == [1, 2, 3, 4]
    streak = first(events, "caidas_seguidas")
    assert (streak.side, streak.seat, streak.points) == (0, 2, 40 - 14)
    assert first(events, "chica").side == 0


def test_a_partners_play_that_is_not_a_caida_breaks_the_teams_streak():
    game = position(
        STREAK_OF_4,
        hands=[["5d", "Qd"], ["6h", "Jh"], ["2c", "Jd"], ["5h", "7h"]],
        table=["Kd"],
        to_play=3,
        dealer=2,
    )
    drop(game, "5h")
    game.play(capture_with(game, "5d"))
    assert game.caida_streaks == (1, 0)
    drop(game, "6h")
    drop(game, "2c")
    assert game.caida_streaks == (0, 0)


def test_the_streaks_last_caida_reaching_40_wins_on_points():
    # 38 + the fourth caída = 40: a chica on points, a zapatería against 6.
    game, plays = four_caidas(STREAK_OF_4, scores=(38, 6), streaks=(3, 0))
    (events,) = plays
    assert scoring(until(events, "chica")) == [("caida", 0, 2)]
    assert "caidas_seguidas" not in kinds(events)
    assert kinds(events)[-3:] == ["chica", "zapateria", "match"]
    assert game.winner == 0


def test_a_streak_at_the_lock_still_wins():
    # 36 + the fourth caída = 38: not 40, but the streak wins the chica.
    game, plays = four_caidas(STREAK_OF_4, scores=(36, 6), streaks=(3, 0))
    (events,) = plays
    assert scoring(until(events, "chica")) == [("caida", 0, 2), ("caidas_seguidas", 0, 2)]
    assert "zapateria" not in kinds(events)
    assert game.chica_history == [(40, 6)]


def test_the_streak_goes_on_through_a_new_deal():
    # The dealer drops the last card of the deal; side 0's two caídas still count.
    game, events = end_of_deal(["Ah 2h 3h 4h 5h", "Ad 2d 3d 4d 5d"], STREAK_OF_4, streaks=(2, 0))
    assert "deal" in kinds(events)
    assert game.caida_streaks == (2, 0)


def test_every_streak_starts_at_0_with_each_chica():
    game, _plays = four_caidas(STREAK_OF_4, scores=(30, 20), streaks=(3, 0))
    assert game.chica_history == [(40, 20)]
    assert game.caida_streaks == (0, 0)


def test_a_streak_is_saved_and_loaded():
    game, _plays = four_caidas(STREAK_OF_4.with_options(caidas_seguidas=5))
    assert game.caida_streaks == (4, 0)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["caida_streaks"] == [4, 0]
    loaded = Game.from_dict(data)
    assert loaded == game
    assert loaded.caida_streaks == (4, 0)
    assert game.copy().caida_streaks == (4, 0)


def test_a_game_saved_before_the_options_loads_unchanged():
    game, _plays = four_caidas(Rules())
    data = json.loads(json.dumps(game.to_dict()))
    assert "caida_streaks" not in data
    assert set(data["rules"]) == {
        "sum_cards",
        "caida_limpia_points",
        "ronda_points",
        "doble_ronda",
        "lock_at",
        "leftovers",
        "chicas_to_win",
    }
    loaded = Game.from_dict(data)
    assert loaded.rules == Rules()
    assert loaded.to_dict() == data


# -------------------------------------------------------------------- carton_at_lock
@pytest.mark.parametrize(("rules", "points"), [(Rules(), 0), (CARTON_AT_LOCK, 10)])
def test_the_carton_at_the_lock(rules, points):
    game, events = end_of_hand((24, 12), rules, scores=(38, 20))
    assert scoring(until(events, "deal")) == [("carton", 0, points)]
    if points:
        assert first(events, "chica").side == 0
        assert game.chica_history == [(48, 20)]
    else:
        assert "chica" not in kinds(events)


@pytest.mark.parametrize(("rules", "points"), [(Rules(), 0), (CARTON_AT_LOCK, 2)])
def test_the_two_for_the_count_at_the_lock(rules, points):
    # Neither side at 20: the side with more cards scores 2, a count of the cards too.
    _game, events = end_of_hand((18, 12), rules, scores=(38, 20), table="2s 3s")
    assert scoring(until(events, "deal")) == [("dos_por_darlas", 0, points)]
    assert ("chica" in kinds(events)) == bool(points)


def test_carton_at_lock_after_the_last_plays_limpia():
    # Seat 1 takes the last card: the limpia takes it from 36 to 38, the cartón still scores.
    game, events = end_of_hand((10, 28), CARTON_AT_LOCK, scores=(0, 36), table="Ks")
    assert scoring(until(events, "chica")) == [("limpia", 1, 2), ("carton", 1, 16)]
    assert game.chica_history == [(0, 54)]


def test_carton_at_lock_a_limpia_still_scores_nothing():
    game = position(
        CARTON_AT_LOCK, hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d"], scores=(38, 0)
    )
    events = game.play(capture_with(game, "7h"))
    assert scoring(events) == [("limpia", 0, 0)]


def test_carton_at_lock_a_ronda_still_scores_nothing():
    _game, events = end_of_deal(
        ["7h 7s 7d 2c 3c", "Ah 2h 3h 4h 5h"], CARTON_AT_LOCK, scores=(38, 20)
    )
    assert scoring(events) == [("ronda", 0, 0)]
