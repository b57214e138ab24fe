"""What a puzzle looks like: the post (or the private question), the cards to pick, the
answer, the ranking. Only what the puzzle's solver could see: its hand, the table, the
scores and counts, and the ranks still out, which it could count."""

from __future__ import annotations

from engine import Card, Move
from engine.ai.puzzle_reasons import Reason
from engine.ai.puzzles import Choice, Puzzle
from i18n import t, tn
from render.review import move_picture
from render.table import TablePicture
from tables.house_rules import LENGTH_FIELD, differences, preset_of, rule_set_name
from tables.picture_words import picture_words

from ..ui.rows import Rows, Style, button
from ..ui.words import CardDisplay, cards_text, plain, score_text
from . import ids

RANK_NAMES = "A234567JQK"


def day_part(day: int | None) -> str:
    """A puzzle's day as its custom_ids carry it: the day, or "p" for practice."""
    return "p" if day is None else str(day)


def ours_first(pair: tuple[int, int], seat: int) -> tuple[int, int]:
    return (pair[seat % 2], pair[1 - seat % 2])


def puzzle_text(puzzle: Puzzle, day: int | None, display: CardDisplay, lang: str) -> list[str]:
    """The puzzle in words: its title, the score, the hand, the table, what is still out."""
    title = "puzzle.title.practice" if day is None else "puzzle.title.daily"
    difficulty = t(f"puzzle.difficulty.{puzzle.difficulty}", lang)
    mine, theirs = ours_first(puzzle.scores, puzzle.seat)
    cards_mine, cards_theirs = ours_first(puzzle.captured, puzzle.seat)
    situation = t(
        "puzzle.situation",
        lang,
        mine=score_text(mine, lang),
        theirs=score_text(theirs, lang),
        cards_mine=cards_mine,
        cards_theirs=cards_theirs,
    )
    if any(puzzle.chicas):
        chicas_mine, chicas_theirs = ours_first(puzzle.chicas, puzzle.seat)
        situation += t("puzzle.chicas", lang, mine=chicas_mine, theirs=chicas_theirs)
    if puzzle.table:
        table = t("puzzle.table", lang, cards=cards_text(sorted(puzzle.table), display))
        if puzzle.last_played is not None:
            table += t("puzzle.dropped", lang, card=display.inline(puzzle.last_played))
    else:
        table = t("puzzle.table_empty", lang)
    ranks = " ".join(
        RANK_NAMES[rank - 1] for rank in range(1, 11) for _ in range(puzzle.outside[rank])
    )
    return [
        t(title, lang, difficulty=difficulty),
        rules_words(puzzle, lang),
        situation,
        t("puzzle.hand", lang, cards=cards_text(sorted(puzzle.hand), display)),
        table,
        t("puzzle.outside", lang, ranks=ranks),
        t("puzzle.question", lang),
    ]


def rules_words(puzzle: Puzzle, lang: str) -> str:
    """The rules the puzzle is solved by, and what they change from Quito's that counts
    here ("reglas Cuenca (caída con limpia 4)"); the match's length is no part of them."""
    name = rule_set_name(puzzle.rules, lang)
    changes = differences(puzzle.rules, lang, (LENGTH_FIELD,))
    if preset_of(puzzle.rules) is None or not changes:
        return t("puzzle.rules", lang, rules=name)
    return t("puzzle.rules", lang, rules=f"{name} ({', '.join(changes)})")


def puzzle_picture(puzzle: Puzzle, lang: str) -> bytes:
    """The table as it lies, the solver's side ("Tú", always on the left) marked to play,
    and the solver's hand below it: nothing of the opponent's hand."""
    you, rival = t("side.you", lang).capitalize(), t("puzzle.rival", lang)
    table = TablePicture(  # "Tú" always first, whichever seat the puzzle's was
        cards=tuple(str(card) for card in puzzle.table),
        sides=(you, rival),
        points=ours_first(puzzle.scores, puzzle.seat),
        chicas=ours_first(puzzle.chicas, puzzle.seat),
        stock=0,
        turn=0,
        caption=t("puzzle.caption", lang),
        words=picture_words(lang),
        dropped=puzzle.last_played,
    )
    hand = TablePicture(cards=tuple(str(card) for card in puzzle.hand), words=picture_words(lang))
    return move_picture(table, hand)


def solve_rows(puzzle: Puzzle, day: int | None, lang: str) -> Rows:
    """The public post's one button."""
    custom_id = ids.PUZZLE.build(puzzle_id=puzzle.puzzle_id, day=day_part(day), action="open")
    return Rows.of([button(custom_id, label=t("button.puzzle_solve", lang), style=Style.GREEN)])


def hand_rows(puzzle: Puzzle, day: int | None, display: CardDisplay) -> Rows:
    """The puzzle's hand as buttons, one a card."""
    buttons = []
    for card in sorted(puzzle.hand):
        emoji = display.for_card(card)
        custom_id = ids.PUZZLE_CARD.build(puzzle_id=puzzle.puzzle_id, day=day_part(day), card=card)
        buttons.append(
            button(custom_id, label=None if emoji else plain([card]), emoji=emoji, style=Style.BLUE)
        )
    return Rows.of(buttons)


def take_rows(puzzle: Puzzle, day: int | None, card: Card, lang: str) -> Rows:
    """What `card` may do: each capture, the drop, and back to the hand."""
    part = day_part(day)
    rows = []
    for index, takes in enumerate(puzzle.options(card)):
        ordered = sorted(takes)
        custom_id = ids.PUZZLE_MOVE.build(
            puzzle_id=puzzle.puzzle_id, day=part, card=card, option=index
        )
        label = tn("button.take", lang, len(ordered), takes=plain(ordered))
        rows.append([button(custom_id, label=label, style=Style.GREEN)])
    drop = ids.PUZZLE_MOVE.build(puzzle_id=puzzle.puzzle_id, day=part, card=card, option="d")
    back = ids.PUZZLE.build(puzzle_id=puzzle.puzzle_id, day=part, action="again")
    rows.append(
        [
            button(drop, label=t("button.drop", lang, card=plain([card]))),
            button(back, label=t("button.back", lang)),
        ]
    )
    return Rows.stacked(rows[-5:])


def move_words(move: Move, display: CardDisplay, lang: str) -> str:
    if not move.takes:
        return t("puzzle.move.drop", lang, card=display.inline(move.card))
    takes = cards_text(sorted(move.takes), display)
    return t("puzzle.move.take", lang, card=display.inline(move.card), takes=takes)


def value_words(choice: Choice, lang: str) -> str:
    if choice.wins:
        return t("puzzle.value.win", lang)
    if choice.loses:
        return t("puzzle.value.loss", lang)
    return t("puzzle.value.points", lang, points=signed(choice.value))


def reason_words(
    reason: Reason, other: Choice, display: CardDisplay, lang: str, *, yours: bool = False
) -> str:
    """A Reason in words: why the best play beats `other` (`yours`: said of `other`, the
    play the player chose). Every number is the analysis's (engine/ai/puzzle_reasons.py)."""
    prefix = "puzzle.yours" if yours else "puzzle.why"
    card = reason.card
    return t(
        f"{prefix}.{reason.kind}",
        lang,
        move=move_words(other.move, display, lang),
        other=move_words(other.move, display, lang),
        card="" if card is None else display.inline(card),
        rank="" if card is None else card.rank_name,
        points=reason.points,
        other_points=reason.other_points,
        value=signed(other.value),
    )


def signed(value: float) -> str:
    points = round(value)
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


def why(puzzle: Puzzle, display: CardDisplay, lang: str) -> str:
    """One line: why the best play is best, in the position's terms, and by how much."""
    best, runner_up = puzzle.choices[0], puzzle.choices[1]
    line = reason_words(puzzle.reason_against(best), runner_up, display, lang)
    if best.wins or runner_up.loses:
        return line  # the chica is the margin: said already
    margin = tn("puzzle.margin.points", lang, round(puzzle.margin))
    return f"{line} {margin}"


def answer_lines(puzzle: Puzzle, chosen: Choice, display: CardDisplay, lang: str) -> list[str]:
    """Right or wrong, why (and what the chosen play lets happen), and every choice's value
    (tú − rival to the end of the hand; the best and this one marked)."""
    best = puzzle.best
    right = chosen is best
    head = (
        t("puzzle.right", lang, move=move_words(best.move, display, lang))
        if right
        else t("puzzle.wrong", lang, move=move_words(best.move, display, lang))
    )
    lines = [head, why(puzzle, display, lang)]
    if not right:
        reason = puzzle.reason_against(chosen)
        lines.append(reason_words(reason, chosen, display, lang, yours=True))
    lines += ["", t("puzzle.values", lang)]
    for choice in puzzle.choices:
        mark = ""
        if choice is best:
            mark = t("puzzle.mark.best", lang)
        elif choice is chosen:
            mark = t("puzzle.mark.yours", lang)
        lines.append(
            t(
                "puzzle.value_line",
                lang,
                move=move_words(choice.move, display, lang),
                value=value_words(choice, lang),
                mark=mark,
            )
        )
    return lines


def share_text(user_id: int, solved: bool, streak: int, difficulty: str, lang: str) -> str:
    """The result told to the channel without the answer (Wordle's and lichess's habit):
    who, solved or not, the difficulty and the streak; never the play."""
    level = t(f"puzzle.difficulty.{difficulty}", lang)
    who = f"<@{user_id}>"
    if not solved:
        return t("puzzle.share.tried", lang, who=who, difficulty=level)
    if streak > 1:
        return t("puzzle.share.streak", lang, who=who, difficulty=level, streak=streak)
    return t("puzzle.share.solved", lang, who=who, difficulty=level)


def again_rows(puzzle: Puzzle, day: int | None, lang: str, share_by: int | None = None) -> Rows:
    """Back to the hand; and, after a counted answer not yet shared (`share_by`: the
    player), the button that tells the channel the result without the answer."""
    custom_id = ids.PUZZLE.build(puzzle_id=puzzle.puzzle_id, day=day_part(day), action="again")
    buttons = [button(custom_id, label=t("button.puzzle_again", lang))]
    if day is not None and share_by is not None:
        share = ids.PUZZLE_SHARE.build(puzzle_id=puzzle.puzzle_id, day=day, user_id=share_by)
        buttons.append(button(share, label=t("button.puzzle_share", lang), style=Style.GREEN))
    return Rows.of(buttons)
