"""What a logro's telling and `/cuarenta logros` say."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby

from db import Logro
from i18n import t, tn
from tables.logros import LOGROS


def in_order(earned: list[Logro]) -> list[Logro]:
    """Logros in the order of LOGROS (the order of the card and the list)."""
    order = list(LOGROS)
    return sorted(earned, key=lambda found: order.index(found.logro))


SHOWN_AT_ONCE = 3  # logros named in a player's line when earned; the rest: "y N más"


def earned_text(earned: list[Logro], lang: str) -> str:
    """One short line per player: "🏅 @ana: ¡Primera caída! · ¡Primera ronda!", at most
    SHOWN_AT_ONCE named, then "y 3 más (/cuarenta logros)"."""
    lines = []
    for user_id, theirs in groupby(sorted(earned, key=lambda e: e.user_id), lambda e: e.user_id):
        ordered = in_order(list(theirs))
        names = " · ".join(t(f"logro.{found.logro}", lang) for found in ordered[:SHOWN_AT_ONCE])
        more = len(ordered) - SHOWN_AT_ONCE
        if more > 0:
            names += tn("logros.more", lang, more)
        lines.append(t("logros.earned", lang, who=f"<@{user_id}>", logros=names))
    return "\n".join(lines)


def logros_text(
    user_id: int,
    earned: list[Logro],
    lang: str,
    progress: Mapping[str, tuple[int, int]] | None = None,
) -> str:
    """A player's logros: the earned ones, each with what earned it, then each one still
    to earn with how to earn it, and the player's progress where it counts up (`progress`:
    per logro, (done, needed): "Diez victorias: 2/10"). One message whatever was earned."""
    have = {found.logro for found in earned}
    lines = [t("logros.title", lang, who=f"<@{user_id}>", count=len(have), total=len(LOGROS))]
    for found in in_order([found for found in earned if found.logro in LOGROS]):
        name, desc = t(f"logro.{found.logro}", lang), t(f"logro.{found.logro}.desc", lang)
        lines.append(t("logros.row", lang, emoji=LOGROS[found.logro], name=name, desc=desc))
    todo = [name for name in LOGROS if name not in have]
    if todo:
        lines.append(t("logros.todo_title", lang))
    for name in todo:
        row = t(
            "logros.todo_row",
            lang,
            name=t(f"logro.{name}", lang),
            desc=t(f"logro.{name}.desc", lang),
        )
        done, needed = (progress or {}).get(name, (0, 0))
        if needed:
            row += t("logros.progress", lang, done=min(done, needed), needed=needed)
        lines.append(row)
    lines.append(f"-# {t('logros.note', lang)}")
    return "\n".join(lines)
