"""Other processes' locks: waited out while opening (open_timeout), short during calls.

No test here asserts how long anything took: a sleep only ever makes a test pass
where it might otherwise have caught a bug, never fail on a slow machine.
"""

import asyncio
import contextlib
import os
import select
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from db import Storage, StorageBusy, StorageError
from db.migrations import LATEST_VERSION
from tests.db.test_migrations import build_file, file_pragma

ROOT = Path(__file__).resolve().parents[2]

# A bot process starting: at each path read on stdin, it opens that file; every process
# gets the same path at the same moment.
OPENER = """
import asyncio, sys
from db import Storage

async def main():
    print("ready", flush=True)
    while path := sys.stdin.readline().rstrip("\\n"):
        storage = await Storage.open(path)
        print(storage.schema_version, flush=True)
        await storage.close()

asyncio.run(main())
"""

PROCESSES = 4
ROUNDS = 5


def schema(path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall()
    finally:
        conn.close()


def _answer(child: subprocess.Popen, timeout: float = 300) -> str:
    """The child's next line, or how it died; TimeoutError only against a hang."""
    if not select.select([child.stdout], [], [], timeout)[0]:
        raise TimeoutError(f"no answer from a child process in {timeout:g} seconds")
    return child.stdout.readline() or f"died: {child.stderr.read()}"


@contextlib.contextmanager
def processes(count: int) -> Iterator[Callable[[Path], list[str]]]:
    """Start `count` processes; yield a function that has them all open a path at once and
    gives what each printed (its schema version, or how it died). Each must end well."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]

    def open_at_once(path: Path) -> list[str]:
        for child in children:  # the starting gun
            child.stdin.write(f"{path}\n")
            child.stdin.flush()
        return [_answer(child) for child in children]

    try:
        for child in children:
            assert _answer(child) == "ready\n"
        yield open_at_once
        for child in children:  # stdin closed: no more paths, the process ends
            _, err = child.communicate(timeout=300)  # only against a hang
            assert child.returncode == 0, err
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()


def test_several_processes_opening_the_same_new_file_at_once(tmp_path):
    """Each process waits for the others' locks; exactly one applies the migrations
    (a second run of v1 would fail on CREATE TABLE of a table that exists)."""
    reference = tmp_path / "reference.sqlite3"
    asyncio.run(_open_and_close(reference))
    with processes(PROCESSES) as open_at_once:
        for attempt in range(ROUNDS):
            path = tmp_path / f"race{attempt}.sqlite3"
            assert open_at_once(path) == [f"{LATEST_VERSION}\n"] * PROCESSES
            assert file_pragma(path, "user_version") == LATEST_VERSION
            assert file_pragma(path, "journal_mode") == "wal"
            assert schema(path) == schema(reference)


async def _open_and_close(path) -> None:
    await (await Storage.open(path)).close()


def hold_lock(path, mode: str) -> sqlite3.Connection:
    """Another program, holding the file locked against readers and writers."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(f"PRAGMA journal_mode = {mode}")
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE guild_config SET updated_at = 4")
    return holder


@pytest.mark.parametrize("mode", ["delete", "wal"])
async def test_open_waits_for_another_programs_lock_longer_than_busy_timeout(tmp_path, mode):
    path = tmp_path / "waiting.sqlite3"
    build_file(path, 1)  # an old schema: opening has to migrate it
    holder = hold_lock(path, mode)
    opening = asyncio.create_task(Storage.open(path, busy_timeout=0.05, open_timeout=600))
    try:
        await asyncio.sleep(0.5)  # at least ten busy timeouts
        assert not opening.done(), opening.exception()
    finally:
        holder.execute("COMMIT")
        holder.close()
    storage = await opening
    try:
        assert storage.schema_version == LATEST_VERSION
        assert await storage.get_guild_config(5) == {"lang": "es"}
    finally:
        await storage.close()
    assert file_pragma(path, "journal_mode") == "wal"


async def _busy_timeout(storage: Storage) -> int:
    async with storage._db.conn.execute("PRAGMA busy_timeout") as cursor:
        return (await cursor.fetchone())[0]


async def test_calls_wait_busy_timeout_not_open_timeout(tmp_path):
    path = tmp_path / "timeouts.sqlite3"
    storage = await Storage.open(path, open_timeout=600)
    try:
        assert await _busy_timeout(storage) == 2000  # the default: within a click's 3 s
    finally:
        await storage.close()
    storage = await Storage.open(path, busy_timeout=0.2, open_timeout=600)
    try:
        assert await _busy_timeout(storage) == 200
    finally:
        await storage.close()


async def test_a_save_during_another_connections_write_is_storage_busy_then_works(tmp_path):
    path = tmp_path / "busy.sqlite3"
    storage = await Storage.open(path, busy_timeout=0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        await storage.save_session("g", 1, 2, "game", {"turn": 1}, meta={"message": 7})
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("UPDATE guild_config SET updated_at = 4")
        with pytest.raises(StorageBusy, match="locked by another program") as caught:
            await storage.save_session("g", 1, 2, "game", {"turn": 2})
        assert isinstance(caught.value, StorageError)
        with pytest.raises(StorageBusy):
            await storage.save_meta("g", {"message": 8})
        with pytest.raises(StorageBusy):
            await storage.set_guild_config(1, lang="en")
        with pytest.raises(StorageBusy):
            await storage.delete_session("g")
        row = await storage.get_session("g")  # reads go on meanwhile (WAL)
        assert (row.state, row.meta) == ({"turn": 1}, {"message": 7})
        holder.execute("COMMIT")
        await storage.save_session("g", 1, 2, "game", {"turn": 2})
        await storage.save_meta("g", {"message": 8})
        row = await storage.get_session("g")
        assert (row.state, row.meta) == ({"turn": 2}, {"message": 8})
        assert not storage._db.conn.in_transaction
    finally:
        holder.close()
        await storage.close()
