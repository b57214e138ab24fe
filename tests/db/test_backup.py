"""`bot.py backup` and `bot.py check`: a consistent copy, and a check that reads only."""

from __future__ import annotations

import sqlite3

import pytest

from db import Storage, StorageError
from db.backup import backup_sqlite, check
from db.migrations import LATEST_VERSION


async def test_a_backup_taken_with_the_storage_open_holds_what_it_saved(tmp_path):
    source, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    storage = await Storage.open(source)
    try:
        await storage.set_bot_state("saved", "before the backup")
        backup_sqlite(source, copy)
        await storage.set_bot_state("saved", "after it")
    finally:
        await storage.close()
    assert await check(copy) == []
    copied = await Storage.open(copy)
    try:
        assert await copied.get_bot_state("saved") == "before the backup"
    finally:
        await copied.close()


def test_there_is_no_backup_of_a_missing_file(tmp_path):
    with pytest.raises(StorageError):
        backup_sqlite(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


async def test_check_names_what_is_wrong_and_changes_nothing(tmp_path):
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    assert "not the bot's" in " ".join(await check(other))
    assert other.read_bytes() == before
    assert await check(tmp_path / "missing.sqlite3") == [
        f"{tmp_path / 'missing.sqlite3'} is not a file."
    ]

    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    assert await check(empty) == [
        f"schema version 0, this bot's is {LATEST_VERSION} (the bot migrates it when it starts)"
    ]


async def test_check_finds_a_damaged_file(tmp_path):
    path = tmp_path / "bot.sqlite3"
    storage = await Storage.open(path)
    await storage.set_bot_state("x", "y" * 5000)
    await storage.close()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for start in range(page, len(data), page):  # every page's header but the first's
        data[start : start + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    assert await check(path) != []


async def test_a_backup_onto_the_database_itself_is_refused_and_changes_nothing(tmp_path):
    source = tmp_path / "bot.sqlite3"
    storage = await Storage.open(source)
    try:
        await storage.set_bot_state("saved", "kept")
    finally:
        await storage.close()
    before = source.read_bytes()
    for same in (source, tmp_path / "." / "bot.sqlite3"):
        with pytest.raises(StorageError, match="the database itself"):
            backup_sqlite(source, same)
    assert source.read_bytes() == before
