"""Words every message shares: names of seats and sides, scores, rules, times, cards.

Public messages are in the table's language, private ones in the reader's: every
function here takes the language it writes in.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Protocol

from engine import Card, Rules
from engine.tally import perros_tantos
from i18n import t, tn
from render.text import text_cards
from tables import TableSession, house_rules
from tables.session import FEMININE_BOT_NAMES, Seat


class CardDisplay(Protocol):
    def inline(self, card: Card) -> str: ...
    def for_card(self, card: Card) -> Any: ...


def when(timestamp: float) -> str:
    """A Discord timestamp shown to each reader in their own time ("in 1 minute")."""
    return f"<t:{int(timestamp)}:R>"


def level_word(seat: Seat, lang: str) -> str:
    """A bot's level, agreeing with its name in Spanish ("Rosita (experta)")."""
    return _level_word(seat.name, str(seat.bot_level), lang)


def _level_word(name: str, level: str, lang: str) -> str:
    feminine = ".f" if name in FEMININE_BOT_NAMES else ""
    return t(f"level.{level}{feminine}", lang)


@lru_cache(maxsize=256)  # the table's log names its bots on every line, every edit
def bot_words(name: str, level: str, lang: str) -> str:
    """A bot as every message names it: "🤖 Mariana (fácil)"."""
    return t("table.bot_name", lang, name=name or "bot", level=_level_word(name, level, lang))


def seat_name(session: TableSession, index: int, lang: str, standing_in: bool | None = None) -> str:
    """Who sits at seat `index`. A player's seat that a bot plays for is named as such
    ("🤖 en lugar de @carla"); `standing_in` says whether a bot played for it then (an
    earlier event keeps the name it had), default: now."""
    seat = session.seats[index]
    if seat is None:
        return t("lobby.free", lang)
    if seat.user_id is not None and (seat.is_replaced if standing_in is None else standing_in):
        return t("table.bot_for", lang, who=f"<@{seat.user_id}>")
    if seat.user_id is not None:
        return f"<@{seat.user_id}>"
    if seat.is_bot:
        return bot_words(seat.name, str(seat.bot_level), lang)
    return f"<@{seat.user_id}>"


def side_label(session: TableSession, side: int, lang: str) -> str:
    if session.players == 2:
        return seat_name(session, side, lang)
    return t("table.team_a" if side == 0 else "table.team_b", lang)


def score_text(points: int, lang: str) -> str:
    """Points as a table counts them, "2 perros 1 tanto (22)"; nothing yet is just "0"."""
    if points == 0:
        return "0"
    perros, tantos = perros_tantos(points)
    return t(
        "table.score",
        lang,
        perros=perros,
        perro_word=tn("word.perro", lang, perros),
        tantos=tantos,
        tanto_word=tn("word.tanto", lang, tantos),
        points=points,
    )


def length_text(chicas: int, lang: str) -> str:
    return tn("length", lang, chicas)


def cards_text(cards: Iterable[Card], display: CardDisplay) -> str:
    """Cards in the one order every message and the picture show them (by rank, then suit:
    the engine's card order), whether the cards lie on the table, in a live hand or in a
    replay's, so the same cards always read the same."""
    return " ".join(display.inline(card) for card in sorted(cards))


def plain(cards: Iterable[Card]) -> str:
    """Cards as text for a button label (labels can't hold custom emojis), in the same
    order as `cards_text`."""
    return text_cards(sorted(cards))


def rules_text(rules: Rules, lang: str) -> str:
    """How Cuarenta is played, in short, with these rules' numbers."""
    lock = t("rules.lock", lang, lock=rules.lock_at) if rules.lock_at is not None else ""
    doble = (
        t("rules.doble_wins", lang)
        if rules.doble_ronda is None
        else t("rules.doble_points", lang, points=rules.doble_ronda)
    )
    return t(
        "rules.text",
        lang,
        rules=house_rules.rule_set_name(rules, lang),
        ronda=rules.ronda_points,
        doble=doble,
        lock=lock,
        chicas=tn("rules.chicas", lang, rules.chicas_to_win),
    )


def signed(change: float) -> str:
    """A rating change as players read it: "+23", "−18" (a real minus sign), "±0"."""
    change = round(change)
    if change == 0:
        return "±0"
    return f"+{change}" if change > 0 else f"−{-change}"


def rating_line(session: TableSession, lang: str) -> str:
    """The match end's line of rating changes ("" when the match was not rated)."""
    told = session.rating_changes
    users = [str(seat.user_id) for seat in session.seats if seat is not None and seat.user_id]
    changes = " · ".join(f"<@{user}> {signed(told[user])}" for user in users if user in told)
    return t("rating.line", lang, changes=changes) if changes else ""


def mode_name(players: int, lang: str, with_bots: bool = False) -> str:
    """A table size as players say it ("1 contra 1"), and " con bots" for a with-bots ranking."""
    mode = t("choice.1v1" if players == 2 else "choice.2v2", lang)
    return mode + (t("rating.with_bots", lang) if with_bots else "")


def record_text(wins: int, losses: int, lang: str) -> str:
    """ "3 ganadas, 1 perdida"."""
    return f"{tn('count.won', lang, wins)}, {tn('count.lost', lang, losses)}"
