"""Logros (achievements) and the per-match feats they and the podiums are read from.

A player earns each logro once (its primary key): awarding it again, after a crash, a
re-record or a backfill, does nothing. `announced` marks the ones already told, so each is
told once; a match's feats rows also mark its move log as scanned.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .backend import Database
from .migrations import GLOBAL_SCOPE, POOL_BOTS, POOL_HUMANS
from .models import Logro, MatchFeats

_COLUMNS = "user_id, logro, guild_id, match_id, earned_at"
# A player's totals of the rated pools (human-only and with bots) in one scope.
_RATED_TOTALS = f"scope = ? AND user_id = ? AND with_bots IN ({POOL_HUMANS}, {POOL_BOTS})"


async def save_feats(db: Database, feats: Iterable[tuple[str, MatchFeats]]) -> None:
    """Save (match id, feats) rows; a match's feats saved before are kept."""
    await db.executemany(
        "INSERT INTO match_feats (match_id, user_id, guild_id, caida_streak, cartones) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(match_id, f.user_id, f.guild_id, f.caida_streak, f.cartones) for match_id, f in feats],
    )


async def award(db: Database, earned: Iterable[Logro], announced: bool) -> None:
    """Store the logros not earned before (the others keep when and where they were)."""
    await db.executemany(
        f"INSERT INTO logros ({_COLUMNS}, announced) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        [(e.user_id, e.logro, e.guild_id, e.match_id, e.earned_at, int(announced)) for e in earned],
    )


async def to_announce(db: Database, match_id: str) -> tuple[int | None, list[Logro]]:
    """The match's channel and its logros not told yet, by player then when earned."""
    records = await db.fetchall(
        f"SELECT {_COLUMNS} FROM logros WHERE match_id = ? AND announced = 0 "
        "ORDER BY user_id, earned_at, logro",
        (match_id,),
    )
    channel = await db.fetchone("SELECT channel_id FROM matches WHERE match_id = ?", (match_id,))
    return (None if channel is None else int(channel[0])), [Logro(*record) for record in records]


async def matches_to_announce(db: Database) -> list[str]:
    """The matches that have logros not told yet (their telling failed or was cut off)."""
    records = await db.fetchall(
        "SELECT DISTINCT match_id FROM logros WHERE announced = 0 AND match_id IS NOT NULL"
    )
    return sorted(record[0] for record in records)


async def mark_announced(db: Database, match_id: str) -> None:
    await db.execute(
        "UPDATE logros SET announced = 1 WHERE match_id = ? AND announced = 0", (match_id,)
    )


async def of_player(db: Database, user_id: int) -> list[Logro]:
    """The player's logros, the first earned first."""
    records = await db.fetchall(
        f"SELECT {_COLUMNS} FROM logros WHERE user_id = ? ORDER BY earned_at, logro",
        (user_id,),
    )
    return [Logro(*record) for record in records]


async def unscanned(
    db: Database, before: float, after: tuple[float, str], limit: int
) -> list[tuple[float, str]]:
    """Matches finished before `before` (and after the cursor `after`, by time then id) that
    could earn logros (rated: not abandoned, not casual) and have a move log but no feats
    yet: their (finished_at, match_id), oldest first."""
    return [
        (float(finished_at), match_id)
        for finished_at, match_id in await db.fetchall(
            """SELECT l.finished_at, l.match_id FROM match_moves AS l
            JOIN matches AS m ON m.match_id = l.match_id
            WHERE l.finished_at < ?
                AND (l.finished_at > ? OR (l.finished_at = ? AND l.match_id > ?))
                AND m.outcome <> 'abandoned' AND m.casual = 0
                AND NOT EXISTS (SELECT 1 FROM match_feats AS f WHERE f.match_id = l.match_id)
            ORDER BY l.finished_at, l.match_id LIMIT ?""",
            (before, after[0], after[0], after[1], limit),
        )
    ]


async def counts(db: Database, user_id: int, season_scope: int | None) -> Mapping[str, int]:
    """What count-based logros ask of a player: wins and caídas over every rated match in all
    servers, and matches in the season (0 without one)."""
    totals = await db.fetchone(
        "SELECT COALESCE(SUM(wins), 0), COALESCE(SUM(caidas), 0), COALESCE(SUM(matches), 0) "
        f"FROM player_totals WHERE {_RATED_TOTALS}",
        (GLOBAL_SCOPE, user_id),
    )
    season = None
    if season_scope is not None:
        season = await db.fetchone(
            f"SELECT COALESCE(SUM(matches), 0) FROM player_totals WHERE {_RATED_TOTALS}",
            (season_scope, user_id),
        )
    wins, caidas, matches = totals or (0, 0, 0)
    return {
        "wins": int(wins),
        "caidas": int(caidas),
        "matches": int(matches),
        "season_matches": int(season[0]) if season else 0,
    }
