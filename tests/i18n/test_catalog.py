"""The catalog: every message in both languages, and every key the code uses exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from engine import EventKind
from i18n import MESSAGES, pick_language, t, tn
from tables import ChallengeState, LogKind

ROOT = Path(__file__).resolve().parents[2]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_both_languages_say_the_same_things(key):
    spanish, english = MESSAGES[key]
    assert spanish.strip() and english.strip()
    assert fields(spanish) == fields(english)


def used_keys() -> set[str]:
    keys = set()
    for path in [*ROOT.glob("cogs/*.py"), *ROOT.glob("tables/*.py")]:
        source = path.read_text()
        keys |= set(re.findall(r'\bt\(\s*"([a-z_.]+)"', source))
        keys |= set(re.findall(r'\bL\(\s*"([a-z_.]+)"', source))
        for key in re.findall(r'\btn\(\s*"([a-z_.]+)"', source):
            keys |= {f"{key}.one", f"{key}.other"}
        keys |= {f"refuse.{k}" for k in re.findall(r'Refusal\(\s*"([a-z_]+)"', source)}
        options = re.findall(r'=\s*"(opt\.[a-z_]+)"', source)  # localized_options(...)
        keys |= {*options, *(f"{key}.desc" for key in options)}
    return keys


def test_every_key_the_code_uses_is_in_the_catalog():
    keys = used_keys()
    assert len(keys) > 40  # the scan really found the code's keys
    assert sorted(keys - set(MESSAGES)) == []


def test_every_kind_and_challenge_state_has_its_message():
    """The Discord layer builds these keys from the enums: f"event.{kind}", f"challenge.{state}"."""
    kinds = [*EventKind, *LogKind]
    assert sorted(f"event.{k}" for k in kinds if f"event.{k}" not in MESSAGES) == []
    states = [s for s in ChallengeState if s != ChallengeState.OPEN]
    assert sorted(f"challenge.{s}" for s in states if f"challenge.{s}" not in MESSAGES) == []


def test_language_choice():
    assert pick_language("en", "es-ES") == "en"  # the server's setting wins
    assert pick_language(None, "es-419") == "es"
    assert pick_language(None, "en-US") == "en"
    assert pick_language(None, None) == "es"  # Spanish speakers first


def test_messages_are_filled_in():
    assert t("refuse.not_your_turn", "es", who="@carla") == "Espera: le toca a @carla."
    assert t("refuse.not_your_turn", "en", who="@carla") == "Wait: it's @carla's turn."


def test_a_count_picks_singular_or_plural(monkeypatch):
    monkeypatch.setitem(MESSAGES, "test.won.one", ("{count} ganada", "{count} won"))
    monkeypatch.setitem(MESSAGES, "test.won.other", ("{count} ganadas", "{count} won"))
    assert tn("test.won", "es", 1) == "1 ganada"
    assert tn("test.won", "es", 0) == "0 ganadas"
    assert tn("test.won", "es", 2) == "2 ganadas"


def test_no_key_is_defined_in_two_catalog_parts():
    from i18n import catalog_history, catalog_house_rules, catalog_options, catalog_review

    parts = [
        catalog_house_rules.HOUSE_RULES_MESSAGES,
        catalog_options.OPTION_MESSAGES,
        catalog_history.HISTORY_MESSAGES,
        catalog_review.REVIEW_MESSAGES,
    ]
    assert all(key in MESSAGES for part in parts for key in part)
