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
from collections.abc import Callable

from .backend import Database
from .codec import to_json
from .models import (
    PuzzleAnswer,
    PuzzleAttempt,
    PuzzleDay,
    PuzzleServer,
    PuzzleStanding,
    Skill,
    StoredPuzzle,
)

# (the player's puzzle rating, the puzzle's; None: unrated), solved -> both after the try
PuzzleRater = Callable[[Skill | None, Skill | None, bool], tuple[Skill, Skill]]

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
    """How many puzzles a server can still be given as a day's puzzle (its own and the
    bots', never yet its puzzle of a day), per difficulty: the stock it has left."""
    rows = await db.fetchall(
        """SELECT p.difficulty, COUNT(*) FROM puzzles AS p
        LEFT JOIN puzzle_days AS d ON d.guild_id = ? AND d.puzzle_id = p.puzzle_id
        WHERE p.guild_id IN (?, ?) AND d.puzzle_id IS NULL GROUP BY p.difficulty""",
        (guild_id, guild_id, BOTS_GUILD),
    )
    return {difficulty: int(count) for difficulty, count in rows}


async def unused_puzzle(db: Database, guild_id: int, difficulty: str | None) -> StoredPuzzle | None:
    """A puzzle never yet the server's puzzle of a day, of `difficulty` (None: any): one
    nobody there has practised first, then the server's own, then the oldest."""
    where = "" if difficulty is None else " AND difficulty = ?"
    params = (guild_id, BOTS_GUILD) + (() if difficulty is None else (difficulty,))
    found = await db.fetchone(
        f"""SELECT puzzle_id, guild_id, user_id, difficulty, data FROM puzzles
        WHERE guild_id IN (?, ?){where}
        AND puzzle_id NOT IN (SELECT puzzle_id FROM puzzle_days WHERE guild_id = ?)
        ORDER BY EXISTS (SELECT 1 FROM puzzle_seen AS seen
            WHERE seen.guild_id = ? AND seen.puzzle_id = puzzles.puzzle_id),
        guild_id DESC, created_at, puzzle_id LIMIT 1""",
        (*params, guild_id, guild_id),
    )
    return None if found is None else _stored(found)


_PRACTICE_FROM = """FROM puzzles WHERE guild_id IN (?, ?) AND difficulty = ?
    AND puzzle_id NOT IN (SELECT puzzle_id FROM puzzle_days WHERE guild_id = ? AND day >= ?)
    AND puzzle_id NOT IN (SELECT puzzle_id FROM puzzle_attempts WHERE guild_id = ? AND user_id = ?)
    AND puzzle_id NOT IN (SELECT puzzle_id FROM puzzle_seen WHERE guild_id = ? AND user_id = ?)"""


async def practice_puzzle(
    db: Database,
    guild_id: int,
    user_id: int,
    difficulty: str,
    since_day: int,
    pick: float,
    now: float,
) -> StoredPuzzle | None:
    """A practice puzzle for a player, now marked as seen by them: one of the server's (its
    own or the bots') of `difficulty` that is no puzzle of a day from `since_day` on (the
    last days', today's and those chosen ahead: practice must not give their answer away),
    that the player never answered as a day's puzzle nor was shown for practice; the one at
    fraction `pick` (0 <= pick < 1) of them. None when there is none left."""
    params: tuple[int | str, ...] = (guild_id, BOTS_GUILD, difficulty, guild_id, since_day)
    params += (guild_id, user_id, guild_id, user_id)
    async with db.transaction():
        count = await db.fetchone(f"SELECT COUNT(*) {_PRACTICE_FROM}", params)
        total = 0 if count is None else int(count[0])
        if not total:
            return None
        found = await db.fetchone(
            f"""SELECT puzzle_id, guild_id, user_id, difficulty, data {_PRACTICE_FROM}
            ORDER BY puzzle_id LIMIT 1 OFFSET ?""",
            (*params, min(total - 1, int(pick * total))),
        )
        if found is None:
            return None
        await mark_seen(db, guild_id, user_id, found[0], now)
    return _stored(found)


async def mark_seen(db: Database, guild_id: int, user_id: int, puzzle_id: str, now: float) -> None:
    """Remember that a player was shown `puzzle_id` for practice (never served again)."""
    await db.execute(
        """INSERT INTO puzzle_seen (guild_id, user_id, puzzle_id, seen_at) VALUES (?, ?, ?, ?)
        ON CONFLICT DO NOTHING""",
        (guild_id, user_id, puzzle_id, now),
    )


async def practice_total(db: Database, guild_id: int, difficulty: str) -> int:
    """How many puzzles of `difficulty` the server has in all (seen or not)."""
    found = await db.fetchone(
        "SELECT COUNT(*) FROM puzzles WHERE guild_id IN (?, ?) AND difficulty = ?",
        (guild_id, BOTS_GUILD, difficulty),
    )
    return 0 if found is None else int(found[0])


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
            (guild_id, channel_id, hour, name_players, first_day, updated_at, time_zone)
        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET
            channel_id = excluded.channel_id, hour = excluded.hour,
            name_players = excluded.name_players, first_day = excluded.first_day,
            updated_at = excluded.updated_at, time_zone = excluded.time_zone""",
        (
            server.guild_id,
            server.channel_id,
            server.hour,
            int(server.name_players),
            server.first_day,
            now,
            server.time_zone,
        ),
    )


async def remove_server(db: Database, guild_id: int) -> None:
    await db.execute("DELETE FROM puzzle_servers WHERE guild_id = ?", (guild_id,))


async def servers(db: Database, guild_id: int | None = None) -> list[PuzzleServer]:
    """Every server with a daily post (or the one server `guild_id`)."""
    where, params = ("", ()) if guild_id is None else (" WHERE guild_id = ?", (guild_id,))
    rows = await db.fetchall(
        "SELECT guild_id, channel_id, hour, name_players, first_day, time_zone "
        f"FROM puzzle_servers{where} ORDER BY guild_id",
        params,
    )
    return [PuzzleServer(g, c, h, bool(n), first, zone) for g, c, h, n, first, zone in rows]


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
    db: Database, answer: PuzzleAnswer, now: float, rater: PuzzleRater | None = None
) -> PuzzleAttempt:
    """Count a player's answer to the server's puzzle of its day, unless one counts
    already; a counted answer is rated by `rater` (None: not rated)."""
    guild_id, day, user_id = answer.guild_id, answer.day, answer.user_id
    move, solved = answer.move, answer.solved  # the counted answer's, told back
    async with db.transaction():
        first = await db.execute(
            """INSERT INTO puzzle_attempts (guild_id, day, user_id, puzzle_id, move, solved, at)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, day, user_id) DO NOTHING""",
            (guild_id, day, user_id, answer.puzzle_id, move, int(solved), now),
        )
        ended = 0
        if first:
            ended = await _count(db, guild_id, user_id, day, solved)
            if rater is not None:
                await _rate(db, guild_id, user_id, answer.puzzle_id, solved, rater)
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
    return PuzzleAttempt(bool(first), move, solved, streak, best, ended)


async def claim_share(
    db: Database, guild_id: int, day: int, user_id: int, shared: bool = True
) -> tuple[bool, int] | None:
    """Mark the player's counted answer of `day` shared (`shared=False`: not, after a post
    that failed): (solved, the streak now) if this call changed it, None if it was so
    already or there is no counted answer. Two clicks at once share once."""
    async with db.transaction():
        changed = await db.execute(
            "UPDATE puzzle_attempts SET shared = ? "
            "WHERE guild_id = ? AND day = ? AND user_id = ? AND shared = ?",
            (int(shared), guild_id, day, user_id, int(not shared)),
        )
        if not changed:
            return None
        row = await db.fetchone(
            "SELECT solved FROM puzzle_attempts WHERE guild_id = ? AND day = ? AND user_id = ?",
            (guild_id, day, user_id),
        )
        mine = await standing(db, guild_id, user_id, day)
    return bool(row and row[0]), 0 if mine is None else mine.streak


async def _count(db: Database, guild_id: int, user_id: int, day: int, solved: bool) -> int:
    """Count an answer in the player's totals and streak; the streak it ended (0: none)."""
    row = await db.fetchone(
        "SELECT solved, tried, streak, best_streak, last_solved_day FROM puzzle_players "
        "WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    total, tried, streak, best, last_day = (0, 0, 0, 0, -2) if row is None else row
    continued = solved and last_day == day - 1
    ended = 0 if continued else streak
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
    return int(ended)


# A player's place: 1 + the players of the server ahead of them (the ranking's order).
async def _rate(
    db: Database, guild_id: int, user_id: int, puzzle_id: str, solved: bool, rater: PuzzleRater
) -> None:
    """Rate a counted answer: the player's row exists (_count wrote it)."""
    mine = await db.fetchone(
        "SELECT mu, sigma FROM puzzle_players WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    theirs = await db.fetchone(
        "SELECT mu, sigma FROM puzzle_ratings WHERE puzzle_id = ?", (puzzle_id,)
    )
    player, puzzle = rater(_skill(mine), _skill(theirs), solved)
    await db.execute(
        "UPDATE puzzle_players SET mu = ?, sigma = ? WHERE guild_id = ? AND user_id = ?",
        (player.mu, player.sigma, guild_id, user_id),
    )
    await db.execute(
        """INSERT INTO puzzle_ratings (puzzle_id, mu, sigma, tries, solved)
        VALUES (?, ?, ?, 1, ?) ON CONFLICT (puzzle_id) DO UPDATE SET
            mu = excluded.mu, sigma = excluded.sigma, tries = puzzle_ratings.tries + 1,
            solved = puzzle_ratings.solved + excluded.solved""",
        (puzzle_id, puzzle.mu, puzzle.sigma, int(solved)),
    )


def _skill(row: tuple | None) -> Skill | None:
    return None if row is None or row[0] is None else Skill(row[0], row[1])


async def puzzle_skill(db: Database, puzzle_id: str) -> tuple[Skill, int, int] | None:
    """A puzzle's rating, its counted tries and how many solved it; None if never tried."""
    row = await db.fetchone(
        "SELECT mu, sigma, tries, solved FROM puzzle_ratings WHERE puzzle_id = ?", (puzzle_id,)
    )
    return None if row is None else (Skill(row[0], row[1]), int(row[2]), int(row[3]))


_STANDING = """SELECT mine.user_id, mine.solved, mine.tried, mine.streak, mine.best_streak,
    mine.last_solved_day, mine.mu, mine.sigma, 1 + (SELECT COUNT(*) FROM puzzle_players AS better
        WHERE better.guild_id = mine.guild_id AND (better.solved > mine.solved
            OR (better.solved = mine.solved AND (better.best_streak > mine.best_streak
                OR (better.best_streak = mine.best_streak AND better.user_id < mine.user_id)))))
    FROM puzzle_players AS mine"""


def _standing_of(row: tuple, today: int) -> PuzzleStanding:
    user_id, solved, tried, streak, best, last_day, mu, sigma, rank = row
    alive = streak if last_day >= today - 1 else 0
    skill = _skill((mu, sigma))
    return PuzzleStanding(user_id, solved, tried, alive, best, int(rank), skill)


async def standing(db: Database, guild_id: int, user_id: int, today: int) -> PuzzleStanding | None:
    """A player's puzzle record in a server, read on day `today`; None if they never answered."""
    row = await db.fetchone(
        f"{_STANDING} WHERE mine.guild_id = ? AND mine.user_id = ?", (guild_id, user_id)
    )
    return None if row is None else _standing_of(row, today)


async def players(db: Database, guild_id: int) -> int:
    """How many players of a server have answered a puzzle (its ranking's length)."""
    found = await db.fetchone("SELECT COUNT(*) FROM puzzle_players WHERE guild_id = ?", (guild_id,))
    return 0 if found is None else int(found[0])


async def ranking(db: Database, guild_id: int, today: int, limit: int) -> list[PuzzleStanding]:
    """A server's puzzle ranking: the most solved, then the best streak."""
    rows = await db.fetchall(
        f"{_STANDING} WHERE mine.guild_id = ? "
        "ORDER BY mine.solved DESC, mine.best_streak DESC, mine.user_id LIMIT ?",
        (guild_id, limit),
    )
    return [_standing_of(row, today) for row in rows]
