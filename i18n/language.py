"""Looking up a message, and the one rule that chooses the language it is read in.

The PO files are parsed once, at import; a lookup is then two dict reads (`t`), plus the
count's plural category for `tn` (Babel's CLDR rules, remembered per count).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from babel import Locale
from babel.lists import format_list

from .catalog import LANGUAGES, SOURCE_LANGUAGE, load_catalog

DEFAULT_LANGUAGE = SOURCE_LANGUAGE

CATALOG = load_catalog()
TEXTS: dict[str, dict[str, str]] = CATALOG.texts
_SOURCE = TEXTS[SOURCE_LANGUAGE]
_PLURAL_RULES: dict[str, Callable[[float], str]] = {
    lang: Locale.parse(lang).plural_form for lang in LANGUAGES
}
_CATEGORIES: dict[str, dict[int, str]] = {lang: {} for lang in LANGUAGES}
_REMEMBERED_COUNTS = 10_000  # counts below this keep their category (a tiny dict each)


def t(key: str, lang: str, /, **params: Any) -> str:
    """The message `key` in `lang` (Spanish for a language the bot does not speak), with
    `params` filled in. KeyError for a key the catalog lacks."""
    text = TEXTS.get(lang, _SOURCE)[key]
    return text.format(**params) if params else text


def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of `count` in `lang`: "one", "other", "many"…

    French says "0 chica" ("one"), Spanish and English "0 chicas" ("other")."""
    known = _CATEGORIES.get(lang)
    if known is None:
        lang, known = DEFAULT_LANGUAGE, _CATEGORIES[DEFAULT_LANGUAGE]
    category = known.get(count)
    if category is None:
        category = _PLURAL_RULES[lang](abs(count))
        if abs(count) < _REMEMBERED_COUNTS:
            known[count] = category
    return category


def tn(key: str, lang: str, count: int, /, **params: Any) -> str:
    """The message `key` for `count` things: `KEY.<category>` for the count's CLDR plural
    category in `lang`, `KEY.other` when the language has no text of its own for it
    ("many" reads "other").

    Every variant gets `count` as a parameter too, so "{count} chicas" can use it.
    """
    texts = TEXTS.get(lang, _SOURCE)
    text = texts.get(f"{key}.{plural_category(lang, count)}")
    if text is None:
        text = texts[f"{key}.other"]
    return text.format(count=count, **params)


def has_plural(key: str) -> bool:
    """Whether `key` is read with `tn()` (it has a `KEY.other`)."""
    return f"{key}.other" in _SOURCE


def join_names(names: Iterable[str], lang: str) -> str:
    """Names joined as the language says a list: "Ana, Beto y Caro", "Ana, Beto and Caro"."""
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return format_list(listed, locale=lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def is_translated(key: str, lang: str) -> bool:
    """Whether `lang`'s own PO file has `key` (else it reads Spanish's text)."""
    return key in CATALOG.translated.get(lang, ())


def language_name(code: str, lang: str) -> str:
    """A language's name as a reader of `lang` says it, with its own name beside it when
    that differs: "neerlandés (Nederlands)", "English" (CLDR's names, through Babel)."""
    where = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    name = Locale.parse(code).get_display_name(where) or code
    own = Locale.parse(code).get_display_name() or code
    name, own = name[:1].upper() + name[1:], own[:1].upper() + own[1:]
    return name if name == own else f"{name} ({own})"


# ------------------------------------------------------------- choosing the language
def language_of_locale(locale: object) -> str | None:
    """The bot's language for a Discord locale ("es-419" → "es", "en-GB" → "en", "nl"),
    or None for a locale whose language the bot does not speak (or no locale)."""
    if locale is None:
        return None
    code = str(getattr(locale, "value", locale)).split("-")[0].lower()
    return code if code in LANGUAGES else None


def public_language(
    server_setting: str | None, community_locale: object, starter_locale: object
) -> str:
    """The language of what everyone reads (a table, an announcement): the server's setting
    (/cuarenta config), else the server's community locale, else the locale of who started
    it, when the bot speaks it; else Spanish."""
    if server_setting in LANGUAGES:
        return server_setting
    return (
        language_of_locale(community_locale)
        or language_of_locale(starter_locale)
        or DEFAULT_LANGUAGE
    )


def private_language(reader_locale: object, public: str) -> str:
    """The language of what one person reads (their hand, a refusal, their stats): their
    Discord's, when the bot speaks it; else the server's (`public`)."""
    return language_of_locale(reader_locale) or public
