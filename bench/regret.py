"""Decision quality measured against the oracle: each level's average regret per move.

    .venv/bin/python bench/regret.py [--players 2|4] [--positions N] [--seed S]
        [--levels normal,expert] [--budget-ms B] [--tune MODULE.NAME=VALUE ...]
        [--played-by LEVEL]

Positions are taken from chicas a level plays against itself (about one move in seven,
where there is a choice): the normal level, or any level of bench/arena.py with
`--played-by` (a foreign player, say, whose plays the expert reads without a model of
them). In each, every move is valued on the true deal, as
the oracle values it: its search on the true deal, or the exact solution when 10 cards
or fewer are left in the hands. A level's regret is the value of the best move minus
the value of its choice, in points (a won chica is worth evaluate.WIN); `agrees` is how
often it chose a best move. Each level decides as a fresh Bot, except that a level that
watches the table (the expert) keeps one Bot per chica, as at a table: it knows every
play so far (Game.moves), and its CPU time counts only those since its previous
position. Besides the Bot levels, `expert-reading` and `expert-tuned` (the expert with
the constants of `--tune` changed, as in bench/arena.py) may be compared.

Quicker than bench/arena.py for comparing two versions of a level (1,500 positions
take about a minute), but only a proxy for the share of chicas won, and a noisy one: a
few positions that decide a chica (worth ±WIN) weigh heavily, hence the ±95% intervals
printed, and the paired difference between consecutive levels.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.arena import LEVELS as ARENA_LEVELS
from bench.arena import READING_ONLY, TUNED, Player, Tune, add_tune_option, tunes_of
from engine import BotLevel, Game, Move, Rules
from engine.ai.exact import Solver
from engine.ai.search import EXACT_WORLDS, Lookahead, solve_moves
from engine.ai.sim import RankMove
from engine.ai.view import SeatView

SAMPLE_SHARE = 0.15


def positions(
    players: int, count: int, seed: int, played_by: str = "normal", tunes: tuple[Tune, ...] = ()
) -> list[Game]:
    """Positions with a choice, from chicas `played_by` plays against itself (each game
    knows its plays so far; `tunes` for expert-tuned)."""
    rng = random.Random(seed)
    found: list[Game] = []
    chica = seed * 10**6
    while len(found) < count:
        chica += 1
        game = Game.new(players, Rules(), seed=chica)
        bots = [Player(played_by, seat, None, tunes) for seat in range(players)]
        while not game.chica_history and len(found) < count:
            if rng.random() < SAMPLE_SHARE and len(game.legal_moves()) > 1:
                found.append(game.copy())
            game.play(bots[game.to_play].choose(game))
    return found


def true_values(game: Game) -> dict[RankMove, float]:
    """Every move's value (by rank) for the seat to play, on the true deal."""
    view = SeatView(game, oracle=True)
    moves = view.moves()
    pos = view.true_position()
    if sum(view.sizes) <= max(EXACT_WORLDS):
        values = solve_moves(pos, moves, view.side, Solver())
    else:
        values = Lookahead(view.seat, team=view.players == 4).values(pos, moves)
    return dict(zip(moves, values, strict=True))


def by_rank(move: Move) -> RankMove:
    return move.card.rank, tuple(sorted(card.rank for card in move.takes))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--positions", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="normal,expert", help="comma-separated")
    parser.add_argument("--budget-ms", type=float, default=None, help="the expert's budget")
    add_tune_option(parser)
    parser.add_argument(
        "--played-by", default="normal", choices=ARENA_LEVELS, help="who plays the chicas"
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    for level in levels:
        if level not in [*BotLevel, READING_ONLY, TUNED]:
            parser.error(f"unknown level {level!r}")
    tunes = tunes_of(parser, args)

    games = positions(args.players, args.positions, args.seed, args.played_by, tunes)
    at_table: dict[tuple[str, int], Player] = {}  # a watching level's, by chica (seed)
    regrets: dict[str, list[float]] = {level: [] for level in levels}
    agrees = dict.fromkeys(levels, 0)
    cpu = dict.fromkeys(levels, 0.0)
    for index, game in enumerate(games):
        values = {(rank, tuple(sorted(takes))): v for (rank, takes), v in true_values(game).items()}
        best = max(values.values())
        for level in levels:
            start = time.process_time()
            player = at_table.get((level, game.seed))
            if player is None:
                player = Player(level, index, args.budget_ms, tunes)
                if player.watches:  # the chica's Bot, as at a table
                    at_table = {key: p for key, p in at_table.items() if key[0] != level}
                    at_table[level, game.seed] = player
            else:
                player.reseed(index)
            move = player.choose(game)
            cpu[level] += time.process_time() - start
            value = values[by_rank(move)]
            regrets[level].append(best - value)
            agrees[level] += value >= best - 1e-9
    n = len(games)
    print(
        f"{args.players} players, {n} positions (seed {args.seed}, played by "
        f"{args.played_by}), rules quito"
    )
    for level in levels:
        print(
            f"{level}: regret {mean_and_error(regrets[level])} points a move, best move "
            f"{agrees[level] / n:.1%}, CPU {cpu[level] / n * 1000:.1f} ms a move"
        )
    for first, second in itertools.pairwise(levels):
        diffs = [a - b for a, b in zip(regrets[second], regrets[first], strict=True)]
        print(f"{second} - {first}, position by position: {mean_and_error(diffs)}")


def mean_and_error(values: list[float]) -> str:
    """The mean ± 1.96 standard errors: a few chica-deciding positions (worth ±WIN)
    make the spread wide."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return f"{mean:.3f} ± {1.96 * spread / math.sqrt(n):.3f}"


if __name__ == "__main__":
    main()
