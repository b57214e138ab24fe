"""Bot against bot: chicas won, point margin and think time.

    .venv/bin/python bench/arena.py LEVEL_A LEVEL_B [--chicas N] [--budget-ms B]
        [--players 2|4] [--seed S] [--workers W] [--fresh]

Chicas are played in pairs: the same seed (so the same shuffles and first dealer) twice,
with the seats swapped. A plays seats 0 (and 2), B seats 1 (and 3) in the first chica of
a pair, the other way round in the second. A chica is played from 0–0 to its end under
the default (Quito) rules. Prints the share of chicas A won with its 95% confidence
interval (±1.96·√(p(1−p)/n)), the average point margin A − B at the end of a chica, and
the think time per move (p50 / p99) of each level.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Bot, Game, Rules
from engine.ai import LEVELS


def play_chica(
    levels: tuple[str, str],
    a_side: int,
    seed: int,
    players: int,
    budget_ms: float | None,
    fresh: bool = False,
) -> tuple[int, int, list[float], list[float]]:
    """One chica; returns (A won: 1/0, margin A − B, A's think times, B's think times).

    One Bot per seat plays the whole chica (so it remembers the captured cards), or with
    `fresh` a new Bot is made for every move, as a stateless server would."""
    level = {a_side: levels[0], 1 - a_side: levels[1]}

    def new_bot(seat: int) -> Bot:
        return Bot(level[seat % 2], seed=seed * 4 + seat, budget_ms=budget_ms)

    bots = [new_bot(seat) for seat in range(players)]
    times: dict[int, list[float]] = {0: [], 1: []}
    game = Game.new(players, Rules(), seed=seed)
    while not game.chica_history:
        seat = game.to_play
        side = seat % 2
        start = time.perf_counter()
        move = (new_bot(seat) if fresh else bots[seat]).choose(game)
        times[side].append((time.perf_counter() - start) * 1000)
        game.play(move)
    final = game.chica_history[0]
    won = 1 if final[a_side] > final[1 - a_side] else 0
    return won, final[a_side] - final[1 - a_side], times[a_side], times[1 - a_side]


def play_pair(job: tuple[tuple[str, str], int, int, float | None, bool]) -> list[tuple]:
    levels, seed, players, budget_ms, fresh = job
    return [play_chica(levels, a_side, seed, players, budget_ms, fresh) for a_side in (0, 1)]


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("level_a", choices=LEVELS)
    parser.add_argument("level_b", choices=LEVELS)
    parser.add_argument("--chicas", type=int, default=200, help="chicas to play (even)")
    parser.add_argument("--budget-ms", type=float, default=None, help="search budget")
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--seed", type=int, default=1, help="first pair's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--fresh", action="store_true", help="a new Bot every move (no memory of the hand)"
    )
    args = parser.parse_args(argv)

    pairs = max(1, (args.chicas + 1) // 2)
    levels = (args.level_a, args.level_b)
    jobs = [(levels, args.seed + i, args.players, args.budget_ms, args.fresh) for i in range(pairs)]
    wins = 0
    margins: list[int] = []
    times_a: list[float] = []
    times_b: list[float] = []
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        for done, results in enumerate(pool.imap_unordered(play_pair, jobs, chunksize=1), 1):
            for won, margin, t_a, t_b in results:
                wins += won
                margins.append(margin)
                times_a.extend(t_a)
                times_b.extend(t_b)
            if done % max(1, pairs // 20) == 0:
                print(f"  {2 * done} chicas, A {wins / (2 * done):.1%}", file=sys.stderr)
    elapsed = time.perf_counter() - started

    n = len(margins)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    budget = "default" if args.budget_ms is None else f"{args.budget_ms:g} ms"
    print(
        f"A={args.level_a} vs B={args.level_b}: {args.players} players, {n} chicas "
        f"({pairs} pairs, seeds {args.seed}..{args.seed + pairs - 1}), budget {budget}, "
        f"{'a fresh Bot every move' if args.fresh else 'one Bot per seat'}, {elapsed:.0f} s"
    )
    print(
        f"chicas won by A: {wins}/{n} = {p:.1%} ± {half:.1%} "
        f"(95% CI {p - half:.1%} .. {p + half:.1%})"
    )
    mean = sum(margins) / n
    spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(1, n - 1))
    print(f"average point margin A - B: {mean:+.2f} ± {1.96 * spread / math.sqrt(n):.2f}")
    for label, level, times in (("A", args.level_a, times_a), ("B", args.level_b, times_b)):
        print(
            f"think time {label}={level}: p50 {percentile(times, 0.5):.2f} ms, "
            f"p99 {percentile(times, 0.99):.2f} ms, max {max(times, default=0):.1f} ms "
            f"({len(times)} moves)"
        )


if __name__ == "__main__":
    main()
