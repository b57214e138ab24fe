"""What the expert's reading knows of the opponent's hand: the true hand's log-chance.

    .venv/bin/python bench/reading_info.py [--chicas N] [--seed S] [--played-by LEVEL]
        [--tune MODULE.NAME=VALUE ...]

A yardstick for the reading (engine/ai/reading.py) that needs no arena: chicas that
LEVEL (pimc by default, any level of bench/arena.py) plays against itself, watched from
seat 0 as the expert watches a table. Wherever seat 0 has a choice and the opponent's
possible hands can be listed (at most LIMIT of them), each reading weighs them, and the
true hand's share of the weight is scored as its log-chance (nats; higher is better, 0
is certainty):

- `none`: every hand as likely as the unseen cards make it (no reading);
- `drops`: what drops say (memory.py's `lacking`; the reading of 4 players);
- `styles`: the shipped reading, the hand-written styles (normal, greedy, any);
- `searcher`: the reading with the learned searcher model too (`reading.SEARCHER`).

A reading worse than `none` misleads: it weighs the true hand below chance. Printed by
the cards left in both hands too (late in a deal the opponent has shown the most).
`--tune` changes a constant of engine/ai for the whole run (the readings and the
players alike), to try a change of the reading here before the arena.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.arena import LEVELS, Player, add_tune_option, tunes_of
from bench.regret import mean_and_error
from engine import Game, Rules
from engine.ai import reading
from engine.ai.memory import Memory
from engine.ai.sim import counts
from engine.ai.view import SeatView

LIMIT = 400  # opponent hands listed at most
READINGS = ("none", "drops", "styles", "searcher")


def true_hand_log_chance(game: Game, memory: Memory, kind: str) -> float | None:
    """The log-chance the reading `kind` gives seat 1's true hand, seen from seat 0 (to
    play); None when the hands are too many to list."""
    view = SeatView(
        game,
        gone=memory.recall(game),
        lacking=memory.lacking(game),
        reading=memory.reading(game) if kind in ("styles", "searcher") else None,
    )
    worlds = view.enumerate_worlds(LIMIT, read_drop=kind != "none")
    if worlds is None:
        return None
    truth = counts(game.hands[1])
    share = sum(weight for weight, pos in worlds if pos.hands[1] == truth)
    return math.log(max(share, 1e-12))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chicas", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--played-by", default="pimc", choices=LEVELS)
    add_tune_option(parser)
    args = parser.parse_args(argv)
    for module, name, value in tunes_of(parser, args):
        setattr(importlib.import_module(f"engine.ai.{module}"), name, value)
    scores: dict[str, list[float]] = {kind: [] for kind in READINGS}
    by_left: dict[tuple[int, str], list[float]] = {}
    for chica in range(args.chicas):
        game = Game.new(2, Rules(), seed=args.seed * 10**6 + chica)
        players = [Player(args.played_by, args.seed * 10 + seat, None) for seat in (0, 1)]
        # One memory a reading that learns styles: SEARCHER changes what it learns.
        memories = {"styles": Memory(), "searcher": Memory()}
        memories["none"] = memories["drops"] = memories["styles"]
        while not game.chica_history:
            seat = game.to_play
            if seat == 0 and len(game.legal_moves()) > 1:
                left = sum(len(hand) for hand in game.hands)
                row = {}
                for kind in READINGS:
                    reading.SEARCHER = kind == "searcher"
                    row[kind] = true_hand_log_chance(game, memories[kind], kind)
                if all(value is not None for value in row.values()):
                    for kind, value in row.items():
                        assert value is not None
                        scores[kind].append(value)
                        by_left.setdefault((left, kind), []).append(value)
            move = players[seat].choose(game)
            for kind in ("styles", "searcher"):
                reading.SEARCHER = kind == "searcher"
                memories[kind].observe(game, move)
            reading.SEARCHER = False
            game.play(move)
    count = len(scores["none"])
    print(f"{args.chicas} chicas played by {args.played_by} (seed {args.seed}), {count} positions")
    for kind in READINGS:
        print(f"{kind}: the true hand's log-chance {mean_and_error(scores[kind])}")
    for kind in READINGS[1:]:
        gains = [a - b for a, b in zip(scores[kind], scores["none"], strict=True)]
        print(f"{kind} - none, position by position: {mean_and_error(gains)} nats")
    print("by cards left:", *READINGS)
    for left in sorted({left for left, _ in by_left}):
        means = [sum(by_left[left, kind]) / len(by_left[left, kind]) for kind in READINGS]
        print(f"  {left:2d}: " + " ".join(f"{m:7.3f}" for m in means), len(by_left[left, "none"]))


if __name__ == "__main__":
    main()
