"""What a logro's telling and `/cuarenta logros` say."""

from __future__ import annotations

from itertools import groupby

from db import Logro
from i18n import t
from tables.logros import LOGROS


def in_order(earned: list[Logro]) -> list[Logro]:
    """Logros in the order of LOGROS (the order of the card and the list)."""
    order = list(LOGROS)
    return sorted(earned, key=lambda found: order.index(found.logro))


def earned_text(earned: list[Logro], lang: str) -> str:
    """One line per player: "🏅 @ana: ¡Primera caída! · ¡Primera ronda!"."""
    lines = []
    for user_id, theirs in groupby(sorted(earned, key=lambda e: e.user_id), lambda e: e.user_id):
        names = " · ".join(t(f"logro.{found.logro}", lang) for found in in_order(list(theirs)))
        lines.append(t("logros.earned", lang, who=f"<@{user_id}>", logros=names))
    return "\n".join(lines)


def logros_text(user_id: int, earned: list[Logro], lang: str) -> str:
    """A player's logros: the earned ones, each with what earned it, then the names of the
    ones still to earn (short enough for one message whatever was earned)."""
    have = {found.logro for found in earned}
    lines = [t("logros.title", lang, who=f"<@{user_id}>", count=len(have), total=len(LOGROS))]
    for found in in_order([found for found in earned if found.logro in LOGROS]):
        name, desc = t(f"logro.{found.logro}", lang), t(f"logro.{found.logro}.desc", lang)
        lines.append(t("logros.row", lang, emoji=LOGROS[found.logro], name=name, desc=desc))
    todo = [t(f"logro.{name}", lang) for name in LOGROS if name not in have]
    if todo:
        lines.append(t("logros.todo", lang, names=" · ".join(todo)))
    lines.append(f"-# {t('logros.note', lang)}")
    return "\n".join(lines)
