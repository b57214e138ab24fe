"""Saved sessions (lobbies, challenges, games): one row each, state and meta as JSON.

A row is `live` while its session holds its channel; the partial unique index of v4 lets at
most one row per channel be live. `meta` holds small details (message ids, post times) that
are written apart from the state.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable
from typing import Any

import aiosqlite

from .codec import to_json
from .errors import ChannelTaken
from .models import SESSION_KINDS, SessionRow

log = logging.getLogger(__name__)

_COLUMNS = "session_id, guild_id, channel_id, kind, state, updated_at, live, meta"


async def save(
    conn: aiosqlite.Connection,
    session_id: str,
    guild_id: int | None,
    channel_id: int,
    kind: str,
    state: dict,
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
    values = {
        "session_id": session_id,
        "guild_id": guild_id,
        "channel_id": channel_id,
        "kind": kind,
        "state": to_json(state, "a session state"),
        "now": now,
        "live": int(bool(live)),
        "meta": None if meta is None else to_json(meta, "a session's meta"),
    }
    # One statement, so one trip to the database thread (this runs on every move); the
    # partial unique index refuses a second live row in a channel.
    try:
        await conn.execute(
            """INSERT INTO sessions (session_id, guild_id, channel_id, kind, state,
                                     created_at, updated_at, live, meta)
            VALUES (:session_id, :guild_id, :channel_id, :kind, :state,
                    :now, :now, :live, COALESCE(:meta, '{}'))
            ON CONFLICT (session_id) DO UPDATE SET
                guild_id = excluded.guild_id, channel_id = excluded.channel_id,
                kind = excluded.kind, state = excluded.state, updated_at = excluded.updated_at,
                live = excluded.live, meta = COALESCE(:meta, sessions.meta)""",
            values,
        )
    except sqlite3.IntegrityError as exc:
        if not live or "channel_id" not in str(exc):
            raise
        rows = await conn.execute_fetchall(
            "SELECT session_id FROM sessions WHERE channel_id = ? AND live = 1 AND session_id <> ?",
            (channel_id, session_id),
        )
        other = next(iter(rows), None)
        raise ChannelTaken(channel_id, other[0] if other else "?") from None


async def save_meta(conn: aiosqlite.Connection, session_id: str, meta: dict) -> None:
    """Replace the session's meta, leaving the rest of the row alone; no-op if it is gone."""
    await conn.execute(
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
        json.loads(state),
        updated_at,
        live=bool(live),
        meta=json.loads(meta),
    )


async def get(conn: aiosqlite.Connection, session_id: str) -> SessionRow | None:
    """The session, or None. ValueError if its saved state or meta is not valid JSON."""
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM sessions WHERE session_id = ?", (session_id,)
    ) as cursor:
        record = await cursor.fetchone()
    return None if record is None else _row(record)


async def load_all(conn: aiosqlite.Connection) -> list[SessionRow]:
    """Every saved session, oldest (first saved) first.

    A row whose state or meta is not valid JSON (only possible if the file was edited by
    hand) is logged and left out, so one bad row does not stop every other game from coming
    back.
    """
    records = await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM sessions ORDER BY created_at, session_id"
    )
    rows = []
    for record in records:
        try:
            rows.append(_row(record))
        except ValueError:
            log.warning("session %r has a damaged saved state; not restored", record[0])
    return rows


async def delete(conn: aiosqlite.Connection, session_id: str) -> None:
    await conn.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))
