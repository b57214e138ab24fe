"""PostgreSQL's own machinery: the schema history and its version, databases it must refuse,
several processes migrating at once, and other connections' locks (StorageBusy).

The behaviour both backends share (sessions, settings, records) is tested on both by the
other files of this folder.
"""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from db import SchemaTooNewError, Storage, StorageBusy, StorageError, migrations
from db.migrations import APPLICATION_ID, LATEST_VERSION, POSTGRES_MARKER
from db.postgres_db import adapt, redact
from tests.db.postgres import fresh_database


@pytest.fixture
def pg_database(postgres_server) -> str:
    return fresh_database(postgres_server)


TERMINATE_WAIT_MS = 60_000  # how long the server may take to end a backend (a bound)
RECONNECT_WAIT_SECONDS = 30.0  # how long a new connection may take to open (a bound)


async def sql(database: str, statement: str, *args):
    conn = await asyncpg.connect(database)
    try:
        return await conn.fetch(statement, *args)
    finally:
        await conn.close()


async def columns(database: str) -> list[tuple[str, str, str]]:
    return [
        tuple(row)
        for row in await sql(
            database,
            """SELECT table_name, column_name, data_type FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY 1, 2""",
        )
    ]


def test_the_dialect_is_adapted():
    assert adapt("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == (
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    )
    assert adapt("CREATE TABLE t (a INTEGER, b REAL NOT NULL) WITHOUT ROWID") == (
        "CREATE TABLE t (a BIGINT, b DOUBLE PRECISION NOT NULL)"
    )
    assert (
        redact("postgresql://bot:s3cret@db:5432/cuarenta")
        == "postgresql://bot:***@db:5432/cuarenta"
    )


async def test_a_new_database_gets_the_whole_history_with_64_bit_ids(pg_database):
    storage = await Storage.open(pg_database)
    await storage.close()
    [(application_id, version)] = await sql(
        pg_database, f"SELECT application_id, version FROM {POSTGRES_MARKER}"
    )
    assert (application_id, version) == (APPLICATION_ID, LATEST_VERSION)
    types = {(table, column): kind for table, column, kind in await columns(pg_database)}
    assert types["sessions", "guild_id"] == types["match_players", "user_id"] == "bigint"
    assert types["player_totals", "win_rate"] == "double precision"
    assert types["matches", "outcome"] == "text"
    indexes = {row[0] for row in await sql(pg_database, "SELECT indexname FROM pg_indexes")}
    assert {"sessions_live_in_channel", "totals_by_wins", "match_players_by_user"} <= indexes
    before = await columns(pg_database)
    reopened = await Storage.open(pg_database)  # the second start changes nothing
    await reopened.close()
    assert await columns(pg_database) == before


async def test_several_processes_migrating_one_new_database_at_once(postgres_server):
    for _ in range(3):
        database = fresh_database(postgres_server)
        opened = await asyncio.gather(*(Storage.open(database) for _ in range(4)))
        try:
            assert [storage.schema_version for storage in opened] == [LATEST_VERSION] * 4
        finally:
            for storage in opened:
                await storage.close()


async def test_a_failing_migration_leaves_the_database_as_it_was(pg_database, monkeypatch):
    broken = (*migrations.MIGRATIONS, ("CREATE TABLE half_done (x INTEGER)", "NOT SQL"))
    monkeypatch.setattr(migrations, "MIGRATIONS", broken)
    monkeypatch.setattr(migrations, "LATEST_VERSION", len(broken))
    with pytest.raises(StorageError, match="syntax error"):
        await Storage.open(pg_database)
    assert await columns(pg_database) == []  # not even v1: one transaction for all
    monkeypatch.undo()
    storage = await Storage.open(pg_database)
    await storage.close()


async def test_a_database_of_a_newer_bot_or_another_program_is_refused(postgres_server):
    newer = fresh_database(postgres_server)
    await (await Storage.open(newer)).close()
    await sql(newer, f"UPDATE {POSTGRES_MARKER} SET version = version + 1")
    with pytest.raises(SchemaTooNewError, match=f"up to {LATEST_VERSION}"):
        await Storage.open(newer)

    other = fresh_database(postgres_server)
    await sql(other, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    with pytest.raises(StorageError, match="tables that are not the bot's"):
        await Storage.open(other)
    assert [
        row[0]
        for row in await sql(other, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    ] == ["invoices"]

    marked = fresh_database(postgres_server)
    await sql(marked, f"CREATE TABLE {POSTGRES_MARKER} (application_id BIGINT, version BIGINT)")
    await sql(marked, f"INSERT INTO {POSTGRES_MARKER} VALUES (1234, 1)")
    with pytest.raises(StorageError, match="another program's database"):
        await Storage.open(marked)


async def test_a_server_that_cannot_be_reached_is_a_storage_error(postgres_server):
    port_in_use_by_nobody = "postgresql://cuarenta@127.0.0.1:9/cuarenta"
    with pytest.raises(StorageError, match="Cannot reach the database server"):
        await Storage.open(port_in_use_by_nobody, open_timeout=0.3)
    with pytest.raises(StorageError, match="refused the bot"):
        await Storage.open(f"{postgres_server}/no_such_database", open_timeout=0.3)


async def test_writes_blocked_by_another_connections_locks_are_storage_busy(pg_database):
    storage = await Storage.open(pg_database, busy_timeout=0.2)
    holder = await asyncpg.connect(pg_database)
    try:
        await storage.save_session("g", 1, 2, "game", {"turn": 1}, meta={"message": 7})
        holder_tx = holder.transaction()
        await holder_tx.start()
        await holder.execute("SELECT * FROM sessions WHERE session_id = 'g' FOR UPDATE")
        await holder.execute("SELECT pg_advisory_xact_lock($1)", APPLICATION_ID + 1)
        with pytest.raises(StorageBusy, match="locked by another connection"):
            await storage.save_session("g", 1, 2, "game", {"turn": 2})
        with pytest.raises(StorageBusy):
            await storage.set_guild_config(1, lang="en")  # a write transaction
        row = await storage.get_session("g")  # reads go on meanwhile
        assert (row.state, row.meta) == ({"turn": 1}, {"message": 7})
        await holder_tx.rollback()
        await storage.save_session("g", 1, 2, "game", {"turn": 2})
        assert await storage.set_guild_config(1, lang="en") == {"lang": "en"}
        assert (await storage.get_session("g")).state == {"turn": 2}
    finally:
        await holder.close()
        await storage.close()


async def test_a_connection_the_server_dropped_is_opened_again(pg_database):
    # The new connection may take the server longer than the bot's 2 s to open on a loaded
    # machine (a backend forked and started): given time, it must still be opened again.
    storage = await Storage.open(pg_database, busy_timeout=RECONNECT_WAIT_SECONDS)
    try:
        await storage.save_session("g", 1, 2, "game", {"turn": 1})
        (pid,) = await storage._db.fetchone("SELECT pg_backend_pid()")
        # pg_terminate_backend(pid) only signals the backend: on a loaded machine it may
        # still answer the calls below, and the connection is then dropped after them (or
        # between two). With a timeout it returns once the backend has exited (PostgreSQL
        # 14+), so the connection is dropped before the first call, as the test means.
        ((ended,),) = await sql(
            pg_database, "SELECT pg_terminate_backend($1, $2)", pid, TERMINATE_WAIT_MS
        )
        assert ended, "the server did not end the connection"
        failures = 0
        for _ in range(3):  # the one call that finds it dropped may fail; then it is back
            try:
                assert (await storage.get_session("g")).state == {"turn": 1}
            except StorageError as error:
                assert "could not be reached" in str(error)
                failures += 1
        assert failures <= 1
        assert await storage._db.fetchone("SELECT pg_backend_pid()") != (pid,)
    finally:
        await storage.close()


async def test_a_connection_the_server_ended_is_told_as_unreachable(pg_database):
    """pg_terminate_backend reaches a busy connection as AdminShutdownError, a PostgresError:
    it must read as "could not be reached" like a dropped socket, not as a database error."""
    storage = await Storage.open(pg_database)
    try:
        ended = asyncpg.AdminShutdownError("terminating connection due to administrator command")
        told = storage._db.storage_error(ended, "load the table")
        assert isinstance(told, StorageError) and "could not be reached" in str(told)
    finally:
        await storage.close()


@pytest.mark.parametrize(("query", "expected"), [("", "off"), ("?synchronous_commit=on", "on")])
async def test_commits_wait_for_the_disk_only_when_the_url_asks(pg_database, query, expected):
    """By default a commit is the server's before the reply (it survives the bot's crash,
    as SQLite's NORMAL does) without waiting for the disk's flush; the URL may ask for it."""
    storage = await Storage.open(pg_database + query)
    try:
        assert await storage._db.fetchone("SHOW synchronous_commit") == (expected,)
    finally:
        await storage.close()
