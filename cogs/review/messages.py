"""What a hint and a review say, and a costly move's picture: only what the reader knew."""

from __future__ import annotations

from engine import Move
from engine.ai import teacher
from i18n import t, tn
from render.review import move_picture
from render.table import TablePicture
from render.text import text_card, text_cards
from tables.picture_words import picture_words

from ..ui.words import CardDisplay, cards_text
from .reviews import Ending, Reviewed

EVEN_MARGIN = 3.0  # sides whose accuracies are less than this apart played alike


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
    """The review as its reader may read it (no other seat's hidden cards): the result in
    words, one sentence on whether the play or the cards decided it, everyone's accuracy
    over the moves they made themselves, the reader's costliest moves, each told once,
    and the caídas at the lock that won a chica, if any did."""
    lines = [_title(match, found, lang)]
    own = _own_moves(match, found)
    verdict = _verdict(match, own, lang)
    if verdict:
        lines.append(verdict)
    lines += ["", t("review.accuracy", lang)]
    for index, seat_review in enumerate(own):
        accuracy = seat_review.accuracy
        if accuracy is None:
            continue
        who = t("review.you", lang) if index == match.seat else match.names[index]
        moves = tn("review.moves", lang, seat_review.judged)
        line = t("review.accuracy_line", lang, who=who, accuracy=round(accuracy), moves=moves)
        if index == match.seat:
            line += _stood_in(match, found.seats[index], lang)
        lines.append(line)
    costly = own[match.seat].costliest()
    lines.append("")
    if costly:
        notes = {
            m.index: m.kind
            for m in found.moments_for(match.seat)
            if m.seat == match.seat and m.kind is not teacher.MomentKind.CAIDA_AT_LOCK
        }
        lines.append(tn("review.costly", lang, len(costly)))
        one_chica = len(found.chica_winners) <= 1  # "Chica 1" would be noise
        for n, decision in enumerate(costly, 1):
            note = notes.get(decision.index)
            lines.append(
                t(
                    "review.costly_line_one_chica" if one_chica else "review.costly_line",
                    lang,
                    n=n,
                    chica=decision.chica + 1,
                    score="–".join(map(str, _ours_first(decision.scores, match.seat))),
                    played=_move_words(decision.played, display, lang, played=True),
                    what="" if note is None else t(f"review.what.{note}", lang),
                    best=_move_words(decision.best, display, lang),
                    lost=_points(decision.loss, lang),
                )
            )
        lines.append(t("review.picture", lang))
    else:
        lines.append(t("review.costly_none", lang))
    decided = [
        m for m in found.moments_for(match.seat) if m.kind is teacher.MomentKind.CAIDA_AT_LOCK
    ]
    if decided:
        lines += ["", t("review.decided", lang)]
        for moment in decided:
            lines.append(
                t(
                    "review.moment.caida_at_lock",
                    lang,
                    chica=moment.chica + 1,
                    who=match.names[moment.seat],
                    lock=match.rules.lock_at,
                    card=display.inline(moment.card),
                )
            )
    return "\n".join(lines)


def _ours_first(pair: tuple[int, int], seat: int) -> tuple[int, int]:
    """A pair of the sides' figures, the reader's side first."""
    return pair if seat % 2 == 0 else (pair[1], pair[0])


def _title(match: Reviewed, found: teacher.MatchReview, lang: str) -> str:
    """ "📊 Perdiste 0–2 · chicas 14–40, 8–50": the result, then each chica's final score."""
    side = match.seat % 2
    won = sum(winner == side for winner in found.chica_winners)
    lost = len(found.chica_winners) - won
    title = t(f"review.title.{match.ending}", lang, won=won, lost=lost)
    if found.chicas:
        scores = ", ".join("–".join(map(str, _ours_first(c, match.seat))) for c in found.chicas)
        title += t("review.chica_scores", lang, scores=scores)
    return title


def _own_moves(match: Reviewed, found: teacher.MatchReview) -> list[teacher.SeatReview]:
    """Each seat's review over the moves its player chose (not the timer's or a bot's)."""
    return [seat.without(match.stand_ins) for seat in found.seats]


def _verdict(match: Reviewed, own: list[teacher.SeatReview], lang: str) -> str:
    """One sentence for a match played to its end: which side played closer to the expert
    (or, when they played alike, that the cards decided it), and what the reader's
    costliest move cost."""
    if match.ending not in (Ending.WON, Ending.LOST):
        return ""
    side = match.seat % 2
    ours = _side_accuracy([r for i, r in enumerate(own) if i % 2 == side])
    theirs = _side_accuracy([r for i, r in enumerate(own) if i % 2 != side])
    if ours is None or theirs is None:
        return ""
    how = "better" if ours > theirs else "worse"
    if abs(ours - theirs) < EVEN_MARGIN:
        how = "even"
    sentence = t(f"review.verdict.{how}.{match.players}", lang)
    costly = own[match.seat].costliest(1)
    if costly:
        sentence += t("review.verdict.costliest", lang, lost=_points(costly[0].loss, lang))
    return sentence + "."


def _side_accuracy(seats: list[teacher.SeatReview]) -> float | None:
    """The accuracy of a side's moves together (None: no move with a choice)."""
    decisions = [d for seat in seats for d in seat.decisions]
    if not decisions:
        return None
    return sum(teacher.move_accuracy(d.loss) for d in decisions) / len(decisions)


def _stood_in(match: Reviewed, seat: teacher.SeatReview, lang: str) -> str:
    """ "; the bot played 43 more for you": the reader's moves they did not make."""
    made_by = [match.stand_ins[i] for i in seat.played if i in match.stand_ins]
    told = ""
    for who in ("bot", "timeout"):
        count = made_by.count(who)
        if count:
            told += tn(f"review.stood_in.{who}", lang, count)
    return told


def _move_words(move: Move, display: CardDisplay, lang: str, played: bool = False) -> str:
    """A move in words: "drop 3♧", "5♧ taking 2♧ 3♦" (`played`: "you dropped 3♧"…)."""
    card = display.inline(move.card)
    if not move.takes:
        return t("review.you_dropped" if played else "review.drop", lang, card=card)
    takes = cards_text(sorted(move.takes), display)
    return t("review.you_captured" if played else "review.capture", lang, card=card, takes=takes)


def _points(loss: float, lang: str) -> str:
    """Expected points given away, in whole points: "unos 14 puntos", "casi nada"."""
    points = round(loss)
    return tn("review.points", lang, points) if points else t("review.points_none", lang)


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
        words=picture_words(lang),
        dropped=decision.last_played,
    )
    hand = TablePicture(
        cards=tuple(str(c) for c in decision.hand),
        words=picture_words(lang),
        dropped=decision.played.card,
    )
    return move_picture(table, hand)
