"""A player's match history, newest first, a page at a time.

The page's match ids come from the player's own seats (v6's history indexes: the player,
maybe the server, then the time), so a page costs the same however many matches are kept;
the page's matches, seats, replays and rating changes are then read by id.
"""

from __future__ import annotations

import json
from collections import defaultdict

from .backend import Database
from .models import HistoryEntry, LoggedSeat, MatchOutcome, RatingChange
from .ratings import scope_of

_SEAT = "me.match_id, me.seat, me.won, me.chicas_won, me.chicas_lost, me.points"


def _mine(guild_id: int | None) -> tuple[str, tuple]:
    """The condition on the player's seats (`me`) in one server, or in all; its parameters
    follow the user id."""
    return ("AND me.guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())


async def size(db: Database, user_id: int, guild_id: int | None) -> int:
    """How many matches the player's history has."""
    where, params = _mine(guild_id)
    record = await db.fetchone(
        f"SELECT COUNT(*) FROM match_players AS me WHERE me.user_id = ? {where}",
        (user_id, *params),
    )
    assert record is not None  # an aggregate gives one row
    return int(record[0])


async def page(
    db: Database, user_id: int, guild_id: int | None, limit: int, offset: int
) -> list[HistoryEntry]:
    """The player's matches in one server (None: all), newest first."""
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must not be negative")
    where, params = _mine(guild_id)
    found = await db.fetchall(
        f"""SELECT {_SEAT} FROM match_players AS me WHERE me.user_id = ? {where}
        ORDER BY me.finished_at DESC, me.match_id DESC LIMIT ? OFFSET ?""",
        (user_id, *params, limit, offset),
    )
    return await _entries(db, user_id, guild_id, found)


async def entry(
    db: Database, user_id: int, guild_id: int | None, match_id: str
) -> HistoryEntry | None:
    """One match of the player's history (None if the player did not play it)."""
    found = await db.fetchall(
        f"SELECT {_SEAT} FROM match_players AS me WHERE me.user_id = ? AND me.match_id = ?",
        (user_id, match_id),
    )
    entries = await _entries(db, user_id, guild_id, found)
    return entries[0] if entries else None


async def _entries(
    db: Database, user_id: int, guild_id: int | None, found: list[tuple]
) -> list[HistoryEntry]:
    """The history entries of the player's seats `found` (_SEAT's columns), in that order;
    rating changes of the scope of `guild_id`."""
    if not found:
        return []
    ids = [record[0] for record in found]
    marks = ", ".join("?" * len(ids))
    matches = {
        record[0]: record[1:]
        for record in await db.fetchall(
            f"""SELECT m.match_id, m.guild_id, m.finished_at, m.rules, m.rule_options,
                m.players, m.with_bots, m.casual, m.outcome, m.winner_side, m.tournament_id,
                EXISTS (SELECT 1 FROM match_moves AS l
                    WHERE l.match_id = m.match_id AND l.moves <> '')
            FROM matches AS m WHERE m.match_id IN ({marks})""",
            ids,
        )
    }
    seats: defaultdict[str, list[LoggedSeat]] = defaultdict(list)
    for match_id, *seat in await db.fetchall(
        f"""SELECT match_id, seat, user_id, bot_level, name FROM match_players
        WHERE match_id IN ({marks}) ORDER BY match_id, seat""",
        ids,
    ):
        seats[match_id].append(LoggedSeat(*seat))
    ratings = {
        match_id: RatingChange(user_id, before, after)
        for match_id, before, after in await db.fetchall(
            f"""SELECT match_id, rating_before, rating_after FROM rating_changes
            WHERE match_id IN ({marks}) AND scope = ? AND user_id = ?""",
            (*ids, scope_of(guild_id), user_id),
        )
    }
    entries = []
    for match_id, seat, won, chicas_won, chicas_lost, points in found:
        (guild, finished_at, rules, options, players, with_bots, casual, outcome, winner_side,
         tournament_id, has_replay) = matches[match_id]  # fmt: skip
        entries.append(
            HistoryEntry(
                match_id=match_id,
                guild_id=guild,
                finished_at=finished_at,
                rules=rules,
                rule_options=json.loads(options),
                players=players,
                with_bots=bool(with_bots),
                casual=bool(casual),
                outcome=MatchOutcome(outcome),
                winner_side=winner_side,
                seat=seat,
                won=bool(won),
                chicas_won=chicas_won,
                chicas_lost=chicas_lost,
                points=points,
                seats=tuple(seats[match_id]),
                has_replay=bool(has_replay),
                rating=ratings.get(match_id),
                tournament_id=tournament_id,
            )
        )
    return entries
