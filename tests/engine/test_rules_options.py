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
    assert quito.preset_name() == "quito"


def test_cuenca_differs_only_in_caida_limpia():
    cuenca = Rules.preset("Cuenca")
    assert cuenca == Rules(caida_limpia_points=4)
    assert cuenca.preset_name() == "cuenca"


def test_custom_rules_have_no_preset_name():
    assert Rules(lock_at=30).preset_name() is None
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
    ],
)
def test_impossible_options(options):
    with pytest.raises(ValueError):
        Rules(**options)


def test_rules_round_trip_through_a_dict():
    rules = Rules(sum_cards=None, doble_ronda=4, lock_at=None, leftovers="last_capturer")
    assert Rules.from_dict(rules.to_dict()) == rules
