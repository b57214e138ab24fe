"""Hands are private: no public message ever names a card that is in someone's hand.

Every request the bot makes is inspected as it is sent, against the hands at that very
moment: messages posted or edited in the channel with the bot token, and interaction
replies that are not ephemeral (or that turn the lobby into the table).
"""

from __future__ import annotations

import json

from engine import Card
from render.text import text_card
from tests.cogs.helpers import before_each_request, only_session, play_until_over, sessions

TABLE_TITLE = "**CUARENTA**"


def public_content(route, payload) -> str | None:
    """The text a request makes public, or None when it shows nothing to the channel."""
    if not isinstance(payload, dict):
        return None
    path = route.path
    if path.startswith("/channels/") and "/messages" in path and route.method in ("POST", "PATCH"):
        return payload.get("content") or ""
    if path.startswith("/interactions/") and isinstance(payload.get("data"), dict):
        data = payload["data"]
        content = data.get("content") or ""
        if payload.get("type") == 4 and not (data.get("flags") or 0) & 64:
            return content
        if payload.get("type") == 7 and TABLE_TITLE in content:  # the lobby becoming the table
            return content
    return None


def told_last_hand(session) -> set[Card]:
    """Cards the log names from the hand that just ended (shown until the next hand's first
    play): back in the deck and dealt again, so a card may be both there and in a hand."""
    if session.summary is None:
        return set()
    named = set()
    for entry in session.log:
        named |= {Card.parse(c) for c in [entry.get("card"), *entry.get("takes", [])] if c}
    return named


def request_body(kwargs) -> object:
    """The JSON of a bot request (plain, or the payload_json part of a multipart upload)."""
    for key in ("json", "payload"):
        if kwargs.get(key) is not None:
            return kwargs[key]
    for part in (kwargs.get("form") or []) + (kwargs.get("multipart") or []):
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


async def test_no_public_message_shows_a_card_in_a_hand(world, monkeypatch):
    seen = {"public": 0, "interaction replies": 0, "summaries": 0}

    async def inspect(route, kwargs) -> None:
        content = public_content(route, request_body(kwargs))
        if content is None:
            return
        seen["public"] += 1
        seen["summaries"] += any(s.summary for s in sessions(world.env).values())
        seen["interaction replies"] += route.path.startswith("/interactions/")
        for session in sessions(world.env).values():
            if session.game is None or session.phase != "playing":
                continue
            for hand in session.game.hands:
                for card in set(hand) - told_last_hand(session):
                    assert text_card(card) not in content, f"{card} in a hand, shown: {content}"
                    assert f"c40_{card}" not in content

    before_each_request(world.env, monkeypatch, inspect)
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    turns = await play_until_over(world, [world.ana], session.session_id)
    assert turns > 10
    assert seen["summaries"] > 0  # hands ended while the test looked, with their plays shown
    assert seen["public"] > turns  # the table was really inspected after every move
    assert seen["interaction replies"] >= 1  # the table sent as the reply to /cuarenta start
