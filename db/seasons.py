"""Seasons: a server's seasons, the season each match counts in, and a season's end.

A season's totals and ratings are rows of player_totals and ratings (and its rating changes
rows of rating_changes) whose scope is -season_id: every ranking, rank and trend query works
on a season as on a server, and a new season starts fresh as new rows, nothing deleted.
"""

from __future__ import annotations

import json

from .backend import Database
from .migrations import POOL_BOTS, POOL_CASUAL, POOL_HUMANS
from .models import Podium, PodiumPlace, Season, SeasonRow

_COLUMNS = (
    "season_id, guild_id, season_key, name, starts_at, ends_at, archived_at, announced, podium"
)

# Adds each season's totals (scope -season_id) to player_totals rebuilt from the matches
# (records.record_many): the same sums as migrations.REBUILD_PLAYER_TOTALS, per season.
REBUILD_SEASON_TOTALS = f"""INSERT INTO player_totals (
        scope, with_bots, user_id, matches, wins, win_rate, points, chicas_won, chicas_lost,
        caidas, limpias, rondas, zapaterias_given, zapaterias_suffered)
    SELECT -s.season_id, CASE WHEN m.with_bots = 1 THEN {POOL_BOTS} WHEN m.casual = 1
            THEN {POOL_CASUAL} ELSE {POOL_HUMANS} END AS pool,
        p.user_id, COUNT(*), SUM(p.won), CAST(SUM(p.won) AS REAL) / COUNT(*), SUM(p.points),
        SUM(p.chicas_won), SUM(p.chicas_lost), SUM(p.caidas), SUM(p.limpias), SUM(p.rondas),
        SUM(p.zapaterias_given), SUM(p.zapaterias_suffered)
    FROM season_matches AS s JOIN matches AS m ON m.match_id = s.match_id
        JOIN match_players AS p ON p.match_id = s.match_id
    WHERE p.user_id IS NOT NULL AND m.outcome <> 'abandoned'
    GROUP BY s.season_id, pool, p.user_id"""


def scope(season_id: int) -> int:
    """The scope of a season's rows in player_totals, ratings and rating_changes."""
    return -season_id


def _row(record: tuple) -> SeasonRow:
    season_id, guild_id, key, name, starts_at, ends_at, archived_at, announced, podium = record
    return SeasonRow(
        season_id=season_id,
        guild_id=guild_id,
        season=Season(key, name, starts_at, ends_at),
        archived_at=archived_at,
        announced=bool(announced),
        podium=None if archived_at is None else Podium.from_dict(json.loads(podium)),
    )


async def ensure(db: Database, guild_id: int, season: Season) -> int | None:
    """The id of the server's season, stored first if new (inside a write transaction,
    which writers take one at a time: the next id is safe to count); None for a season
    already archived (its podium was told: a match counted after it would contradict it;
    only a zone moved west just after a season's end comes back into it)."""
    found = await db.fetchone(
        "SELECT season_id, archived_at FROM seasons WHERE guild_id = ? AND season_key = ?",
        (guild_id, season.key),
    )
    if found is not None:
        return None if found[1] is not None else int(found[0])
    (last,) = await db.fetchone("SELECT COALESCE(MAX(season_id), 0) FROM seasons") or (0,)
    season_id = int(last) + 1
    await db.execute(
        "INSERT INTO seasons (season_id, guild_id, season_key, name, starts_at, ends_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (season_id, guild_id, season.key, season.name, season.starts_at, season.ends_at),
    )
    return season_id


async def of_match(db: Database, match_id: str) -> int | None:
    """The season the match counts in (None: none)."""
    found = await db.fetchone(
        "SELECT season_id FROM season_matches WHERE match_id = ?", (match_id,)
    )
    return None if found is None else int(found[0])


async def by_key(db: Database, guild_id: int, key: str) -> SeasonRow | None:
    found = await db.fetchone(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND season_key = ?", (guild_id, key)
    )
    return None if found is None else _row(found)


async def by_id(db: Database, season_id: int) -> SeasonRow | None:
    found = await db.fetchone(f"SELECT {_COLUMNS} FROM seasons WHERE season_id = ?", (season_id,))
    return None if found is None else _row(found)


async def of_guild(db: Database, guild_id: int, limit: int) -> list[SeasonRow]:
    """The server's seasons, the latest first."""
    records = await db.fetchall(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY starts_at DESC LIMIT ?",
        (guild_id, limit),
    )
    return [_row(record) for record in records]


async def due(db: Database, now: float) -> list[SeasonRow]:
    """The seasons that ended by `now` and are not announced yet, the first ended first."""
    records = await db.fetchall(
        f"SELECT {_COLUMNS} FROM seasons WHERE announced = 0 AND ends_at <= ? "
        "ORDER BY ends_at, season_id",
        (now,),
    )
    return [_row(record) for record in records]


async def next_end(db: Database, after: float) -> float | None:
    """When the next season not yet announced ends after `after` (None: none)."""
    found = await db.fetchone(
        "SELECT MIN(ends_at) FROM seasons WHERE announced = 0 AND ends_at > ?", (after,)
    )
    return None if found is None or found[0] is None else float(found[0])


PODIUM_BELOW = 2  # ranked players a podium place needs below it: 3 ranked crown one


def podium_places(ranked: int) -> int:
    """How many podium places a ladder of `ranked` players gives: never the last ones (with
    3 ranked, the champion only; 5 or more, three)."""
    return max(0, min(3, ranked - PODIUM_BELOW))


async def _podium(db: Database, season_id: int) -> Podium:
    """The season's podium, from its ratings, totals and the players' caída streaks."""
    season = scope(season_id)
    ladder = await db.fetchone(
        "SELECT with_bots, players FROM ratings WHERE scope = ? GROUP BY with_bots, players "
        "ORDER BY COUNT(*) DESC, with_bots, players LIMIT 1",
        (season,),
    )
    with_bots, players = (0, 2) if ladder is None else ladder
    ranked = await db.fetchone(
        "SELECT COUNT(*) FROM ratings WHERE scope = ? AND with_bots = ? AND players = ?",
        (season, with_bots, players),
    )
    places = podium_places(0 if ranked is None else int(ranked[0]))
    best = await db.fetchall(
        "SELECT user_id, rating, matches, wins FROM ratings "
        "WHERE scope = ? AND with_bots = ? AND players = ? ORDER BY rating DESC, user_id LIMIT ?",
        (season, with_bots, players, places),
    )
    busiest = await db.fetchall(  # on the podium's own ladder; everyone tied for it
        """SELECT user_id, matches, matches, wins FROM ratings
        WHERE scope = ? AND with_bots = ? AND players = ? AND matches = (
            SELECT MAX(matches) FROM ratings WHERE scope = ? AND with_bots = ? AND players = ?)
        ORDER BY user_id""",
        (season, with_bots, players, season, with_bots, players),
    )
    streak = await db.fetchone(
        """SELECT f.user_id, MAX(f.caida_streak) FROM season_matches AS s
        JOIN match_feats AS f ON f.match_id = s.match_id
        WHERE s.season_id = ? AND f.caida_streak > 0
        GROUP BY f.user_id ORDER BY MAX(f.caida_streak) DESC, f.user_id LIMIT 1""",
        (season_id,),
    )
    last = await db.fetchone(
        """SELECT m.channel_id FROM season_matches AS s JOIN matches AS m ON m.match_id = s.match_id
        WHERE s.season_id = ? ORDER BY m.finished_at DESC, m.match_id DESC LIMIT 1""",
        (season_id,),
    )
    return Podium(
        channel_id=None if last is None else int(last[0]),
        with_bots=bool(with_bots),
        players=int(players),
        places=tuple(_place(record) for record in best),
        most_matches=_place(busiest[0]) if busiest else None,
        most_matches_tied=tuple(int(record[0]) for record in busiest[1:]),
        best_streak=None if streak is None else _place(streak),
    )


def _place(record: tuple) -> PodiumPlace:
    """A podium line from (user, value[, matches, wins]) (PostgreSQL sums are Decimals)."""
    user_id, value, *counts = record
    return PodiumPlace(int(user_id), float(value), *(int(count) for count in counts))


async def archive(db: Database, season_id: int, now: float) -> SeasonRow | None:
    """Archive an ended season with its podium (once: an archived season keeps the podium
    it was archived with); the season as stored, None if unknown."""
    async with db.transaction():
        found = await by_id(db, season_id)
        if found is None or found.archived_at is not None:
            return found
        podium = await _podium(db, season_id)
        await db.execute(
            "UPDATE seasons SET archived_at = ?, podium = ? WHERE season_id = ?",
            (now, json.dumps(podium.to_dict()), season_id),
        )
        return await by_id(db, season_id)


async def retime(db: Database, season_id: int, starts_at: float, ends_at: float) -> None:
    """Move a season not yet archived to new bounds (the server's time zone changed)."""
    await db.execute(
        "UPDATE seasons SET starts_at = ?, ends_at = ? WHERE season_id = ? AND archived_at IS NULL",
        (starts_at, ends_at, season_id),
    )


async def mark_announced(db: Database, season_id: int) -> None:
    await db.execute("UPDATE seasons SET announced = 1 WHERE season_id = ?", (season_id,))
