"""Server settings: what is stored wins, the rest falls back to the defaults."""

from __future__ import annotations

import json

import pytest

from engine import Rules
from tables import Refusal
from tables.session import DEFAULT_TURN_SECONDS
from tables.settings import ServerSettings, config_changes, house_rules_config


def test_defaults_fill_what_the_server_did_not_set():
    settings = ServerSettings.from_stored({"turn_seconds": 45, "language": None, "other": 1})
    assert settings == ServerSettings(
        rules="quito",
        bot_level="normal",
        turn_seconds=45,
        language=None,
        table_picture=True,
    )
    assert ServerSettings.from_stored({}).turn_seconds == DEFAULT_TURN_SECONDS
    assert ServerSettings.from_stored({"table_picture": False}).table_picture is False


def test_settings_saved_before_house_rules_load_unchanged():
    assert ServerSettings.from_stored({}).default_rules() == Rules()
    cuenca = ServerSettings.from_stored({"rules": "cuenca", "turn_seconds": 60})
    assert cuenca == ServerSettings(rules="cuenca", turn_seconds=60, house_rules=None)
    assert cuenca.default_rules() == Rules.preset("cuenca")
    assert cuenca.rule_set("house") == Rules()  # no house rules saved: Quito's


def test_the_server_s_house_rules_are_its_default_once_saved():
    house = Rules(ronda_points=4, lock_at=None)
    stored = {"turn_seconds": 45} | house_rules_config(house)
    settings = ServerSettings.from_stored(
        json.loads(json.dumps(stored))
    )  # as the database keeps it
    assert settings.rules == "house"
    assert settings.default_rules() == house
    assert settings.rule_set("quito") == Rules()
    assert settings.rule_set("cuenca") == Rules.preset("cuenca")
    with pytest.raises(ValueError):
        settings.rule_set("guayaquil")


def test_a_server_may_speak_any_of_the_five_languages_and_no_other():
    for lang in ("es", "en", "nl", "fr", "tr"):
        assert config_changes(language=lang) == {"language": lang}
    assert config_changes(language="auto") == {"language": None}
    with pytest.raises(Refusal):
        config_changes(language="de")
