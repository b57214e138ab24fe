"""What a hint and a review say, and a costly move's picture: only what the reader knew."""

from __future__ import annotations

from engine import Move
from engine.ai import teacher
from i18n import t, tn
from render.review import move_picture
from render.table import TablePicture
from render.text import text_card, text_cards

from ..reviews import Reviewed
from ..ui.words import CardDisplay, cards_text

MAX_MOMENTS = 6  # moments told in a review (the chica-winning caídas and the costliest)
CHICA_LOSS = 50.0  # expected points lost from which a move is said to have cost the chica


def hint_text(found: teacher.Hint, display: CardDisplay, lang: str) -> str:
    """The hint: the move (with what it scores), then why, then who sees it."""
    move, reason = found.move, found.reason
    card = display.inline(move.card)
    if move.takes:
        score = ""
        if reason.points:
            score = " — " + t(f"event.{reason.play}", lang, points=reason.points)
        takes = cards_text(reason.takes, display)
        line = t("hint.capture", lang, card=card, takes=takes, score=score)
    else:
        line = t("hint.drop", lang, card=card)
    key = f"hint.why.{reason.leaves}"
    if reason.leaves in (teacher.Leaves.CAIDA_RISK, teacher.Leaves.LIMPIA_RISK):
        why = tn(key, lang, reason.unseen)
    else:
        why = t(key, lang)
    return "\n".join((line, why, t("hint.note", lang)))


def review_text(
    match: Reviewed, found: teacher.MatchReview, display: CardDisplay, lang: str
) -> str:
    """The review as its reader may read it: no other seat's hidden cards."""
    seat = match.seat
    result = " · ".join(f"{a}–{b}" for a, b in found.chicas) or "—"
    lines = [t("review.title", lang, result=result), "", t("review.accuracy", lang)]
    for index, seat_review in enumerate(found.seats):
        accuracy = seat_review.accuracy
        if accuracy is None:
            continue
        lines.append(
            t(
                "review.accuracy_line",
                lang,
                who=match.names[index],
                accuracy=round(accuracy),
                moves=tn("review.moves", lang, seat_review.judged),
            )
        )
    costly = found.seats[seat].costliest()
    lines.append("")
    if costly:
        lines.append(tn("review.costly", lang, len(costly)))
        for n, decision in enumerate(costly, 1):
            lines.append(
                t(
                    "review.costly_line",
                    lang,
                    n=n,
                    chica=decision.chica + 1,
                    score="–".join(map(str, decision.scores)),
                    played=_move_words(decision.played, display, lang, played=True),
                    best=_move_words(decision.best, display, lang),
                    lost=_lost(decision.loss, lang),
                )
            )
        lines.append(t("review.pictures", lang))
    else:
        lines.append(t("review.costly_none", lang))
    lines += ["", t("review.moments", lang)]
    moments = _told_moments(found.moments_for(seat))
    for moment in moments:
        lines.append(
            t(
                f"review.moment.{moment.kind}",
                lang,
                chica=moment.chica + 1,
                who=match.names[moment.seat],
                lock=match.rules.lock_at,
                card=display.inline(moment.card),
                lost=_lost(moment.loss, lang),
            )
        )
    if not moments:
        lines.append(t("review.moments_none", lang))
    return "\n".join(lines)


def _told_moments(moments: list[teacher.Moment]) -> list[teacher.Moment]:
    """At most MAX_MOMENTS, in playing order: the chica-winning caídas first, then the
    costliest; one per move (a limpia missed with a card then fallen on is told once)."""
    ranked = sorted(
        moments,
        key=lambda m: (m.kind is not teacher.MomentKind.CAIDA_AT_LOCK, -m.loss, m.index),
    )
    told: dict[int, teacher.Moment] = {}
    for moment in ranked:
        told.setdefault(moment.index, moment)
    return sorted(list(told.values())[:MAX_MOMENTS], key=lambda m: m.index)


def _move_words(move: Move, display: CardDisplay, lang: str, played: bool = False) -> str:
    """A move in words: "drop 3♧", "5♧ taking 2♧ 3♦" (`played`: "you dropped 3♧"…)."""
    card = display.inline(move.card)
    if not move.takes:
        return t("review.you_dropped" if played else "review.drop", lang, card=card)
    takes = cards_text(sorted(move.takes), display)
    return t("review.you_captured" if played else "review.capture", lang, card=card, takes=takes)


def _lost(loss: float, lang: str) -> str:
    """Expected points lost, as a reader reads a number in their language."""
    if loss >= CHICA_LOSS:
        return t("review.lost_chica", lang)
    points = f"{loss:.1f}"
    return t("review.lost", lang, points=points.replace(".", ",") if lang == "es" else points)


def _move_plain(move: Move) -> str:
    """A move in plain text for a picture's caption: "5♦", or "7♥ → 3♣ 4♦"."""
    if not move.takes:
        return text_card(move.card)
    return f"{text_card(move.card)} → {text_cards(sorted(move.takes))}"


def costly_move_picture(decision: teacher.Decision, sides: tuple[str, str], lang: str) -> bytes:
    """A costly move: the table as it was (scores, the card a caída could fall on) with
    what was played and what was better below it, then the player's own hand, the card
    played marked."""
    caption = t(
        "review.picture_caption",
        lang,
        played=_move_plain(decision.played),
        best=_move_plain(decision.best),
    )
    table = TablePicture(
        cards=tuple(str(c) for c in decision.table),
        sides=sides,
        points=decision.scores,
        chicas=decision.chicas,
        stock=decision.stock,
        turn=decision.seat % 2,
        caption=caption,
        lang=lang,
        dropped=decision.last_played,
    )
    hand = TablePicture(
        cards=tuple(str(c) for c in decision.hand), lang=lang, dropped=decision.played.card
    )
    return move_picture(table, hand)
