"""Getting a file ready: check it is the bot's, switch it to WAL, migrate it.

Nothing is written before the file is known to be the bot's. Other processes may be opening
or migrating the same file at the same moment: SQLite's busy handler does not cover every
case (changing the journal mode, BEGIN IMMEDIATE while another connection switches the file
to WAL), so each step is retried after a short sleep while SQLite answers SQLITE_BUSY or
SQLITE_LOCKED, until `open_timeout` seconds have passed.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiosqlite

from . import migrations
from .errors import StorageBusy, is_busy

log = logging.getLogger(__name__)

T = TypeVar("T")

_RETRY_SLEEP = (0.005, 0.05)  # seconds, drawn at random so racing processes fall out of step


async def set_busy_timeout(conn: aiosqlite.Connection, seconds: float) -> None:
    """How long SQLite's busy handler waits for another connection's lock."""
    await conn.execute(f"PRAGMA busy_timeout = {max(0, round(seconds * 1000))}")


async def _switch_to_wal(conn: aiosqlite.Connection, path: str) -> None:
    async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
        record = await cursor.fetchone()
    mode = None if record is None else record[0]
    if mode != "wal":
        log.warning("%s: SQLite kept journal mode %r instead of WAL", path, mode)


async def prepare(conn: aiosqlite.Connection, path: str, open_timeout: float) -> int:
    """Check, switch to WAL and migrate the file; return its schema version.

    StorageError / SchemaTooNewError for a file that is not the bot's or too new (nothing
    changed in it); StorageBusy if other connections kept it locked for `open_timeout`
    seconds; other sqlite3.Error as raised. Leaves the connection's busy timeout changed:
    the caller sets the one it wants.
    """
    deadline = time.monotonic() + open_timeout

    async def retrying(step: Callable[[], Awaitable[T]]) -> T:
        while True:
            await set_busy_timeout(conn, deadline - time.monotonic())
            try:
                return await step()
            except sqlite3.Error as exc:
                if not is_busy(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise StorageBusy(
                        f"The database file {path} stayed locked by another program for "
                        f"{open_timeout:g} seconds (is another copy of the bot running?), "
                        "so the bot could not open it."
                    ) from exc
            await asyncio.sleep(random.uniform(*_RETRY_SLEEP))

    await retrying(lambda: migrations.check_file(conn, path))
    await retrying(lambda: _switch_to_wal(conn, path))
    return await retrying(lambda: migrations.migrate(conn, path))
