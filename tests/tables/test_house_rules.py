"""The rule options a server can choose, and how they are named and explained."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest

from engine import Rules
from i18n import LANGUAGES, t
from tables.house_rules import (
    LENGTH_FIELD,
    OPTION_BY_FIELD,
    OPTIONS,
    QUITO,
    differences,
    explain,
    preset_of,
    rule_set_label,
    rule_set_name,
    rules_from_saved,
    summary,
)

DISCORD_MESSAGE = 2000
SELECT_TEXT = 100  # a select option's label and description


def every_rule_set():
    """Every combination of the values the panel offers (about 1,500 rule sets)."""
    for values in itertools.product(*(option.choices for option in OPTIONS)):
        yield Rules(**{o.field: c.value for o, c in zip(OPTIONS, values, strict=True)})


def test_every_rules_field_is_an_option_with_the_presets_values():
    assert sorted(OPTION_BY_FIELD) == sorted(f.name for f in fields(Rules))
    for option in OPTIONS:
        for preset in Rules.PRESETS:
            assert option.choice_for(getattr(Rules.preset(preset), option.field)) is not None
        codes = [choice.code for choice in option.choices]
        assert len(set(codes)) == len(codes), option.field
        for code, choice in zip(codes, option.choices, strict=True):
            assert option.choice_for_code(code) == choice
            Rules().with_options(**{option.field: choice.value})  # a value the engine takes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_choice_is_named_and_explained_in_a_line(lang):
    for option in OPTIONS:
        for choice in option.choices:
            label = option.label(choice.value, lang)
            shown = t("house.option_value", lang, name=option.name(lang), value=label)
            assert 0 < len(shown) <= SELECT_TEXT
            assert 0 < len(option.meaning(choice, lang)) <= SELECT_TEXT
            assert "{" not in shown + option.meaning(choice, lang)
            if choice.value != getattr(QUITO, option.field):
                assert option.short(choice.value, lang)


def test_differences_from_quito_in_a_few_words():
    rules = Rules(sum_cards=None, ronda_points=4, lock_at=None)
    assert differences(rules, "es") == ["sumas de varias", "ronda 4", "sin 38"]
    assert differences(rules, "en") == ["sums of any size", "ronda 4", "no 38 lock"]
    assert differences(Rules(), "es") == []
    assert differences(Rules.preset("cuenca"), "es") == ["caída con limpia 4"]
    one_chica = Rules(chicas_to_win=1, lock_at=30)
    assert differences(one_chica, "es") == ["solo caída desde 30", "a 1 chica"]
    assert differences(one_chica, "es", leave_out=[LENGTH_FIELD]) == ["solo caída desde 30"]


def test_a_value_the_panel_does_not_offer_is_still_named():
    assert differences(Rules(ronda_points=6), "en") == ["Ronda: 6"]
    assert "**Ronda**: 6" in explain(Rules(ronda_points=6), "es")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_set_is_explained_in_one_message(lang):
    longest = 0
    for rules in every_rule_set():
        text = explain(rules, lang)
        longest = max(longest, len(text))
        assert len(differences(rules, lang)) == sum(
            getattr(rules, o.field) != getattr(QUITO, o.field) for o in OPTIONS
        )
    assert longest < DISCORD_MESSAGE


def test_explain_names_every_option_and_what_quito_plays_instead():
    text = explain(Rules(ronda_points=4), "es")
    lines = text.splitlines()
    assert lines[0] == "**Las reglas de esta mesa** (de la casa)"
    assert len(lines) == 1 + len(OPTIONS)
    ronda = next(line for line in lines if "**Ronda**" in line)
    assert ronda == (
        "• **Ronda**: 4 puntos. Recibir tres del mismo valor en un reparto vale 4 puntos."
        " _(en Quito: 2 puntos)_"
    )
    assert sum("Quito:" in line for line in lines) == 1
    english = explain(Rules.preset("cuenca"), "en")
    assert english.startswith("**This table's rules** (Cuenca)\n")
    assert "• **Caída with limpia**: 4 points. The caída and the limpia add up" in english


def test_a_rule_set_is_named_by_the_preset_it_plays():
    assert rule_set_label(Rules(), "es") == "Quito"
    assert rule_set_label(Rules.preset("cuenca").with_options(chicas_to_win=1), "en") == "Cuenca"
    assert rule_set_label(Rules(ronda_points=4), "es") == "de la casa"
    assert rule_set_label(Rules(ronda_points=4), "en") == "house"
    assert preset_of(Rules(lock_at=None)) is None
    assert summary(Rules.preset("cuenca"), "es") == "Cuenca"
    assert summary(Rules(chicas_to_win=1), "en") == "Quito + 1 chica"
    assert summary(Rules(chicas_to_win=1), "en", leave_out=[LENGTH_FIELD]) == "Quito"
    assert summary(Rules(ronda_points=4, lock_at=None), "es") == "Quito + ronda 4 + sin 38"


def test_a_rule_set_has_one_name_that_says_what_it_changes():
    house = Rules(ronda_points=4, lock_at=None)
    assert rule_set_name(Rules(), "es") == "reglas Quito"
    assert rule_set_name(Rules.preset("cuenca"), "en") == "Cuenca rules"
    assert rule_set_name(house, "es") == "reglas de la casa (Quito + ronda 4 + sin 38)"
    assert rule_set_name(house, "en") == "house rules (Quito + ronda 4 + no 38 lock)"
    one_chica = Rules(chicas_to_win=1)
    assert rule_set_name(one_chica, "es") == "reglas Quito"  # the length is told apart
    assert rule_set_name(one_chica, "es", leave_out=()) == "reglas Quito (a 1 chica)"


def test_saved_rules_come_back_the_same():
    for rules in every_rule_set():
        assert rules_from_saved(rules.to_dict()) == rules


def test_rules_saved_before_or_after_an_option_existed_still_load():
    older = {"sum_cards": 2, "ronda_points": 4}  # options added later take their default
    assert rules_from_saved(older) == Rules(ronda_points=4)
    newer = Rules(lock_at=30).to_dict() | {"an_option_from_elsewhere": 1}
    assert rules_from_saved(newer) == Rules(lock_at=30)
