"""Skill ratings: one per player, server (and all servers), ranking (human-only or with bots)
and table size (1 vs 1 or 2 vs 2), each rated match's changes, and the rating rankings.

The storage knows no rating model: `rate` reads the players' current skills and writes what
the caller's `rater` computes from them (a newcomer has none: the rater knows where one
starts), in one transaction. A match rated once is never
rated again (its rating_changes rows say it was), so rating after a crash is safe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from . import seasons
from .backend import Database
from .migrations import GLOBAL_SCOPE
from .models import MatchRecord, Rated, RatingChange, RatingRow, Skill

Rater = Callable[[Mapping[int, Skill]], Mapping[int, Rated]]

TREND_MATCHES = 10  # the trend is the change over this many of the player's last matches

_UPSERT = """INSERT INTO ratings (scope, with_bots, players, user_id, mu, sigma, rating,
        matches, wins, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
    ON CONFLICT (scope, with_bots, players, user_id) DO UPDATE SET
        mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
        matches = ratings.matches + 1, wins = ratings.wins + excluded.wins,
        updated_at = excluded.updated_at"""
_INSERT_CHANGE = """INSERT INTO rating_changes (match_id, scope, user_id, with_bots, players,
        finished_at, won, rating_before, rating_after, opponents)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
_COLUMNS = "user_id, with_bots, players, mu, sigma, matches, wins"


def _change_row(match: MatchRecord, scope: int, user: int, won: int, rated: Rated) -> tuple:
    """A rating_changes row (_INSERT_CHANGE's parameters)."""
    return (
        match.match_id,
        scope,
        user,
        int(match.with_bots),
        match.players,
        match.finished_at,
        won,
        rated.before.conservative,
        rated.after.conservative,
        rated.opponents,
    )


def scope_of(guild_id: int | None) -> int:
    return GLOBAL_SCOPE if guild_id is None else guild_id


async def changes(db: Database, match_id: str, scope: int) -> list[RatingChange]:
    """The match's rating changes in one scope (none: not rated there)."""
    records = await db.fetchall(
        "SELECT user_id, rating_before, rating_after FROM rating_changes "
        "WHERE match_id = ? AND scope = ? ORDER BY user_id",
        (match_id, scope),
    )
    return [RatingChange(*record) for record in records]


async def rate(db: Database, match: MatchRecord, rater: Rater, now: float) -> list[RatingChange]:
    """Rate a recorded match in its server, in all servers and in its season (a season's
    ratings start fresh); the changes in its server (all servers for a match outside one).
    A match rated before is left alone and its changes given back."""
    humans = {r.user_id: r for r in match.results if r.user_id is not None}
    ranking = (int(match.with_bots), match.players)
    own_scope = scope_of(match.guild_id)
    if not humans:
        return []
    async with db.transaction():
        done = await changes(db, match.match_id, own_scope)
        if done:
            return done
        season_id = await seasons.of_match(db, match.match_id)
        season = () if season_id is None else (seasons.scope(season_id),)
        scopes = dict.fromkeys((own_scope, GLOBAL_SCOPE, *season))
        for scope in scopes:
            marks = ", ".join("?" * len(humans))
            records = await db.fetchall(
                f"SELECT user_id, mu, sigma FROM ratings WHERE scope = ? AND with_bots = ? "
                f"AND players = ? AND user_id IN ({marks})",
                (scope, *ranking, *humans),
            )
            current = {user: Skill(mu, sigma) for user, mu, sigma in records}
            rated = rater(current)
            upserts, rows = [], []
            for user, new in rated.items():
                won, after = int(humans[user].won), new.after
                upserts.append(
                    (scope, *ranking, user, after.mu, after.sigma, after.conservative, won, now)
                )
                rows.append(_change_row(match, scope, user, won, new))
            await db.executemany(_UPSERT, upserts)
            await db.executemany(_INSERT_CHANGE, rows)
        return await changes(db, match.match_id, own_scope)


async def ranking(
    db: Database,
    scope: int,
    with_bots: bool,
    players: int,
    limit: int,
    offset: int,
) -> list[RatingRow]:
    """A page of a rating ranking, best conservative value first."""
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must not be negative")
    records = await db.fetchall(
        f"SELECT {_COLUMNS} FROM ratings WHERE scope = ? AND with_bots = ? AND players = ? "
        "ORDER BY rating DESC, user_id LIMIT ? OFFSET ?",
        (scope, int(with_bots), players, limit, offset),
    )
    return [_row(offset + position, record) for position, record in enumerate(records, start=1)]


async def ranking_size(db: Database, scope: int, with_bots: bool, players: int) -> int:
    record = await db.fetchone(
        "SELECT COUNT(*) FROM ratings WHERE scope = ? AND with_bots = ? AND players = ?",
        (scope, int(with_bots), players),
    )
    assert record is not None  # an aggregate gives one row
    return int(record[0])


def _row(rank: int, record: tuple, trend: float = 0.0) -> RatingRow:
    user_id, with_bots, players, mu, sigma, matches, wins = record
    return RatingRow(
        rank, user_id, bool(with_bots), players, Skill(mu, sigma), matches, wins, trend
    )


# The players ahead in a rank are counted as two ranges of the ratings_by_rating index
# (a higher rating; the same rating, a lower id): one condition with OR is a scan of the
# whole ranking on PostgreSQL.
_SAME_RANKING = """better.scope = mine.scope AND better.with_bots = mine.with_bots
    AND better.players = mine.players"""


async def player_ratings(
    db: Database, user_id: int, scope: int, ranking: tuple[bool, int] | None = None
) -> list[RatingRow]:
    """The player's ratings in one scope (a server, all servers, a season), each with its
    rank and trend; human-only before with bots, 1 vs 1 before 2 vs 2. `ranking`
    (with_bots, players): only that one."""
    only, params = (
        ("", ())
        if ranking is None
        else (
            "AND with_bots = ? AND players = ?",
            (int(ranking[0]), ranking[1]),
        )
    )
    records = await db.fetchall(
        f"""SELECT {_COLUMNS}, (SELECT COUNT(*) FROM ratings AS better
                WHERE {_SAME_RANKING} AND better.rating > mine.rating)
            + (SELECT COUNT(*) FROM ratings AS better
                WHERE {_SAME_RANKING} AND better.rating = mine.rating
                    AND better.user_id < mine.user_id)
        FROM ratings AS mine WHERE scope = ? AND user_id = ? {only}
        ORDER BY with_bots, players""",
        (scope, user_id, *params),
    )
    rows = []
    for *record, better in records:
        recent = await db.fetchall(
            """SELECT rating_before, rating_after FROM rating_changes
            WHERE user_id = ? AND scope = ? AND with_bots = ? AND players = ?
            ORDER BY finished_at DESC, match_id DESC LIMIT ?""",
            (user_id, scope, record[1], record[2], TREND_MATCHES),
        )
        trend = recent[0][1] - recent[-1][0] if recent else 0.0
        rows.append(_row(int(better) + 1, tuple(record), trend))
    return rows


async def best_win(db: Database, user_id: int, guild_id: int | None) -> tuple[str, float] | None:
    """The player's rated win against the strongest opponents: (match id, their strength)."""
    record = await db.fetchone(
        """SELECT match_id, opponents FROM rating_changes
        WHERE user_id = ? AND scope = ? AND won = 1
        ORDER BY opponents DESC, finished_at DESC LIMIT 1""",
        (user_id, scope_of(guild_id)),
    )
    return None if record is None else (record[0], record[1])


_INSERT_RATING = """INSERT INTO ratings (scope, with_bots, players, user_id, mu, sigma, rating,
        matches, wins, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""


async def rate_many(
    db: Database, matches: Iterable[MatchRecord], rater_for: Callable[[MatchRecord], Rater]
) -> None:
    """Bulk rating (benchmarks, imports) of recorded matches, in order, into a database that
    has no ratings yet: computed in memory, written in one transaction. The result is the
    same as rate() for each match. ValueError if some ratings are already stored."""
    skills: dict[tuple[int, int, int, int], tuple[Skill, int, int]] = {}
    rows = []
    season_of = dict(await db.fetchall("SELECT match_id, season_id FROM season_matches"))
    for match in matches:
        ranking = (int(match.with_bots), match.players)
        won = {r.user_id: int(r.won) for r in match.results if r.user_id is not None}
        season_id = season_of.get(match.match_id)
        season = () if season_id is None else (seasons.scope(season_id),)
        for scope in dict.fromkeys((scope_of(match.guild_id), GLOBAL_SCOPE, *season)):
            keys = {user: (scope, *ranking, user) for user in won}
            current = {user: skills[key][0] for user, key in keys.items() if key in skills}
            for user, new in rater_for(match)(current).items():
                _, played, wins = skills.get(keys[user], (new.before, 0, 0))
                skills[keys[user]] = (new.after, played + 1, wins + won[user])
                rows.append(_change_row(match, scope, user, won[user], new))
    async with db.transaction():
        if await db.fetchone("SELECT 1 FROM ratings LIMIT 1") is not None:
            raise ValueError("rate_many needs a database without ratings")
        await db.executemany(
            _INSERT_RATING,
            [
                (*key, skill.mu, skill.sigma, skill.conservative, played, wins, 0.0)
                for key, (skill, played, wins) in skills.items()
            ],
        )
        await db.executemany(_INSERT_CHANGE, rows)
