"""Rankings and per-player statistics, read from the player_totals aggregate.

Rankings read a handful of rows through an index per sort, so their cost does not grow
with the number of recorded matches. Best partner and toughest opponent are counted from
the player's own seats (match_players_by_user), so they grow with that player's matches only.
"""

from __future__ import annotations

from .backend import Database
from .migrations import GLOBAL_SCOPE, POOL_BOTS, POOL_CASUAL, POOL_HUMANS
from .models import LeaderboardRow, PlayerStats
from .records import COUNTERS

# Each sort's ORDER BY is one of v3's covering indexes on player_totals; user_id breaks ties.
SORTS = {
    "wins": "wins DESC, win_rate DESC, points DESC, user_id",
    "win_rate": "win_rate DESC, wins DESC, points DESC, user_id",
    "points": "points DESC, wins DESC, user_id",
}


def ranking_where(sort: str) -> str:
    """The WHERE clause of one ranking; min_matches only applies to the win-rate ranking."""
    if sort not in SORTS:
        raise ValueError(f"unknown sort {sort!r}; expected one of {sorted(SORTS)}")
    return "scope = ? AND with_bots = ?" + (" AND matches >= ?" if sort == "win_rate" else "")


def ranking_params(scope: int, sort: str, with_bots: bool, min_matches: int) -> tuple:
    """The parameters of one ranking's WHERE clause in `scope` (a server, all servers (0),
    a season)."""
    return (scope, int(with_bots), min_matches) if sort == "win_rate" else (scope, int(with_bots))


def ranking_sql(sort: str) -> str:
    """The query for a page of a ranking; parameters: ranking_params(...), limit, offset."""
    return f"""SELECT user_id, matches, wins, win_rate, points, chicas_won, chicas_lost
        FROM player_totals WHERE {ranking_where(sort)} ORDER BY {SORTS[sort]} LIMIT ? OFFSET ?"""


async def ranking(
    db: Database,
    scope: int,
    sort: str,
    with_bots: bool,
    limit: int,
    offset: int,
    min_matches: int,
) -> list[LeaderboardRow]:
    """One page of a ranking; rank is the position in the whole ranking (offset + 1 first)."""
    query = ranking_sql(sort)
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must not be negative")
    params = ranking_params(scope, sort, with_bots, min_matches)
    records = await db.fetchall(query, (*params, limit, offset))
    return [
        LeaderboardRow(
            rank=offset + position,
            user_id=user_id,
            matches=matches,
            wins=wins,
            losses=matches - wins,
            win_rate=win_rate,
            points=points,
            chicas_won=chicas_won,
            chicas_lost=chicas_lost,
        )
        for position, (user_id, matches, wins, win_rate, points, chicas_won, chicas_lost) in (
            enumerate(records, start=1)
        )
    ]


async def ranking_size(
    db: Database, scope: int, sort: str, with_bots: bool, min_matches: int
) -> int:
    """How many players the ranking has (for page counts)."""
    query = f"SELECT COUNT(*) FROM player_totals WHERE {ranking_where(sort)}"
    params = ranking_params(scope, sort, with_bots, min_matches)
    (count,) = await _fetch_row(db, query, params)
    return int(count)


# The player's own seats (`me`, in match `m`), in one server (or all: NULL) and one rule
# set (or all: NULL). Parameters: user_id, guild_id, guild_id, rules, rules.
_MY_SEATS = """match_players AS me JOIN matches AS m ON m.match_id = me.match_id"""
_MINE = """me.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR m.guild_id = ?)
    AND (CAST(? AS TEXT) IS NULL OR m.rules = ?)"""
_PLAYED = "m.outcome <> 'abandoned'"

# Another human seat of the player's matches: a partner (same side) in the matches the
# player won, or an opponent (other side) in the matches the player lost.
_OTHER_SEAT = f"""SELECT other.user_id, COUNT(*) AS times
    FROM {_MY_SEATS}
    JOIN match_players AS other ON other.match_id = me.match_id AND other.seat <> me.seat
    WHERE {_MINE} AND {_PLAYED} AND me.won = ?
        AND CASE WHEN other.side = me.side THEN 1 ELSE 0 END = ?
        AND other.user_id IS NOT NULL AND other.user_id <> me.user_id
    GROUP BY other.user_id ORDER BY times DESC, other.user_id LIMIT 1"""

_SUMS = ", ".join(f"SUM({name})" for name in COUNTERS)
# Totals over all the player's matches of one scope: from player_totals (all rule sets) ...
_TOTALS = f"""SELECT SUM(matches), SUM(wins),
        SUM(CASE WHEN with_bots = {POOL_BOTS} THEN matches ELSE 0 END), {_SUMS}
    FROM player_totals
    WHERE scope = ? AND with_bots IN ({POOL_HUMANS}, {POOL_BOTS}, {POOL_CASUAL}) AND user_id = ?"""
# ... or, for one rule set, from the player's own seats.
_TOTALS_OF_RULES = f"""SELECT COUNT(*), SUM(me.won), SUM(m.with_bots), {_SUMS}
    FROM {_MY_SEATS} WHERE {_MINE} AND {_PLAYED}"""
_ABANDONED = f"SELECT COUNT(*) FROM {_MY_SEATS} WHERE {_MINE} AND NOT {_PLAYED}"


async def _fetch_row(db: Database, query: str, params: tuple) -> tuple:
    """The one row of an aggregate query (an aggregate always gives one)."""
    record = await db.fetchone(query, params)
    assert record is not None
    return record


async def _most_often(db: Database, mine: tuple, partner: bool) -> tuple[int | None, int]:
    won = partner  # partners: matches won together; opponents: matches they beat the player
    record = await db.fetchone(_OTHER_SEAT, (*mine, int(won), int(partner)))
    return (None, 0) if record is None else (record[0], int(record[1]))


async def player_stats(
    db: Database, user_id: int, guild_id: int | None, rules: str | None
) -> PlayerStats | None:
    """Totals over the player's matches (human-only and with bots) in one server (None: all)
    and one rule set (None: all); None if the player has no match there, abandoned or not."""
    mine = (user_id, guild_id, guild_id, rules, rules)
    if rules is None:
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        totals = await _fetch_row(db, _TOTALS, (scope, user_id))
    else:
        totals = await _fetch_row(db, _TOTALS_OF_RULES, mine)
    (abandoned,) = await _fetch_row(db, _ABANDONED, mine)
    matches, wins, bot_matches, *counters = (int(value or 0) for value in totals)
    if not matches and not abandoned:
        return None
    best_partner, best_partner_wins = await _most_often(db, mine, partner=True)
    toughest, toughest_losses = await _most_often(db, mine, partner=False)
    return PlayerStats(
        user_id=user_id,
        matches=matches,
        wins=wins,
        losses=matches - wins,
        win_rate=wins / matches if matches else 0.0,
        **dict(zip(COUNTERS, counters, strict=True)),
        best_partner=best_partner,
        best_partner_wins=best_partner_wins,
        toughest_opponent=toughest,
        toughest_opponent_losses=toughest_losses,
        bot_matches=bot_matches,
        abandoned=abandoned,
    )
