"""The puzzle of the day in simcord: solving privately (one try counts, streaks), the
daily post (once a day at its hour, after a restart too, retried, never doubled), and
bad input (forged ids, yesterday's puzzle, a card not in the puzzle) changing nothing."""

from __future__ import annotations

import pytest

import cogs.puzzles.desk
import cogs.puzzles.handlers
from cogs.infra.clock import now
from cogs.puzzles import ids as puzzle_ids
from cogs.puzzles.desk import PuzzleDesk
from cogs.ui.rows import Rows, button
from engine.ai.puzzles import Puzzle
from i18n import t, tn
from tables import ratings
from tables.puzzles import (
    DAY_SECONDS,
    day_at,
    day_start,
    from_bot_games,
    puzzle_of,
)
from tables.zones import DEFAULT_ZONE
from tests.cogs.helpers import at_once, buttons, in_language, message_as_seen

STOCK = from_bot_games(list(range(6)))  # made once: a few seconds less per test


@pytest.fixture(autouse=True)
def no_restocking(monkeypatch):
    """The tests' puzzles are stocked by hand: the worker is not started for more."""
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)


async def stocked(world) -> None:
    await world.env.bot.storage.add_puzzles(STOCK)


def custom_ids(message, kind: str) -> list[str]:
    return [b["custom_id"] for b in buttons(message) if b["custom_id"].startswith(f"c40:{kind}:")]


async def puzzle_shown(world, message) -> tuple[Puzzle, str]:
    """The puzzle a message's buttons are about, and their day part."""
    first = (custom_ids(message, "pzc") or custom_ids(message, "pz"))[0]
    parts = puzzle_ids.PUZZLE_CARD.parse_id(first) or puzzle_ids.PUZZLE.parse_id(first)
    assert parts is not None
    return puzzle_of(await world.env.bot.storage.puzzle(parts["puzzle_id"])), parts["day"]


async def answer(world, member, message, best: bool = True):
    """Pick the puzzle's best move (or another one), as a player clicks: card, then move
    (first back to the hand, when the message shows an answer)."""
    message = message_as_seen(world, member, message)
    if not custom_ids(message, "pzc"):
        back = next(c for c in custom_ids(message, "pz") if c.endswith(":again"))
        message = (await member.click(message, custom_id=back)).response
    puzzle, _ = await puzzle_shown(world, message)
    choice = puzzle.best if best else puzzle.choices[-1]
    move = choice.move
    card_id = next(c for c in custom_ids(message, "pzc") if c.endswith(f":{move.card}"))
    picked = (await member.click(message, custom_id=card_id)).response
    option = "d" if not move.takes else str(puzzle.options(move.card).index(move.takes))
    move_id = next(c for c in custom_ids(picked, "pzm") if c.endswith(f":{move.card}:{option}"))
    return picked, move_id, await member.click(picked, custom_id=move_id)


async def standing(world, member):
    today = await world.env.bot.services.get(PuzzleDesk).today(world.guild.id)
    return await world.env.bot.storage.puzzle_standing(world.guild.id, member.id, today)


async def test_todays_puzzle_is_private_and_only_the_first_answer_counts(world):
    await stocked(world)
    shown = await world.ana.slash(world.channel, "cuarenta puzzle")
    assert shown.ephemeral and shown.response.attachments
    puzzle, day = await puzzle_shown(world, shown.response)
    assert day.isdigit()
    assert len(custom_ids(shown.response, "pzc")) == len(puzzle.hand)
    _, _, result = await answer(world, world.ana, shown.response, best=True)
    assert result.response.content.startswith("✅")
    assert "Streak: 1" in result.response.content
    _, _, again = await answer(world, world.ana, shown.response, best=False)  # exploring
    assert again.response.content.startswith("❌")
    assert "first answer is the one that counts" in again.response.content
    mine = await standing(world, world.ana)
    assert (mine.solved, mine.tried, mine.streak) == (1, 1, 1)
    assert await standing(world, world.beto) is None  # nobody else's answer


async def test_a_wrong_first_answer_counts_wrong_and_tells_every_choices_points(world):
    await stocked(world)
    shown = await world.beto.slash(world.channel, "cuarenta puzzle")
    puzzle, _ = await puzzle_shown(world, shown.response)
    _, _, result = await answer(world, world.beto, shown.response, best=False)
    text = result.response.content
    assert text.startswith("❌") and "Streak: 0" in text
    assert text.count("\n· ") == len(puzzle.choices)  # each choice and its points
    _, _, later = await answer(world, world.beto, shown.response, best=True)
    assert "(wrong)" in later.response.content
    mine = await standing(world, world.beto)
    assert (mine.solved, mine.tried) == (0, 1)


@pytest.mark.usefixtures("rest_yields")
async def test_a_double_click_counts_one_try(world):
    await stocked(world)
    shown = await world.beto.slash(world.channel, "cuarenta puzzle")
    puzzle, _ = await puzzle_shown(world, shown.response)
    move = puzzle.best.move
    card_id = next(c for c in custom_ids(shown.response, "pzc") if c.endswith(f":{move.card}"))
    picked = (await world.beto.click(shown.response, custom_id=card_id)).response
    option = "d" if not move.takes else str(puzzle.options(move.card).index(move.takes))
    move_id = next(c for c in custom_ids(picked, "pzm") if c.endswith(f":{move.card}:{option}"))
    await at_once(  # two clicks of one answer at the same instant
        world.env,
        world.beto.click(picked, custom_id=move_id),
        world.beto.click(picked, custom_id=move_id),
    )
    mine = await standing(world, world.beto)
    assert (mine.solved, mine.tried) == (1, 1)


async def test_practice_does_not_count(world):
    await stocked(world)
    shown = await world.ana.slash(world.channel, "cuarenta puzzle", mode="hard")
    puzzle, day = await puzzle_shown(world, shown.response)
    assert day == "p" and puzzle.difficulty == "hard"
    _, _, result = await answer(world, world.ana, shown.response)
    assert t("puzzle.practice_note", "en") in result.response.content
    assert await standing(world, world.ana) is None


async def test_streaks_go_on_day_after_day_and_break_on_a_missed_day(world):
    await stocked(world)
    for expected in (1, 2):
        shown = await world.ana.slash(world.channel, "cuarenta puzzle")
        await answer(world, world.ana, shown.response)
        assert (await standing(world, world.ana)).streak == expected
        await world.env.advance_time(DAY_SECONDS)
    await world.env.advance_time(DAY_SECONDS)  # a day missed
    assert (await standing(world, world.ana)).streak == 0
    shown = await world.ana.slash(world.channel, "cuarenta puzzle")
    await answer(world, world.ana, shown.response)
    mine = await standing(world, world.ana)
    assert (mine.streak, mine.best_streak, mine.solved) == (1, 2, 3)
    ranking = await world.beto.slash(world.channel, "cuarenta puzzle", mode="ranking")
    assert f"<@{world.ana.id}> · 3 of 3" in ranking.response.content


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_stats_show_the_players_puzzles_in_one_line(world, lang):
    await in_language(world, lang)
    await stocked(world)
    for member, best in ((world.ana, True), (world.beto, False)):
        shown = await member.slash(world.channel, "cuarenta puzzle")
        await answer(world, member, shown.response, best=best)
    one, none = tn("stats.puzzles.days", lang, 1), tn("stats.puzzles.days", lang, 0)
    ana, puzzle = ratings.rate_puzzle(None, None, True)  # rated against the puzzle, ana first
    beto, _ = ratings.rate_puzzle(None, puzzle, False)
    expected = {
        world.ana: (tn("stats.puzzles.solved", lang, 1), one, one, 1, ana),
        world.beto: (tn("stats.puzzles.solved", lang, 0), none, none, 2, beto),
    }
    for member, (solved, streak, best, rank, skill) in expected.items():
        stats = await world.carla.slash(world.channel, "cuarenta stats", user=member)
        line = t(
            "stats.puzzles", lang, solved=solved, streak=streak, best=best, rank=rank, players=2
        )
        rating = t(
            "stats.puzzles.rating",
            lang,
            rating=ratings.shown(skill.conservative),
            provisional=t("rating.provisional", lang),
        )
        assert stats.response.content.splitlines()[-1] == line + rating
    assert ratings.shown(ana.conservative) > ratings.shown(beto.conservative)
    nobody = await world.carla.slash(world.channel, "cuarenta stats")
    assert "🧩" not in nobody.response.content


async def test_yesterdays_puzzle_opens_as_practice_and_changes_nothing(world):
    await stocked(world)
    shown = await world.ana.slash(world.channel, "cuarenta puzzle")
    puzzle, _ = await puzzle_shown(world, shown.response)
    card_id = next(
        c for c in custom_ids(shown.response, "pzc") if c.endswith(str(puzzle.best.move.card))
    )
    picked = (await world.ana.click(shown.response, custom_id=card_id)).response
    await world.env.advance_time(DAY_SECONDS)
    move_id = next(c for c in custom_ids(picked, "pzm"))
    answered = await world.ana.click(picked, custom_id=move_id)
    assert answered.response.ephemeral
    assert t("puzzle.practice_note", "en") in answered.response.content
    assert await standing(world, world.ana) is None


def forged_move(puzzle: Puzzle, day: str, case: str) -> str:
    """A custom_id no button of the bot's carries, for `case`."""
    parts = {"puzzle_id": puzzle.puzzle_id, "day": day, "card": puzzle.hand[0], "option": "d"}
    match case:
        case "card not in hand":
            parts["card"] = outsider(puzzle)
        case "no such capture":
            parts["option"] = 9
        case "unknown puzzle":
            parts["puzzle_id"] = "0" * 12
        case "tomorrow":
            parts["day"] = str(int(day) + 1)
        case "card to pick":
            return puzzle_ids.PUZZLE_CARD.build(
                puzzle_id=puzzle.puzzle_id, day=day, card=outsider(puzzle)
            )
    return puzzle_ids.PUZZLE_MOVE.build(**parts)


@pytest.mark.parametrize(
    "case", ["card not in hand", "no such capture", "unknown puzzle", "tomorrow", "card to pick"]
)
async def test_forged_answers_are_refused_privately_and_change_nothing(world, monkeypatch, case):
    await stocked(world)
    shown = await world.ana.slash(world.channel, "cuarenta puzzle")
    puzzle, day = await puzzle_shown(world, shown.response)
    forged_id = forged_move(puzzle, day, case)
    monkeypatch.setattr(
        cogs.puzzles.handlers, "hand_rows", lambda *_: Rows.of([button(forged_id, label="x")])
    )
    again = await world.ana.slash(world.channel, "cuarenta puzzle")
    refused = await world.ana.click(again.response, custom_id=forged_id)
    assert refused.ephemeral
    assert refused.response.content in {
        t(f"refuse.{key}", "en") for key in ("puzzle_bad_move", "puzzle_unknown")
    }
    assert await standing(world, world.ana) is None


def outsider(puzzle: Puzzle) -> str:
    from engine.cards import full_deck

    return str(next(c for c in full_deck() if c not in puzzle.hand))


# --------------------------------------------------------------------- the daily post
def posts(world) -> list:
    return [m for m in world.channel.history() if custom_ids(m, "pz")]


async def turn_on(world, manager, hour: int):
    result = await manager.slash(
        world.channel, "cuarenta config", puzzle_channel=world.channel, puzzle_hour=hour
    )
    assert result.ephemeral and "The daily puzzle is posted in" in result.response.content
    said = result.response.content
    assert f"{hour:02d}:00" in said and t("puzzle.zone.ecuador", "en") in said  # Quito's hour
    assert ":t>" in said and ":R>" in said  # and the next post in each reader's own time
    return result


async def until_day_starts(world, hour: int, offset: float = 1.0) -> int:
    """Advance the virtual clock to just after the next start of the server's day."""
    day = day_at(now(), hour, world.guild.id, DEFAULT_ZONE) + 1
    start = day_start(day, hour, world.guild.id, DEFAULT_ZONE)
    await world.env.advance_time(start - now() + offset)
    return day


async def test_the_daily_post_comes_once_a_day_at_its_hour_and_after_a_restart(
    world, manager, make_bot
):
    await stocked(world)
    await turn_on(world, manager, hour=9)
    assert posts(world) == []
    day = await until_day_starts(world, 9)
    (first,) = posts(world)
    assert first.attachments and t("button.puzzle_solve", "es") in str(buttons(first))
    assert f":{day}:open" in custom_ids(first, "pz")[0]
    assert "Reto del día" in first.content
    await world.env.advance_time(3 * 3600)
    assert len(posts(world)) == 1  # once a day
    # Solved by ana through the post's button.
    opened = await world.ana.click(first, custom_id=custom_ids(first, "pz")[0])
    assert opened.ephemeral
    await answer(world, world.ana, opened.response)
    await world.env.restart_bot(make_bot())
    await until_day_starts(world, 9)
    second = posts(world)
    assert len(second) == 2
    assert "Ayer" in second[-1].content and "1 de 1" in second[-1].content


async def test_a_failed_post_is_tried_again_and_posted_once(world, manager):
    await stocked(world)
    await turn_on(world, manager, hour=3)
    world.env.inject_error("POST", "/channels/*/messages", status=500, code=0, times=2)
    await until_day_starts(world, 3)
    await world.env.advance_time(30)  # two failures back off 1 + 2 s
    assert len(posts(world)) == 1
    world.env.errors.clear()


async def test_a_channel_closed_to_the_bot_is_not_retried(world, manager):
    await stocked(world)
    await turn_on(world, manager, hour=3)
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=1)
    await until_day_starts(world, 3)
    await world.env.advance_time(120)
    assert posts(world) == []
    attempts = [
        r for r in world.env.http_requests if r.method == "POST" and r.path.endswith("/messages")
    ]
    assert len(attempts) == 1
    world.env.errors.clear()


async def test_turned_off_there_is_no_post(world, manager):
    await stocked(world)
    await turn_on(world, manager, hour=5)
    result = await manager.slash(world.channel, "cuarenta config", puzzle_off=True)
    assert t("config.daily.off", "en") in result.response.content
    assert await world.env.bot.storage.puzzle_servers(world.guild.id) == []
    await until_day_starts(world, 5)
    assert posts(world) == []


async def test_config_changes_the_post_in_part_and_refuses_what_does_not_fit(world, manager):
    """/cuarenta config sets the daily post: a channel and an hour to turn it on, then any
    part of it; off with a channel or an hour, or an hour alone while off, is refused
    privately and changes nothing (not even the call's other options)."""
    await stocked(world)
    alone = await manager.slash(world.channel, "cuarenta config", puzzle_hour=7, turn_seconds=120)
    assert alone.ephemeral and alone.response.content == t("refuse.puzzle_channel", "en")
    assert (await world.env.bot.services.settings.get(world.guild.id)).turn_seconds != 120
    shown = await manager.slash(world.channel, "cuarenta config")
    assert t("config.daily.off", "en") in shown.response.content
    await turn_on(world, manager, hour=9)
    both = await manager.slash(world.channel, "cuarenta config", puzzle_off=True, puzzle_hour=3)
    assert both.response.content == t("refuse.puzzle_off_and_on", "en")
    changed = await manager.slash(world.channel, "cuarenta config", puzzle_hour=5)
    on = t(
        "config.daily.on",
        "en",
        channel=f"<#{world.channel.id}>",
        hour="05",
        zone=t("puzzle.zone.ecuador", "en"),
    )
    assert on in changed.response.content  # the channel kept, the hour changed
    (server,) = await world.env.bot.storage.puzzle_servers(world.guild.id)
    assert (server.channel_id, server.hour, server.name_players) == (world.channel.id, 5, False)
    await until_day_starts(world, 5)
    assert len(posts(world)) == 1  # at the new hour, by the one task
