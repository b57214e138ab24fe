"""Puzzles as stored: the day's puzzle chosen once, one counted answer per day, streaks
that continue, break on a wrong answer or a missed day, and the server's ranking."""

from __future__ import annotations

import asyncio

from db import PuzzleServer, StoredPuzzle
from db.puzzles import BOTS_GUILD
from tests.db.test_match_log import logged
from tests.db.test_records import GUILD, OTHER_GUILD, A, B, duel, pairs

DAY = 20000


def puzzle(puzzle_id: str, guild: int = BOTS_GUILD, difficulty: str = "easy") -> StoredPuzzle:
    return StoredPuzzle(puzzle_id, guild, None, difficulty, {"id": puzzle_id})


async def test_a_day_gets_one_puzzle_the_server_never_had_its_own_first(storage):
    await storage.add_puzzles([puzzle("bots1"), puzzle("bots2"), puzzle("own", GUILD)])
    assert await storage.add_puzzles([puzzle("bots1")]) == 0  # kept once
    first = await storage.choose_puzzle_day(GUILD, DAY, "easy")
    assert first.puzzle_id == "own"
    assert (await storage.choose_puzzle_day(GUILD, DAY, "easy")).puzzle_id == "own"  # kept
    second = await storage.choose_puzzle_day(GUILD, DAY + 1, "hard")  # none hard: any
    third = await storage.choose_puzzle_day(GUILD, DAY + 2, "easy")
    assert {second.puzzle_id, third.puzzle_id} == {"bots1", "bots2"}
    assert await storage.choose_puzzle_day(GUILD, DAY + 3, "easy") is None  # all used
    other = await storage.choose_puzzle_day(OTHER_GUILD, DAY, "easy")
    assert other.puzzle_id == "bots1"  # another server: not the first server's own
    stored = await storage.puzzle("own")
    assert stored.data == {"id": "own"} and stored.guild_id == GUILD


async def test_the_post_is_remembered_with_its_message(storage):
    await storage.add_puzzles([puzzle("p")])
    await storage.choose_puzzle_day(GUILD, DAY, None)
    assert (await storage.puzzle_day(GUILD, DAY)).message_id is None
    await storage.puzzle_posted(GUILD, DAY, 555)
    assert (await storage.puzzle_day(GUILD, DAY)).message_id == 555


async def test_only_the_first_answer_of_a_day_counts_even_two_at_once(storage):
    first, second = await asyncio.gather(
        storage.record_puzzle_attempt(GUILD, DAY, A, "p", "5h", True),
        storage.record_puzzle_attempt(GUILD, DAY, A, "p", "Kc", False),
    )
    assert (first.first, second.first) == (True, False)
    assert (second.move, second.solved) == ("5h", True)  # the first answer, told again
    standing = await storage.puzzle_standing(GUILD, A, DAY)
    assert (standing.solved, standing.tried, standing.streak) == (1, 1, 1)
    assert await storage.puzzle_day_results(GUILD, DAY) == (1, 1)


async def test_streaks_continue_day_after_day_and_break_on_a_miss(storage):
    for day in (DAY, DAY + 1, DAY + 2):
        attempt = await storage.record_puzzle_attempt(GUILD, day, A, "p", "5h", True)
    assert (attempt.streak, attempt.best_streak) == (3, 3)
    assert (await storage.puzzle_standing(GUILD, A, DAY + 3)).streak == 3  # today not yet
    assert (await storage.puzzle_standing(GUILD, A, DAY + 4)).streak == 0  # a day missed
    again = await storage.record_puzzle_attempt(GUILD, DAY + 4, A, "p", "5h", True)
    assert (again.streak, again.best_streak) == (1, 3)
    wrong = await storage.record_puzzle_attempt(GUILD, DAY + 5, A, "p", "Kc", False)
    assert (wrong.solved, wrong.streak, wrong.best_streak) == (False, 0, 3)
    assert (await storage.puzzle_standing(OTHER_GUILD, A, DAY)) is None  # per server


async def test_the_ranking_puts_the_most_solved_first(storage):
    await storage.record_puzzle_attempt(GUILD, DAY, A, "p", "5h", False)
    for day in (DAY, DAY + 1):
        await storage.record_puzzle_attempt(GUILD, day, B, "p", "5h", True)
    ranking = await storage.puzzle_ranking(GUILD, DAY + 1)
    assert [(r.user_id, r.solved, r.tried) for r in ranking] == [(B, 2, 2), (A, 0, 1)]
    assert await storage.puzzle_day_results(GUILD, DAY) == (2, 1)


async def test_servers_turn_the_daily_post_on_change_it_and_off(storage):
    await storage.set_puzzle_server(PuzzleServer(GUILD, 9, 14, False, DAY), GUILD)
    await storage.set_puzzle_server(PuzzleServer(GUILD, 10, 8, True, DAY), GUILD)
    await storage.set_puzzle_server(PuzzleServer(OTHER_GUILD, 11, 8, False, DAY), OTHER_GUILD)
    assert await storage.puzzle_servers(GUILD) == [PuzzleServer(GUILD, 10, 8, True, DAY)]
    assert len(await storage.puzzle_servers()) == 2
    await storage.set_puzzle_server(None, GUILD)
    assert await storage.puzzle_servers() == [PuzzleServer(OTHER_GUILD, 11, 8, False, DAY)]


async def test_a_match_searched_for_puzzles_is_not_searched_again(storage):
    await storage.record_match(logged(duel(A, B, match_id="two")))
    await storage.record_match(logged(pairs((A, B), (3, 4))))  # 2 vs 2: no puzzles
    assert await storage.unmined_matches(GUILD, 10) == ["two"]
    await storage.add_puzzles([puzzle("from-two", GUILD)], mined=["two"])
    assert await storage.unmined_matches(GUILD, 10) == []
