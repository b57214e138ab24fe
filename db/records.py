"""Recording finished matches: the match, one row per seat, the players' running totals and
the move log (kept `keep_moves` seconds: older logs are pruned when a match is recorded)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from . import seasons
from .backend import Database
from .codec import to_json
from .migrations import (
    GLOBAL_SCOPE,
    POOL_BOTS,
    POOL_CASUAL,
    POOL_HUMANS,
    REBUILD_PLAYER_TOTALS,
)
from .models import LoggedSeat, MatchLog, MatchOutcome, MatchRecord, PlayerResult, Season

# Per-seat counters that player_totals sums (besides matches and wins).
COUNTERS = (
    "points",
    "chicas_won",
    "chicas_lost",
    "caidas",
    "limpias",
    "rondas",
    "zapaterias_given",
    "zapaterias_suffered",
)
_SEAT_COLUMNS = (
    "match_id",
    "seat",
    "user_id",
    "side",
    "won",
    *COUNTERS,
    "bot_level",
    "name",
    "guild_id",
    "finished_at",
)
_TOTAL_KEYS = ("scope", "with_bots", "user_id")
_OUTCOMES = frozenset(MatchOutcome)  # StrEnum members equal their values

_INSERT_MATCH = """INSERT INTO matches
    (match_id, guild_id, channel_id, finished_at, rules, players, with_bots, winner_side,
     outcome, rule_options, casual, tournament_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"""
_INSERT_MOVES = """INSERT INTO match_moves (match_id, finished_at, seed, moves, stand_ins)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"""
_PRUNE_MOVES = "DELETE FROM match_moves WHERE finished_at < ?"
_INSERT_SEASON_MATCH = "INSERT INTO season_matches (match_id, season_id) VALUES (?, ?)"
_INSERT_SEASON_MATCH_BULK = _INSERT_SEASON_MATCH + " ON CONFLICT DO NOTHING"
_INSERT_SEAT = (
    f"INSERT INTO match_players ({', '.join(_SEAT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(_SEAT_COLUMNS))}) ON CONFLICT DO NOTHING"
)
_UPSERT_TOTALS = (
    f"INSERT INTO player_totals ({', '.join(_TOTAL_KEYS)}, matches, wins, win_rate, "
    f"{', '.join(COUNTERS)}) VALUES ({', '.join('?' * (len(_TOTAL_KEYS) + 3 + len(COUNTERS)))}) "
    f"ON CONFLICT ({', '.join(_TOTAL_KEYS)}) DO UPDATE SET "
    "matches = player_totals.matches + 1, wins = player_totals.wins + excluded.wins, "
    "win_rate = CAST(player_totals.wins + excluded.wins AS DOUBLE PRECISION) "
    "/ (player_totals.matches + 1), "
    + ", ".join(f"{name} = player_totals.{name} + excluded.{name}" for name in COUNTERS)
)


def _check(match: MatchRecord) -> None:
    if match.outcome not in _OUTCOMES:
        raise ValueError(f"match {match.match_id}: unknown outcome {match.outcome!r}")
    if match.players not in (2, 4):
        raise ValueError(f"match {match.match_id}: players must be 2 or 4, not {match.players}")
    if len(match.results) != match.players:
        raise ValueError(
            f"match {match.match_id}: {len(match.results)} results for {match.players} players"
        )
    if len({result.seat for result in match.results}) != len(match.results):
        raise ValueError(f"match {match.match_id}: two results for the same seat")
    humans = [result.user_id for result in match.results if result.user_id is not None]
    if len(set(humans)) != len(humans):
        raise ValueError(f"match {match.match_id}: one user in two seats")


def _counts(result: PlayerResult) -> tuple[int, ...]:
    return tuple(getattr(result, name) for name in COUNTERS)


def _match_row(match: MatchRecord) -> tuple:
    return (
        match.match_id,
        match.guild_id,
        match.channel_id,
        match.finished_at,
        match.rules,
        match.players,
        int(match.with_bots),
        match.winner_side,
        MatchOutcome(match.outcome).value,
        to_json(match.rule_options, "a match's rule options"),
        int(match.casual),
        match.tournament_id,
    )


def _seat_rows(match: MatchRecord) -> list[tuple]:
    return [
        (
            match.match_id,
            r.seat,
            r.user_id,
            r.side,
            int(r.won),
            *_counts(r),
            r.bot_level,
            r.name,
            match.guild_id,
            match.finished_at,
        )
        for r in match.results
    ]


def _moves_rows(match: MatchRecord) -> list[tuple]:
    """The match's move log (none when it was not kept, or nothing was played: a match
    forfeited before its first move has nothing to replay or review): moves joined by
    spaces, and who stood in for a player ("12:timeout 40:bot")."""
    if match.seed is None or not match.moves:
        return []
    stand_ins = " ".join(f"{index}:{by}" for index, by in sorted(match.stand_ins.items()))
    return [(match.match_id, match.finished_at, match.seed, " ".join(match.moves), stand_ins)]


def _season_guild(match: MatchRecord) -> int | None:
    """The server whose season the match counts in; None for a match outside a server or
    abandoned (an abandoned match counts nowhere, and opens no season)."""
    return None if match.outcome == MatchOutcome.ABANDONED else match.guild_id


def pool(match: MatchRecord) -> int:
    """The ranking the match counts in: with bots, human-only, or none (casual)."""
    if match.with_bots:
        return POOL_BOTS
    return POOL_CASUAL if match.casual else POOL_HUMANS


def _total_rows(match: MatchRecord, season_id: int | None = None) -> list[tuple]:
    """The player_totals increments: each human, in the match's server, in all servers and
    in its season (if any).

    Nothing for an abandoned match, which counts in no total.
    """
    if match.outcome == MatchOutcome.ABANDONED:
        return []
    scopes = [GLOBAL_SCOPE] if match.guild_id is None else [match.guild_id, GLOBAL_SCOPE]
    if season_id is not None:
        scopes.append(seasons.scope(season_id))
    return [
        (scope, pool(match), r.user_id, 1, int(r.won), float(r.won), *_counts(r))
        for r in match.results
        if r.user_id is not None
        for scope in scopes
    ]


async def record(
    db: Database, match: MatchRecord, keep_moves_after: float | None, season: Season | None
) -> None:
    """Record a finished match in one transaction; a match_id already recorded is a no-op.

    A match in a server counts in `season` too, if one is given (stored if new). Move logs
    of matches finished before `keep_moves_after` (None: keep all) are pruned.
    """
    _check(match)
    async with db.transaction():
        if await db.execute(_INSERT_MATCH, _match_row(match)) == 0:
            return  # recorded before: the totals already count it
        season_id, guild_id = None, _season_guild(match)
        if season is not None and guild_id is not None:
            season_id = await seasons.ensure(db, guild_id, season)
            if season_id is not None:
                await db.execute(_INSERT_SEASON_MATCH, (match.match_id, season_id))
        await db.executemany(_INSERT_SEAT, _seat_rows(match))
        await db.executemany(_UPSERT_TOTALS, _total_rows(match, season_id))
        await db.executemany(_INSERT_MOVES, _moves_rows(match))
        if keep_moves_after is not None:
            await db.execute(_PRUNE_MOVES, (keep_moves_after,))


async def prune_moves(db: Database, before: float) -> int:
    """Forget the move logs of matches finished before `before`; how many were forgotten."""
    return await db.execute(_PRUNE_MOVES, (before,))


async def match_log(db: Database, match_id: str) -> MatchLog | None:
    """The match's move log with what rebuilds it; None if absent or not kept."""
    found = await db.fetchone(
        """SELECT m.guild_id, m.finished_at, m.rules, m.rule_options, m.players, m.outcome,
            m.winner_side, l.seed, l.moves, l.stand_ins, m.tournament_id
        FROM matches AS m JOIN match_moves AS l ON l.match_id = m.match_id
        WHERE m.match_id = ?""",
        (match_id,),
    )
    if found is None:
        return None
    (guild_id, finished_at, rules, options, players, outcome, winner_side, seed, moves,
     stand_ins, tournament_id) = found  # fmt: skip
    seats = await db.fetchall(
        "SELECT seat, user_id, bot_level, name FROM match_players WHERE match_id = ? ORDER BY seat",
        (match_id,),
    )
    return MatchLog(
        match_id=match_id,
        guild_id=guild_id,
        finished_at=finished_at,
        rules=rules,
        rule_options=json.loads(options),
        players=players,
        seed=int(seed),
        seats=tuple(LoggedSeat(*row) for row in seats),
        moves=tuple(moves.split()),
        outcome=MatchOutcome(outcome),
        winner_side=winner_side,
        stand_ins={int(index): by for index, by in (word.split(":") for word in stand_ins.split())},
        tournament_id=tournament_id,
    )


async def record_many(
    db: Database,
    matches: Iterable[MatchRecord],
    season_of: Callable[[MatchRecord], Season | None] = lambda _: None,
) -> None:
    """Bulk import (benchmarks, imports): every match in one transaction, then the totals
    recomputed from all matches in one statement instead of one upsert per seat.

    The result is the same as calling record() for each match with its `season_of`;
    already recorded ids are skipped.
    """
    matches = list(matches)
    for match in matches:
        _check(match)
    async with db.transaction():
        await db.executemany(_INSERT_MATCH, [_match_row(m) for m in matches])
        placed, known = [], {}
        for match in matches:
            season, guild_id = season_of(match), _season_guild(match)
            if season is not None and guild_id is not None:
                key = (guild_id, season.key)
                if key not in known:
                    known[key] = await seasons.ensure(db, guild_id, season)
                if known[key] is not None:
                    placed.append((match.match_id, known[key]))
        await db.executemany(_INSERT_SEASON_MATCH_BULK, placed)
        await db.executemany(_INSERT_SEAT, [row for m in matches for row in _seat_rows(m)])
        await db.executemany(_INSERT_MOVES, [row for m in matches for row in _moves_rows(m)])
        for statement in (*REBUILD_PLAYER_TOTALS, seasons.REBUILD_SEASON_TOTALS):
            await db.execute(statement)
