"""The storage tests run on both backends: an SQLite file and a PostgreSQL database.

`database` is where a test's storage lives (a file path or a postgresql:// URL), new and at
the latest schema version, as `Storage.open` leaves a new one: a copy of a database migrated
once per session (the migrations themselves are tested from empty databases, in
test_migrations.py and test_postgres.py). `storage` is a Storage opened on it. Tests about
one backend's own machinery (SQLite's file header, WAL, file locks) take `tmp_path` and stay
SQLite-only.
"""

from __future__ import annotations

import itertools
import os
import shutil

import pytest

from db import Storage
from tests.db import postgres
from tests.db.postgres import migrated_database, run_apart

BACKENDS = ["sqlite", "postgresql"]


def ticking_clock(start: float = 1000.0):
    ticks = itertools.count()
    return lambda: start + next(ticks)


async def _migrate(path: str) -> None:
    await (await Storage.open(path)).close()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> str:
    """An SQLite file migrated once for the session, closed: `new_database` copies it."""
    path = str(tmp_path_factory.mktemp("template") / "cuarenta.sqlite3")
    run_apart(_migrate(path))
    leftovers = [path + suffix for suffix in ("-wal", "-shm", "-journal")]
    assert not any(map(os.path.exists, leftovers)), "the closed file must be all in one"
    return path


@pytest.fixture(autouse=True)
def _drop_the_tests_databases():
    """The PostgreSQL databases a test made are dropped at its end (after its storages
    closed): the server stays small, and a connection left open fails the test."""
    count = len(postgres.made)
    yield
    postgres.drop_databases_made_since(count)


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def new_database(backend, request, tmp_path):
    """Makes new databases of the test's backend, at the latest schema version; each call
    gives one's location."""
    numbers = itertools.count(1)
    if backend == "sqlite":
        template = request.getfixturevalue("sqlite_template")

        def new_file() -> str:
            return str(shutil.copyfile(template, tmp_path / f"cuarenta{next(numbers)}.sqlite3"))

        return new_file
    server = request.getfixturevalue("postgres_server")
    return lambda: migrated_database(server)


@pytest.fixture
def database(new_database) -> str:
    return new_database()


@pytest.fixture
async def storage(database):
    storage = await Storage.open(database, clock=ticking_clock())
    yield storage
    await storage.close()
