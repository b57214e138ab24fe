"""Aprender's progress on both backends: stars only go up, the lesson in progress survives
a restart (a new Storage on the same database), moments are marked seen once."""

from __future__ import annotations

import asyncio

from db import Storage
from engine import Move
from tables.lessons import LessonId, LessonSession
from tests.db.conftest import ticking_clock

USER = 2**62 + 7  # a Discord id past 32 bits


async def test_stars_keep_the_best_and_the_first_finish(storage):
    assert await storage.lesson_stars(USER) == {}
    assert await storage.record_lesson(USER, "match", 2) == 0
    assert await storage.record_lesson(USER, "match", 1) == 2
    assert await storage.record_lesson(USER, "sum", 3) == 0
    assert await storage.lesson_stars(USER) == {"match": 2, "sum": 3}
    assert await storage.record_lesson(USER, "match", 3) == 2
    assert await storage.lesson_stars(USER) == {"match": 3, "sum": 3}
    assert await storage.lesson_stars(USER + 1) == {}


async def test_a_lesson_in_progress_survives_a_restart(database):
    storage = await Storage.open(database, clock=ticking_clock())
    session = LessonSession(LessonId.RONDA)
    session.play(Move.parse("Kc"))
    await storage.save_lesson_state(USER, session.to_dict())
    await storage.close()

    storage = await Storage.open(database, clock=ticking_clock())
    try:
        saved = await storage.lesson_state(USER)
        assert saved is not None
        again = LessonSession.from_dict(saved)
        assert again.to_dict() == session.to_dict()
        assert again.play(Move.parse("4dx4h.5d")).stars == 3
        await storage.save_lesson_state(USER, again.to_dict())
        assert (await storage.lesson_state(USER))["status"] == "done"
        await storage.save_lesson_state(USER, None)
        assert await storage.lesson_state(USER) is None
        await storage.save_lesson_state(USER, None)  # forgetting twice is harmless
    finally:
        await storage.close()


async def test_moments_are_marked_seen_once(storage):
    assert await storage.moments_seen(USER) == set()
    assert await storage.mark_moments_seen(USER, ["caida", "sum", "caida"]) == {"caida", "sum"}
    first, second = await asyncio.gather(
        storage.mark_moments_seen(USER, ["limpia", "sum"]),
        storage.mark_moments_seen(USER, ["limpia"]),
    )
    assert first | second == {"limpia"} and not first & second
    assert await storage.moments_seen(USER) == {"caida", "sum", "limpia"}
    assert await storage.moments_seen(USER + 1) == set()


async def test_a_learners_standing_is_read_at_once(storage):
    """Storage.learner: matches finished, stars and the lesson in progress, as the three
    reads it stands for give them (a damaged save reads as none)."""
    assert await storage.learner(USER) == (0, {}, None)
    await storage.record_lesson(USER, "match", 2)
    session = LessonSession(LessonId.SUM)
    await storage.save_lesson_state(USER, session.to_dict())
    finished, stars, saved = await storage.learner(USER)
    assert (finished, stars) == (await storage.history_size(USER, None), {"match": 2})
    assert saved == await storage.lesson_state(USER) == session.to_dict()
