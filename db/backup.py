"""Backing up and checking a database, with the bot running or not (`bot.py backup|check`).

A backup of an SQLite file goes through SQLite's online backup API in one step: a
consistent snapshot of the last committed state, taken while the bot keeps writing
(in WAL mode its writes do not wait for it). PostgreSQL is backed up with `pg_dump`.
"""

from __future__ import annotations

import os
import sqlite3
import time

import aiosqlite

from . import migrations
from .errors import StorageError
from .postgres_db import _connect, _version, is_postgres_url, redact

CHECK_CONNECT_SECONDS = 10.0


def backup_sqlite(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Copy the SQLite database `source` to `target` (replaced), consistently.

    StorageError if `source` is not an SQLite file, `target` is `source` itself (SQLite
    would copy nothing and say nothing), or `target` cannot be written.
    """
    if not os.path.isfile(source):
        raise StorageError(f"{source} is not a file: nothing to back up.")
    if os.path.exists(target) and os.path.samefile(source, target):
        raise StorageError(
            f"{target} is the database itself: give the backup another file name "
            "(nothing was copied)."
        )
    try:
        origin, copy = sqlite3.connect(source, timeout=30.0), sqlite3.connect(target)
        try:
            origin.backup(copy)  # pages=-1: all at once, one snapshot
        finally:
            copy.close()
            origin.close()
    except sqlite3.Error as error:
        raise StorageError(f"Could not back up {source} to {target}: {error}") from error


async def check(location: str | os.PathLike[str]) -> list[str]:
    """What is wrong with the database at `location` (empty: nothing); reads, never writes.

    SQLite: the file is the bot's, its schema version is known, and SQLite's
    integrity_check passes. PostgreSQL: the server answers, and the schema is the bot's
    at a known version.
    """
    where = os.fspath(location)
    if is_postgres_url(where):
        return await _check_postgres(where)
    if not os.path.isfile(where):
        return [f"{where} is not a file."]
    try:
        async with aiosqlite.connect(f"file:{where}?mode=ro", uri=True) as conn:
            problems = _version_problems(await migrations.check_file(conn, where))
            async with conn.execute("PRAGMA integrity_check") as cursor:
                found = [row[0] for row in await cursor.fetchall()]
    except (sqlite3.Error, StorageError) as error:
        return [str(error)]
    return problems + ([] if found == ["ok"] else found)


async def _check_postgres(url: str) -> list[str]:
    deadline = time.monotonic() + CHECK_CONNECT_SECONDS
    try:
        conn = await _connect(url, deadline, CHECK_CONNECT_SECONDS)
        try:
            return _version_problems(await _version(conn, redact(url)))
        finally:
            await conn.close()
    except StorageError as error:
        return [str(error)]


def _version_problems(version: int) -> list[str]:
    if version == migrations.LATEST_VERSION:
        return []
    return [
        f"schema version {version}, this bot's is {migrations.LATEST_VERSION} "
        "(the bot migrates it when it starts)"
    ]
