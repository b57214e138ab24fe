"""The puzzle's stock and practice across many days, in simcord with the virtual clock:
a server without matches of its own gets its daily post for 60+ days (the bots' games
made in the worker as its stock runs short), practice never gives away a recent, today's
or tomorrow's puzzle nor one the player saw, and says so when none is left; yesterday's
post opens as practice; a broken streak is said."""

from __future__ import annotations

import pytest

import cogs.puzzles.desk
from cogs.infra.clock import now
from cogs.puzzles.desk import PuzzleDesk
from i18n import t, tn
from tables.puzzles import DAY_SECONDS, RECENT_DAYS, day_at, from_bot_games
from tables.zones import DEFAULT_ZONE
from tests.cogs.helpers import in_language
from tests.cogs.test_puzzles import (
    answer,
    custom_ids,
    posts,
    puzzle_shown,
    standing,
    turn_on,
    until_day_starts,
)

PNG = b"\x89PNG\r\n\x1a\n"  # the 65 pictures are not what this test looks at
STOCK = from_bot_games(list(range(4)))  # a dozen puzzles or so: practice runs out


async def test_a_server_without_matches_gets_a_new_puzzle_every_day_for_65_days(
    world, manager, monkeypatch
):
    """The first days come with the clock; then 62 more days are posted as the daily task
    posts each (desk.post of the day, tomorrow's chosen ahead, a restock asked): the
    virtual clock's minute-by-minute timers over two months would make this test slow."""
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 3)  # short: restock often
    monkeypatch.setattr(cogs.puzzles.desk, "BOT_GAMES", 4)  # a batch in well under a second
    monkeypatch.setattr(cogs.puzzles.desk, "puzzle_picture", lambda puzzle, lang: PNG)
    desk = world.env.bot.services.get(PuzzleDesk)

    async def in_the_loop(work, function, *args):
        return function(*args)

    # The batches are made in the loop, not a worker process: on a busy machine a worker's
    # batch could outlast simcord's 5 s settle deadline of the click that asked for it.
    monkeypatch.setattr(desk.workers, "run", in_the_loop)
    for _ in range(4):  # stocked before the first click, so that no click waits on a batch
        await desk.restock(world.guild.id)
    await turn_on(world, manager, hour=8)
    first = await until_day_starts(world, 8)
    for _ in range(2):
        await until_day_starts(world, 8)
    server = await desk.server(world.guild.id)
    for day in range(first + 3, first + 65):
        await desk.post(server, day)
        await desk.puzzle_of_day(world.guild.id, day + 1)
        await desk.restock(world.guild.id)
    shown = posts(world)
    assert len(shown) == 65  # one a day, none skipped
    ids = [custom_ids(post, "pz")[0].split(":")[2] for post in shown]
    assert len(set(ids)) == 65  # never the same puzzle twice
    days = [int(custom_ids(post, "pz")[0].split(":")[3]) for post in shown]
    assert days == list(range(first, first + 65))
    storage = world.env.bot.storage
    assert int(await storage.get_bot_state(cogs.puzzles.desk.PUZZLE_SEED_KEY)) > 8  # restocked
    left = await storage.puzzle_counts(world.guild.id)
    assert all(left.get(level, 0) >= 3 for level in ("easy", "medium", "hard"))
    kept = [await storage.practice_total(world.guild.id, level) for level in left]
    assert sum(left.values()) == sum(kept) - 66  # the stock: what it has not had (66 days)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_practice_never_leaks_a_day_and_says_when_none_is_left(
    world, manager, monkeypatch, lang
):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)
    monkeypatch.setattr(cogs.puzzles.desk, "BOT_GAMES", 0)  # no more made: the stock runs out
    storage = world.env.bot.storage
    await storage.add_puzzles(STOCK)
    await turn_on(world, manager, hour=8)
    await in_language(world, lang)
    for _ in range(3):  # three days posted, tomorrow's chosen ahead
        await until_day_starts(world, 8)
    today = day_at(now(), 8, world.guild.id, DEFAULT_ZONE)
    days = {}
    for day in range(today - 2, today + 2):
        days[(await storage.puzzle_day(world.guild.id, day)).puzzle_id] = day
    assert len(days) == 4
    await world.ana.slash(world.channel, "cuarenta puzzle")  # ana answers today's ...
    served = []
    for level in ("easy", "medium", "hard"):
        while True:
            got = await world.ana.slash(world.channel, "cuarenta puzzle", mode=level)
            assert got.ephemeral
            if not custom_ids(got.response, "pzc"):
                assert got.response.content == t("refuse.puzzle_practice_all_seen", lang)
                break
            puzzle, day = await puzzle_shown(world, got.response)
            assert day == "p"
            served.append(puzzle.puzzle_id)
    assert len(served) == len(set(served))  # never one she saw
    assert not set(served) & set(days)  # never a day's puzzle of the last days or ahead
    mine = {p.puzzle_id for p in STOCK} - set(days)
    assert set(served) == mine  # every other one, once
    # beto has seen nothing: he still gets practice.
    got = await world.beto.slash(world.channel, "cuarenta puzzle", mode=STOCK[0].difficulty)
    assert custom_ids(got.response, "pzc")
    assert today - RECENT_DAYS < today - 2


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_yesterdays_post_opens_as_practice(world, manager, monkeypatch, lang):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)
    await world.env.bot.storage.add_puzzles(STOCK)
    await turn_on(world, manager, hour=8)
    await in_language(world, lang)
    await until_day_starts(world, 8)
    (yesterday,) = posts(world)
    await until_day_starts(world, 8)
    opened = await world.beto.click(yesterday, custom_id=custom_ids(yesterday, "pz")[0])
    assert opened.ephemeral
    assert opened.response.content.startswith(t("puzzle.late_note", lang))
    _, day = await puzzle_shown(world, opened.response)
    assert day == "p"  # practice from here on
    _, _, result = await answer(world, world.beto, opened.response)
    assert t("puzzle.practice_note", lang) in result.response.content
    assert await standing(world, world.beto) is None  # nothing counted


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_broken_streak_is_said(world, monkeypatch, lang):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)
    await in_language(world, lang)
    await world.env.bot.storage.add_puzzles(STOCK)
    for _ in range(2):
        shown = await world.ana.slash(world.channel, "cuarenta puzzle")
        _, _, result = await answer(world, world.ana, shown.response)
        assert tn("puzzle.streak_ended", lang, 1) not in result.response.content
        await world.env.advance_time(DAY_SECONDS)
    await world.env.advance_time(DAY_SECONDS)  # a day missed
    shown = await world.ana.slash(world.channel, "cuarenta puzzle")
    _, _, result = await answer(world, world.ana, shown.response)
    assert tn("puzzle.streak_ended", lang, 2) in result.response.content
    await world.env.advance_time(DAY_SECONDS)
    shown = await world.ana.slash(world.channel, "cuarenta puzzle")
    _, _, result = await answer(world, world.ana, shown.response, best=False)  # wrong
    assert tn("puzzle.streak_ended", lang, 1) in result.response.content
