"""The gateway's burst of interactions is handled one per turn of the event loop."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from cogs.infra.discord_io import on_interaction_received


def fake_client(handled: list[str]) -> SimpleNamespace:
    parsers = {"INTERACTION_CREATE": lambda data: handled.append(data["id"])}
    return SimpleNamespace(_connection=SimpleNamespace(parsers=parsers))


def ticking(log: list[str], turns: int) -> None:
    """Note each turn of the event loop in `log`, for `turns` turns."""
    if turns:
        log.append("tick")
        asyncio.get_running_loop().call_soon(ticking, log, turns - 1)


async def burst(handled: list[str]) -> None:
    client = fake_client(handled)
    on_interaction_received(client, lambda data: data["id"] != "refused")
    receive = client._connection.parsers["INTERACTION_CREATE"]
    for number in ("1", "refused", "2", "3"):  # as the gateway's reader does: one go
        receive({"id": number})
    assert handled == []  # nothing parsed inside the reader's run
    asyncio.get_running_loop().call_soon(ticking, handled, 8)
    for _ in range(10):
        await asyncio.sleep(0)


async def test_a_burst_is_handled_in_order_with_the_loop_turning_in_between(monkeypatch):
    monkeypatch.setattr("cogs.infra.discord_io.INBOX_TURN_SECONDS", 0.0)
    handled: list[str] = []
    await burst(handled)
    parsed = [item for item in handled if item != "tick"]
    assert parsed == ["1", "2", "3"]
    between = "".join("t" if item == "tick" else "p" for item in handled)
    assert "pp" not in between  # the loop turned between any two


async def test_a_few_milliseconds_of_them_are_handled_in_one_turn(monkeypatch):
    monkeypatch.setattr("cogs.infra.discord_io.INBOX_TURN_SECONDS", 60.0)
    handled: list[str] = []
    await burst(handled)
    assert [item for item in handled if item != "tick"] == ["1", "2", "3"]
    assert "ppp" in "".join("t" if item == "tick" else "p" for item in handled)


async def test_a_failing_interaction_does_not_stop_the_ones_after_it():
    handled: list[str] = []

    def parse(data: dict[str, str]) -> None:
        if data["id"] == "bad":
            raise KeyError("member")
        handled.append(data["id"])

    client = SimpleNamespace(_connection=SimpleNamespace(parsers={"INTERACTION_CREATE": parse}))
    on_interaction_received(client, lambda data: True)
    for number in ("bad", "2"):
        client._connection.parsers["INTERACTION_CREATE"]({"id": number})
    for _ in range(5):
        await asyncio.sleep(0)
    assert handled == ["2"]
