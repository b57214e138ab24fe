"""The one message catalog: every text a user sees, from the PO files in `i18n/locales/`."""

from .catalog import LANGUAGES
from .language import (
    TEXTS,
    has_plural,
    is_translated,
    join_names,
    language_name,
    language_of_locale,
    plural_category,
    private_language,
    public_language,
    t,
    tn,
)

__all__ = [
    "LANGUAGES",
    "TEXTS",
    "has_plural",
    "is_translated",
    "join_names",
    "language_name",
    "language_of_locale",
    "plural_category",
    "private_language",
    "public_language",
    "t",
    "tn",
]
