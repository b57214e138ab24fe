"""Recording finished matches: the match, one row per seat, and the players' running totals."""

from __future__ import annotations

from collections.abc import Iterable

from .backend import Database
from .codec import to_json
from .migrations import GLOBAL_SCOPE, REBUILD_PLAYER_TOTALS
from .models import MatchOutcome, MatchRecord, PlayerResult

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
_SEAT_COLUMNS = ("match_id", "seat", "user_id", "side", "won", *COUNTERS)
_TOTAL_KEYS = ("scope", "with_bots", "user_id")
_OUTCOMES = frozenset(MatchOutcome)  # StrEnum members equal their values

_INSERT_MATCH = """INSERT INTO matches
    (match_id, guild_id, channel_id, finished_at, rules, players, with_bots, winner_side,
     outcome, rule_options)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"""
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
    )


def _seat_rows(match: MatchRecord) -> list[tuple]:
    return [
        (match.match_id, r.seat, r.user_id, r.side, int(r.won), *_counts(r)) for r in match.results
    ]


def _total_rows(match: MatchRecord) -> list[tuple]:
    """The player_totals increments: each human, in the match's server and in all servers.

    Nothing for an abandoned match, which counts in no total.
    """
    if match.outcome == MatchOutcome.ABANDONED:
        return []
    scopes = [GLOBAL_SCOPE] if match.guild_id is None else [match.guild_id, GLOBAL_SCOPE]
    return [
        (scope, int(match.with_bots), r.user_id, 1, int(r.won), float(r.won), *_counts(r))
        for r in match.results
        if r.user_id is not None
        for scope in scopes
    ]


async def record(db: Database, match: MatchRecord) -> None:
    """Record a finished match in one transaction; a match_id already recorded is a no-op."""
    _check(match)
    async with db.transaction():
        if await db.execute(_INSERT_MATCH, _match_row(match)) == 0:
            return  # recorded before: the totals already count it
        await db.executemany(_INSERT_SEAT, _seat_rows(match))
        await db.executemany(_UPSERT_TOTALS, _total_rows(match))


async def record_many(db: Database, matches: Iterable[MatchRecord]) -> None:
    """Bulk import (benchmarks, imports): every match in one transaction, then the totals
    recomputed from all matches in one statement instead of one upsert per seat.

    The result is the same as calling record() for each match; already recorded ids are skipped.
    """
    matches = list(matches)
    for match in matches:
        _check(match)
    async with db.transaction():
        await db.executemany(_INSERT_MATCH, [_match_row(m) for m in matches])
        await db.executemany(_INSERT_SEAT, [row for m in matches for row in _seat_rows(m)])
        for statement in REBUILD_PLAYER_TOTALS:
            await db.execute(statement)
