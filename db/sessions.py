"""Saved sessions (lobbies, challenges, games): one row each, state and meta as JSON.

A row is `live` while its session holds its channel; the partial unique index of v4 lets at
most one row per channel be live. `meta` holds small details (message ids, post times) that
are written apart from the state.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from typing import Any

from .backend import Database, UniqueViolation
from .codec import Encoded, decode, to_json
from .errors import ChannelTaken
from .models import SESSION_KINDS, SessionRow, Shards

log = logging.getLogger(__name__)

_COLUMNS = "session_id, guild_id, channel_id, kind, state, updated_at, live, meta"
# The shard of a row's server, as Discord assigns them (direct messages: shard 0);
# parameter: the shard count.
SHARD_OF_ROW = "CASE WHEN guild_id IS NULL THEN 0 ELSE (guild_id >> 22) % ? END"


async def save(
    db: Database,
    session_id: str,
    guild_id: int | None,
    channel_id: int,
    kind: str,
    state: dict | Encoded,
    now: float,
    *,
    live: bool = True,
    meta: dict | None = None,
) -> None:
    """Insert or replace a session in one statement; meta None keeps the saved meta.

    ChannelTaken (and nothing written) if it is saved live while another session is live
    in the channel.
    """
    if kind not in SESSION_KINDS:
        raise ValueError(f"unknown session kind {kind!r}; expected one of {SESSION_KINDS}")
    state_json = to_json(state, "a session state")
    meta_json = None if meta is None else to_json(meta, "a session's meta")
    # One statement, so one trip to the database (this runs on every move); the partial
    # unique index refuses a second live row in a channel.
    try:
        await db.execute(
            """INSERT INTO sessions (session_id, guild_id, channel_id, kind, state,
                                     created_at, updated_at, live, meta)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, COALESCE(?, '{}'))
            ON CONFLICT (session_id) DO UPDATE SET
                guild_id = excluded.guild_id, channel_id = excluded.channel_id,
                kind = excluded.kind, state = excluded.state, updated_at = excluded.updated_at,
                live = excluded.live, meta = COALESCE(?, sessions.meta)""",
            (
                session_id,
                guild_id,
                channel_id,
                kind,
                state_json,
                now,
                now,
                int(live),
                meta_json,
                meta_json,
            ),
        )
    except UniqueViolation as exc:
        if not live or "channel" not in exc.index:
            raise
        other = await db.fetchone(
            "SELECT session_id FROM sessions WHERE channel_id = ? AND live = 1 AND session_id <> ?",
            (channel_id, session_id),
        )
        raise ChannelTaken(channel_id, other[0] if other else "?") from None


async def save_meta(db: Database, session_id: str, meta: dict) -> None:
    """Replace the session's meta, leaving the rest of the row alone; no-op if it is gone."""
    await db.execute(
        "UPDATE sessions SET meta = ? WHERE session_id = ?",
        (to_json(meta, "a session's meta"), session_id),
    )


def _row(record: Iterable[Any]) -> SessionRow:
    session_id, guild_id, channel_id, kind, state, updated_at, live, meta = record
    return SessionRow(
        session_id,
        guild_id,
        channel_id,
        kind,
        decode(state),
        updated_at,
        live=bool(live),
        meta=decode(meta),
    )


async def get(db: Database, session_id: str) -> SessionRow | None:
    """The session, or None. ValueError if its saved state or meta is not valid JSON."""
    record = await db.fetchone(
        f"SELECT {_COLUMNS} FROM sessions WHERE session_id = ?", (session_id,)
    )
    return None if record is None else _row(record)


async def load_all(db: Database, shards: Shards | None = None) -> Iterator[SessionRow]:
    """Every saved session (of the servers on `shards`, if given), oldest (first saved) first.

    The rows are read at once and decoded one at a time, as the caller reaches them: a
    restart turns each into its live table before the next is decoded, so thousands of
    decoded states are never held together (they left the memory they had freed scattered
    among the live tables: 50 KB a table at 2,000 tables instead of 42).

    A row whose state or meta is not valid JSON (only possible if the file was edited by
    hand) is logged and left out, so one bad row does not stop every other game from coming
    back.
    """
    where, params = "", ()  # type: tuple[str, tuple[int, ...]]
    if shards is not None:
        where = f"WHERE {SHARD_OF_ROW} IN ({', '.join('?' * len(shards.ids))})"
        params = (shards.count, *shards.ids)
    records = await db.fetchall(
        f"SELECT {_COLUMNS} FROM sessions {where} ORDER BY created_at, session_id", params
    )
    return _decoded_one_by_one(records)


def _decoded_one_by_one(records: list[tuple[Any, ...]]) -> Iterator[SessionRow]:
    """The records as rows, each dropped (its text freed) once decoded."""
    records.reverse()  # popped from the end: the first saved first
    while records:
        record = records.pop()
        try:
            yield _row(record)
        except ValueError:
            log.warning("session %r has a damaged saved state; not restored", record[0])


async def delete(db: Database, session_id: str) -> None:
    await db.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))
