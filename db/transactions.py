"""Explicit write transactions on an autocommit aiosqlite connection."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

import aiosqlite


async def rollback(conn: aiosqlite.Connection) -> None:
    """Roll back the open transaction, if there is one."""
    with suppress(sqlite3.Error):  # no transaction was open: BEGIN itself failed
        await conn.execute("ROLLBACK")


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """BEGIN IMMEDIATE ... COMMIT; rolls back on any exception, cancellation included.

    The connection runs its statements in order on one thread, so a ROLLBACK queued after
    a cancelled statement still runs after it and no half-done transaction is left open.
    """
    try:
        await conn.execute("BEGIN IMMEDIATE")
        yield conn
        await conn.execute("COMMIT")
    except BaseException:
        await rollback(conn)
        raise
