"""Aprender in simcord: `/cuarenta learn` privately, every lesson played through (right
play, wrong play, leaving and resuming), stars and the logro, a restart mid-lesson, a
double click, stale and forged clicks, a failed save; the tips of a newcomer's first real
games and the offer of the lessons."""

from __future__ import annotations

import pytest

from cogs.learn import ids as learn_ids
from cogs.learn.messages import line_text
from db import StorageError
from engine import Card, Move
from i18n import t
from tables.learning import GUIDED_CHICA, LessonDesk
from tables.lessons import LESSONS, ORDER, LessonId
from tables.moments import PlayerView, moments
from tests.cogs.helpers import (
    at_once,
    buttons,
    current,
    duel_started,
    enabled,
    in_language,
    only_session,
    open_hand,
    sessions,
)
from tests.cogs.test_forged_clicks import forged_click

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
            assert t("learn.undone", lang) in shown.content
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


@pytest.mark.parametrize("lang", ["nl", "fr", "tr"])
async def test_a_lesson_in_dutch_french_and_turkish(world, lang):
    await in_language(world, lang)
    shown = await lesson_opened(world, world.ana, LessonId.SUM)
    assert t(LESSONS[LessonId.SUM].goal_key, lang) in shown.content
    assert t("learn.welcome", lang, lessons=7, minutes=6).split("·")[0] in shown.content
    wrong = wrong_option(await desk(world).session(world.ana.id))
    shown = (await make_play(world, world.ana, shown, wrong)).response
    assert t(LESSONS[LessonId.SUM].need_key, lang) in shown.content
    shown = (await make_play(world, world.ana, shown, Move.parse("6hx2c.4d"))).response
    assert t(LESSONS[LessonId.SUM].done_key, lang) in shown.content


async def test_a_restart_mid_lesson_resumes_it_and_its_old_message_still_plays(world, make_bot):
    lesson = LESSONS[LessonId.PERROS]
    shown = await lesson_opened(world, world.ana, LessonId.PERROS)
    shown = (await make_play(world, world.ana, shown, Move.parse(lesson.solution[0]))).response
    before = await world.env.bot.storage.lesson_state(world.ana.id)
    await world.env.restart_bot(make_bot())
    assert await world.env.bot.storage.lesson_state(world.ana.id) == before
    # The message from before the restart plays on.
    shown = (await make_play(world, world.ana, shown, Move.parse(lesson.solution[1]))).response
    assert t(lesson.done_key, "en") in shown.content and "⭐⭐⭐" in shown.content


async def test_a_double_click_plays_once_and_the_second_is_refused(world):
    shown = await opened(world, world.ana)
    card = ids_of(shown, learn_ids.LEARN_CARD)
    five = next(b for b in card if b["card"] == "5h")
    choices = (await world.ana.click(shown, custom_id=five["custom_id"])).response
    take = next(b for b in ids_of(choices, learn_ids.LEARN_MOVE) if b["option"] == "0")
    first, second = await at_once(
        world.env,
        world.ana.click(choices, custom_id=take["custom_id"]),
        world.ana.click(choices, custom_id=take["custom_id"]),
    )
    session = await desk(world).session(world.ana.id)
    assert session.done and session.plays == 1
    refusals = [
        r for r in (first, second) if t("refuse.learn_stale", "en") in str(r.response.content)
    ]
    assert len(refusals) == 1


async def test_a_click_on_an_older_message_is_refused_and_changes_nothing(world):
    first = await opened(world, world.ana)
    second = await opened(world, world.ana)  # the same lesson, resumed
    shown = (await make_play(world, world.ana, second, Move.parse("5hx5s"))).response
    saved = await world.env.bot.storage.lesson_state(world.ana.id)
    old_card = next(b for b in ids_of(first, learn_ids.LEARN_CARD) if not b["disabled"])
    old_card = old_card["custom_id"]
    stale = await world.ana.click(first, custom_id=old_card)
    assert stale.ephemeral and t("refuse.learn_stale", "en") in stale.response.content
    leave_old = await world.ana.click(first, custom_id=action_id(first, "leave"))
    assert t("refuse.learn_stale", "en") in leave_old.response.content
    assert await world.env.bot.storage.lesson_state(world.ana.id) == saved
    # An id sent by hand (a card the hand does not hold) is refused before the lesson.
    session = await desk(world).session(world.ana.id)
    bogus = learn_ids.LEARN_CARD.build(lesson="match", version=session.version, card="Kd")
    refused = await forged_click(world.ana, shown, bogus)
    assert refused.ephemeral and t("refuse.stray_click", "en") in refused.response.content
    assert await world.env.bot.storage.lesson_state(world.ana.id) == saved


async def test_a_failed_save_is_told_and_nothing_counts_then_the_play_goes_through(
    world, monkeypatch
):
    shown = await opened(world, world.ana)
    storage = world.env.bot.storage
    real = storage.save_lesson_state

    async def failing(user_id, state):
        raise StorageError("disk full")

    monkeypatch.setattr(storage, "save_lesson_state", failing)
    five = next(b for b in ids_of(shown, learn_ids.LEARN_CARD) if b["card"] == "5h")
    choices = (await world.ana.click(shown, custom_id=five["custom_id"])).response
    take = next(b for b in ids_of(choices, learn_ids.LEARN_MOVE) if b["option"] == "0")
    failed = await world.ana.click(choices, custom_id=take["custom_id"])
    assert t("refuse.not_saved", "en") in failed.response.content
    assert not (await desk(world).session(world.ana.id)).done  # undone in memory too
    monkeypatch.setattr(storage, "save_lesson_state", real)
    done = await world.ana.click(choices, custom_id=take["custom_id"])  # the same button
    assert "⭐⭐⭐" in done.response.content
    saved = await storage.lesson_state(world.ana.id)
    assert saved["status"] == "done"  # what the player saw accepted is on disk


# ------------------------------------------------------------ tips and the offer
TIP = "💡"


async def turns_seen(world, players, session_id, max_turns=400) -> list[tuple]:
    """Play the table out, each human opening their hand at their turn: (the player, the
    hand's text, the game as it stood) at each turn."""
    seen = []
    by_id = {p.id: p for p in players}
    session = current(world.env, session_id)
    while session.phase == "playing" and len(seen) < max_turns:
        seat = session.current_seat()
        player = by_id[seat.user_id]
        hand = await open_hand(world, player, session)
        seen.append((player, hand.content, session.game.copy(), session.seat_of(player.id)))
        cards = enabled(hand, "card")
        result = await player.click(hand, custom_id=cards[0]["custom_id"])
        takes = enabled(result.response, "take")
        if takes:
            await player.click(result.response, custom_id=takes[0]["custom_id"])
        session = current(world.env, session_id)
    return seen


def tip_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(TIP)]


async def test_tips_in_a_rated_game_against_people_say_only_what_is_possible_once(world):
    session = await duel_started(world)
    assert not session.casual  # rated
    seen = await turns_seen(world, [world.ana, world.beto], session.session_id)
    display = world.env.bot.card_emojis
    told: dict[int, list[str]] = {world.ana.id: [], world.beto.id: []}
    for player, text, game, seat in seen:
        lines = tip_lines(text)
        assert len(lines) <= 1  # one line
        if lines:
            # What the player's own view makes possible (their hand and the table): the
            # same tip whatever the other hand holds.
            possible = {
                line_text(tip.line, display, "en") for tip in moments(PlayerView.of(game, seat))
            }
            assert lines[0] in possible
            told[player.id].append(lines[0].split(":")[0])
    for player_id, heads in told.items():
        assert heads, "a newcomer is told some first-time moment in a whole chica"
        assert len(heads) == len(set(heads))  # each moment once
        assert len(heads) == len(await world.env.bot.storage.moments_seen(player_id))


async def test_tips_turned_off_in_preferences_are_not_shown(world):
    answer = await world.ana.slash(world.channel, "cuarenta preferences", tips=False)
    assert "Tips**: off" in answer.response.content
    session = await duel_started(world)
    seen = await turns_seen(world, [world.ana, world.beto], session.session_id)
    assert not [text for player, text, _, _ in seen if player == world.ana and tip_lines(text)]
    assert any(tip_lines(text) for player, text, _, _ in seen if player == world.beto)


async def test_the_lessons_are_offered_to_a_newcomer_only(world):
    offer = t("learn.offer", "en", minutes=6)
    rules = await world.ana.slash(world.channel, "cuarenta rules")
    assert offer in rules.response.content
    session = await duel_started(world)
    first = await open_hand(world, world.ana, session)
    assert offer in first.content  # at their first table
    await turns_seen(world, [world.ana, world.beto], session.session_id)
    await world.env.settle()
    # A match finished: no offer any more, in the rules or at a table.
    rules = await world.ana.slash(world.channel, "cuarenta rules")
    assert offer not in rules.response.content
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    table = next(s for s in sessions(world.env).values() if s.phase == "playing")
    hand = await open_hand(world, world.ana, table)
    assert offer not in hand.content


async def test_the_guided_chica_starts_against_the_easy_bot_with_its_tips(world):
    shown = await opened(world, world.ana)
    chica = await world.ana.click(shown, custom_id=action_id(shown, "chica"))
    assert not chica.ephemeral  # the table, in the channel
    session = only_session(world.env)
    assert session.bot_level == "easy" and session.chicas_to_win == 1
    assert session.hints_available
    assert await desk(world).has_seen(world.ana.id, GUIDED_CHICA)
    seen = await turns_seen(world, [world.ana], session.session_id)
    assert any(tip_lines(text) for _, text, _, _ in seen)


class TextCards:
    """Cards as text, the longest way a message can show them (no emojis uploaded)."""

    def inline(self, card):
        return f"<:c40_{card}:123456789012345678>"  # as long as a custom emoji's markup

    def for_card(self, card):
        return None


@pytest.mark.parametrize("lang", ["es", "en", "nl", "fr", "tr"])
def test_every_lesson_message_fits_discord_at_every_step(lang):
    """Welcome, a wrong play, every play to the end: within 2,000 characters, five rows of
    at most five buttons, labels within 80, ids within 100."""
    from cogs.learn.messages import choice_payload, lesson_payload
    from tables.learning import Progress
    from tables.lessons import LessonSession

    progress = Progress({}, None, ORDER[0])
    display = TextCards()
    for lesson_id in ORDER:
        session = LessonSession(lesson_id)
        payloads = [lesson_payload(session, progress, display, lang, welcome=True)]
        wrong = wrong_option(session)
        if wrong is not None:
            session.play(wrong)
            payloads.append(lesson_payload(session, progress, display, lang, welcome=True))
        for text in LESSONS[lesson_id].solution:
            payloads += [choice_payload(session, card, display, lang) for card in session.hand]
            session.play(Move.parse(text))
            payloads.append(lesson_payload(session, progress, display, lang))
        for payload in payloads:
            assert len(payload.content) <= 2000, (lesson_id, len(payload.content))
            rows = payload.rows.rows
            assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)
            for row in rows:
                for b in row:
                    assert len(b["custom_id"]) <= 100 and len(b.get("label", "")) <= 80


@pytest.mark.parametrize("status,code", [(500, 0), (404, 10062), (429, 0)])
async def test_a_failed_answer_after_a_play_keeps_the_play_and_says_no_failure(world, status, code):
    shown = await opened(world, world.ana)
    five = next(b for b in ids_of(shown, learn_ids.LEARN_CARD) if b["card"] == "5h")
    choices = (await world.ana.click(shown, custom_id=five["custom_id"])).response
    take = next(b for b in ids_of(choices, learn_ids.LEARN_MOVE) if b["option"] == "0")
    world.env.inject_error("POST", "/interactions/*/*/callback", status=status, code=code, times=1)
    await world.ana.click(choices, custom_id=take["custom_id"])
    world.env.backend.faults.clear()
    saved = await world.env.bot.storage.lesson_state(world.ana.id)
    assert saved["status"] == "done"  # the play stands
    assert (await world.env.bot.storage.lesson_stars(world.ana.id)) == {"match": 3}
    again = await opened(world, world.ana)  # /cuarenta learn goes on from there
    assert "Lesson 2 of 8" in again.content and "7 short lessons" in again.content
    said = [r.json for r in world.env.http_requests if isinstance(r.json, dict)]
    assert not [j for j in said if t("refuse.not_saved", "en") in str(j)]


async def test_two_clicks_on_next_open_one_lesson(world):
    shown = await opened(world, world.ana)
    shown = (await make_play(world, world.ana, shown, Move.parse("5hx5s"))).response
    following = action_id(shown, "next")
    await at_once(
        world.env,
        world.ana.click(shown, custom_id=following),
        world.ana.click(shown, custom_id=following),
    )
    session = await desk(world).session(world.ana.id)
    assert session.lesson_id == LessonId.SUM and session.plays == 0
    saved = await world.env.bot.storage.lesson_state(world.ana.id)
    assert saved["lesson"] == "sum" and saved["changes"] == session.version


async def test_the_guided_chica_in_a_busy_channel_is_refused_privately(world):
    # Her own table already plays here: it does not become a guided chica.
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    shown = await opened(world, world.ana)
    refused = await world.ana.click(shown, custom_id=action_id(shown, "chica"))
    assert refused.ephemeral and len(sessions(world.env)) == 1
    assert not await desk(world).has_seen(world.ana.id, GUIDED_CHICA)
