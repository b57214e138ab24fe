"""Aprender's progress, per player: each lesson's best stars, the lesson in progress, and
the first-time moments already told (tips in the first games, the guided chica).

Every write is one atomic statement (an upsert, or an insert that does nothing when the
row is there), so two bot processes, or two clicks, never lose each other's progress: the
stars only ever go up, and a moment is marked seen once (`mark_seen` says by whom).
"""

from __future__ import annotations

from collections.abc import Iterable

from .backend import Database
from .codec import decode, to_json


async def stars(db: Database, user_id: int) -> dict[str, int]:
    """The player's best stars per lesson finished (lesson id -> 1..3)."""
    records = await db.fetchall(
        "SELECT lesson, stars FROM lesson_stars WHERE user_id = ? ORDER BY lesson", (user_id,)
    )
    return {str(lesson): int(count) for lesson, count in records}


async def record(db: Database, user_id: int, lesson: str, count: int, now: float) -> int:
    """Keep a finished lesson's stars if better than before; the stars it had (0: its first
    finish, which keeps its time)."""
    async with db.transaction():
        before = await db.fetchone(
            "SELECT stars FROM lesson_stars WHERE user_id = ? AND lesson = ?", (user_id, lesson)
        )
        await db.execute(
            """INSERT INTO lesson_stars (user_id, lesson, stars, finished_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, lesson) DO UPDATE SET stars = CASE
                WHEN excluded.stars > lesson_stars.stars THEN excluded.stars
                ELSE lesson_stars.stars END""",
            (user_id, lesson, count, now),
        )
    return 0 if before is None else int(before[0])


async def state(db: Database, user_id: int) -> dict | None:
    """The lesson in progress (LessonSession.to_dict()), None when there is none."""
    row = await db.fetchone("SELECT state FROM lesson_state WHERE user_id = ?", (user_id,))
    return None if row is None else dict(decode(row[0]))


async def save_state(db: Database, user_id: int, value: dict | None, now: float) -> None:
    """Replace the lesson in progress; None forgets it."""
    if value is None:
        await db.execute("DELETE FROM lesson_state WHERE user_id = ?", (user_id,))
        return
    await db.execute(
        """INSERT INTO lesson_state (user_id, state, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET
            state = excluded.state, updated_at = excluded.updated_at""",
        (user_id, to_json(value, "a lesson's state"), now),
    )


async def seen(db: Database, user_id: int) -> set[str]:
    """The first-time moments already told to the player."""
    records = await db.fetchall("SELECT moment FROM moments_seen WHERE user_id = ?", (user_id,))
    return {str(record[0]) for record in records}


async def mark_seen(db: Database, user_id: int, moments: Iterable[str], now: float) -> set[str]:
    """Mark moments seen; the ones this call marked (not seen before, by anyone's call)."""
    marked: set[str] = set()
    async with db.transaction():
        for moment in sorted(set(moments)):
            changed = await db.execute(
                "INSERT INTO moments_seen (user_id, moment, seen_at) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (user_id, moment, now),
            )
            if changed:
                marked.add(moment)
    return marked
