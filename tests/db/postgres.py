"""A throwaway PostgreSQL server for the tests: Debian's `postgresql` binaries, a cluster in
a temporary folder (in memory when /dev/shm has room), on a free port of 127.0.0.1, started
once per test session.

Each test gets a database of its own (`fresh_database`). Without the binaries the
PostgreSQL tests are skipped locally; under CI (CI=true) they fail instead, since
.ci/run installs the server.
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
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg
import pytest

USER = "cuarenta"
MEMORY = "/dev/shm"
MEMORY_NEEDED = 1 << 30  # bytes free in MEMORY to put the cluster there
_numbers = itertools.count(1)


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


async def _create_database(server: str, name: str) -> None:
    admin = await asyncpg.connect(f"{server}/postgres")
    try:
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    finally:
        await admin.close()


def fresh_database(server: str) -> str:
    """A new, empty database on `server`; its URL. Callable inside or outside an event
    loop (it runs its own, on a thread of its own)."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, _create_database(server, name)).result()
    return f"{server}/{name}"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The session's PostgreSQL server URL (skipped locally if PostgreSQL is missing)."""
    with running_server() as url:
        yield url
