"""Live sessions and server settings: saved, committed, and back after a crash."""

import asyncio
import itertools
import sqlite3

import pytest

from db import SessionRow, Storage, StorageError

GAME_STATE = {
    "hands": [["1o", "7c", "Ke"], ["Qb", "5o"]],
    "table": ["2c", "3c"],
    "score": {"0": 18, "1": 24},
    "caida": None,
    "history": [{"seat": 0, "play": "7c", "took": ["7o"]}],
    "name": "Ñaño José ♠",
}


def ticking_clock(start=1000.0):
    ticks = itertools.count()
    return lambda: start + next(ticks)


@pytest.fixture
async def storage(tmp_path):
    storage = await Storage.open(tmp_path / "cuarenta.sqlite3", clock=ticking_clock())
    yield storage
    await storage.close()


async def test_sessions_survive_a_crash(tmp_path):
    path = tmp_path / "crash.sqlite3"
    before = await Storage.open(path, clock=ticking_clock())
    await before.save_session("game-1", 10, 20, "game", GAME_STATE)
    await before.save_session("lobby-2", None, 21, "lobby", {"seats": [5, None]})
    await before.save_session("challenge-3", 11, 22, "challenge", {"from": 5, "to": 6})
    # The process dies: nothing is closed; a new process opens the same file.
    after = await Storage.open(path)
    try:
        assert await after.load_sessions() == [
            SessionRow("game-1", 10, 20, "game", GAME_STATE, 1000.0),
            SessionRow("lobby-2", None, 21, "lobby", {"seats": [5, None]}, 1001.0),
            SessionRow("challenge-3", 11, 22, "challenge", {"from": 5, "to": 6}, 1002.0),
        ]
        assert (await after.get_session("lobby-2")).state == {"seats": [5, None]}
    finally:
        await before.close()
        await after.close()


async def test_a_save_is_on_disk_when_the_call_returns(storage):
    await storage.save_session("g", 1, 2, "game", GAME_STATE)
    other = sqlite3.connect(storage.path)
    try:
        assert other.execute("SELECT session_id, kind FROM sessions").fetchall() == [("g", "game")]
    finally:
        other.close()


async def test_saving_again_replaces_the_state_and_keeps_the_order(storage):
    await storage.save_session("a", 1, 2, "lobby", {"seats": [1]})
    await storage.save_session("b", 1, 3, "lobby", {"seats": [2]})
    await storage.save_session("a", 1, 2, "game", {"turn": 0})
    rows = await storage.load_sessions()
    assert [(row.session_id, row.kind, row.state, row.updated_at) for row in rows] == [
        ("a", "game", {"turn": 0}, 1002.0),
        ("b", "lobby", {"seats": [2]}, 1001.0),
    ]


async def test_delete_session(storage):
    await storage.save_session("a", 1, 2, "game", {"turn": 0})
    await storage.save_session("b", 1, 2, "game", {"turn": 1})
    await storage.delete_session("a")
    await storage.delete_session("never-saved")
    assert await storage.get_session("a") is None
    assert [row.session_id for row in await storage.load_sessions()] == ["b"]


@pytest.mark.parametrize(
    ("kind", "state", "error"),
    [
        ("tournament", {}, ValueError),
        ("game", ["not", "a", "dict"], TypeError),
        ("game", {"score": float("nan")}, ValueError),
        ("game", {"seat": object()}, TypeError),
    ],
)
async def test_bad_sessions_are_refused_and_not_written(storage, kind, state, error):
    with pytest.raises(error):
        await storage.save_session("x", 1, 2, kind, state)
    assert await storage.load_sessions() == []


async def test_a_damaged_row_is_skipped_on_restore(storage):
    await storage.save_session("good", 1, 2, "game", {"turn": 3})
    other = sqlite3.connect(storage.path)
    other.execute("INSERT INTO sessions VALUES ('bad', 1, 2, 'game', '{not json', 0, 0)")
    other.commit()
    other.close()
    assert [row.session_id for row in await storage.load_sessions()] == ["good"]
    with pytest.raises(StorageError, match="bad"):
        await storage.get_session("bad")


async def test_guild_config_merges_and_persists(tmp_path):
    path = tmp_path / "config.sqlite3"
    storage = await Storage.open(path)
    try:
        assert await storage.get_guild_config(7) == {}
        assert await storage.set_guild_config(7, lang="es", rules="quito") == {
            "lang": "es",
            "rules": "quito",
        }
        assert await storage.set_guild_config(7, rules="cuenca", channels=[1, 2]) == {
            "lang": "es",
            "rules": "cuenca",
            "channels": [1, 2],
        }
        assert await storage.set_guild_config(7, lang=None) == {
            "rules": "cuenca",
            "channels": [1, 2],
        }
        assert await storage.set_guild_config(8, lang="en") == {"lang": "en"}
        assert await storage.set_guild_config(8) == {"lang": "en"}
        with pytest.raises(TypeError):
            await storage.set_guild_config(8, lang="es", when=object())
    finally:
        await storage.close()
    reopened = await Storage.open(path)
    try:
        assert await reopened.get_guild_config(7) == {"rules": "cuenca", "channels": [1, 2]}
        assert await reopened.get_guild_config(8) == {"lang": "en"}
        assert await reopened.get_guild_config(9) == {}
    finally:
        await reopened.close()


async def test_a_cancelled_call_leaves_no_open_transaction(storage):
    """A click's task may be cancelled mid-write; the next write must still be committed."""
    for steps in range(8):
        task = asyncio.create_task(storage.set_guild_config(1, step=steps))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await storage.save_session("after", 1, 2, "game", {"steps": steps})
        assert not storage._conn.in_transaction
        other = sqlite3.connect(storage.path)
        try:
            saved = other.execute("SELECT state FROM sessions WHERE session_id = 'after'")
            assert saved.fetchall() == [(f'{{"steps":{steps}}}',)]
        finally:
            other.close()
