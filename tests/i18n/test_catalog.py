"""The catalog: every key the code uses exists, lookups, plurals and the language rule."""

from __future__ import annotations

import re
from pathlib import Path

from engine import EventKind
from i18n import TEXTS, private_language, public_language, t, tn
from tables import ChallengeState, LogKind

ROOT = Path(__file__).resolve().parents[2]


SPANISH = TEXTS["es"]


def used_keys() -> set[str]:
    keys = set()
    for path in [*ROOT.glob("cogs/*.py"), *ROOT.glob("tables/*.py")]:
        source = path.read_text()
        keys |= set(re.findall(r'\bt\(\s*"([a-z_.]+)"', source))
        keys |= set(re.findall(r'\bL\(\s*"([a-z_.]+)"', source))
        for key in re.findall(r'\btn\(\s*f?"([a-z_.]+)"', source):
            keys |= {f"{key}.one", f"{key}.other"}
        keys |= {f"refuse.{k}" for k in re.findall(r'Refusal\(\s*"([a-z_]+)"', source)}
        options = re.findall(r'=\s*"(opt\.[a-z_]+)"', source)  # localized_options(...)
        keys |= {*options, *(f"{key}.desc" for key in options)}
    return keys


def test_every_key_the_code_uses_is_in_the_catalog():
    keys = used_keys()
    assert len(keys) > 40  # the scan really found the code's keys
    # a refusal with a count (`perms`) is a plural key: `refuse.X.one`, `refuse.X.other`
    assert sorted(k for k in keys if k not in SPANISH and f"{k}.other" not in SPANISH) == []


def test_every_kind_and_challenge_state_has_its_message():
    """The Discord layer builds these keys from the enums: f"event.{kind}", f"challenge.{state}"."""
    kinds = [*EventKind, *LogKind]
    assert sorted(f"event.{k}" for k in kinds if f"event.{k}" not in SPANISH) == []
    states = [s for s in ChallengeState if s != ChallengeState.OPEN]
    assert sorted(f"challenge.{s}" for s in states if f"challenge.{s}" not in SPANISH) == []


def test_language_choice():
    # public: the server's setting, else its community locale, else the starter's, else es
    assert public_language("en", "fr", "es-ES") == "en"
    assert public_language(None, "fr", "es-ES") == "fr"
    assert public_language(None, "de", "es-419") == "es"
    assert public_language(None, None, "tr") == "tr"
    assert public_language(None, None, "en-GB") == "en"
    assert public_language(None, None, "de") == "es"  # Spanish speakers first
    assert public_language("xx", None, None) == "es"  # a setting the bot no longer has
    # private: the reader's Discord when the bot speaks it, else the server's
    assert private_language("nl", "es") == "nl"
    assert private_language("es-419", "en") == "es"
    assert private_language("de", "fr") == "fr"
    assert private_language(None, "tr") == "tr"


def test_messages_are_filled_in():
    assert t("refuse.not_your_turn", "es", who="@carla") == "Espera: le toca a @carla."
    assert t("refuse.not_your_turn", "en", who="@carla") == "Wait: it's @carla's turn."


def test_a_count_picks_singular_or_plural(monkeypatch):
    monkeypatch.setitem(SPANISH, "test.won.one", "{count} ganada")
    monkeypatch.setitem(SPANISH, "test.won.other", "{count} ganadas")
    assert tn("test.won", "es", 1) == "1 ganada"
    assert tn("test.won", "es", 0) == "0 ganadas"
    assert tn("test.won", "es", 2) == "2 ganadas"
    assert tn("test.won", "es", 1_000_000) == "1000000 ganadas"  # CLDR's "many" reads "other"
