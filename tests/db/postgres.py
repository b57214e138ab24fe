"""A throwaway PostgreSQL server for the tests: Debian's `postgresql` binaries, a cluster in
a temporary folder (in memory when /dev/shm has room), on a free port of 127.0.0.1, started
once per test session.

Each test gets a database of its own: `fresh_database` (empty) or `migrated_database` (a
copy of one migrated once per server); the fixtures drop them at the test's end
(`drop_databases_made_since`). Without the binaries the PostgreSQL tests are skipped
locally; under CI (CI=true) they fail instead, since .ci/run installs the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import asyncpg
import pytest

from db import Storage

T = TypeVar("T")

USER = "cuarenta"
MEMORY = "/dev/shm"
MEMORY_NEEDED = 1 << 30  # bytes free in MEMORY to put the cluster there (it stays ~100 MB)
TEMPLATE = "cuarenta_migrated"  # migrated once per server, copied by migrated_database
_numbers = itertools.count(1)
_templates: set[str] = set()  # servers that have TEMPLATE
made: list[str] = []  # the URLs of the databases made, in order (see drop_databases_made_since)


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _scratch_folder() -> str | None:
    """Where a test cluster goes: in memory if there is room, else the default temp folder.

    On a disk each CREATE DATABASE writes a copy of the template's 300 files (0.3 s here,
    against 0.03 s in memory), and a session's cluster grew to about 1 GB to delete.
    """
    try:
        usable = os.access(MEMORY, os.W_OK) and shutil.disk_usage(MEMORY).free >= MEMORY_NEEDED
    except OSError:
        return None
    return MEMORY if usable else None


def _as_server_user(command: list[str]) -> list[str]:
    """initdb and postgres refuse to run as root: run them as the `postgres` user then."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextlib.contextmanager
def running_server(*, durable: bool = False) -> Iterator[str]:
    """Start a cluster; yield the URL of its server (no database named); stop and remove it.

    Tests need no flush to disk (fsync off) and no disk (the cluster is in memory when
    there is room); `durable` keeps PostgreSQL's defaults and a disk, for benchmarks of what
    production pays.
    """
    bin_dir = binaries()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: .ci/run must install it (apt postgresql)")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    folder = tempfile.mkdtemp(prefix="cuarenta-pg-", dir=None if durable else _scratch_folder())
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = _free_port()
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "initdb"), "-D", data, "-U", USER, "-A", "trust", "--no-sync"]
        ),
        **run,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=60"
    if not durable:
        options += " -c fsync=off -c full_page_writes=off"
    log = os.path.join(folder, "server.log")
    pg_ctl = str(bin_dir / "pg_ctl")
    subprocess.run(
        _as_server_user([pg_ctl, "-D", data, "-o", options, "-l", log, "-w", "start"]), **run
    )
    try:
        yield f"postgresql://{USER}@127.0.0.1:{port}"
    finally:
        subprocess.run(
            _as_server_user([pg_ctl, "-D", data, "-m", "immediate", "-w", "stop"]),
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(folder, ignore_errors=True)


def run_apart(coroutine: Coroutine[object, object, T]) -> T:
    """Run `coroutine` to its end in an event loop of its own, on a thread of its own: from
    sync code or from inside a running loop alike, without touching the caller's loop."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


async def _admin(server: str, statement: str) -> None:
    admin = await asyncpg.connect(f"{server}/postgres")
    try:
        await admin.execute(statement)
    finally:
        await admin.close()


def _new_database(server: str, template: str) -> str:
    name = f"test_{os.getpid()}_{next(_numbers)}"
    run_apart(_admin(server, f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    url = f"{server}/{name}"
    made.append(url)
    return url


def fresh_database(server: str) -> str:
    """A new, empty database on `server`; its URL. Callable inside or outside an event
    loop (it runs its own, on a thread of its own)."""
    return _new_database(server, "template0")


async def _migrate(url: str) -> None:
    await (await Storage.open(url)).close()


def migrated_database(server: str) -> str:
    """A new database on `server` at the latest schema version, as `Storage.open` leaves a
    new one: a copy of a database migrated once per server (the migrations themselves are
    tested from empty databases, in test_postgres.py). Callable inside or outside a loop."""
    if server not in _templates:
        run_apart(_admin(server, f'CREATE DATABASE "{TEMPLATE}" TEMPLATE template0'))
        run_apart(_migrate(f"{server}/{TEMPLATE}"))
        _templates.add(server)
    return _new_database(server, TEMPLATE)


async def _drop(url: str, patience: float) -> None:
    server, _, name = url.partition("?")[0].rpartition("/")
    deadline = time.monotonic() + patience
    while True:
        try:
            return await _admin(server, f'DROP DATABASE IF EXISTS "{name}"')
        except asyncpg.ObjectInUseError:  # PostgreSQL itself waits 5 s before saying so
            if time.monotonic() >= deadline:
                raise
        await asyncio.sleep(0.1)


def drop_database(url: str, patience: float = 30.0) -> None:
    """Drop a test database. A connection to it still open after `patience` seconds is an
    error (left open by the test, or by the code under test): it is not ended by force."""
    try:
        run_apart(_drop(url, patience))
    except asyncpg.ObjectInUseError as exc:
        pytest.fail(f"{url} is still in use at the end of the test: a connection left open? {exc}")


def drop_databases_made_since(count: int) -> None:
    """Drop the databases made after the first `count` of `made`, and forget them."""
    urls = made[count:]
    del made[count:]
    for url in urls:
        drop_database(url)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The session's PostgreSQL server URL (skipped locally if PostgreSQL is missing)."""
    with running_server() as url:
        yield url
