"""Tournaments: each one's whole state as JSON (like a table's), and the places its people
took once it ended (a player's titles, a server's past champions)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from .backend import Database
from .codec import to_json
from .models import Shards
from .sessions import SHARD_OF_ROW


async def save(
    db: Database,
    tournament_id: str,
    guild_id: int | None,
    channel_id: int,
    state: dict,
    now: float,
    *,
    live: bool,
    places: Sequence[tuple[int, int]] = (),
) -> None:
    """Insert or replace a tournament; `places` (user, place) are kept once it has ended."""
    async with db.transaction():
        await db.execute(
            """INSERT INTO tournaments
                (tournament_id, guild_id, channel_id, live, state, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (tournament_id) DO UPDATE SET
                live = excluded.live, state = excluded.state, updated_at = excluded.updated_at""",
            (
                tournament_id,
                guild_id,
                channel_id,
                int(live),
                to_json(state, "a tournament"),
                now,
                now,
            ),
        )
        await db.executemany(
            """INSERT INTO tournament_places (tournament_id, guild_id, user_id, place, finished_at)
            VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""",
            [(tournament_id, guild_id, user, place, now) for user, place in places],
        )


async def live(db: Database, shards: Shards | None = None) -> list[dict]:
    """The states of the tournaments still signing up or playing (of `shards`' servers)."""
    where, params = "", ()  # type: tuple[str, tuple[int, ...]]
    if shards is not None:
        where = f"AND {SHARD_OF_ROW} IN ({', '.join('?' * len(shards.ids))})"
        params = (shards.count, *shards.ids)
    found = await db.fetchall(
        f"SELECT state FROM tournaments WHERE live = 1 {where} ORDER BY created_at", params
    )
    return [json.loads(state) for (state,) in found]


async def finished(db: Database, guild_id: int, limit: int) -> list[dict]:
    """The server's ended tournaments, newest first."""
    found = await db.fetchall(
        """SELECT state FROM tournaments WHERE guild_id = ? AND live = 0
        ORDER BY updated_at DESC LIMIT ?""",
        (guild_id, limit),
    )
    return [json.loads(state) for (state,) in found]


async def titles(db: Database, user_id: int, guild_id: int | None) -> int:
    """How many tournaments the player won (in one server, or in all)."""
    where, params = ("AND guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    found = await db.fetchone(
        f"SELECT COUNT(*) FROM tournament_places WHERE user_id = ? AND place = 1 {where}",
        (user_id, *params),
    )
    assert found is not None
    return int(found[0])
