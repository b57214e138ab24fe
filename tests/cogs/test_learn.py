"""Aprender in simcord: `/cuarenta learn` privately, every lesson played through (right
play, wrong play, leaving and resuming), stars and the logro, a restart mid-lesson, a
double click, stale and forged clicks, a failed save; the tips of a newcomer's first real
games and the offer of the lessons."""

from __future__ import annotations

import pytest

from cogs.learn import ids as learn_ids
from db import StorageError
from engine import Card, Move
from i18n import t
from tables.learning import LessonDesk
from tables.lessons import LESSONS, ORDER, Run
from tests.cogs.helpers import at_once, buttons, in_language

COMMAND = "cuarenta learn"


def ids_of(message, template) -> list[dict]:
    found = []
    for b in buttons(message):
        parts = template.parse_id(b.get("custom_id", ""))
        if parts is not None:
            found.append({**parts, "custom_id": b["custom_id"], "disabled": b.get("disabled")})
    return found


def action_id(message, action) -> str:
    return next(b["custom_id"] for b in ids_of(message, learn_ids.LEARN) if b["action"] == action)


async def opened(world, member, command=COMMAND):
    result = await member.slash(world.channel, command)
    assert result.ephemeral
    return result.response


def desk(world) -> LessonDesk:
    return world.env.bot.services.get(LessonDesk)


async def make_play(world, member, message, move: Move):
    """Tap the move's card (by rank: suits never matter), then its capture or the drop."""
    card = next(
        b
        for b in ids_of(message, learn_ids.LEARN_CARD)
        if Card.parse(b["card"]).rank == move.card.rank
    )
    assert not card["disabled"], f"{move} is not playable: {message.content}"
    choices = (await member.click(message, custom_id=card["custom_id"])).response
    session = await desk(world).session(member.id)
    options = session.options(Card.parse(card["card"]))
    wanted = (
        "d"
        if move.is_drop
        else str(
            next(
                i
                for i, m in enumerate(options)
                if {c.rank for c in m.takes} == {c.rank for c in move.takes} and m.takes
            )
        )
    )
    button = next(b for b in ids_of(choices, learn_ids.LEARN_MOVE) if b["option"] == wanted)
    return await member.click(choices, custom_id=button["custom_id"])


async def test_first_lesson_right_play(world):
    shown = await opened(world, world.ana)
    assert shown.attachments
    assert "Lesson 1 of 8" in shown.content and "minutes" in shown.content
    result = await make_play(world, world.ana, shown, Move.parse(LESSONS[ORDER[0]].solution[0]))
    print(result.response.content)
    assert "⭐⭐⭐" in result.response.content
