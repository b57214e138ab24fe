"""The SQLite backend: one file in WAL mode, through aiosqlite (the default).

Every write is committed before the call returns, so a move the player saw accepted is in
the file. With WAL and synchronous=NORMAL a committed write survives the bot's process
crashing or being killed; only a power cut or OS crash can lose the last few commits (the
file stays consistent). A call that finds the file locked by another connection for longer
than `busy_timeout` raises StorageBusy.

Checkpoints (copying the WAL back into the file, with an fsync) run on a second connection
in a worker thread, at most every CHECKPOINT_SECONDS, instead of inside whichever commit
crosses SQLite's automatic threshold: that commit would otherwise wait for the fsync, and a
click behind it too.

A single write (`execute`: every move's save) runs at once on the event loop's thread, on
a third connection that never waits for a lock nor checkpoints: in WAL mode with
synchronous=NORMAL a commit only appends to the WAL (no fsync), some tens of
microseconds, less than the trip to aiosqlite's thread and back costs. When another
connection holds the lock (a transaction, another process), the write goes through
aiosqlite's thread instead, which waits for it up to `busy_timeout`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from . import opening
from .backend import UniqueViolation
from .errors import StorageError, is_busy, path_problem, storage_error
from .transactions import transaction

log = logging.getLogger(__name__)

CHECKPOINT_SECONDS = 1.0
# A safety net only: should the checkpointer fall behind, a commit checkpoints by itself
# once the WAL holds this many pages (about 40 MB).
AUTOCHECKPOINT_PAGES = 10_000
# What every connection that writes sets (see the module's doc). The page cache: SQLite's
# default of 2 MB a connection held a copy of every saved table's page the operating system
# already caches (1.7 MB more with 200 live tables than with one); a save reads the few
# pages of its row's path, and the b-trees' inner pages stay in 512 KB.
EVERY_CONNECTION = (
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA cache_size = -512",
)


class SQLiteDatabase:
    """The bot's SQLite file; open with `SQLiteDatabase.open`."""

    def __init__(
        self, conn: aiosqlite.Connection, path: str, direct: sqlite3.Connection | None = None
    ) -> None:
        self.conn = conn
        self._path = path
        self._direct = direct  # single writes, on the loop's thread (see the module's doc)
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpoint: asyncio.Task[None] | None = None
        self._checkpointed_at = time.monotonic()

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
            for pragma in EVERY_CONNECTION:
                await conn.execute(pragma)
            await conn.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}")
        except sqlite3.Error as exc:
            await conn.close()
            raise storage_error(exc, path, "open the database") from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path, None if path == ":memory:" else _direct_connection(path))

    @property
    def where(self) -> str:
        return self._path

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            if self._direct is not None:
                try:
                    rowcount = self._direct.execute(sql, params).rowcount
                except sqlite3.OperationalError as exc:
                    if not is_busy(exc):
                        raise
                else:
                    self._checkpoint_soon()
                    return rowcount
            cursor = await self.conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            if str(exc).startswith("UNIQUE constraint failed"):
                raise UniqueViolation(str(exc).partition(": ")[2]) from exc
            raise
        self._checkpoint_soon()
        return cursor.rowcount

    def _checkpoint_soon(self) -> None:
        """Start a background checkpoint if the last one is CHECKPOINT_SECONDS old."""
        if self._checkpoint is not None or self._path == ":memory:":
            return
        if time.monotonic() - self._checkpointed_at < CHECKPOINT_SECONDS:
            return
        self._checkpoint = asyncio.get_running_loop().create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        try:
            await asyncio.to_thread(self._checkpoint_in_thread)
        except sqlite3.Error as exc:  # busy, or the disk: the next one tries again
            log.info("background checkpoint of %s failed: %s", self._path, exc)
        finally:
            self._checkpointed_at = time.monotonic()
            self._checkpoint = None

    def _checkpoint_in_thread(self) -> None:
        """PASSIVE: copy what no reader still needs; writers are never blocked by it."""
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(self._path, check_same_thread=False)
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(record) for record in await self.conn.execute_fetchall(sql, params)]

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        async with self.conn.execute(sql, params) as cursor:
            record = await cursor.fetchone()
        return None if record is None else tuple(record)

    def transaction(self) -> AbstractAsyncContextManager[object]:
        return self._transaction()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[object]:
        async with transaction(self.conn) as conn:
            yield conn
        self._checkpoint_soon()

    async def bulk_loaded(self) -> None:
        """Nothing: the queries' plans are chosen without statistics (no ANALYZE tables)."""

    def storage_error(self, exc: BaseException, action: str) -> Exception | None:
        if isinstance(exc, sqlite3.Error):
            return storage_error(exc, self._path, action)
        return None

    async def close(self) -> None:
        if self._checkpoint is not None:
            with contextlib.suppress(Exception):
                await self._checkpoint
        if self._checkpointer is not None:
            self._checkpointer.close()
        if self._direct is not None:
            self._direct.close()
        await self.conn.close()


def _direct_connection(path: str) -> sqlite3.Connection:
    """The connection for single writes on the loop's thread: autocommit, no waiting for a
    lock (busy: the caller goes through aiosqlite), never a checkpoint of its own."""
    direct = sqlite3.connect(path, isolation_level=None, timeout=0, check_same_thread=False)
    for pragma in EVERY_CONNECTION:
        direct.execute(pragma)
    direct.execute("PRAGMA wal_autocheckpoint = 0")
    return direct
