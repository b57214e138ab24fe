"""Saved tables: the JSON a session saves is byte-for-byte what it always was, and a
state saved by an older version (plain strings everywhere) loads and saves back the same.

The golden file was written by the code before phases, end reasons and event kinds became
enums. To write it again (only for a deliberate change of the saved format):

    .venv/bin/python -m tests.tables.test_saved_state
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from engine import EventKind, Move
from tables import EndReason, LogKind, Phase, TableSession

GOLDEN = Path(__file__).parent / "data" / "saved_sessions.json"
# The same scenarios as saved by the version of November 2026, before hand summaries (no
# `plays`, `summary`, `paused_until`; unnamed bots): they must still load and play on.
OLDER = Path(__file__).parent / "data" / "saved_sessions_2026_11.json"
ANA, BETO = 1, 2


def _lobby(players: int = 2, rules_name: str = "quito", seed: int = 7) -> TableSession:
    session = TableSession.open_lobby(
        guild_id=10, channel_id=20, host_id=ANA, players=players, rules_name=rules_name,
        chicas_to_win=2, bot_level="easy", lang="es", turn_seconds=90, now=0.0,
        host_name="Ana", session_id="golden01",
    )  # fmt: skip
    session.seed = seed
    return session


def _play(session: TableSession, rng: random.Random, moves: int | None = None) -> Iterator[None]:
    """Random moves: humans' by timeout (so timeouts and replacements happen), bots' too."""
    now = 1.0
    while session.phase == "playing" and moves != 0:
        assert session.game is not None
        move: Move = rng.choice(session.game.legal_moves())
        seat = session.current_seat()
        assert seat is not None
        if seat.is_bot:
            session.apply_bot_move(move, session.version, now)
        elif rng.random() < 0.5:
            deadline = session.turn_deadline
            assert deadline is not None
            session.time_out(move, session.version, deadline)
        else:
            user = seat.user_id
            assert user is not None
            options = session.options_for(user, str(move.card), session.version)
            choice = "d" if not move.takes else str(options.index(move))
            session.play(user, str(move.card), choice, session.version, now)
        now += 1.0
        moves = None if moves is None else moves - 1
        yield


def played(players: int, rules_name: str, seed: int) -> Iterator[TableSession]:
    session = _lobby(players, rules_name, seed)
    yield session
    if players == 4:
        session.add_bot(ANA)
    else:
        session.join(BETO, "Beto")
    yield session
    session.start(ANA, 0.5)
    yield session
    for _ in _play(session, random.Random(seed)):
        yield session


def forfeited() -> Iterator[TableSession]:
    session = _lobby(seed=11)
    session.join(BETO, "Beto")
    session.start(ANA, 0.5)
    yield from (session for _ in _play(session, random.Random(3), moves=9))
    session.forfeit(BETO, 50.0)
    yield session


def stopped() -> Iterator[TableSession]:
    session = _lobby(seed=12)
    session.join(BETO, "Beto")
    session.start(None, 0.5)
    yield from (session for _ in _play(session, random.Random(4), moves=5))
    session.stop(60.0)
    yield session


def cancelled() -> Iterator[TableSession]:
    session = _lobby()
    yield session
    session.cancel(ANA)
    yield session


def expired() -> Iterator[TableSession]:
    session = _lobby()
    session.join(BETO, "Beto")
    yield session
    session.expire()
    yield session


def left() -> Iterator[TableSession]:
    session = _lobby()
    session.leave(ANA)
    yield session


SCENARIOS: dict[str, Callable[[], Iterator[TableSession]]] = {
    "duel_quito": lambda: played(2, "quito", 5),
    "duel_cuenca": lambda: played(2, "cuenca", 0),
    "four_quito": lambda: played(4, "quito", 13),
    "forfeited": forfeited,
    "stopped": stopped,
    "cancelled": cancelled,
    "expired": expired,
    "left": left,
}


def _dumps(session: TableSession) -> str:
    return json.dumps(session.to_dict())


def _compact(session: TableSession) -> str:
    """As the database stores it (db.codec.to_json)."""
    return json.dumps(session.to_dict(), separators=(",", ":"), ensure_ascii=False)


def snapshot(name: str) -> dict[str, object]:
    """Every state the scenario passes through (as a digest) and its last one in full."""
    digest = hashlib.sha256()
    last = None
    states = 0
    for session in SCENARIOS[name]():
        last = _dumps(session)
        digest.update(last.encode())
        digest.update(_compact(session).encode())
        states += 1
    return {"states": states, "sha256": digest.hexdigest(), "last": last}


def _golden() -> dict[str, dict[str, object]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_saved_json_is_byte_identical_to_the_golden_file():
    golden = _golden()
    assert set(golden) == set(SCENARIOS)
    for name in SCENARIOS:
        assert snapshot(name) == golden[name], name


def holds(saved: object, old: object) -> bool:
    """`saved` has everything `old` had: the same values, dicts maybe with more keys."""
    if isinstance(old, dict):
        return isinstance(saved, dict) and all(
            key in saved and holds(saved[key], value) for key, value in old.items()
        )
    if isinstance(old, list):
        return (
            isinstance(saved, list)
            and len(saved) == len(old)
            and all(holds(a, b) for a, b in zip(saved, old, strict=True))
        )
    return saved == old


def test_states_of_the_previous_version_load_and_play_on():
    for name, saved in json.loads(OLDER.read_text(encoding="utf-8")).items():
        data = json.loads(saved["last"])
        session = TableSession.from_dict(data)
        again = json.loads(json.dumps(session.to_dict()))
        assert TableSession.from_dict(again).to_dict() == session.to_dict(), name
        assert holds(again, data), name  # nothing lost (new fields may be added)
        if session.phase == "playing":
            assert session.plays == [3, 3]  # an old game's forfeit still counts as a result
            move = session.game.legal_moves()[0]
            session.time_out(move, session.version, session.turn_deadline or 0.0)


def test_old_plain_string_states_load_as_enums_and_save_back_the_same():
    kinds = {str(k) for k in EventKind} | {str(k) for k in LogKind}
    seen: set[str] = set()
    for name, saved in _golden().items():
        text = saved["last"]
        assert isinstance(text, str)
        data = json.loads(text)  # plain strings, as an older database holds them
        session = TableSession.from_dict(data)
        assert type(session.phase) is Phase, name
        assert session.ended_by is None or type(session.ended_by) is EndReason, name
        for entry in session.log:
            assert type(entry["kind"]) in (EventKind, LogKind), (name, entry)
            seen.add(entry["kind"])
        assert _dumps(session) == text, name
        again = json.loads(json.dumps(session.to_dict()))
        assert TableSession.from_dict(again).to_dict() == session.to_dict()
        # what to_dict returns is plain data: str, not the enum subclass
        out = session.to_dict()
        assert type(out["phase"]) is str
        assert all(type(entry["kind"]) is str for entry in out["log"])
    assert seen <= kinds


def test_enums_compare_equal_to_the_old_strings():
    assert Phase.LOBBY == "lobby" and f"{Phase.PLAYING}" == "playing"
    assert EndReason.FORFEIT == "forfeit" and str(EndReason.EXPIRED) == "expired"
    assert (
        json.dumps([EventKind.DOS_POR_DARLAS, LogKind.REPLACED]) == '["dos_por_darlas", "replaced"]'
    )
    assert hash(Phase.LOBBY) == hash("lobby")  # so dicts keyed by the strings still work


def _write_golden() -> None:
    data = {name: snapshot(name) for name in SCENARIOS}
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _write_golden()
