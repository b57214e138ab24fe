"""The storage tests run on both backends: an SQLite file and a PostgreSQL database.

`database` is where a test's storage lives (a file path or a postgresql:// URL, new and
empty); `storage` is a Storage opened on it. Tests about one backend's own machinery
(SQLite's file header, WAL, file locks) take `tmp_path` and stay SQLite-only.
"""

from __future__ import annotations

import itertools

import pytest

from db import Storage
from tests.db import postgres
from tests.db.postgres import fresh_database, postgres_server

__all__ = ["postgres_server"]  # a session fixture, shared with this folder's tests


def ticking_clock(start: float = 1000.0):
    ticks = itertools.count()
    return lambda: start + next(ticks)


@pytest.fixture(autouse=True)
def _drop_the_tests_databases():
    """The PostgreSQL databases a test made are dropped at its end (after its storages
    closed): the server stays small, and a connection left open fails the test."""
    count = len(postgres.made)
    yield
    postgres.drop_databases_made_since(count)


@pytest.fixture(params=["sqlite", "postgresql"])
def new_database(request, tmp_path):
    """Makes new, empty databases of the test's backend; each call gives one's location."""
    numbers = itertools.count(1)
    if request.param == "sqlite":
        return lambda: str(tmp_path / f"cuarenta{next(numbers)}.sqlite3")
    server = request.getfixturevalue("postgres_server")
    return lambda: fresh_database(server)


@pytest.fixture
def database(new_database) -> str:
    return new_database()


@pytest.fixture
async def storage(database):
    storage = await Storage.open(database, clock=ticking_clock())
    yield storage
    await storage.close()
