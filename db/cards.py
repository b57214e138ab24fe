"""What a player's card reads beyond the totals: the rating curve, the record per table
size, the head-to-head with another player and the feats' sums. Each reads the player's own
rows through an index that starts with the player, so it grows with their matches only."""

from __future__ import annotations

from .backend import Database
from .models import CurvePoint, ModeRecord

# The player's seats of matches that count (not abandoned), in one server or in all.
_MINE = """FROM match_players AS me JOIN matches AS m ON m.match_id = me.match_id
    WHERE me.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR me.guild_id = ?)
        AND m.outcome <> 'abandoned'"""


async def curve(
    db: Database, user_id: int, scope: int, with_bots: bool, players: int, limit: int
) -> list[CurvePoint]:
    """The player's conservative rating before the first of their last `limit` rated
    matches of one ranking (the curve's starting point), then after each, oldest first:
    `limit` matches give `limit + 1` points (none: no point at all)."""
    records = await db.fetchall(
        """SELECT finished_at, rating_before, rating_after FROM rating_changes
        WHERE user_id = ? AND scope = ? AND with_bots = ? AND players = ?
        ORDER BY finished_at DESC, match_id DESC LIMIT ?""",
        (user_id, scope, int(with_bots), players, limit),
    )
    oldest_first = list(reversed(records))
    if not oldest_first:
        return []
    start = CurvePoint(float(oldest_first[0][0]), float(oldest_first[0][1]))
    return [start] + [CurvePoint(float(when), float(after)) for when, _, after in oldest_first]


async def mode_records(db: Database, user_id: int, guild_id: int | None) -> list[ModeRecord]:
    """The player's wins and losses per table size (1 vs 1 first)."""
    records = await db.fetchall(
        f"SELECT m.players, COUNT(*), SUM(me.won) {_MINE} GROUP BY m.players ORDER BY m.players",
        (user_id, guild_id, guild_id),
    )
    return [
        ModeRecord(players, int(wins), int(count) - int(wins)) for players, count, wins in records
    ]


async def head_to_head(
    db: Database, user_id: int, other_id: int, guild_id: int | None
) -> tuple[int, int]:
    """The player's wins and losses in matches against `other_id` (on the other side)."""
    record = await db.fetchone(
        f"""SELECT COUNT(*), COALESCE(SUM(me.won), 0) {_MINE}
            AND EXISTS (SELECT 1 FROM match_players AS other WHERE other.match_id = me.match_id
                AND other.user_id = ? AND other.side <> me.side)""",
        (user_id, guild_id, guild_id, other_id),
    )
    count, wins = record or (0, 0)
    return int(wins), int(count) - int(wins)


async def feats(db: Database, user_id: int, guild_id: int | None) -> tuple[int, int]:
    """The cartones the player's sides won and their longest caída run (matches scanned
    for logros only)."""
    record = await db.fetchone(
        """SELECT COALESCE(SUM(cartones), 0), COALESCE(MAX(caida_streak), 0) FROM match_feats
        WHERE user_id = ? AND (CAST(? AS BIGINT) IS NULL OR guild_id = ?)""",
        (user_id, guild_id, guild_id),
    )
    cartones, streak = record or (0, 0)
    return int(cartones), int(streak)


async def names(db: Database, user_ids: list[int]) -> dict[int, str]:
    """Each player's name at their latest match (what the card writes for a partner)."""
    found = {}
    for user_id in dict.fromkeys(user_ids):
        record = await db.fetchone(
            """SELECT name FROM match_players WHERE user_id = ? AND name <> ''
            ORDER BY finished_at DESC, match_id DESC LIMIT 1""",
            (user_id,),
        )
        if record is not None:
            found[user_id] = str(record[0])
    return found
