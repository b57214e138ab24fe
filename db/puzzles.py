"""Puzzles in the database: the puzzles made, each server's daily post and puzzle of the
day, the players' answers, streaks and ranking (schema: migrations._V9).

A day is a whole number (tables.puzzles counts them). One answer per player and day
counts: the first written (the primary key of puzzle_attempts), so two clicks at once
count once. A streak is days solved in a row: solving day D continues it if the last day
solved was D - 1, else starts it again at 1; a wrong answer ends it; reading it on day D,
a streak whose last solved day is before D - 1 has been broken by the day missed.
"""

from __future__ import annotations

import json

from .backend import Database
from .codec import to_json
from .models import PuzzleAttempt, PuzzleDay, PuzzleServer, PuzzleStanding, StoredPuzzle

BOTS_GUILD = 0  # puzzles of the bots' own games, for every server


async def add_puzzles(db: Database, puzzles: list[StoredPuzzle], now: float) -> int:
    """Keep new puzzles (a puzzle already kept is left as it is); how many were new."""
    added = 0
    async with db.transaction():
        for puzzle in puzzles:
            added += await db.execute(
                """INSERT INTO puzzles (puzzle_id, guild_id, user_id, difficulty, data, created_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (puzzle_id) DO NOTHING""",
                (
                    puzzle.puzzle_id,
                    puzzle.guild_id,
                    puzzle.user_id,
                    puzzle.difficulty,
                    to_json(puzzle.data, "a puzzle"),
                    now,
                ),
            )
    return added


async def get_puzzle(db: Database, puzzle_id: str) -> StoredPuzzle | None:
    found = await db.fetchone(
        "SELECT puzzle_id, guild_id, user_id, difficulty, data FROM puzzles WHERE puzzle_id = ?",
        (puzzle_id,),
    )
    return None if found is None else _stored(found)


def _stored(row: tuple) -> StoredPuzzle:
    puzzle_id, guild_id, user_id, difficulty, data = row
    return StoredPuzzle(puzzle_id, guild_id, user_id, difficulty, json.loads(data))


async def count_puzzles(db: Database, guild_id: int) -> dict[str, int]:
    """How many puzzles a server can be given (its own and the bots'), per difficulty."""
    rows = await db.fetchall(
        "SELECT difficulty, COUNT(*) FROM puzzles WHERE guild_id IN (?, ?) GROUP BY difficulty",
        (guild_id, BOTS_GUILD),
    )
    return {difficulty: int(count) for difficulty, count in rows}


async def unused_puzzle(db: Database, guild_id: int, difficulty: str | None) -> StoredPuzzle | None:
    """A puzzle never yet the server's puzzle of a day, of `difficulty` (None: any): the
    server's own first, then the oldest."""
    where = "" if difficulty is None else " AND difficulty = ?"
    params = (guild_id, BOTS_GUILD) + (() if difficulty is None else (difficulty,))
    found = await db.fetchone(
        f"""SELECT puzzle_id, guild_id, user_id, difficulty, data FROM puzzles
        WHERE guild_id IN (?, ?){where}
        AND puzzle_id NOT IN (SELECT puzzle_id FROM puzzle_days WHERE guild_id = ?)
        ORDER BY guild_id DESC, created_at, puzzle_id LIMIT 1""",
        (*params, guild_id),
    )
    return None if found is None else _stored(found)


async def random_puzzle(
    db: Database, guild_id: int, difficulty: str, pick: float
) -> StoredPuzzle | None:
    """One of the server's puzzles (its own or the bots') of `difficulty`, the one at
    fraction `pick` (0 <= pick < 1) of them: for practice."""
    count = await db.fetchone(
        "SELECT COUNT(*) FROM puzzles WHERE guild_id IN (?, ?) AND difficulty = ?",
        (guild_id, BOTS_GUILD, difficulty),
    )
    total = 0 if count is None else int(count[0])
    if not total:
        return None
    found = await db.fetchone(
        """SELECT puzzle_id, guild_id, user_id, difficulty, data FROM puzzles
        WHERE guild_id IN (?, ?) AND difficulty = ? ORDER BY puzzle_id LIMIT 1 OFFSET ?""",
        (guild_id, BOTS_GUILD, difficulty, min(total - 1, int(pick * total))),
    )
    return None if found is None else _stored(found)


async def unmined_matches(db: Database, guild_id: int, limit: int) -> list[str]:
    """A server's latest 2-player matches with their moves kept, not yet searched for puzzles."""
    rows = await db.fetchall(
        """SELECT m.match_id FROM matches AS m JOIN match_moves AS l ON l.match_id = m.match_id
        WHERE m.guild_id = ? AND m.players = 2
        AND m.match_id NOT IN (SELECT match_id FROM puzzle_mined)
        ORDER BY m.finished_at DESC, m.match_id LIMIT ?""",
        (guild_id, limit),
    )
    return [row[0] for row in rows]


async def mark_mined(db: Database, match_ids: list[str], now: float) -> None:
    await db.executemany(
        "INSERT INTO puzzle_mined (match_id, mined_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
        [(match_id, now) for match_id in match_ids],
    )


# ------------------------------------------------------------------ the daily post
async def set_server(db: Database, server: PuzzleServer, now: float) -> None:
    await db.execute(
        """INSERT INTO puzzle_servers
            (guild_id, channel_id, hour, name_players, first_day, updated_at)
        VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET
            channel_id = excluded.channel_id, hour = excluded.hour,
            name_players = excluded.name_players, first_day = excluded.first_day,
            updated_at = excluded.updated_at""",
        (
            server.guild_id,
            server.channel_id,
            server.hour,
            int(server.name_players),
            server.first_day,
            now,
        ),
    )


async def remove_server(db: Database, guild_id: int) -> None:
    await db.execute("DELETE FROM puzzle_servers WHERE guild_id = ?", (guild_id,))


async def servers(db: Database, guild_id: int | None = None) -> list[PuzzleServer]:
    """Every server with a daily post (or the one server `guild_id`)."""
    where, params = ("", ()) if guild_id is None else (" WHERE guild_id = ?", (guild_id,))
    rows = await db.fetchall(
        f"SELECT guild_id, channel_id, hour, name_players, first_day FROM puzzle_servers{where} "
        "ORDER BY guild_id",
        params,
    )
    return [PuzzleServer(g, c, h, bool(n), first) for g, c, h, n, first in rows]


async def get_day(db: Database, guild_id: int, day: int) -> PuzzleDay | None:
    found = await db.fetchone(
        "SELECT puzzle_id, message_id FROM puzzle_days WHERE guild_id = ? AND day = ?",
        (guild_id, day),
    )
    return None if found is None else PuzzleDay(guild_id, day, found[0], found[1])


async def choose_day(db: Database, guild_id: int, day: int, puzzle_id: str) -> PuzzleDay:
    """Make `puzzle_id` the server's puzzle of `day`, unless one was chosen already (that
    one stays); the day's puzzle."""
    await db.execute(
        """INSERT INTO puzzle_days (guild_id, day, puzzle_id) VALUES (?, ?, ?)
        ON CONFLICT (guild_id, day) DO NOTHING""",
        (guild_id, day, puzzle_id),
    )
    chosen = await get_day(db, guild_id, day)
    assert chosen is not None
    return chosen


async def set_posted(db: Database, guild_id: int, day: int, message_id: int) -> None:
    await db.execute(
        "UPDATE puzzle_days SET message_id = ? WHERE guild_id = ? AND day = ?",
        (message_id, guild_id, day),
    )


async def day_results(db: Database, guild_id: int, day: int) -> tuple[int, int]:
    """How many answered the server's puzzle of `day`, and how many of them solved it."""
    found = await db.fetchone(
        "SELECT COUNT(*), SUM(solved) FROM puzzle_attempts WHERE guild_id = ? AND day = ?",
        (guild_id, day),
    )
    if found is None:
        return 0, 0
    return int(found[0] or 0), int(found[1] or 0)


# ------------------------------------------------------------------ answers, streaks
async def record_attempt(
    db: Database,
    guild_id: int,
    day: int,
    user_id: int,
    puzzle_id: str,
    move: str,
    solved: bool,
    now: float,
) -> PuzzleAttempt:
    """Count a player's answer to the server's puzzle of `day`, unless one counts already."""
    async with db.transaction():
        first = await db.execute(
            """INSERT INTO puzzle_attempts (guild_id, day, user_id, puzzle_id, move, solved, at)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, day, user_id) DO NOTHING""",
            (guild_id, day, user_id, puzzle_id, move, int(solved), now),
        )
        if first:
            await _count(db, guild_id, user_id, day, solved)
        else:
            kept = await db.fetchone(
                "SELECT move, solved FROM puzzle_attempts "
                "WHERE guild_id = ? AND day = ? AND user_id = ?",
                (guild_id, day, user_id),
            )
            assert kept is not None
            move, solved = kept[0], bool(kept[1])
        standing_now = await standing(db, guild_id, user_id, day)
    streak = 0 if standing_now is None else standing_now.streak
    best = 0 if standing_now is None else standing_now.best_streak
    return PuzzleAttempt(bool(first), move, solved, streak, best)


async def _count(db: Database, guild_id: int, user_id: int, day: int, solved: bool) -> None:
    row = await db.fetchone(
        "SELECT solved, tried, streak, best_streak, last_solved_day FROM puzzle_players "
        "WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    total, tried, streak, best, last_day = (0, 0, 0, 0, -2) if row is None else row
    if solved:
        streak = (streak if last_day == day - 1 else 0) + 1
        total, last_day = total + 1, day
    else:
        streak = 0
    await db.execute(
        """INSERT INTO puzzle_players
            (guild_id, user_id, solved, tried, streak, best_streak, last_solved_day)
        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET
            solved = excluded.solved, tried = excluded.tried, streak = excluded.streak,
            best_streak = excluded.best_streak, last_solved_day = excluded.last_solved_day""",
        (guild_id, user_id, total, tried + 1, streak, max(best, streak), last_day),
    )


_STANDING = (
    "SELECT user_id, solved, tried, streak, best_streak, last_solved_day FROM puzzle_players"
)


def _standing_of(row: tuple, today: int) -> PuzzleStanding:
    user_id, solved, tried, streak, best, last_day = row
    alive = streak if last_day >= today - 1 else 0
    return PuzzleStanding(user_id, solved, tried, alive, best)


async def standing(db: Database, guild_id: int, user_id: int, today: int) -> PuzzleStanding | None:
    """A player's puzzle record in a server, read on day `today`; None if they never answered."""
    row = await db.fetchone(f"{_STANDING} WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
    return None if row is None else _standing_of(row, today)


async def ranking(db: Database, guild_id: int, today: int, limit: int) -> list[PuzzleStanding]:
    """A server's puzzle ranking: the most solved, then the best streak."""
    rows = await db.fetchall(
        f"{_STANDING} WHERE guild_id = ? ORDER BY solved DESC, best_streak DESC, user_id LIMIT ?",
        (guild_id, limit),
    )
    return [_standing_of(row, today) for row in rows]
