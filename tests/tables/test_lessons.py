"""Aprender's lessons: every arranged deal is reachable and the engine plays it, the goal
is met by the lesson's solution and by no other line of plays, a wrong play is undone and
told from its real effect, stars follow the par, and a lesson survives a save."""

from __future__ import annotations

import json

import pytest

from engine import Card, Move
from engine.arranged import unreachable
from i18n import LANGUAGES
from tables import Refusal
from tables.lessons import (
    LESSONS,
    ORDER,
    PLAYER,
    Lesson,
    LessonId,
    LessonSession,
    Line,
    Outcome,
    Run,
    next_lesson,
    stars_for,
    total_seconds,
)

RankMove = tuple[int, tuple[int, ...]]


def by_rank(move: Move) -> RankMove:
    """A play as the rules see it: suits never matter."""
    return (move.card.rank, tuple(sorted(card.rank for card in move.takes)))


def winning_lines(run: Run, line: tuple[RankMove, ...] = ()) -> set[tuple[RankMove, ...]]:
    """Every line of the player's plays (the bot replying as in the lesson) that meets the
    goal, by trying every legal move at every play, up to the par."""
    if run.goal_met():
        return {line}
    if run.over or len(line) >= run.lesson.par:
        return set()
    found: set[tuple[RankMove, ...]] = set()
    for move in run.game.legal_moves():
        found |= winning_lines(run.after(move)[0], (*line, by_rank(move)))
    return found


def text_of(line: Line, lang: str) -> str:
    return line.text(lang, lambda cards: " ".join(map(str, cards)), lambda p, _: str(p))


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_the_arranged_deal_is_reachable_and_the_engine_plays_the_solution(lesson: Lesson):
    game = lesson.start()
    reason = unreachable(
        game.rules,
        game.hands,
        game.table,
        game.stock,
        game.captured,
        game.scores,
        game.to_play,
        game.dealer,
        game.last_played,
    )
    assert reason is None
    run = Run.start(lesson)
    assert run.game.to_play == PLAYER
    for text in lesson.solution:
        move = Move.parse(text)
        assert move in run.game.legal_moves()  # the engine's own list of legal plays
        run = run.after(move)[0]
    assert run.goal_met()


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_only_the_solution_meets_the_goal(lesson: Lesson):
    solution = tuple(by_rank(Move.parse(text)) for text in lesson.solution)
    assert winning_lines(Run.start(lesson)) == {solution}


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_the_solution_earns_three_stars_and_every_line_renders(lesson: Lesson):
    session = LessonSession(lesson.lesson_id)
    results = [session.play(Move.parse(text)) for text in lesson.solution]
    assert [r.outcome for r in results] == [Outcome.GOOD] * (lesson.par - 1) + [Outcome.DONE]
    assert session.done and session.stars == 3 and results[-1].stars == 3
    assert results[-1].lines[-2].key == lesson.done_key
    assert session.hand == [] and session.playable() == []
    for lang in LANGUAGES:
        for line in (*session.lines, session.goal_line(), *(r for x in results for r in x.lines)):
            assert text_of(line, lang)
        for key in (lesson.title_key, lesson.intro_key, lesson.need_key):
            assert text_of(Line(key), lang)
        assert session.picture(lang).turn is None


def wrong_moves(lesson: Lesson) -> list[tuple[int, Move]]:
    """Every wrong play along the solution: (how many right plays before it, the play)."""
    run, found = Run.start(lesson), []
    for step, text in enumerate(lesson.solution):
        moves = run.game.legal_moves()
        found += [(step, m) for m in moves if not run.after(m)[0].can_meet_goal()]
        run = run.after(Move.parse(text))[0]
    return found


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_a_guided_try_offers_only_the_right_cards(lesson: Lesson):
    session = LessonSession(lesson.lesson_id)
    right = Move.parse(lesson.solution[0]).card.rank
    assert {card.rank for card in session.playable()} == {right}
    before = session.to_dict()
    for card in session.hand:
        if card.rank != right:
            with pytest.raises(Refusal) as refused:
                session.play(Move(card))
            assert refused.value.key == "learn_guided"
    assert session.to_dict() == before


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_a_wrong_play_is_undone_and_told(lesson: Lesson):
    wrong = wrong_moves(lesson)
    assert wrong  # every lesson has wrong plays to learn from
    for step, move in wrong:
        session = LessonSession(lesson.lesson_id, guided=False)
        for text in lesson.solution[:step]:
            session.play(Move.parse(text))
        hand, picture = session.hand, session.picture("en")
        result = session.play(move)
        assert result.outcome == Outcome.WRONG and result.stars == 0
        assert result.lines[-1].key == lesson.need_key
        first = result.lines[0]
        if move.is_drop:
            assert first.key == "learn.did.drop" and first.cards["card"] == (move.card,)
        else:
            assert first.key in ("learn.did.match", "learn.did.sum")
            shown = set(first.cards["base"]) | set(
                next((line.cards["cards"] for line in result.lines if "cards" in line.cards), ())
            )
            assert shown == set(move.takes)
        assert session.hand == hand and session.picture("en") == picture  # undone
        assert (session.plays, session.wrong) == (step + 1, 1)


def test_a_sum_on_the_dropped_card_is_told_as_no_caida():
    session = LessonSession(LessonId.CAIDA, guided=False)
    result = session.play(Move(Card.parse("7s"), frozenset(map(Card.parse, ["6c", "Ac"]))))
    assert result.outcome == Outcome.WRONG
    assert [line.key for line in result.lines] == ["learn.did.sum", "learn.caida.need"]
    assert result.lines[0].numbers == {"value": 7}
    assert "a sum is no caída" in text_of(result.lines[-1], "en")


def test_the_match_that_leaves_the_cartón_short_tells_the_count():
    session = LessonSession(LessonId.CARTON, guided=False)
    match = Move(Card.parse("5h"), frozenset(map(Card.parse, ["5d", "6c"])))
    result = session.play(match)
    assert result.outcome == Outcome.WRONG
    keys = [line.key for line in result.lines]
    assert keys == [
        "learn.did.match",
        "learn.did.escalera",
        "learn.event.more_cards",
        "learn.carton.need",
    ]
    count = result.lines[2]
    assert (count.count, count.numbers) == (19, {"points": 2})


def test_a_lock_plays_out_as_the_lesson_says():
    """Perros: a limpia without the caída after it leaves the player at 38, short of 40."""
    session = LessonSession(LessonId.PERROS, guided=False)
    limpia = Move.parse(LESSONS[LessonId.PERROS].solution[0])
    assert session.play(limpia).outcome == Outcome.GOOD
    assert session.points[PLAYER] == 38
    result = session.play(Move(Card.parse("Kd")))
    assert result.outcome == Outcome.WRONG
    assert session.play(Move.parse("4hx4s")).outcome == Outcome.DONE
    assert session.points == (40, 30) and session.stars == 2


@pytest.mark.parametrize(("plays", "stars"), [(1, 3), (2, 2), (3, 1), (9, 1)])
def test_stars_by_par(plays, stars):
    assert stars_for(plays, 1) == stars
    assert stars_for(plays + 1, 2) == stars


def test_wrong_plays_cost_stars():
    session = LessonSession(LessonId.LIMPIA, guided=False)
    session.play(Move(Card.parse("Jd")))
    session.play(Move(Card.parse("2h"), frozenset(map(Card.parse, ["2s", "3h"]))))
    assert session.play(Move.parse("5cx2s.3h.6d")).outcome == Outcome.DONE
    assert (session.plays, session.wrong, session.stars) == (3, 2, 1)


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_a_lesson_survives_a_save_at_every_step(lesson: Lesson):
    session = LessonSession(lesson.lesson_id)
    for text in (None, *lesson.solution):
        if text is not None:
            session.play(Move.parse(text))
        saved = json.loads(json.dumps(session.to_dict()))
        again = LessonSession.from_dict(saved)
        assert again.to_dict() == session.to_dict()
        assert again.picture("es") == session.picture("es")
        assert again.hand == session.hand and again.playable() == session.playable()
        assert again.stars == session.stars


def test_a_resumed_lesson_goes_on_with_the_bots_script():
    session = LessonSession(LessonId.RONDA)
    session.play(Move(Card.parse("Kc")))
    again = LessonSession.from_dict(session.to_dict())
    assert again.run.bot_turns == 1
    assert again.play(Move.parse("4cx4h.5d")).outcome == Outcome.DONE


@pytest.mark.parametrize(
    "damage",
    [
        {"version": 99},
        {"lesson": "nope"},
        {"moves": ["Ah"]},
        {"moves": []},  # the caída lesson's bot lead is missing
        {"status": "done"},
    ],
)
def test_a_damaged_save_is_refused(damage):
    saved = LessonSession(LessonId.CAIDA).to_dict()
    with pytest.raises(ValueError):
        LessonSession.from_dict({**saved, **damage})


def test_a_finished_lesson_refuses_more_plays():
    session = LessonSession(LessonId.MATCH)
    session.play(Move.parse("5hx5s"))
    with pytest.raises(Refusal) as refused:
        session.play(Move(Card.parse("Kc")))
    assert refused.value.key == "learn_over"
    session.restart(guided=False)
    assert not session.done and session.playable() == session.hand and session.plays == 0


def test_the_lessons_take_about_six_minutes_in_order():
    # Measured on the texts (words at 180 a minute, 6 s a play, 3 s a screen): 6 minutes
    # with every play right, 8 to 9 with a wrong play in each lesson.
    assert total_seconds() <= 6 * 60 + 30
    assert list(ORDER) == list(LessonId)
    assert next_lesson({}) == LessonId.MATCH
    assert next_lesson({"match": 3, "sum": 1}) == LessonId.ESCALERA
    assert next_lesson({lesson: 1 for lesson in ORDER}) is None


def emoji_cards(cards) -> str:
    """The widest way cards are drawn in a message: custom emoji, 30-odd characters each."""
    return " ".join(f"<:c{card}:{10**18 + card.index}>" for card in cards)


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_every_answer_fits_a_message_with_the_lesson_around_it(lesson: Lesson):
    """The longest message a lesson shows: its title, intro, goal and an answer, the cards
    drawn as custom emoji, in every language, well inside Discord's 2,000 characters."""
    answers = []
    for step, move in wrong_moves(lesson):
        session = LessonSession(lesson.lesson_id, guided=False)
        for text in lesson.solution[:step]:
            session.play(Move.parse(text))
        answers.append(session.play(move).lines)
    session = LessonSession(lesson.lesson_id)
    answers += [session.play(Move.parse(text)).lines for text in lesson.solution]
    for lang in LANGUAGES:
        around = [Line(lesson.title_key), Line(lesson.intro_key), Line(lesson.goal_key)]
        for lines in answers:
            parts = [
                line.text(lang, emoji_cards, lambda points, _: f"{points} (3 perros 3 tantos)")
                for line in (*around, *lines)
            ]
            assert len("\n".join(parts)) < 1500


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=lambda lesson: str(lesson.lesson_id))
def test_a_plays_lines_tell_what_it_scored(lesson: Lesson):
    for step, move in wrong_moves(lesson):
        run = Run.start(lesson)
        for text in lesson.solution[:step]:
            run = run.after(Move.parse(text))[0]
        events = run.after(move)[1]
        session = LessonSession(lesson.lesson_id, guided=False)
        for text in lesson.solution[:step]:
            session.play(Move.parse(text))
        keys = [line.key for line in session.play(move).lines]
        kinds = {str(event.kind) for event in events}
        assert ("learn.did.caida" in keys) == ("caida" in kinds)
        assert any(key.startswith("learn.did.limpia") for key in keys) == ("limpia" in kinds)
