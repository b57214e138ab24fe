"""Live sessions (lobbies, challenges, games in progress): one row each, state as JSON."""

from __future__ import annotations

import json
import logging

import aiosqlite

from .codec import to_json
from .models import SESSION_KINDS, SessionRow

log = logging.getLogger(__name__)

_COLUMNS = "session_id, guild_id, channel_id, kind, state, updated_at"


async def save(
    conn: aiosqlite.Connection,
    session_id: str,
    guild_id: int | None,
    channel_id: int,
    kind: str,
    state: dict,
    now: float,
) -> None:
    """Insert or replace a session; one autocommitted statement."""
    if kind not in SESSION_KINDS:
        raise ValueError(f"unknown session kind {kind!r}; expected one of {SESSION_KINDS}")
    await conn.execute(
        """INSERT INTO sessions (session_id, guild_id, channel_id, kind, state,
                                 created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (session_id) DO UPDATE SET
            guild_id = excluded.guild_id, channel_id = excluded.channel_id,
            kind = excluded.kind, state = excluded.state, updated_at = excluded.updated_at""",
        (session_id, guild_id, channel_id, kind, to_json(state, "a session state"), now, now),
    )


def _row(record: tuple) -> SessionRow:
    session_id, guild_id, channel_id, kind, state, updated_at = record
    return SessionRow(session_id, guild_id, channel_id, kind, json.loads(state), updated_at)


async def get(conn: aiosqlite.Connection, session_id: str) -> SessionRow | None:
    """The session, or None. ValueError if its saved state is not valid JSON."""
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM sessions WHERE session_id = ?", (session_id,)
    ) as cursor:
        record = await cursor.fetchone()
    return None if record is None else _row(record)


async def load_all(conn: aiosqlite.Connection) -> list[SessionRow]:
    """Every saved session, oldest (first saved) first.

    A row whose state is not valid JSON (only possible if the file was edited by hand)
    is logged and left out, so one bad row does not stop every other game from coming back.
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
