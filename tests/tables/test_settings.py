"""Server settings: what is stored wins, the rest falls back to the defaults."""

from __future__ import annotations

from tables.session import DEFAULT_TURN_SECONDS
from tables.settings import ServerSettings


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
