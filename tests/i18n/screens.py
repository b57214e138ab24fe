"""Reading a screen for text that is not in its language: what the Dutch, French and
Turkish tests (tests/cogs/test_languages_played.py) check every message with.

The heuristic: every text the bot shows comes from the reader's catalog. A phrase of a
Spanish or English message (three words or more, outside its placeholders) that the
language's own texts do not use, seen on a Dutch screen, was not translated; so is a
button or menu label equal to a Spanish or English text of the catalog. A "{name}" left
in a text is a placeholder nobody filled.

`pseudo_texts` makes a language of its own from English (every letter accented, the
placeholders and Discord markup kept), so the check runs, and can fail, before any
translator's file is there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from i18n import TEXTS

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
UNFILLED = re.compile(r"\{[a-z_]+\}")
KEPT = re.compile(r"(\{[^{}]*\}|<[^<>]*>|https?://\S+|`[^`]*`)")  # left as they are
WORD = re.compile(r"[^\W\d_]{2,}")
ACCENTED = str.maketrans("aeiounctsrlAEIOUNCTSRL", "áéíóúñçţšřĺÁÉÍÓÚÑÇŢŠŘĹ")
MIN_WORDS = 3


def pseudo(text: str) -> str:
    """`text` with every letter outside placeholders and markup made another one."""
    return "".join(
        part if KEPT.fullmatch(part) else part.translate(ACCENTED) for part in KEPT.split(text)
    )


def pseudo_texts(english: Mapping[str, str]) -> dict[str, str]:
    return {key: pseudo(text) for key, text in english.items()}


def phrases(text: str) -> list[str]:
    """The pieces of a message between its placeholders, of three words or more."""
    found = []
    for piece in PLACEHOLDER.split(text):
        for line in piece.split("\n"):
            line = line.strip(" •*·:—-_()[]")
            if len(WORD.findall(line)) >= MIN_WORDS:
                found.append(line)
    return found


@dataclass(frozen=True)
class Foreign:
    """What a screen in `lang` must not show: other languages' phrases and labels."""

    phrases: dict[str, str]  # phrase -> the key it comes from
    labels: dict[str, str]  # a whole short text -> its key

    @classmethod
    def for_language(cls, lang: str, own: Mapping[str, str] | None = None) -> Foreign:
        own = TEXTS[lang] if own is None else own
        corpus = "\n".join(own.values())
        found: dict[str, str] = {}
        labels: dict[str, str] = {}
        for other in ("es", "en"):
            for key, text in TEXTS[other].items():
                if own.get(key) == text:
                    continue  # the same in both (a game word, a number)
                for phrase in phrases(text):
                    if phrase not in corpus:
                        found.setdefault(phrase, key)
                if "{" not in text and "\n" not in text and text not in corpus:
                    labels.setdefault(text, key)
        return cls(found, labels)

    def leaks(self, texts: Iterable[str], labels: Iterable[str]) -> list[str]:
        """Each foreign phrase, label or unfilled placeholder seen, with its key."""
        seen = "\n".join(texts)
        problems = [f"{key}: {phrase!r}" for phrase, key in self.phrases.items() if phrase in seen]
        problems += [
            f"{self.labels[label]}: label {label!r}" for label in labels if label in self.labels
        ]
        problems += [f"unfilled {name}" for name in sorted(set(UNFILLED.findall(seen)))]
        return problems
