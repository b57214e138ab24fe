"""The SQLite backend: one file in WAL mode, through aiosqlite (the default).

Every write is committed before the call returns, so a move the player saw accepted is in
the file. With WAL and synchronous=NORMAL a committed write survives the bot's process
crashing or being killed; only a power cut or OS crash can lose the last few commits (the
file stays consistent). A call that finds the file locked by another connection for longer
than `busy_timeout` raises StorageBusy.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from . import opening
from .backend import UniqueViolation
from .errors import StorageError, path_problem, storage_error
from .transactions import transaction


class SQLiteDatabase:
    """The bot's SQLite file; open with `SQLiteDatabase.open`."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self._path = path

    @classmethod
    async def open(cls, path: str, busy_timeout: float, open_timeout: float) -> SQLiteDatabase:
        """Open (or create) the file, check it is the bot's, switch it to WAL and migrate it."""
        problem = path_problem(path)  # checked first: SQLite would only say "unable to open"
        if problem:
            raise StorageError(problem)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
        except sqlite3.Error as exc:
            raise storage_error(exc, path, "open the database") from exc
        try:
            await opening.prepare(conn, path, open_timeout)
            await opening.set_busy_timeout(conn, busy_timeout)
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            await conn.close()
            raise storage_error(exc, path, "open the database") from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    @property
    def where(self) -> str:
        return self._path

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self.conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            if str(exc).startswith("UNIQUE constraint failed"):
                raise UniqueViolation(str(exc).partition(": ")[2]) from exc
            raise
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(record) for record in await self.conn.execute_fetchall(sql, params)]

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        async with self.conn.execute(sql, params) as cursor:
            record = await cursor.fetchone()
        return None if record is None else tuple(record)

    def transaction(self) -> AbstractAsyncContextManager[object]:
        return transaction(self.conn)

    def storage_error(self, exc: BaseException, action: str) -> Exception | None:
        if isinstance(exc, sqlite3.Error):
            return storage_error(exc, self._path, action)
        return None

    async def close(self) -> None:
        await self.conn.close()
