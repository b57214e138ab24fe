"""The gateway's burst of interactions is handled one per turn of the event loop."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from cogs.discord_io import on_interaction_received


def fake_client(handled: list[str]) -> SimpleNamespace:
    parsers = {"INTERACTION_CREATE": lambda data: handled.append(data["id"])}
    return SimpleNamespace(_connection=SimpleNamespace(parsers=parsers))


async def test_a_burst_is_handled_in_order_with_the_loop_running_in_between():
    handled: list[str] = []
    client = fake_client(handled)
    on_interaction_received(client, lambda data: data["id"] != "refused")
    receive = client._connection.parsers["INTERACTION_CREATE"]
    for number in ("1", "refused", "2", "3"):  # as the gateway's reader does: one go
        receive({"id": number})
    asyncio.get_running_loop().call_soon(handled.append, "timer")
    assert handled == []  # nothing parsed inside the reader's run
    for _ in range(10):
        await asyncio.sleep(0)
    assert handled == ["1", "timer", "2", "3"]


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
