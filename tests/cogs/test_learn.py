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


def wrong_option(session) -> Move | None:
    """A play the lesson lets the player make now (a live card) that cannot meet the goal."""
    for card in session.playable():
        for move in session.options(card):
            if not session.run.after(move)[0].can_meet_goal():
                return move
    return None


async def lesson_opened(world, member, lesson_id):
    """/cuarenta learn, the lessons before `lesson_id` finished: it opens `lesson_id`."""
    storage = world.env.bot.storage
    for earlier in ORDER[: ORDER.index(lesson_id)]:
        await storage.record_lesson(member.id, str(earlier), 3)
    return await opened(world, member)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("lesson_id", ORDER)
async def test_every_lesson_wrong_then_left_resumed_and_right(world, lesson_id, lang):
    await in_language(world, lang)
    lesson = LESSONS[lesson_id]
    shown = await lesson_opened(world, world.ana, lesson_id)
    number = ORDER.index(lesson_id) + 1
    assert t("learn.lesson_of", lang, number=number, total=len(ORDER)) in shown.content
    assert t(lesson.goal_key, lang) in shown.content and shown.attachments
    wrong_made = False
    for text in lesson.solution:
        session = await desk(world).session(world.ana.id)
        wrong = None if wrong_made else wrong_option(session)
        if wrong is not None:
            hand_before = session.hand
            shown = (await make_play(world, world.ana, shown, wrong)).response
            assert t(lesson.need_key, lang) in shown.content  # what the goal needs
            assert (await desk(world).session(world.ana.id)).hand == hand_before  # undone
            wrong_made = True
            # Leave, and /cuarenta learn resumes the lesson where it was.
            left = await world.ana.click(shown, custom_id=action_id(shown, "leave"))
            assert left.response.content == t("learn.left", lang)
            assert not buttons(left.response)
            shown = await opened(world, world.ana)
            assert t(lesson.need_key, lang) in shown.content
        shown = (await make_play(world, world.ana, shown, Move.parse(text))).response
    assert t(lesson.done_key, lang) in shown.content
    stars = 2 if wrong_made else 3
    assert "⭐" * stars + "☆" * (3 - stars) in shown.content
    assert (await world.env.bot.storage.lesson_stars(world.ana.id))[str(lesson_id)] == stars
    logros = await world.env.bot.storage.player_logros(world.ana.id)
    assert [found.logro for found in logros] == ["learned"]
    if lesson_id == ORDER[-1]:  # the last: the guided chica is next
        assert t("learn.all_done", lang) in shown.content
        assert action_id(shown, "chica")
    else:
        following = await world.ana.click(shown, custom_id=action_id(shown, "next"))
        title = t(LESSONS[ORDER[number]].title_key, lang)
        assert title in following.response.content


async def test_the_wrong_plays_cover_every_lesson():
    """Each lesson offers a wrong play somewhere on its solution's way (the newcomer's
    check plays wrong cards first)."""
    from tables.lessons import LessonSession

    for lesson_id in ORDER:
        session = LessonSession(lesson_id)
        found = False
        for text in LESSONS[lesson_id].solution:
            found = found or wrong_option(session) is not None
            session.play(Move.parse(text))
        assert found, lesson_id
