"""The lesson desk on a real storage: lessons resume after a restart, a stale or double
click changes nothing, a finished lesson keeps its stars and earns the logro, a failed save
undoes the play, and each first-time tip is told once."""

from __future__ import annotations

import asyncio

import pytest

from db import Storage, StorageError
from engine import Card, Game, Move, Rules
from tables import Refusal
from tables.learning import (
    GUIDED_CHICA,
    LEARNED,
    LessonDesk,
    Progress,
    offer_lessons,
    tips_wanted,
)
from tables.lessons import LESSONS, LessonId, Outcome
from tables.moments import Moment

USER = 10**18


@pytest.fixture
async def storage(tmp_path):
    storage = await Storage.open(tmp_path / "learn.sqlite3")
    yield storage
    await storage.close()


async def test_a_lesson_is_resumed_by_a_new_desk(tmp_path):
    storage = await Storage.open(tmp_path / "learn.sqlite3")
    desk = LessonDesk(storage)
    session = await desk.open(USER)
    assert session.lesson_id == LessonId.MATCH and session.guided
    session = await desk.open(USER, LessonId.RONDA)
    session, result = await desk.play(USER, session.version, Move(Card.parse("Kc")))
    assert result.outcome == Outcome.GOOD
    saved = session.to_dict()
    await storage.close()

    storage = await Storage.open(tmp_path / "learn.sqlite3")  # a restart
    try:
        desk = LessonDesk(storage)
        progress = await desk.progress(USER)
        assert (progress.current, progress.next, progress.finished) == (
            LessonId.RONDA,
            LessonId.MATCH,
            0,
        )
        again = await desk.open(USER)
        assert again.to_dict() == saved
        _, result = await desk.play(USER, again.version, Move.parse("4cx4h.5d"))
        assert result.outcome == Outcome.DONE and result.stars == 3
    finally:
        await storage.close()


async def test_a_stale_or_double_click_changes_nothing(storage):
    desk = LessonDesk(storage)
    session = await desk.open(USER)
    version = session.version
    with pytest.raises(Refusal) as refused:
        await desk.play(USER, version - 1, Move.parse("5hx5s"))
    assert refused.value.key == "learn_stale"
    first, second = await asyncio.gather(
        desk.play(USER, version, Move(Card.parse("5h"))),  # a wrong drop
        desk.play(USER, version, Move.parse("5hx5s")),
        return_exceptions=True,
    )
    assert isinstance(second, Refusal) and second.key == "learn_stale"
    assert not isinstance(first, BaseException) and first[1].outcome == Outcome.WRONG
    assert (session.plays, session.wrong) == (1, 1)


async def test_a_finished_lesson_keeps_its_stars_and_earns_the_logro(storage):
    desk = LessonDesk(storage, clock=lambda: 123.0)
    with pytest.raises(Refusal) as refused:
        await desk.play(USER, 0, Move.parse("5hx5s"))
    assert refused.value.key == "learn_none"
    session = await desk.open(USER)
    await desk.play(USER, session.version, Move(Card.parse("5h")))  # wrong: 2 stars
    session, result = await desk.play(USER, session.version, Move.parse("5hx5s"))
    assert result.stars == 2
    assert await storage.lesson_stars(USER) == {"match": 2}
    assert [(lo.logro, lo.earned_at) for lo in await storage.player_logros(USER)] == [
        (LEARNED, 123.0)
    ]
    progress = await desk.progress(USER)
    assert (progress.current, progress.next, progress.total_stars) == (None, LessonId.SUM, 2)
    assert (await desk.open(USER)).lesson_id == LessonId.SUM  # the next one
    replay = await desk.open(USER, LessonId.MATCH)
    assert not replay.guided  # replayed for stars: every card playable
    await desk.play(USER, replay.version, Move.parse("5hx5s"))
    assert await storage.lesson_stars(USER) == {"match": 3}
    assert len(await storage.player_logros(USER)) == 1


async def test_a_failed_save_undoes_the_play(tmp_path):
    storage = await Storage.open(tmp_path / "learn.sqlite3")
    desk = LessonDesk(storage)
    session = await desk.open(USER, LessonId.LIMPIA)
    saved = session.to_dict()
    await storage.close()  # every call fails from now on
    with pytest.raises(StorageError):
        await desk.play(USER, session.version, Move.parse("5cx2s.3h.6d"))
    storage = await Storage.open(tmp_path / "learn.sqlite3")
    try:
        assert await storage.lesson_state(USER) == saved
        desk._storage = storage  # the same desk, its storage back
        again = await desk.open(USER)
        assert again.to_dict() == saved and not again.done
    finally:
        await storage.close()


async def test_restart_starts_the_lesson_again(storage):
    desk = LessonDesk(storage)
    session = await desk.open(USER, LessonId.PERROS)
    session, _ = await desk.play(USER, session.version, Move.parse(LESSONS["perros"].solution[0]))
    restarted = await desk.restart(USER, session.version)
    assert restarted.plays == 0 and restarted.points == (36, 30) and restarted.guided


async def test_each_first_time_tip_is_told_once(storage):
    game = Game.from_position(
        Rules(), [["6h", "Kd"], ["Qs", "Jc", "Kc"]], ["6c", "2d"], to_play=0, dealer=0,
        last_played="6c", stock=[], captured=(16, 17),
    )  # fmt: skip
    desk = LessonDesk(storage)
    tip = await desk.tip(USER, game, 0)
    assert tip is not None and tip.moment == Moment.CAIDA
    tip = await desk.tip(USER, game, 0)
    assert tip is not None and tip.moment == Moment.CARTON
    assert await desk.tip(USER, game, 0) is None
    assert await LessonDesk(storage).tip(USER, game, 0) is None  # kept: a restart
    assert await desk.tip(USER + 1, game, 1) is None  # not their turn
    assert not await desk.has_seen(USER, GUIDED_CHICA)
    assert await desk.mark(USER, GUIDED_CHICA) and not await desk.mark(USER, GUIDED_CHICA)
    assert await LessonDesk(storage).has_seen(USER, GUIDED_CHICA)


def test_who_is_offered_lessons_and_tips():
    fresh = Progress({}, None, LessonId.MATCH)
    done = Progress({lesson: 1 for lesson in LessonId}, None, None)
    assert offer_lessons(0, fresh) and not offer_lessons(1, fresh) and not offer_lessons(0, done)
    assert fresh.seconds_left == sum(lesson.seconds for lesson in LESSONS.values())
    assert done.seconds_left == 0 and done.most_stars == 24
    assert tips_wanted({}, 0) and tips_wanted({"tips": True}, 4)
    assert not tips_wanted({"tips": False}, 0) and not tips_wanted({}, 5)
