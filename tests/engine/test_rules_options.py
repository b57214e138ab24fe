"""RULES.md §8: the rule sets and their options."""

from __future__ import annotations

import pytest

from engine import Rules


def test_quito_is_the_default():
    quito = Rules.preset("quito")
    assert quito == Rules()
    assert (quito.sum_cards, quito.caida_limpia_points, quito.ronda_points) == (2, 2, 2)
    assert (quito.doble_ronda, quito.lock_at, quito.leftovers) == (None, 38, "nobody")
    assert quito.chicas_to_win == 2
    assert (quito.carton_at_lock, quito.caidas_seguidas) == (False, None)
    assert quito.preset_name() == "quito"


def test_cuenca_differs_only_in_caida_limpia():
    cuenca = Rules.preset("Cuenca")
    assert cuenca == Rules(caida_limpia_points=4)
    assert (cuenca.carton_at_lock, cuenca.caidas_seguidas) == (False, None)
    assert cuenca.preset_name() == "cuenca"


def test_custom_rules_have_no_preset_name():
    assert Rules(lock_at=30).preset_name() is None
    assert Rules(carton_at_lock=True).preset_name() is None
    assert Rules.preset("cuenca").with_options(caidas_seguidas=4).preset_name() is None
    assert Rules().with_options(sum_cards=None).sum_cards is None


def test_unknown_preset():
    with pytest.raises(ValueError, match="unknown rule set"):
        Rules.preset("guayaquil")


@pytest.mark.parametrize(
    "options",
    [
        {"sum_cards": 1},
        {"leftovers": "dealer"},
        {"chicas_to_win": 0},
        {"caida_limpia_points": 0},
        {"carton_at_lock": 1},
        {"caidas_seguidas": 1},
        {"caidas_seguidas": 0},
        {"caidas_seguidas": True},
    ],
)
def test_impossible_options(options):
    with pytest.raises(ValueError):
        Rules(**options)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(sum_cards=None, doble_ronda=4, lock_at=None, leftovers="last_capturer"),
        Rules(carton_at_lock=True, caidas_seguidas=4),
        Rules(caidas_seguidas=3),
    ],
)
def test_rules_round_trip_through_a_dict(rules):
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_saved_before_the_new_options_load_with_them_off():
    saved = {
        "sum_cards": 2,
        "caida_limpia_points": 4,
        "ronda_points": 2,
        "doble_ronda": None,
        "lock_at": 38,
        "leftovers": "nobody",
        "chicas_to_win": 2,
    }
    rules = Rules.from_dict(saved)
    assert rules == Rules.preset("cuenca")
    assert (rules.carton_at_lock, rules.caidas_seguidas) == (False, None)
    assert rules.to_dict() == saved  # and saves back exactly as it was


def test_the_new_options_are_saved_when_on():
    data = Rules(carton_at_lock=True, caidas_seguidas=4).to_dict()
    assert (data["carton_at_lock"], data["caidas_seguidas"]) == (True, 4)
    assert "caidas_seguidas" not in Rules(carton_at_lock=True).to_dict()
