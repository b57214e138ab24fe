"""Another program's connection to a test database (a file or a postgresql:// URL): to see
what is really committed, or to write what the bot never would (damaged rows)."""

from __future__ import annotations

import sqlite3
from typing import Any

import asyncpg

from db.postgres_db import adapt, is_postgres_url


def is_postgres(database: str) -> bool:
    return is_postgres_url(database)


async def peek(database: str, sql: str, params: tuple = ()) -> list[tuple[Any, ...]]:
    """The rows of `sql` (`?` placeholders) read on a connection of its own."""
    if is_postgres(database):
        conn = await asyncpg.connect(database)
        try:
            return [tuple(row) for row in await conn.fetch(adapt(sql), *params)]
        finally:
            await conn.close()
    with sqlite3.connect(database) as other:
        rows = other.execute(sql, params).fetchall()
    other.close()
    return rows


async def poke(database: str, sql: str, params: tuple = ()) -> None:
    """Run and commit one statement on a connection of its own."""
    if is_postgres(database):
        conn = await asyncpg.connect(database)
        try:
            await conn.execute(adapt(sql), *params)
        finally:
            await conn.close()
        return
    other = sqlite3.connect(database)
    try:
        other.execute(sql, params)
        other.commit()
    finally:
        other.close()


def in_transaction(storage) -> bool:
    """Whether the storage's own connection was left inside a transaction."""
    conn = storage._db.conn
    return conn.is_in_transaction() if isinstance(conn, asyncpg.Connection) else conn.in_transaction
