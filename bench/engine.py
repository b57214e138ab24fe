"""How fast the engine plays: random complete matches and moves per second.

    python bench/engine.py                 # 2 players, Quito rules, 10 s per figure
    python bench/engine.py --duration 5 --seed 7 --players 4 --rules cuenca

Two figures, each measured for `--duration` seconds:
- matches/s: complete random matches (Game.new, then legal_moves + a random choice +
  play until there is a winner);
- moves/s: legal_moves() + play() pairs, the work a search does at every node, plus
  copy()/s on the side, since a search copies the game at every node too.

Time is this process's CPU time (time.process_time), so that the figures hold on a
machine shared with other work; on an idle machine it is the same as the wall clock.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Game, Rules

clock = time.process_time


def play_match(players: int, rules: Rules, seed: int, rng: random.Random) -> int:
    """Play one random match to the end; return how many moves it took."""
    game = Game.new(players, rules, seed=seed)
    moves = 0
    choice = rng.choice
    while game.winner is None:
        game.play(choice(game.legal_moves()))
        moves += 1
    return moves


def bench_matches(players: int, rules: Rules, seed: int, duration: float) -> tuple[int, int, float]:
    """Matches and moves completed in about `duration` seconds, and the time taken."""
    rng = random.Random(seed)
    matches = moves = 0
    start = clock()
    deadline = start + duration
    while clock() < deadline:
        moves += play_match(players, rules, seed * 1_000_003 + matches, rng)
        matches += 1
    return matches, moves, clock() - start


def bench_copies(players: int, rules: Rules, seed: int, duration: float) -> tuple[int, float]:
    """game.copy() calls in about `duration` seconds, on positions from a random match."""
    rng = random.Random(seed)
    game = Game.new(players, rules, seed=seed)
    positions = []
    while game.winner is None:
        positions.append(game.copy())
        game.play(rng.choice(game.legal_moves()))
    copies = 0
    start = clock()
    deadline = start + duration
    while clock() < deadline:
        for position in positions:
            position.copy()
        copies += len(positions)
    return copies, clock() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=10.0, help="CPU seconds per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--rules", choices=Rules.PRESETS, default="quito")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)

    matches, moves, elapsed = bench_matches(args.players, rules, args.seed, args.duration)
    print(
        f"{args.players} players, {args.rules} rules, seed {args.seed}, "
        f"{elapsed:.1f} CPU s: {matches} matches, {moves} moves"
    )
    print(f"matches/s: {matches / elapsed:,.1f}")
    print(f"moves/s (legal_moves + play): {moves / elapsed:,.0f}")
    copies, elapsed = bench_copies(args.players, rules, args.seed, args.duration / 4)
    print(f"copies/s: {copies / elapsed:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
