"""The message catalog: one gettext PO file per language in `i18n/locales/`, read once.

The PO files are monolingual: each entry's msgid is the message key ("table.turn"), its
msgstr the text in that language, with str.format placeholders ("{who}"). A text that
names a count has one key per CLDR plural category, `KEY.one`, `KEY.other` (and `KEY.few`,
`KEY.many`… where a language has them; a missing one reads `KEY.other`).

Spanish (`es.po`) is the source: it holds every key, and a key a language leaves empty,
marks fuzzy, or lacks is read in Spanish. `python -m i18n.tools check` says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
SOURCE_LANGUAGE = "es"  # holds every key; what any other language falls back to
LANGUAGES = ("es", "en", "nl", "fr", "tr")  # the languages the bot speaks, es first
CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

# Keys renamed since the PO files were first written: old key -> (new key, placeholders
# renamed). The bot reads a translation under an old name as its new one; `update` writes
# it so.
RENAMES: dict[str, tuple[str, dict[str, str]]] = {
    "length.many": ("length.other", {"n": "count"}),
    "word.perro": ("word.perro.one", {}),
    "word.perros": ("word.perro.other", {}),
    "word.tanto": ("word.tanto.one", {}),
    "word.tantos": ("word.tanto.other", {}),
    "refuse.missing_permission": ("refuse.missing_permissions.one", {}),
    "refuse.missing_permissions": ("refuse.missing_permissions.other", {}),
}

# Keys removed since: the language names (now CLDR's, through Babel: i18n.language_name).
REMOVED = frozenset({"choice.es", "choice.en"})


def renamed(key: str, text: str) -> tuple[str, str]:
    """A key and its text under the key's current name."""
    if key not in RENAMES:
        return key, text
    new_key, placeholders = RENAMES[key]
    for old, new in placeholders.items():
        text = text.replace(f"{{{old}}}", f"{{{new}}}")
    return new_key, text


def po_path(lang: str, directory: Path = LOCALES_DIR) -> Path:
    return directory / f"{lang}.po"


def read_texts(path: Path) -> dict[str, str]:
    """The translated texts of a PO file, by key: empty and fuzzy entries left out."""
    with path.open("rb") as file:
        catalog = read_po(file, abort_invalid=True)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.string, str) and message.string and not message.fuzzy
    }


@dataclass(frozen=True)
class Catalog:
    """texts: every language's texts by key, each complete (what a language lacks is
    Spanish's); translated: the keys each language's own PO file gives a text."""

    texts: dict[str, dict[str, str]]
    translated: dict[str, frozenset[str]]


def load_catalog(directory: Path = LOCALES_DIR) -> Catalog:
    """Every language's texts, from the PO files in `directory`.

    A language whose PO file is absent is all Spanish. Keys a translation has that
    Spanish lacks (renamed or removed since) are ignored, but for the plural forms of its
    language Spanish does not have (`KEY.few`, `KEY.many` where Spanish has `KEY.other`).
    """
    source = read_texts(po_path(SOURCE_LANGUAGE, directory))
    texts = {SOURCE_LANGUAGE: source}
    translated = {SOURCE_LANGUAGE: frozenset(source)}
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        path = po_path(lang, directory)
        own = dict(renamed(*entry) for entry in read_texts(path).items()) if path.exists() else {}
        forms = {key: text for key, text in own.items() if plural_form_of(key, source)}
        texts[lang] = {key: own.get(key, text) for key, text in source.items()} | forms
        translated[lang] = frozenset(own.keys() & texts[lang].keys())
    return Catalog(texts, translated)


def plural_form_of(key: str, source: dict[str, str]) -> bool:
    """Whether `key` is a plural form Spanish lacks of a key Spanish counts (`X.few`
    beside Spanish's `X.one` and `X.other`)."""
    base, _, category = key.rpartition(".")
    return key not in source and category in CLDR_CATEGORIES and f"{base}.other" in source


def available_languages(directory: Path = LOCALES_DIR) -> tuple[str, ...]:
    """The languages whose PO file is present (the others read as Spanish)."""
    return tuple(lang for lang in LANGUAGES if po_path(lang, directory).exists())
