"""Opening the file: schema versions, migrations, and files the storage must refuse."""

import asyncio
import json
import sqlite3
import time

import pytest

from db import (
    ChannelTaken,
    MatchRecord,
    PlayerResult,
    SchemaTooNewError,
    Storage,
    StorageBusy,
    StorageError,
    migrations,
)
from db.migrations import APPLICATION_ID, LATEST_VERSION, MIGRATIONS
from engine import Rules

OLD_SESSION_COLUMNS = "session_id, guild_id, channel_id, kind, state, created_at, updated_at"
V2_MATCH = "INSERT INTO matches (match_id, guild_id, channel_id, finished_at, rules, players, "
V2_MATCH += "with_bots, winner_side) VALUES"
V2_SEATS = """INSERT INTO match_players (match_id, seat, user_id, side, won, chicas_won,
    chicas_lost, points, caidas, limpias, rondas, zapaterias_given, zapaterias_suffered) VALUES"""


def build_file(path, version: int) -> None:
    """A file at schema `version`, made with that version's own SQL, plus sample data."""
    conn = sqlite3.connect(path)
    for statements in MIGRATIONS[:version]:
        for statement in statements:
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version}")
    if version >= 1:
        conn.execute(
            f"INSERT INTO sessions ({OLD_SESSION_COLUMNS}) "
            "VALUES ('lobby-1', 5, 6, 'lobby', '{\"seats\":[1,null]}', 1, 2)"
        )
        conn.execute('INSERT INTO guild_config VALUES (5, \'{"lang":"es"}\', 3)')
    if version >= 2:
        conn.execute(f"{V2_MATCH} ('m-1', 5, 6, 10.0, 'quito', 2, 0, 1)")
        conn.executemany(
            f"{V2_SEATS} ('m-1', ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0)",
            [(0, 100, 0, 0, 0, 1, 22), (1, 200, 1, 1, 1, 0, 40)],
        )
    if version >= 3:  # a v3 bot keeps the totals of its matches
        for statement in migrations.REBUILD_PLAYER_TOTALS_V3:
            conn.execute(statement)
    conn.commit()
    conn.close()


def file_pragma(path, name: str):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        conn.close()


def test_history_has_several_versions():
    assert LATEST_VERSION == len(MIGRATIONS) >= 2


@pytest.mark.parametrize("existing", [False, True], ids=["no file", "empty file"])
async def test_new_file_is_created_at_latest_version_in_wal(tmp_path, existing):
    path = tmp_path / "cuarenta.sqlite3"
    if existing:
        path.write_bytes(b"")
    storage = await Storage.open(path)
    try:
        assert storage.schema_version == LATEST_VERSION
        async with storage._db.conn.execute("PRAGMA synchronous") as cursor:
            assert (await cursor.fetchone())[0] == 1  # NORMAL
    finally:
        await storage.close()
    assert file_pragma(path, "user_version") == LATEST_VERSION
    assert file_pragma(path, "journal_mode") == "wal"
    assert file_pragma(path, "application_id") == APPLICATION_ID


@pytest.mark.parametrize("version", range(1, LATEST_VERSION))
async def test_each_older_schema_migrates_and_keeps_its_data(tmp_path, version):
    path = tmp_path / f"v{version}.sqlite3"
    build_file(path, version)
    storage = await Storage.open(path)
    try:
        assert storage.schema_version == LATEST_VERSION
        [session] = list(await storage.load_sessions())
        assert (session.session_id, session.guild_id, session.channel_id) == ("lobby-1", 5, 6)
        assert (session.kind, session.state, session.updated_at) == (
            "lobby",
            {"seats": [1, None]},
            2,
        )
        assert (session.live, session.meta) == (False, {})  # no "phase": not a live lobby
        assert await storage.get_guild_config(5) == {"lang": "es"}
        board = await storage.leaderboard(5, min_matches=1)
        if version >= 2:  # the matches recorded before v3 are counted in the new totals
            assert [(row.user_id, row.wins, row.points) for row in board] == [
                (200, 1, 40),
                (100, 0, 22),
            ]
        else:
            assert board == []
        # the migrated file takes new writes of every kind
        await storage.record_match(
            MatchRecord(
                "m-2",
                5,
                6,
                20.0,
                "cuenca",
                2,
                False,
                0,
                [
                    PlayerResult(100, 0, 0, True, 1, 0, 40, 0, 0, 0, 0, 0),
                    PlayerResult(300, 1, 1, False, 0, 1, 8, 0, 0, 0, 0, 0),
                ],
            )
        )
        stats = await storage.player_stats(100, 5)
        assert (stats.matches, stats.wins) == ((2, 1) if version >= 2 else (1, 1))
    finally:
        await storage.close()
    assert file_pragma(path, "user_version") == LATEST_VERSION


async def test_v5_gives_old_matches_their_rules_options_and_keeps_their_totals(tmp_path):
    path = tmp_path / "v4.sqlite3"
    build_file(path, 4)
    conn = sqlite3.connect(path)
    seats = V2_SEATS
    conn.executescript(
        f"""{V2_MATCH} ('m-cuenca', 5, 6, 11.0, 'cuenca', 2, 0, 0),
            ('m-custom', 5, 6, 11.0, 'custom', 2, 0, 0);
        {seats} ('m-cuenca', 0, 100, 0, 1, 0, 0, 10, 0, 0, 0, 0, 0),
            ('m-cuenca', 1, 200, 1, 0, 0, 0, 10, 0, 0, 0, 0, 0),
            ('m-custom', 0, 100, 0, 1, 0, 0, 10, 0, 0, 0, 0, 0),
            ('m-custom', 1, 200, 1, 0, 0, 0, 10, 0, 0, 0, 0, 0);"""
    )
    for statement in migrations.REBUILD_PLAYER_TOTALS_V3:
        conn.execute(statement)
    conn.commit()
    totals_before = conn.execute("SELECT * FROM player_totals ORDER BY 1, 2, 3").fetchall()
    conn.close()
    storage = await Storage.open(path)
    try:
        assert (await storage.player_stats(100)).matches == 3
        assert (await storage.player_stats(100, rules="cuenca")).wins == 1
        assert await storage.get_player_config(100) == {}
        assert await storage.get_bot_state("anything") is None
    finally:
        await storage.close()
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT match_id, outcome, rule_options FROM matches ORDER BY 1")
        options = {match_id: (outcome, json.loads(rules)) for match_id, outcome, rules in rows}
        assert options == {
            "m-1": ("played", Rules.preset("quito").to_dict()),
            "m-cuenca": ("played", Rules.preset("cuenca").to_dict()),
            "m-custom": ("played", {}),  # which options a custom match had is not known
        }
        totals = conn.execute("SELECT * FROM player_totals ORDER BY 1, 2, 3").fetchall()
        assert totals == totals_before
    finally:
        conn.close()


async def test_reopening_a_current_file_changes_nothing(tmp_path):
    path = tmp_path / "c.sqlite3"
    await (await Storage.open(path)).close()
    storage = await Storage.open(path)
    await storage.close()
    assert file_pragma(path, "user_version") == LATEST_VERSION


async def test_several_connections_migrating_the_same_new_file_at_once(tmp_path):
    """Connections of one process, each on its own thread (other processes: test_locking)."""
    for attempt in range(3):
        path = tmp_path / f"race{attempt}.sqlite3"
        opened = await asyncio.gather(*(Storage.open(path) for _ in range(3)))
        try:
            assert [storage.schema_version for storage in opened] == [LATEST_VERSION] * 3
        finally:
            for storage in opened:
                await storage.close()


async def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "f.sqlite3"
    build_file(path, 1)
    broken = (*MIGRATIONS[1:], ("CREATE TABLE half_done (x)", "THIS IS NOT SQL"))
    monkeypatch.setattr(migrations, "MIGRATIONS", (MIGRATIONS[0], *broken))
    monkeypatch.setattr(migrations, "LATEST_VERSION", 1 + len(broken))
    with pytest.raises(StorageError, match="syntax error"):
        await Storage.open(path)
    assert file_pragma(path, "user_version") == 1
    conn = sqlite3.connect(path)
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert "half_done" not in tables and "matches" not in tables
    assert "sessions" in tables


async def test_a_file_from_a_newer_bot_is_refused_untouched(tmp_path):
    path = tmp_path / "new.sqlite3"
    build_file(path, LATEST_VERSION)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.close()
    with pytest.raises(SchemaTooNewError) as caught:
        await Storage.open(path)
    message = str(caught.value)
    assert f"version {LATEST_VERSION + 1}" in message and f"up to {LATEST_VERSION}" in message
    assert "newer version of the bot" in message
    assert isinstance(caught.value, StorageError)
    assert file_pragma(path, "user_version") == LATEST_VERSION + 1
    assert file_pragma(path, "journal_mode") == "delete"  # not even switched to WAL


async def test_a_folder_is_refused(tmp_path):
    with pytest.raises(StorageError, match="is a folder, not a file"):
        await Storage.open(tmp_path)


async def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(StorageError, match="does not exist"):
        await Storage.open(tmp_path / "no" / "such" / "db.sqlite3")


async def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"Cuarenta: 2 points per caida, 10 for a limpia. " * 200)
    with pytest.raises(StorageError, match="not an SQLite file"):
        await Storage.open(path)
    assert path.read_bytes().startswith(b"Cuarenta: 2 points")


def another_program(path, application_id: int, user_version: int, tables: bool) -> None:
    conn = sqlite3.connect(path)
    if tables:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        conn.execute("INSERT INTO invoices VALUES (1, 9.5)")
    conn.execute(f"PRAGMA application_id = {application_id}")
    conn.execute(f"PRAGMA user_version = {user_version}")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    ("application_id", "user_version", "tables", "message"),
    [
        (0, 0, True, "holds tables that are not the bot's"),
        (1234, 0, True, "another program's SQLite database"),
        (1234, 0, False, "another program's SQLite database"),
        (1234, 2, True, "another program's SQLite database"),  # would pass for a v2 bot file
        (0, 2, True, "another program's SQLite database"),  # every bot file has the id (v1)
        (1234, LATEST_VERSION + 1, True, "another program's SQLite database"),  # not "newer"
    ],
)
async def test_another_programs_database_is_refused_before_anything_changes(
    tmp_path, application_id, user_version, tables, message
):
    path = tmp_path / "other.sqlite3"
    another_program(path, application_id, user_version, tables)
    before = path.read_bytes()
    with pytest.raises(StorageError, match=message) as caught:
        await Storage.open(path)
    assert not isinstance(caught.value, SchemaTooNewError)
    assert file_pragma(path, "journal_mode") == "delete"  # not switched to WAL
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite3"]  # no -wal, -shm


@pytest.mark.parametrize("mode", ["delete", "wal"])
async def test_a_file_locked_for_longer_than_open_timeout_is_refused(tmp_path, mode):
    path = tmp_path / "locked.sqlite3"
    build_file(path, LATEST_VERSION)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(f"PRAGMA journal_mode = {mode}")
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE guild_config SET updated_at = 4")
    try:
        started = time.monotonic()
        with pytest.raises(StorageBusy, match=r"locked by another program for 0\.2 seconds"):
            await Storage.open(path, busy_timeout=0.1, open_timeout=0.2)
        # Far above 0.2 s, far below the 30 s default: the bound given was the one used.
        assert time.monotonic() - started < 25
    finally:
        holder.close()
    storage = await Storage.open(path)  # usable again once the other program lets go
    await storage.close()


async def test_a_write_blocked_by_a_lock_is_storage_busy_and_leaves_no_transaction(tmp_path):
    path = tmp_path / "busy.sqlite3"
    storage = await Storage.open(path, busy_timeout=0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StorageBusy, match="locked by another program"):
            await storage.save_session("g", 1, 2, "game", {"turn": 1})
        with pytest.raises(StorageBusy, match="locked by another program"):
            await storage.set_guild_config(1, lang="en")
        holder.execute("ROLLBACK")
        await storage.set_guild_config(1, lang="en")
        await storage.save_session("g", 1, 2, "game", {"turn": 2})
        assert not storage._db.conn.in_transaction
        assert holder.execute("SELECT state FROM sessions").fetchall() == [('{"turn":2}',)]
    finally:
        holder.close()
        await storage.close()


V3_SESSIONS = [  # session_id, channel_id, kind, state, created_at, updated_at, live after v4
    ("lobby-1", 6, "lobby", {"seats": [1, None]}, 1, 2, False),  # from build_file: no phase
    ("game-old", 10, "game", {"phase": "playing", "turn": 3}, 1, 5, False),  # duplicates...
    ("challenge-10", 10, "challenge", {"from": 1, "to": 2}, 2, 7, False),
    ("game-new", 10, "game", {"phase": "playing", "turn": 8}, 3, 9, True),  # ...newest kept
    ("lobby-open", 11, "lobby", {"phase": "lobby", "seats": [1]}, 1, 1, True),
    ("game-lobby", 12, "game", {"phase": "lobby"}, 1, 1, True),
    ("lobby-playing", 13, "lobby", {"phase": "playing"}, 1, 1, True),
    ("game-done", 14, "game", {"phase": "finished"}, 1, 3, False),
    ("lobby-gone", 14, "lobby", {"phase": "cancelled"}, 1, 4, False),
    ("game-stopped", 14, "game", {"phase": "stopped"}, 1, 5, False),
    ("challenge-15", 15, "challenge", {"from": 3, "to": 4}, 1, 1, True),
    ("game-15", 15, "game", {"phase": "finished"}, 1, 2, False),
    ("tie-a", 16, "game", {"phase": "playing"}, 1, 6, False),  # same times: the greater
    ("tie-b", 16, "game", {"phase": "playing"}, 1, 6, True),  # session_id is kept
    ("list-state", 17, "game", [1, 2], 1, 1, False),
]


async def test_v4_marks_the_live_sessions_from_their_saved_state(tmp_path):
    path = tmp_path / "v3.sqlite3"
    build_file(path, 3)
    conn = sqlite3.connect(path)
    conn.executemany(
        f"INSERT INTO sessions ({OLD_SESSION_COLUMNS}) VALUES (?, 5, ?, ?, ?, ?, ?)",
        [
            (session_id, channel, kind, json.dumps(state), created, updated)
            for session_id, channel, kind, state, created, updated, _ in V3_SESSIONS[1:]
        ],
    )
    conn.execute(  # damaged by hand: never restored, so it must not hold its channel
        f"INSERT INTO sessions ({OLD_SESSION_COLUMNS}) "
        "VALUES ('damaged', 5, 18, 'challenge', '{not json', 1, 1)"
    )
    conn.commit()
    harness_query = "SELECT channel_id, kind, state FROM sessions ORDER BY session_id"
    before = conn.execute(harness_query).fetchall()
    conn.close()

    storage = await Storage.open(path)
    try:
        rows = list(await storage.load_sessions())
        expected = {
            session_id: (channel, kind, state, updated, live)
            for session_id, channel, kind, state, _, updated, live in V3_SESSIONS
        }
        assert {row.session_id for row in rows} == set(expected)  # not the damaged one
        for row in rows:
            assert (row.channel_id, row.kind, row.state, row.updated_at, row.live) == (
                expected[row.session_id]
            ), row.session_id
            assert row.meta == {} and row.guild_id == 5
        with pytest.raises(ChannelTaken) as taken:
            await storage.save_session("new", 5, 10, "game", {"phase": "lobby"})
        assert taken.value.other_session_id == "game-new"
        await storage.save_session("new", 5, 14, "game", {"phase": "lobby"})  # nothing live
        await storage.save_session("new-18", 5, 18, "challenge", {})
    finally:
        await storage.close()

    conn = sqlite3.connect(path)
    try:
        after = conn.execute(harness_query).fetchall()
        assert [row for row in after if row in before] == before  # old rows as they were
        lives = dict(conn.execute("SELECT session_id, live FROM sessions"))
        assert lives["list-state"] == 0 and lives["damaged"] == 0
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("UPDATE sessions SET live = 1 WHERE session_id = 'game-old'")
    finally:
        conn.close()


async def test_a_closed_storage_says_so(tmp_path):
    storage = await Storage.open(tmp_path / "c.sqlite3")
    await storage.close()
    await storage.close()
    with pytest.raises(StorageError, match="closed"):
        await storage.load_sessions()
