"""Figures for puzzles: how long making them takes, and how long a solve takes.

    python bench/puzzles.py [--games 20]

A solve is what answering a click does beyond Discord: read the day's puzzle and the
puzzle from the database (SQLite), rebuild it, look the move up, write the counted answer
(one transaction, streaks), and word the answer. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cogs.infra.card_emojis import CardEmojis  # noqa: E402
from cogs.puzzles.messages import answer_lines  # noqa: E402
from db import Storage  # noqa: E402
from engine.ai import puzzles  # noqa: E402
from tables.puzzles import from_bot_games, puzzle_of  # noqa: E402
from tables.ratings import rate_puzzle  # noqa: E402


async def solves(found: list, rounds: int) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(Path(folder) / "bench.sqlite3")
        await storage.add_puzzles(found)
        display = CardEmojis.text_only()
        for n in range(rounds):
            day = 20000 + n
            chosen = await storage.choose_puzzle_day(1, day, None)
            start = time.perf_counter()
            puzzle = puzzle_of(await storage.puzzle(chosen.puzzle_id))
            move = puzzle.choices[-1].move
            choice = puzzle.choice_for(move)
            await storage.record_puzzle_attempt(
                1, day, 7, chosen.puzzle_id, str(move), False, rate_puzzle
            )
            answer_lines(puzzle, choice, display, "es")
            times.append((time.perf_counter() - start) * 1000)
        await storage.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    start = time.perf_counter()
    found = from_bot_games(list(range(args.games)))
    made = time.perf_counter() - start
    print(
        f"making: {args.games} bots' games -> {len(found)} puzzles in {made:.2f} s "
        f"({made / args.games * 1000:.0f} ms a game, game included)"
    )
    by = {d: sum(p.difficulty == d for p in found) for d in puzzles.Difficulty}
    print("difficulties:", by)
    themes: dict[str, int] = {}
    for stored in found:
        themes[stored.data["theme"]] = themes.get(stored.data["theme"], 0) + 1
    print("themes:", themes)
    margins = sorted(puzzle_of(s).margin for s in found)
    print(f"margins: min {margins[0]:.1f}, median {statistics.median(margins):.1f} points")
    times = asyncio.run(solves(found, min(len(found), 40)))
    times.sort()
    print(
        f"solve (read, look up, count, word), {len(times)} solves: "
        f"median {statistics.median(times):.2f} ms, "
        f"p95 {times[int(len(times) * 0.95) - 1]:.2f} ms, max {times[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
