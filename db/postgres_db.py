"""The PostgreSQL backend, through asyncpg: one server that several bot processes share.

Selected by a `postgresql://` URL (DATABASE_URL). The same schema history as SQLite (each
statement adapted by `adapt`), the version kept in the cuarenta_schema table. Every write
is committed before the call returns, so a move the player saw accepted survives the bot
crashing or being killed: the same promise as SQLite's WAL with synchronous=NORMAL. Like
it, the commit does not wait for the disk to flush (synchronous_commit off; the server
writes its log within a fraction of a second): a crash of the database server or of the
machine can lose the last fraction of a second. A URL with `?synchronous_commit=on` waits
for the flush on every commit (about 3.5 ms more per move on this machine's disk).
Write transactions take one
advisory lock, so they run one at a time as in SQLite (a settings merge is a read then a
write); single statements (a move's save) do not wait for it. A wait for a lock longer
than `busy_timeout` raises StorageBusy; a lost connection is opened again at the next call.
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit, urlunsplit

import asyncpg

from . import migrations
from .backend import UniqueViolation
from .errors import StorageBusy, StorageError

_MIGRATION_LOCK = migrations.APPLICATION_ID  # advisory lock keys, taken per transaction
_WRITE_LOCK = migrations.APPLICATION_ID + 1
_TAKE_WRITE_LOCK = "SELECT pg_advisory_xact_lock($1)"
_RETRY_SLEEP = 0.25  # seconds between tries to reach a server that is starting

# SQLite's spellings that PostgreSQL reads otherwise: Discord ids need 64-bit integers, and
# REAL is a 4-byte float there.
_DIALECT = (
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\)\s*WITHOUT ROWID"), ")"),
    (re.compile(r"\)(\s*GROUP BY)"), r") AS seats\1"),  # a derived table needs a name
)
_PLACEHOLDER = re.compile(r"\?")

# Waits that ran out (lock_timeout, deadlock, a cancelled statement): try again later.
_BUSY = (
    asyncpg.LockNotAvailableError,
    asyncpg.DeadlockDetectedError,
    asyncpg.QueryCanceledError,
    asyncpg.TooManyConnectionsError,
    asyncpg.CannotConnectNowError,
)
_UNREACHABLE = (OSError, asyncio.TimeoutError, asyncpg.InterfaceError)
# What a connection the server dropped raises (the protocol may be left mid-operation).
_LOST = (*_UNREACHABLE, asyncpg.InternalClientError, asyncpg.AdminShutdownError)


T = TypeVar("T")


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Mark a queued call's error as seen: its caller may have been cancelled."""
    if not task.cancelled():
        task.exception()


def is_postgres_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@functools.lru_cache(maxsize=512)
def adapt(sql: str) -> str:
    """The storage's SQL (SQLite's dialect where they differ, `?` placeholders) for
    PostgreSQL: its types, and numbered placeholders ($1, $2, ...)."""
    for pattern, replacement in _DIALECT:
        sql = pattern.sub(replacement, sql)
    numbers = iter(range(1, sql.count("?") + 1))
    return _PLACEHOLDER.sub(lambda _: f"${next(numbers)}", sql)


def _milliseconds(seconds: float) -> str:
    return str(max(1, round(seconds * 1000)))


class PostgresDatabase:
    """The bot's PostgreSQL database; open with `PostgresDatabase.open`."""

    def __init__(self, conn: asyncpg.Connection, url: str, busy_timeout: float) -> None:
        self.conn = conn
        self._url = url
        self._where = redact(url)
        self._busy_timeout = busy_timeout
        self._last: asyncio.Future[Any] | None = None  # the driver call queued last
        self._in_transaction = False  # between our BEGIN and its COMMIT or ROLLBACK

    @classmethod
    async def open(cls, url: str, busy_timeout: float, open_timeout: float) -> PostgresDatabase:
        """Connect (waiting up to `open_timeout` for a server that is starting), check the
        database is the bot's and migrate it; one process migrates at a time."""
        deadline = time.monotonic() + open_timeout
        conn = await _connect(url, deadline, open_timeout)
        try:
            await conn.execute(f"SET lock_timeout = {_milliseconds(open_timeout)}")
            await _migrate(conn, redact(url))
            await conn.execute(f"SET lock_timeout = {_milliseconds(busy_timeout)}")
        except asyncpg.LockNotAvailableError as exc:
            await conn.close()
            raise StorageBusy(
                f"The database {redact(url)} stayed locked by another program for "
                f"{open_timeout:g} seconds (is another copy of the bot migrating it?), "
                "so the bot could not open it."
            ) from exc
        except asyncpg.PostgresError as exc:
            await conn.close()
            raise StorageError(f"Database error on {redact(url)} while opening it: {exc}") from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, url, busy_timeout)

    @property
    def where(self) -> str:
        return self._where

    async def _connection(self) -> asyncpg.Connection:
        """The connection, opened again if it was lost, unless in the middle of a transaction
        (whose statements must not go on in autocommit on a new connection)."""
        if self.conn.is_closed():
            if self._in_transaction:
                raise StorageError(
                    f"The connection to {self._where} was lost during a write; "
                    "nothing of that write was saved."
                )
            deadline = time.monotonic() + self._busy_timeout
            self.conn = await _connect(self._url, deadline, self._busy_timeout)
            await self.conn.execute(f"SET lock_timeout = {_milliseconds(self._busy_timeout)}")
        return self.conn

    async def _run(
        self, call: Callable[[asyncpg.Connection], Awaitable[T]], *, reconnect: bool = True
    ) -> T:
        """Run one driver call after the previous one ended, and to its end even if the
        caller is cancelled (the caller still sees the cancellation).

        A connection takes no statement before the server answered the last one, so a
        cancelled call must not leave one half-sent: like SQLite's one thread, the calls
        form a queue, and a ROLLBACK after a cancelled statement runs after it.
        """
        previous = self._last

        async def step() -> T:
            if previous is not None:
                await asyncio.wait([previous])  # its error went to its own caller
            conn = await self._connection() if reconnect else self.conn
            try:
                return await call(conn)
            except _LOST:
                conn.terminate()  # the next call connects again
                raise

        task = asyncio.ensure_future(step())
        task.add_done_callback(_retrieve)
        self._last = task
        return await asyncio.shield(task)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await self._run(lambda conn: conn.execute(adapt(sql), *params))
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(exc.constraint_name or str(exc)) from exc
        count = status.rpartition(" ")[2]
        return int(count) if count.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        args = [tuple(row) for row in rows]
        await self._run(lambda conn: conn.executemany(adapt(sql), args))

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        records = await self._run(lambda conn: conn.fetch(adapt(sql), *params))
        return [tuple(record) for record in records]

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        record = await self._run(lambda conn: conn.fetchrow(adapt(sql), *params))
        return None if record is None else tuple(record)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """BEGIN ... COMMIT, one write transaction at a time over all the processes (an
        advisory lock held until the end); rolled back on any exception, cancellation
        included (the ROLLBACK is queued after the cancelled statement)."""
        try:  # BEGIN inside: cancelled while queued, it still runs, and so must ROLLBACK
            await self._run(self._begin)
            await self._run(lambda conn: conn.execute(_TAKE_WRITE_LOCK, _WRITE_LOCK))
            yield
        except BaseException:
            await self._end("ROLLBACK")
            raise
        await self._end("COMMIT")

    async def _begin(self, conn: asyncpg.Connection) -> None:
        await conn.execute("BEGIN")
        self._in_transaction = True

    async def _end(self, statement: str) -> None:
        """COMMIT or ROLLBACK, queued; a connection lost meanwhile took the transaction
        with it (nothing to roll back; a COMMIT fails)."""

        async def end(conn: asyncpg.Connection) -> None:
            self._in_transaction = False
            if not conn.is_closed() or statement == "COMMIT":
                await conn.execute(statement)

        await self._run(end, reconnect=False)

    async def bulk_loaded(self) -> None:
        """VACUUM ANALYZE now rather than when autovacuum gets to it (a minute or more
        later): until then the planner guesses (e.g. a rank's count scans a whole server),
        and index-only scans (a rank's count) visit the table, its pages not yet marked
        all-visible."""
        await self._run(lambda conn: conn.execute("VACUUM ANALYZE"))

    def storage_error(self, exc: BaseException, action: str) -> Exception | None:
        if isinstance(exc, _BUSY):
            return StorageBusy(
                f"The database {self._where} is locked by another connection for too long "
                f"(or busy), so the bot could not {action}."
            )
        if isinstance(exc, _LOST):  # before PostgresError: a dropped connection is one too
            return StorageError(
                f"The database server {self._where} could not be reached ({exc}), "
                f"so the bot could not {action}."
            )
        if isinstance(exc, asyncpg.PostgresError):
            return StorageError(f"Database error on {self._where} while trying to {action}: {exc}.")
        return None

    async def close(self) -> None:
        if self._last is not None:
            await asyncio.wait([self._last])
        await self.conn.close()


def _server_settings(url: str) -> dict[str, str]:
    """The session's settings: the module's durability unless the URL names its own."""
    settings = {"application_name": "cuarenta"}
    if "synchronous_commit" not in parse_qs(urlsplit(url).query):
        settings["synchronous_commit"] = "off"
    return settings


async def _connect(url: str, deadline: float, timeout: float) -> asyncpg.Connection:
    """Connect, trying again while the server is not up yet, until `deadline`."""
    while True:
        try:
            return await asyncpg.connect(
                url,
                timeout=max(0.1, deadline - time.monotonic()),
                server_settings=_server_settings(url),
            )
        except (*_UNREACHABLE, asyncpg.CannotConnectNowError) as exc:
            if time.monotonic() >= deadline:
                raise StorageError(
                    f"Cannot reach the database server {redact(url)} ({exc}) after "
                    f"{timeout:g} seconds: check DATABASE_URL and that the server is running."
                ) from exc
        except asyncpg.PostgresError as exc:  # refused: wrong password, no such database...
            raise StorageError(f"The database server {redact(url)} refused the bot: {exc}") from exc
        await asyncio.sleep(_RETRY_SLEEP)


async def _version(conn: asyncpg.Connection, where: str) -> int:
    """The database's schema version after checking it is the bot's; reads, never writes.

    The bot's databases are empty (version 0) or have the cuarenta_schema table with the
    bot's application id. StorageError for another program's, SchemaTooNewError for a
    newer bot's.
    """
    marker = migrations.POSTGRES_MARKER
    tables = await conn.fetchval(
        "SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()"
    )
    if await conn.fetchval("SELECT to_regclass($1) IS NULL", marker):
        if tables:
            raise StorageError(
                f"{where} already holds tables that are not the bot's; "
                "point the bot at a new or empty database."
            )
        return 0
    row = await conn.fetchrow(f"SELECT application_id, version FROM {marker}")
    application_id, version = (None, 0) if row is None else tuple(row)
    if application_id != migrations.APPLICATION_ID:
        raise StorageError(f"{where} is another program's database, not the bot's.")
    migrations.refuse_newer(version, where)
    return int(version)


async def _migrate(conn: asyncpg.Connection, where: str) -> None:
    """Bring the database to the latest version in one transaction (PostgreSQL's DDL is
    transactional: a failing migration leaves it as it was). The version is read again
    under the migration lock, so of several processes starting at once one migrates."""
    if await _version(conn, where) == migrations.LATEST_VERSION:
        return
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        for number in range(await _version(conn, where) + 1, migrations.LATEST_VERSION + 1):
            for statement in migrations.postgres_migration(number):
                await conn.execute(adapt(statement))
