"""The full rules, as a file in the reader's language: `/cuarenta rules` attaches it below
the short version (Discord shows a Markdown attachment's text inline, expandable).

RULES.md at the project's root holds Spanish then English (split at "## English");
RULES.<lang>.md each other language; a language without its file reads the Spanish, as
the catalog falls back to it.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

import discord

ROOT = Path(__file__).resolve().parents[2]
BOTH = "RULES.md"  # Spanish, then English from this heading on
ENGLISH_HEADING = "\n## English"
FILE_NAME = "cuarenta-rules-{lang}.md"


@lru_cache(maxsize=8)
def rules_document(lang: str, root: Path = ROOT) -> str | None:
    """The full rules in `lang` (Spanish's when it has no file; None: no rules file)."""
    own = root / f"RULES.{lang}.md"
    if lang not in ("es", "en") and own.is_file():
        return own.read_text(encoding="utf-8")
    both = root / BOTH
    if not both.is_file():
        return None
    text = both.read_text(encoding="utf-8")
    spanish, found, english = text.partition(ENGLISH_HEADING)
    if not found:
        return text
    title = text.split("\n", 1)[0]
    return f"{title}\n{found}{english}" if lang == "en" else spanish.rstrip() + "\n"


def rules_attachment(lang: str, root: Path = ROOT) -> discord.File | None:
    """The full rules as a Markdown file to attach (None if the project has none)."""
    text = rules_document(lang, root)
    if text is None:
        return None
    return discord.File(io.BytesIO(text.encode()), filename=FILE_NAME.format(lang=lang))
