"""Puzzles as stored: the day's puzzle chosen once, one counted answer per day, streaks
that continue, break on a wrong answer or a missed day, the server's ranking, and the
puzzle ratings (the player against the puzzle, once per counted answer)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from db import PuzzleServer, Storage, StoredPuzzle
from db.puzzles import BOTS_GUILD
from tables.ratings import rate_puzzle
from tests.db.test_match_log import logged
from tests.db.test_migrations import build_file
from tests.db.test_records import GUILD, OTHER_GUILD, A, B, duel, pairs

DAY = 20000


def same(first, second) -> bool:
    """Two skills equal but for float rounding."""
    return (first.mu, first.sigma) == pytest.approx((second.mu, second.sigma))


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
    assert [(r.rank, r.user_id, r.solved, r.tried) for r in ranking] == [(1, B, 2, 2), (2, A, 0, 1)]
    assert (await storage.puzzle_standing(GUILD, A, DAY + 1)).rank == 2
    assert await storage.puzzle_ranking_size(GUILD) == 2
    assert await storage.puzzle_ranking_size(OTHER_GUILD) == 0
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


async def test_a_counted_answer_rates_the_player_against_the_puzzle_once(storage):
    await storage.record_puzzle_attempt(GUILD, DAY, A, "p", "5h", True, rate_puzzle)
    again = await storage.record_puzzle_attempt(GUILD, DAY, A, "p", "Kc", False, rate_puzzle)
    assert not again.first  # a second click: not rated again
    await storage.record_puzzle_attempt(GUILD, DAY, B, "p", "Kc", False, rate_puzzle)
    ana, puzzle_after_ana = rate_puzzle(None, None, True)
    beto, puzzle_after_both = rate_puzzle(None, puzzle_after_ana, False)
    assert same((await storage.puzzle_standing(GUILD, A, DAY)).skill, ana)
    assert same((await storage.puzzle_standing(GUILD, B, DAY)).skill, beto)
    assert ana.conservative > beto.conservative
    skill, tries, solved = await storage.puzzle_rating("p")
    assert (skill, tries, solved) == (pytest.approx(puzzle_after_both), 2, 1)
    assert await storage.puzzle_rating("never-tried") is None
    other = await storage.record_puzzle_attempt(OTHER_GUILD, DAY, A, "p", "5h", True, rate_puzzle)
    assert other.first  # another server: the player's rating there starts anew
    mine_there = (await storage.puzzle_standing(OTHER_GUILD, A, DAY)).skill
    assert same(mine_there, rate_puzzle(None, puzzle_after_both, True)[0])


async def test_a_player_of_schema_9_is_unrated_until_their_next_counted_answer(tmp_path):
    path = tmp_path / "v9.sqlite3"
    build_file(path, 9)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO puzzle_players VALUES (?, ?, 3, 4, 2, 2, ?)", (GUILD, A, DAY))
    conn.commit()
    conn.close()
    storage = await Storage.open(path)
    try:
        kept = await storage.puzzle_standing(GUILD, A, DAY)
        assert (kept.solved, kept.tried, kept.streak, kept.skill) == (3, 4, 2, None)
        await storage.record_puzzle_attempt(GUILD, DAY + 1, A, "p", "5h", True, rate_puzzle)
        rated = await storage.puzzle_standing(GUILD, A, DAY + 1)
        assert (rated.solved, rated.streak) == (4, 3)
        assert same(rated.skill, rate_puzzle(None, None, True)[0])
    finally:
        await storage.close()


async def test_the_stock_counts_only_what_the_server_has_not_had(storage):
    await storage.add_puzzles(
        [puzzle(f"e{n}") for n in range(3)] + [puzzle("h", difficulty="hard")]
    )
    assert await storage.puzzle_counts(GUILD) == {"easy": 3, "hard": 1}
    await storage.choose_puzzle_day(GUILD, DAY, "easy")
    await storage.choose_puzzle_day(GUILD, DAY + 1, "hard")
    assert await storage.puzzle_counts(GUILD) == {"easy": 2}
    assert await storage.puzzle_counts(OTHER_GUILD) == {"easy": 3, "hard": 1}  # its own days


async def test_practice_never_serves_a_recent_or_coming_day_nor_one_the_player_saw(storage):
    await storage.add_puzzles([puzzle(f"p{n}") for n in range(6)])
    days = {DAY - 9: "p0", DAY - 1: "p1", DAY: "p2", DAY + 1: "p3"}  # an old, yesterday, ...
    for day, puzzle_id in days.items():
        await storage.choose_puzzle_day(GUILD, day, "easy")
        assert (await storage.puzzle_day(GUILD, day)).puzzle_id == puzzle_id
    await storage.record_puzzle_attempt(GUILD, DAY - 9, A, "p0", "5h", False)  # A answered p0
    since = DAY - 7
    served = []
    while (found := await storage.practice_puzzle(GUILD, A, "easy", since, 0.5)) is not None:
        served.append(found.puzzle_id)
    assert sorted(served) == ["p4", "p5"]  # once each; not p0 (answered), not p1..p3 (days)
    seen_by_b = []
    while (found := await storage.practice_puzzle(GUILD, B, "easy", since, 0.0)) is not None:
        seen_by_b.append(found.puzzle_id)
    assert sorted(seen_by_b) == ["p0", "p4", "p5"]  # an old day's puzzle B never answered
    assert await storage.practice_puzzle(OTHER_GUILD, A, "easy", since, 0.0) is not None
    assert await storage.practice_total(GUILD, "easy") == 6


async def test_the_day_prefers_a_puzzle_nobody_there_has_practised(storage):
    await storage.add_puzzles([puzzle("a"), puzzle("b")])
    await storage.mark_puzzle_seen(GUILD, A, "a")
    assert (await storage.choose_puzzle_day(GUILD, DAY, "easy")).puzzle_id == "b"
    assert (await storage.choose_puzzle_day(OTHER_GUILD, DAY, "easy")).puzzle_id == "a"
