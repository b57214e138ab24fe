"""Log the decisions of search players in self-play, for the searcher model (engine/ai/searcher.py).

    nice -n 19 .venv/bin/python bench/decisions.py OUT.jsonl --chicas N [--seed S]

The recipe: 2-player chicas between search players, each seat one of PLAYERS (the pimc
of bench/foreign.py at varied settings, and the expert with its style-answering off),
chosen by the chica's seed; every other chica under the peer rules (any-size sums, no
38 lock, no rondas), the rest under Quito's. Every decision with two moves or more is
written as one JSON line: who made it (`src`), the rules (`rules`), the features of each
legal move as the mover saw it (`x`, searcher.features: its own hand and what is
public, the ranks captured this hand included) and the index of the move chosen (`y`).

The pimc at its defaults (`pimc`) plays too, as an opponent, but its decisions are the
held-out set (bench/train_searcher.py never trains on them): the arena's opponent.
Keep the data outside git (it is regenerated from the seeds).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import foreign
from bench.arena import READING_ONLY, Player
from engine import Game, Move, Rules
from engine.ai.bot import own_position
from engine.ai.searcher import features
from engine.ai.view import SeatView

# name → (arena level, foreign.py constants while it chooses)
PLAYERS: dict[str, tuple[str, dict[str, Any]]] = {
    "pimc": ("pimc", {}),  # held out
    "pimc-s8-d2-c15": ("pimc", {"SAMPLES": 8, "DEPTH": 2, "CARD_VALUE": 0.15}),
    "pimc-s40-d4-c5": ("pimc", {"SAMPLES": 40, "DEPTH": 4, "CARD_VALUE": 0.5}),
    "pimc-s12-d2-c5": ("pimc", {"SAMPLES": 12, "DEPTH": 2, "CARD_VALUE": 0.5, "SOLVE_LEFT": 4}),
    "pimc-s30-d4-c2": ("pimc", {"SAMPLES": 30, "DEPTH": 4, "CARD_VALUE": 0.2, "SOLVE_LEFT": 8}),
    "expert": (READING_ONLY, {}),
}
PEER_RULES = Rules().with_options(sum_cards=None, lock_at=None, ronda_points=0, doble_ronda=0)


class Seat:
    """One player of PLAYERS at a seat for a chica."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        level, self.constants = PLAYERS[name]
        self.player = Player(level, seed, None)

    def choose(self, game: Game) -> Move:
        kept = {name: getattr(foreign, name) for name in self.constants}
        try:
            for name, value in self.constants.items():
                setattr(foreign, name, value)
            return self.player.choose(game)
        finally:
            for name, value in kept.items():
                setattr(foreign, name, value)


def pairing(seed: int) -> tuple[str, str]:
    names = list(PLAYERS)
    return names[seed % len(names)], names[(seed // len(names) + seed) % len(names)]


def log_chica(seed: int, out: Any) -> int:
    """Play one chica and write its decisions; returns how many."""
    rules = PEER_RULES if seed % 2 else Rules()
    label = "peer" if seed % 2 else "quito"
    seats = [Seat(name, seed * 2 + index) for index, name in enumerate(pairing(seed))]
    game = Game.new(2, rules, seed=seed)
    gone = [0] * 11
    hand_number = game.hand_number
    written = 0
    while not game.chica_history:
        seat = seats[game.to_play]
        move = seat.choose(game)
        pos = own_position(SeatView(game, gone=gone))
        moves = pos.moves()
        if len(moves) > 1:
            chosen = (move.card.rank, tuple(sorted(c.rank for c in move.takes)))
            index = next(i for i, m in enumerate(moves) if (m[0], tuple(sorted(m[1]))) == chosen)
            rows = [[round(x, 4) for x in row] for row in features(pos, moves, {})]
            out.write(json.dumps({"src": seat.name, "rules": label, "x": rows, "y": index}) + "\n")
            written += 1
        if move.takes:
            for card in (move.card, *move.takes):
                gone[card.rank] += 1
        game.play(move)
        if game.hand_number != hand_number:
            hand_number = game.hand_number
            gone = [0] * 11
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--chicas", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    total = 0
    with args.out.open("a") as out:
        for index in range(args.chicas):
            total += log_chica(args.seed + index, out)
            out.flush()
            if (index + 1) % 10 == 0:
                elapsed = time.perf_counter() - started
                print(f"{index + 1} chicas, {total} decisions, {elapsed:.0f} s", flush=True)


if __name__ == "__main__":
    main()
