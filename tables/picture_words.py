"""The words a table picture draws, from the catalog: shared by the live tables and the lessons."""

from __future__ import annotations

from functools import lru_cache

from i18n import t
from render.table import PictureWords


@lru_cache(maxsize=16)
def picture_words(lang: str) -> PictureWords:
    """The words a table picture draws (mazo, mesa vacía, chicas), in `lang`."""
    return PictureWords(
        stock=t("picture.stock", lang),
        empty=t("picture.empty", lang),
        chicas=t("tournament.picture_chicas", lang),
    )
