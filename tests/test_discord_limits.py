"""The limits validator itself: each limit found, at its edge, on each kind of payload."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from cogs.ui.rows import Payload, Rows, button, select

from . import discord_limits as limits


def buttons(count: int, label: str = "ok") -> list[dict]:
    return [button(f"b{i}", label=label) for i in range(count)]


def options(count: int) -> list[dict]:
    return [{"label": f"o{i}", "value": str(i)} for i in range(count)]


def test_a_payload_at_every_limit_passes():
    rows = [buttons(5)] + [[select(f"s{i}", options(25), "x" * 150)] for i in range(4)]
    rows[0][0]["label"] = "L" * 80
    rows[0][1]["custom_id"] = "c" * 100
    payload = {"content": "x" * 2000, "components": Rows.stacked(rows).to_components()}
    assert limits.violations(payload) == []
    limits.check(Payload("x" * 2000, Rows.stacked(rows)))
    assert limits.thread_name_violations("n" * 100) == []


@pytest.mark.parametrize(
    ("payload", "found"),
    [
        ({"content": "x" * 2001}, "content is 2001"),
        ({"embeds": [{"description": "d" * 4097}]}, "description is 4097"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "26 fields"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "6001"),
        ({"embeds": [{"title": "t"}] * 11}, "11 embeds"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "value is 1025"),
        (Payload("", Rows.of(buttons(30))), "6 action rows"),
        (Payload("", Rows.stacked([buttons(6)])), "6 buttons"),
        (Payload("", Rows.stacked([[select("s", options(26))]])), "26 options"),
        (Payload("", Rows.of([{"type": 2, "custom_id": "b", "label": "L" * 81}])), "label is 81"),
        (Payload("", Rows.of([button("c" * 101, label="x")])), "custom_id"),
        (
            Payload("", Rows.stacked([[select("s", options(2)), button("b", label="x")]])),
            "select and",
        ),
        (Payload("", Rows.of([button("same", label="x"), button("same", label="y")])), "twice"),
    ],
)
def test_each_limit_is_found(payload, found):
    broken = limits.violations(payload)
    assert any(found in text for text in broken), broken
    with pytest.raises(AssertionError):
        limits.check(payload)


def test_thread_names_over_100_are_found():
    assert limits.thread_name_violations("n" * 101)
    assert limits.thread_name_violations("")


def test_discord_py_objects_are_read_too():
    """A discord.py Embed and View, as a message object carries them."""

    sent = SimpleNamespace(
        content="hi",
        embeds=[discord.Embed(description="d" * 4097)],
        components=[{"type": 1, "components": buttons(6)}],
    )
    broken = limits.violations(sent)
    assert any("4097" in b for b in broken) and any("6 buttons" in b for b in broken)
