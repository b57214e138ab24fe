"""Looking up a message and choosing a language."""

from __future__ import annotations

from typing import Any

from .catalog import MESSAGES

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"


def t(key: str, lang: str, /, **params: Any) -> str:
    """The message `key` in `lang` ("es" or "en"), with `params` filled in."""
    spanish, english = MESSAGES[key]
    text = english if lang == "en" else spanish
    return text.format(**params) if params else text


def tn(key: str, lang: str, count: int, /, **params: Any) -> str:
    """The message `key` for `count` things: `KEY.one` for exactly 1, else `KEY.other`.

    Both variants get `count` as a parameter too, so "{count} chicas" can use it.
    """
    return t(f"{key}.one" if count == 1 else f"{key}.other", lang, count=count, **params)


def pick_language(server_setting: str | None, user_locale: str | None) -> str:
    """The server's language when set, otherwise the user's Discord locale (es-*, else en)."""
    if server_setting in LANGUAGES:
        return server_setting
    if user_locale is None:
        return DEFAULT_LANGUAGE
    return "es" if str(user_locale).lower().startswith("es") else "en"
