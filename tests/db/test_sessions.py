"""Live sessions and server settings: saved, committed, and back after a crash."""

import asyncio
import json
import math
import sqlite3

import asyncpg
import pytest

from db import ChannelTaken, SessionRow, Storage, StorageError, encode, sessions
from tests.db.conftest import ticking_clock
from tests.db.other_connection import in_transaction, peek, poke

GAME_STATE = {
    "hands": [["1o", "7c", "Ke"], ["Qb", "5o"]],
    "table": ["2c", "3c"],
    "score": {"0": 18, "1": 24},
    "caida": None,
    "history": [{"seat": 0, "play": "7c", "took": ["7o"]}],
    "name": "Ñaño José ♠",
}


async def test_sessions_survive_a_crash(database):
    path = database
    before = await Storage.open(path, clock=ticking_clock())
    await before.save_session("game-1", 10, 20, "game", GAME_STATE)
    await before.save_session("lobby-2", None, 21, "lobby", {"seats": [5, None]})
    await before.save_session("challenge-3", 11, 22, "challenge", {"from": 5, "to": 6})
    # The process dies: nothing is closed; a new process opens the same file.
    after = await Storage.open(path)
    try:
        assert list(await after.load_sessions()) == [
            SessionRow("game-1", 10, 20, "game", GAME_STATE, 1000.0),
            SessionRow("lobby-2", None, 21, "lobby", {"seats": [5, None]}, 1001.0),
            SessionRow("challenge-3", 11, 22, "challenge", {"from": 5, "to": 6}, 1002.0),
        ]
        assert (await after.get_session("lobby-2")).state == {"seats": [5, None]}
    finally:
        await before.close()
        await after.close()


async def test_a_save_is_on_disk_when_the_call_returns(storage, database):
    await storage.save_session("g", 1, 2, "game", GAME_STATE)
    assert await peek(database, "SELECT session_id, kind FROM sessions") == [("g", "game")]


async def test_a_state_encoded_beforehand_is_saved_as_the_dict_would_be(storage):
    await storage.save_session("g", 1, 2, "game", encode(GAME_STATE, "a state"))
    assert (await storage.get_session("g")).state == GAME_STATE
    with pytest.raises(TypeError):
        await storage.save_session("h", 1, 3, "game", json.dumps(GAME_STATE))  # type: ignore[arg-type]


async def test_saving_again_replaces_the_state_and_keeps_the_order(storage):
    await storage.save_session("a", 1, 2, "lobby", {"seats": [1]})
    await storage.save_session("b", 1, 3, "lobby", {"seats": [2]})
    await storage.save_session("a", 1, 2, "game", {"turn": 0})
    rows = list(await storage.load_sessions())
    assert [(row.session_id, row.kind, row.state, row.updated_at) for row in rows] == [
        ("a", "game", {"turn": 0}, 1002.0),
        ("b", "lobby", {"seats": [2]}, 1001.0),
    ]


async def test_saved_sessions_are_decoded_one_at_a_time(storage, monkeypatch):
    """A restart holds one decoded state at a time, not every table's at once."""
    for index in range(3):
        await storage.save_session(f"s{index}", 1, 10 + index, "game", {"turn": index})
    decoded: list[object] = []
    monkeypatch.setattr(sessions, "decode", lambda text: decoded.append(text) or json.loads(text))
    rows = await storage.load_sessions()
    assert decoded == []
    assert next(rows).state == {"turn": 0}
    assert len(decoded) == 2  # its state and its meta, and nothing of the rows after it
    assert [row.state for row in rows] == [{"turn": 1}, {"turn": 2}]


async def test_delete_session(storage):
    await storage.save_session("a", 1, 2, "game", {"turn": 0})
    await storage.save_session("b", 1, 3, "game", {"turn": 1})
    await storage.delete_session("a")
    await storage.delete_session("never-saved")
    assert await storage.get_session("a") is None
    assert [row.session_id for row in await storage.load_sessions()] == ["b"]


@pytest.mark.parametrize(
    ("kind", "state", "meta", "error"),
    [
        ("tournament", {}, None, ValueError),
        ("game", ["not", "a", "dict"], None, TypeError),
        ("game", {"score": 2**64}, None, TypeError),
        ("game", {"seat": object()}, None, TypeError),
        ("game", {}, ["not", "a", "dict"], TypeError),
        ("game", {}, {"posted": object()}, TypeError),
    ],
)
async def test_bad_sessions_are_refused_and_not_written(storage, kind, state, meta, error):
    with pytest.raises(error):
        await storage.save_session("x", 1, 2, kind, state, meta=meta)
    assert list(await storage.load_sessions()) == []


async def test_a_float_json_cannot_write_is_saved_as_null(storage):
    """orjson's rule (db/codec.py): NaN and the infinities become null, not an error."""
    await storage.save_session("x", 1, 2, "game", {"score": float("nan")}, meta={"at": -math.inf})
    (row,) = list(await storage.load_sessions())
    assert row.state == {"score": None} and row.meta == {"at": None}


async def test_a_damaged_row_is_skipped_on_restore(storage, database):
    await storage.save_session("good", 1, 2, "game", {"turn": 3})
    columns = "session_id, guild_id, channel_id, kind, state, created_at, updated_at, meta"
    insert = f"INSERT INTO sessions ({columns}) VALUES (?, 1, ?, 'game', ?, 0, 0, ?)"
    await poke(database, insert, ("bad", 3, "{not json", "{}"))
    await poke(database, insert, ("bad-meta", 4, "{}", "{not json"))
    assert [row.session_id for row in await storage.load_sessions()] == ["good"]
    with pytest.raises(StorageError, match="bad"):
        await storage.get_session("bad")
    with pytest.raises(StorageError, match="bad-meta"):
        await storage.get_session("bad-meta")


@pytest.mark.parametrize("kind", ["guild", "player"])
async def test_settings_merge_and_persist(database, kind):
    """Server and player settings merge the same way, each kind in its own table."""
    path = database
    storage = await Storage.open(path)
    other_kind = "player" if kind == "guild" else "guild"

    def get(store, owner, which=kind):
        return getattr(store, f"get_{which}_config")(owner)

    def put(store, owner, which=kind, **values):
        return getattr(store, f"set_{which}_config")(owner, **values)

    try:
        assert await get(storage, 7) == {}
        assert await put(storage, 7, lang="es", rules="quito") == {"lang": "es", "rules": "quito"}
        assert await put(storage, 7, rules="cuenca", channels=[1, 2]) == {
            "lang": "es",
            "rules": "cuenca",
            "channels": [1, 2],
        }
        assert await put(storage, 7, lang=None) == {"rules": "cuenca", "channels": [1, 2]}
        assert await put(storage, 8, lang="en") == {"lang": "en"}
        assert await put(storage, 8) == {"lang": "en"}
        with pytest.raises(TypeError):
            await put(storage, 8, lang="es", when=object())
        assert await get(storage, 7, other_kind) == {}  # the other kind's table is apart
        await put(storage, 7, other_kind, lang="en")
    finally:
        await storage.close()
    reopened = await Storage.open(path)
    try:
        assert await get(reopened, 7) == {"rules": "cuenca", "channels": [1, 2]}
        assert await get(reopened, 8) == {"lang": "en"}
        assert await get(reopened, 9) == {}
        assert await get(reopened, 7, other_kind) == {"lang": "en"}
    finally:
        await reopened.close()


async def test_bot_state_is_kept_and_replaced(database):
    path = database
    storage = await Storage.open(path)
    try:
        assert await storage.get_bot_state("commands") is None
        await storage.set_bot_state("commands", "abc")
        await storage.set_bot_state("emojis", "x")
        await storage.set_bot_state("commands", "def")
    finally:
        await storage.close()
    reopened = await Storage.open(path)
    try:
        assert await reopened.get_bot_state("commands") == "def"
        assert await reopened.get_bot_state("emojis") == "x"
    finally:
        await reopened.close()


async def test_a_cancelled_call_leaves_no_open_transaction(storage, database):
    """A click's task may be cancelled mid-write; the next write must still be committed."""
    for steps in range(8):
        task = asyncio.create_task(storage.set_guild_config(1, step=steps))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await storage.save_session("after", 1, 2, "game", {"steps": steps})
        assert not in_transaction(storage)
        saved = await peek(database, "SELECT state FROM sessions WHERE session_id = 'after'")
        assert saved == [(f'{{"steps":{steps}}}',)]


# One live session per channel ---------------------------------------------------------


async def test_a_second_live_session_in_a_channel_is_refused_and_changes_nothing(storage):
    await storage.save_session("first", 1, 2, "lobby", {"seats": [1]}, meta={"message": 5})
    before = await storage.get_session("first")
    with pytest.raises(ChannelTaken) as caught:
        await storage.save_session("second", 1, 2, "challenge", {"from": 3}, meta={"x": 1})
    assert (caught.value.channel_id, caught.value.other_session_id) == (2, "first")
    assert not isinstance(caught.value, StorageError)
    assert await storage.get_session("first") == before
    assert await storage.get_session("second") is None
    assert list(await storage.load_sessions()) == [before]


async def test_a_session_that_is_not_live_shares_the_channel(storage):
    await storage.save_session("first", 1, 2, "game", {"phase": "playing"})
    await storage.save_session("old", 1, 2, "game", {"phase": "finished"}, live=False)
    rows = list(await storage.load_sessions())
    assert [(row.session_id, row.live) for row in rows] == [("first", True), ("old", False)]
    with pytest.raises(ChannelTaken):  # and it cannot become live while "first" is
        await storage.save_session("old", 1, 2, "game", {"phase": "playing"})
    assert (await storage.get_session("old")).state == {"phase": "finished"}


async def test_saving_the_live_session_again_updates_it(storage):
    await storage.save_session("first", 1, 2, "lobby", {"phase": "lobby"})
    await storage.save_session("first", 1, 2, "game", {"phase": "playing"})
    row = await storage.get_session("first")
    assert (row.kind, row.state, row.live) == ("game", {"phase": "playing"}, True)


async def test_a_session_saved_not_live_frees_the_channel(storage):
    await storage.save_session("first", 1, 2, "game", {"phase": "playing"})
    with pytest.raises(ChannelTaken):
        await storage.save_session("second", 1, 2, "lobby", {"phase": "lobby"})
    await storage.save_session("first", 1, 2, "game", {"phase": "finished"}, live=False)
    await storage.save_session("second", 1, 2, "lobby", {"phase": "lobby"})
    rows = {row.session_id: row for row in await storage.load_sessions()}
    assert (rows["first"].live, rows["first"].state) == (False, {"phase": "finished"})
    assert (rows["second"].live, rows["second"].state) == (True, {"phase": "lobby"})


async def test_deleting_or_moving_the_live_session_frees_the_channel(storage):
    await storage.save_session("first", 1, 2, "game", {})
    await storage.delete_session("first")
    await storage.save_session("second", 1, 2, "game", {})
    await storage.save_session("second", 1, 3, "game", {})  # moved to channel 3
    await storage.save_session("third", 1, 2, "game", {})
    with pytest.raises(ChannelTaken) as caught:  # moving into a taken channel
        await storage.save_session("third", 1, 3, "game", {})
    assert caught.value.other_session_id == "second"
    assert (await storage.get_session("third")).channel_id == 2


@pytest.mark.parametrize("shared", [True, False], ids=["one connection", "two connections"])
async def test_concurrent_live_saves_in_one_channel_let_exactly_one_through(database, shared):
    path = database
    first = await Storage.open(path, busy_timeout=60)  # a loaded machine must not matter
    second = first if shared else await Storage.open(path, busy_timeout=60)
    try:
        for channel in range(10, 20):
            results = await asyncio.gather(
                first.save_session(f"a{channel}", 1, channel, "lobby", {"by": "a"}),
                second.save_session(f"b{channel}", 1, channel, "lobby", {"by": "b"}),
                return_exceptions=True,
            )
            assert sorted(type(result).__name__ for result in results) == [
                "ChannelTaken",
                "NoneType",
            ]
            winner = "a" if results[0] is None else "b"
            loser = "b" if winner == "a" else "a"
            assert results[winner == "a"].other_session_id == f"{winner}{channel}"
            assert (await first.get_session(f"{winner}{channel}")).live
            assert await first.get_session(f"{loser}{channel}") is None
    finally:
        await first.close()
        await second.close()


async def test_the_database_itself_refuses_two_live_rows_in_a_channel(storage, database):
    await storage.save_session("first", 1, 2, "game", {})
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await poke(
            database,
            "INSERT INTO sessions (session_id, guild_id, channel_id, kind, state, "
            "created_at, updated_at, live) VALUES ('sneaky', 1, 2, 'game', '{}', 0, 0, 1)",
        )


# Meta ---------------------------------------------------------------------------------


async def test_meta_round_trips_and_is_kept_by_saves_without_meta(database):
    path = database
    storage = await Storage.open(path, clock=ticking_clock())
    try:
        await storage.save_session("g", 1, 2, "game", {"turn": 0})
        assert (await storage.get_session("g")).meta == {}
        meta = {"message_id": 123456789012345678, "posted_at": 1700000000.5, "hands": [1, 2]}
        await storage.save_session("g", 1, 2, "game", {"turn": 1}, meta=meta)
        await storage.save_session("g", 1, 2, "game", {"turn": 2})  # meta None: kept
        row = await storage.get_session("g")
        assert (row.state, row.meta) == ({"turn": 2}, meta)
    finally:
        await storage.close()
    reopened = await Storage.open(path)
    try:
        [row] = list(await reopened.load_sessions())
        assert row.meta == meta
        await reopened.save_session("g", 1, 2, "game", {"turn": 3}, meta={})  # {} clears
        assert (await reopened.get_session("g")).meta == {}
    finally:
        await reopened.close()


async def test_save_meta_changes_only_the_meta(storage):
    await storage.save_session("g", 1, 2, "game", GAME_STATE, meta={"message_id": 1})
    before = await storage.get_session("g")
    await storage.save_meta("g", {"message_id": 2, "posted_at": 5.0})
    after = await storage.get_session("g")
    assert after.meta == {"message_id": 2, "posted_at": 5.0}
    assert after == SessionRow(**{**before.__dict__, "meta": after.meta})
    with pytest.raises(TypeError):
        await storage.save_meta("g", {"bad": object()})
    assert (await storage.get_session("g")).meta == {"message_id": 2, "posted_at": 5.0}


async def test_save_meta_of_a_deleted_session_does_nothing(storage):
    await storage.save_session("g", 1, 2, "game", {})
    await storage.delete_session("g")
    await storage.save_meta("g", {"message_id": 2})
    await storage.save_meta("never-saved", {"message_id": 3})
    assert list(await storage.load_sessions()) == []


async def test_many_players_and_servers_settings_are_read_at_once(storage):
    await storage.set_player_config(1, one_tap=True)
    await storage.set_player_config(700, turn_ping=True)
    await storage.set_guild_config(5, lang="es")
    asked = [1, 2, 700, *range(1000, 1600)]  # more than one statement asks for
    assert await storage.get_player_configs(asked) == {
        1: {"one_tap": True},
        700: {"turn_ping": True},
    }
    assert await storage.get_guild_configs([5, 6]) == {5: {"lang": "es"}}
    assert await storage.get_player_configs([]) == {}
