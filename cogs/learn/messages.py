"""What a lesson looks like: the private message with the lesson's goal, what the last
play did, the player's hand as buttons (as a real hand: green when the card captures;
in a guided first try only the cards that can still meet the goal are live), and the
table as a picture, drawn as a real table's. From the lesson's state alone."""

from __future__ import annotations

from engine import Card
from i18n import t, tn
from render.review import move_picture
from render.table import TablePicture, render_table_png
from tables.learning import Progress
from tables.lessons import ORDER, LessonSession, Line
from tables.picture_words import picture_words

from ..ui.rows import Payload, Rows, Style, button
from ..ui.words import CardDisplay, cards_text, plain, score_text
from . import ids
from .ids import LessonAction


def welcome_line(progress: Progress, lang: str) -> str:
    """How many lessons are left and how long they take, said up front (all of them, for
    who finished them and plays them again)."""
    left = len(ORDER) - progress.finished or len(ORDER)
    return t("learn.welcome", lang, lessons=left, minutes=progress.minutes_left)


def offer_line(progress: Progress, lang: str) -> str:
    return t("learn.offer", lang, minutes=progress.minutes_left)


def line_text(line: Line, display: CardDisplay, lang: str) -> str:
    return line.text(lang, lambda cards: cards_text(cards, display), score_text)


def lesson_payload(
    session: LessonSession,
    progress: Progress,
    display: CardDisplay,
    lang: str,
    *,
    welcome: bool = False,
) -> Payload:
    lesson = session.lesson
    number = ORDER.index(session.lesson_id) + 1
    lines = [welcome_line(progress, lang), ""] if welcome else []
    lines.append(
        f"**{t('learn.lesson_of', lang, number=number, total=len(ORDER))} · "
        f"{t(lesson.title_key, lang)}**"
    )
    lines.append(t(lesson.intro_key, lang))
    lines.append(f"🎯 {line_text(session.goal_line(), display, lang)}")
    if session.lines:
        lines.append("")
        lines.extend(line_text(line, display, lang) for line in session.lines)
        if session.lines[-1].key == lesson.need_key:  # a wrong play, undone
            lines.append(t("learn.undone", lang))
    if session.done:
        lines.append("")
        lines.append(t("learn.progress", lang, done=progress.finished, total=len(ORDER),
                       stars=progress.total_stars, most=progress.most_stars))  # fmt: skip
        if progress.next is None:
            lines.append(t("learn.all_done", lang))
    else:
        lines.append("")
        lines.append(t("hand.hint", lang))
    return Payload("\n".join(lines), lesson_rows(session, progress, display, lang, welcome))


def lesson_rows(
    session: LessonSession, progress: Progress, display: CardDisplay, lang: str, welcome: bool
) -> Rows:
    lesson, version = str(session.lesson_id), session.version
    playable = set(session.playable())
    cards = []
    for card in session.hand:
        emoji = display.for_card(card)
        captures = len(session.options(card)) > 1
        live = card in playable
        cards.append(
            button(
                ids.LEARN_CARD.build(lesson=lesson, version=version, card=card),
                label=None if emoji else plain([card]),
                emoji=emoji,
                style=(Style.GREEN if captures else Style.BLUE) if live else Style.GREY,
                disabled=not live,
            )
        )

    def action(what: LessonAction, label: str, style: int = Style.GREY) -> dict[str, object]:
        custom_id = ids.LEARN.build(lesson=lesson, version=version, action=what)
        return button(custom_id, label=label, style=style)

    controls = []
    if session.done:
        if progress.next is not None or session.lesson_id != ORDER[-1]:
            controls.append(action(LessonAction.NEXT, t("button.learn_next", lang), Style.GREEN))
        else:
            controls.append(action(LessonAction.CHICA, t("button.learn_chica", lang), Style.GREEN))
        controls.append(action(LessonAction.AGAIN, t("button.learn_again", lang)))
    elif session.plays:
        controls.append(action(LessonAction.AGAIN, t("button.learn_again", lang)))
    if welcome and not session.done:  # who knows the game may skip to the guided chica
        controls.append(action(LessonAction.CHICA, t("button.learn_chica", lang)))
    controls.append(action(LessonAction.LEAVE, t("button.leave", lang)))
    return Rows.stacked([cards[:5], cards[5:], controls])


def choice_payload(session: LessonSession, card: Card, display: CardDisplay, lang: str) -> Payload:
    """What `card` may do, as a real hand offers it: each capture, the drop, back."""
    lesson, version = str(session.lesson_id), session.version
    lines = [
        f"🎯 {line_text(session.goal_line(), display, lang)}",
        t("hand.choose", lang, card=display.inline(card)),
    ]
    rows: list[list[dict[str, object]]] = []
    *captures, drop = session.options(card)  # each capture, then the drop
    for index, move in enumerate(captures):
        custom_id = ids.LEARN_MOVE.build(lesson=lesson, version=version, card=card, option=index)
        takes = sorted(move.takes)
        label = tn("button.take", lang, len(takes), takes=plain(takes))
        rows.append([button(custom_id, label=label, style=Style.GREEN)])
    dropping = ids.LEARN_MOVE.build(lesson=lesson, version=version, card=drop.card, option="d")
    back = ids.LEARN.build(lesson=lesson, version=version, action=LessonAction.BACK)
    last = [
        button(dropping, label=t("button.drop", lang, card=plain([card]))),
        button(back, label=t("button.back", lang)),
    ]
    rows = [*rows[:4], last]
    return Payload("\n".join(lines), Rows.stacked(rows))


def lesson_picture(session: LessonSession, lang: str) -> bytes:
    """The table as a real game draws it, and the player's own cards below it."""
    table = session.picture(lang)
    if not session.hand:
        return render_table_png(table)
    hand = TablePicture(cards=tuple(str(card) for card in session.hand), words=picture_words(lang))
    return move_picture(table, hand)
