"""Bot against bot: chicas won, point margin and think time.

    .venv/bin/python bench/arena.py LEVEL_A LEVEL_B [--chicas N] [--budget-ms B]
        [--players 2|4] [--seed S] [--workers W] [--fresh] [--gauge] [--compare LEVEL]
        [--full] [--rules quito|cuenca] [--option NAME=VALUE ...]

A level is a Bot's (random, easy, normal, expert, oracle), `expert-reading` (the expert
with its style-answering off: it reads the hands, and always takes the opponent for a
perfect player), or one of the foreign players of bench/foreign.py (pimc, careful,
noisy), which the expert has never modelled.

Chicas are played in pairs: the same seed (so the same shuffles and first dealer) twice,
with the seats swapped. A plays seat 0 (with 4 players, team A+A on seats 0 and 2), B
seat 1 (B+B on seats 1 and 3) in the first chica of a pair, the other way round in the
second. A chica is played from 0–0 to its end, under the Quito rules unless `--rules`
names another preset and `--option` changes single options (RULES.md §8; e.g.
`--option caidas_seguidas=4 --option lock_at=none --option sum_cards=any`).

Prints the share of chicas A won with its 95% confidence interval (±1.96·√(p(1−p)/n)),
the average point margin A − B at the end of a chica, and the think time per move of
each level (p50 / p90 / p99 / max), by the wall clock and in CPU time (which other loads
on a shared machine do not inflate). With `--gauge`, the oracle (which sees every card)
also plays B on the same deals, and G = (A − 50%) / (oracle − 50%) says how much of the
oracle's edge over B the level A reaches. With `--compare LEVEL`, LEVEL also plays B on
the same deals, and the difference A − LEVEL is given pair by pair (each pair's chicas
won by A less LEVEL's), with its 95% interval: paired, it cancels the luck of the deals.
The expert against `expert-reading` is cheaper: they choose alike until the expert
answers a read style, so expert-reading plays only the chicas where the expert did, from
that play on (`play_pair`; `--full` plays every chica whole, which gives the same
figures but the think times).

The search's wall-clock fuse (engine/ai/search.py) is off unless `--fuse`: the budget is
counted in work, so a choice then depends only on the seed and the position, even when
the run is paused (a shared machine) — which keeps paired runs paired. Its CPU-time
limit (search.THINK_LIMIT_MS) stays, as in the bot: pauses do not count in it, and it
cuts a search short only where the machine runs slower than the budget's rate; then the
think times printed are those a player would meet.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import json
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any, NamedTuple, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.foreign import FOREIGN, Foreign
from engine import Bot, BotLevel, Game, Move, Rules
from engine.ai import search

READING_ONLY = "expert-reading"  # the expert with its style-answering off
TUNED = "expert-tuned"  # the expert with the constants of `--tune` changed
LEVELS = (*BotLevel, READING_ONLY, TUNED, *FOREIGN)

# A change to a constant of engine/ai: (module, name, value).
Tune = tuple[str, str, Any]

# Option values spelled as words on the command line.
OFF_WORDS = ("none", "off", "any")
TRUE_WORDS = ("on", "true", "yes", "1")
FALSE_WORDS = ("off", "false", "no", "0")


class Job(NamedTuple):
    levels: tuple[str, str]
    seed: int
    players: int
    budget_ms: float | None
    fresh: bool
    rules: Rules
    compare: str | None = None  # another A, on the same deals
    full: bool = False  # the compared level plays every chica whole (no shortcut)
    tunes: tuple[Tune, ...] = ()  # the expert-tuned level's constants


class Player:
    """A Bot or a foreign player (see the module's docstring): `choose(game)`."""

    def __init__(
        self, level: str, seed: int, budget_ms: float | None, tunes: tuple[Tune, ...] = ()
    ) -> None:
        self.player: Foreign | Bot
        self.tunes = tunes if level == TUNED else ()
        if level in FOREIGN:
            self.player = Foreign(level, seed)
        elif level == READING_ONLY:
            self.player = Bot(BotLevel.EXPERT, seed, budget_ms, answer_style=False)
        elif level == TUNED:
            self.player = Bot(BotLevel.EXPERT, seed, budget_ms)
        else:
            self.player = Bot(level, seed, budget_ms)

    def choose(self, game: Game) -> Move:
        if not self.tunes:
            return self.player.choose(game)
        targets = [
            (importlib.import_module(f"engine.ai.{module}"), name, value)
            for module, name, value in self.tunes
        ]
        kept = [getattr(module, name) for module, name, _ in targets]
        try:
            for module, name, value in targets:
                setattr(module, name, value)
            return self.player.choose(game)
        finally:
            for (module, name, _), value in zip(targets, kept, strict=True):
                setattr(module, name, value)

    @property
    def watches(self) -> bool:
        """It watches the table (an expert's Bot): one Player for a whole chica."""
        return isinstance(self.player, Bot) and self.player.level.watches

    def reseed(self, seed: int) -> None:
        """Choose from now on with `seed` (a Bot's draws; a foreign player keeps its own)."""
        if isinstance(self.player, Bot):
            self.player.seed = seed

    def answered(self) -> int:
        """The choices that played against a read style (an expert's; see Bot)."""
        return self.player.answered if isinstance(self.player, Bot) else 0


class Outcome(NamedTuple):
    """One chica: whether A won, the margin A − B, and each side's think times (ms, each
    move's wall-clock and CPU time)."""

    won: int
    margin: int
    times_a: list[tuple[float, float]]
    times_b: list[tuple[float, float]]
    answered: int  # A's choices that played against a read style
    moves: tuple[Move, ...] = ()  # the plays of the chica
    first_answer: int | None = None  # the plays made before A first answered a style


def play_chica(job: Job, a_side: int, fork: Outcome | None = None) -> Outcome:
    """One chica, A on the seats of `a_side`.

    One Bot per seat plays the whole chica (so it remembers the cards it saw captured),
    or with `fresh` a new Bot is made for every move, as a stateless server would. Either
    way the expert learns every play from the game itself (Game.moves), as at a table;
    a fresh one replays the match up to the move within its think time.

    `fork`: a chica played on the same deals by another A that chose as this one would
    until `fork.first_answer` plays were made (see `play_pair`): A's seats replay those
    plays (and their think times) rather than choose them; B's choose them again, so
    that they remember what they would have, and must choose them alike."""
    level = {a_side: job.levels[0], 1 - a_side: job.levels[1]}

    def new_bot(seat: int) -> Player:
        return Player(level[seat % 2], job.seed * 4 + seat, job.budget_ms, job.tunes)

    bots = [new_bot(seat) for seat in range(job.players)]
    times: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    given = () if fork is None else fork.moves[: fork.first_answer]
    game = Game.new(job.players, job.rules, seed=job.seed)
    answered, first_answer = 0, None
    while not game.chica_history:
        seat = game.to_play
        played = len(game.moves or ())
        if played < len(given) and seat % 2 == a_side:
            assert fork is not None
            times[a_side].append(fork.times_a[len(times[a_side])])
            game.play(given[played])
            continue
        start, start_cpu = time.perf_counter(), time.process_time()
        move = (new_bot(seat) if job.fresh else bots[seat]).choose(game)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        times[seat % 2].append((wall * 1000, cpu * 1000))
        if played < len(given) and move != given[played]:
            raise AssertionError(f"seed {job.seed}: B chose {move}, not {given[played]}")
        if seat % 2 == a_side:
            now = sum(bot.answered() for bot in bots[a_side::2])
            if now > answered and first_answer is None:
                first_answer = played
            answered = now
        game.play(move)
    final = game.chica_history[0]
    won = 1 if final[a_side] > final[1 - a_side] else 0
    return Outcome(
        won,
        final[a_side] - final[1 - a_side],
        times[a_side],
        times[1 - a_side],
        answered,
        tuple(game.moves or ()),
        first_answer,
    )


def play_pair(job: Job) -> tuple[list[Outcome], list[Outcome]]:
    """A's two chicas of the pair, and the compared level's (none without `compare`).

    The expert and the expert-reading choose alike (the same search, the same random
    draws: each choice's are seeded by the Bot's seed and the position) at every turn
    where the expert does not answer a read style. So when A, the expert, answered none
    in a chica, expert-reading would play it move for move the same: A's outcome is its
    outcome too, and the chica is not played again. When A did, expert-reading takes the
    chica up where A first answered (`play_chica`'s `fork`). With `full`, every chica is
    played whole (tests/test_bench_foreign.py checks that both give the same outcomes)."""
    mine = [play_chica(job, a_side) for a_side in (0, 1)]
    if job.compare is None:
        return mine, []
    shortcut = (job.levels[0], job.compare) == (BotLevel.EXPERT, READING_ONLY)
    if shortcut and not job.fresh and not job.full:
        return mine, [
            outcome
            if outcome.first_answer is None
            else play_chica(other_job(job), a_side, fork=outcome)
            for a_side, outcome in enumerate(mine)
        ]
    return mine, [play_chica(other_job(job), a_side) for a_side in (0, 1)]


def other_job(job: Job) -> Job:
    """The compared level's job."""
    assert job.compare is not None
    return job._replace(levels=(job.compare, job.levels[1]))


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def parse_rules(preset: str, options: list[str]) -> Rules:
    """A preset with single options changed: `NAME=VALUE`, VALUE a number, a word of the
    option (`last_capturer`), on/off for a yes-no option, or none/off/any for "no value"
    (`lock_at=none`, `caidas_seguidas=off`, `sum_cards=any`)."""
    rules = Rules.preset(preset)
    kinds = {field.name: str(field.type) for field in dataclasses.fields(Rules)}
    changes: dict[str, Any] = {}
    for option in options:
        name, sep, text = option.partition("=")
        if not sep or name not in kinds:
            raise ValueError(f"--option {option!r}: expected NAME=VALUE, NAME one of {list(kinds)}")
        changes[name] = _option_value(kinds[name], text.strip().lower())
    return rules.with_options(**changes)


def add_tune_option(parser: argparse.ArgumentParser) -> None:
    """`--tune`, repeatable: see `tunes_of`."""
    parser.add_argument(
        "--tune",
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="a constant of engine/ai/MODULE.py for the expert-tuned level (a Python literal)",
    )


def tunes_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[Tune, ...]:
    """The constants `--tune` names (the parser exits on a bad one)."""
    try:
        return tuple(parse_tune(text) for text in args.tune)
    except (ValueError, SyntaxError, AttributeError, ImportError) as error:
        parser.error(f"--tune: {error}")


def parse_tune(text: str) -> Tune:
    """`MODULE.NAME=VALUE`: a constant of engine/ai/MODULE.py, VALUE a Python literal."""
    target, sep, value = text.partition("=")
    module, dot, name = target.strip().partition(".")
    if not sep or not dot:
        raise ValueError(f"{text!r}: expected MODULE.NAME=VALUE")
    getattr(importlib.import_module(f"engine.ai.{module}"), name)  # it exists
    return module, name, ast.literal_eval(value.strip())


def _option_value(kind: str, text: str) -> Any:
    if kind == "bool":
        if text not in TRUE_WORDS + FALSE_WORDS:
            raise ValueError(f"{text!r}: expected on or off")
        return text in TRUE_WORDS
    if text in OFF_WORDS and "None" in kind:
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def describe(rules: Rules) -> str:
    """The preset's name, and each option that differs from it."""
    name = rules.preset_name()
    if name is not None:
        return name
    base = Rules()
    changed = [
        f"{field.name}={getattr(rules, field.name)}"
        for field in dataclasses.fields(Rules)
        if getattr(rules, field.name) != getattr(base, field.name)
    ]
    return "quito with " + ", ".join(changed)


class Tally:
    """The outcomes of one pairing."""

    def __init__(self) -> None:
        self.wins = 0
        self.margins: list[int] = []
        self.times_a: list[tuple[float, float]] = []
        self.times_b: list[tuple[float, float]] = []
        self.answering = 0  # chicas where A answered a read style
        self.answered = 0  # A's choices that did

    def add(self, outcome: Outcome) -> None:
        self.wins += outcome.won
        self.answering += outcome.answered > 0
        self.answered += outcome.answered
        self.margins.append(outcome.margin)
        self.times_a.extend(outcome.times_a)
        self.times_b.extend(outcome.times_b)

    @property
    def share(self) -> float:
        return self.wins / len(self.margins)

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of `share`."""
        p = self.share
        return 1.96 * math.sqrt(p * (1 - p) / len(self.margins))


def run(
    jobs: list[Job], workers: int, pairs_out: TextIO | None = None
) -> tuple[Tally, Tally, list[tuple[int, int]]]:
    """A's tally, the compared level's, and pair by pair A's wins less the compared's
    and A's point margins less the compared's (also written to `pairs_out`, a JSON line
    a pair, as they come: runs in chunks can then be taken together)."""
    tally, compared, diffs = Tally(), Tally(), []
    with Pool(workers) as pool:
        played = pool.imap_unordered(play_seeded_pair, jobs, chunksize=1)
        for done, (seed, mine, other) in enumerate(played, 1):
            for outcome in mine:
                tally.add(outcome)
            for outcome in other:
                compared.add(outcome)
            if other:
                diffs.append(
                    (
                        sum(o.won for o in mine) - sum(o.won for o in other),
                        sum(o.margin for o in mine) - sum(o.margin for o in other),
                    )
                )
            if pairs_out is not None:
                pairs_out.write(json.dumps(_pair_record(seed, mine, other)) + "\n")
                pairs_out.flush()
            if done % max(1, len(jobs) // 20) == 0:
                print(f"  {2 * done} chicas, A {tally.share:.1%}", file=sys.stderr)
    return tally, compared, diffs


def play_seeded_pair(job: Job) -> tuple[int, list[Outcome], list[Outcome]]:
    """`play_pair` with the pair's seed (pairs come back out of order)."""
    return (job.seed, *play_pair(job))


def _pair_record(seed: int, mine: list[Outcome], other: list[Outcome]) -> dict[str, Any]:
    """One pair for `--pairs-out`: its seed, chicas won and point margins, A's and the
    compared's; A's moves and the choices that answered a read style (the seed pairs runs
    of other levels on the same deals)."""
    return {
        "seed": seed,
        "won": [o.won for o in mine],
        "margin": [o.margin for o in mine],
        "compared_won": [o.won for o in other],
        "compared_margin": [o.margin for o in other],
        "answered": [o.answered for o in mine],
        "moves": [len(o.times_a) for o in mine],
        "cpu_ms": [round(cpu, 2) for o in mine for _, cpu in o.times_a],
    }


def mean_and_half(values: list[int]) -> tuple[float, float]:
    """The mean of `values` and half its 95% confidence interval."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return mean, 1.96 * spread / math.sqrt(n)


def report_difference(diffs: list[tuple[int, int]], levels: tuple[str, str]) -> None:
    """The share of chicas A won less the compared level's, paired by deals; and the
    point margin's difference (per chica), which tells smaller changes apart."""
    n = len(diffs)
    share, half = (x / 2 for x in mean_and_half([won for won, _ in diffs]))
    margin, margin_half = (x / 2 for x in mean_and_half([margin for _, margin in diffs]))
    print(
        f"difference {levels[0]} - {levels[1]} (paired, {n} pairs): {share:+.1%} ± {half:.1%} "
        f"(95% CI {share - half:+.1%} .. {share + half:+.1%}); "
        f"pairs that differ: {sum(won != 0 for won, _ in diffs)}; "
        f"point margin {margin:+.2f} ± {margin_half:.2f} a chica"
    )


def report(tally: Tally, levels: tuple[str, str], players: int) -> None:
    n = len(tally.margins)
    p, half = tally.share, tally.half_width
    a, b = levels
    sides = f"{a}+{a} vs {b}+{b}" if players == 4 else f"{a} vs {b}"
    print(
        f"chicas won by A ({sides}): {tally.wins}/{n} = {p:.1%} ± {half:.1%} "
        f"(95% CI {p - half:.1%} .. {p + half:.1%})"
    )
    mean = sum(tally.margins) / n
    spread = math.sqrt(sum((m - mean) ** 2 for m in tally.margins) / max(1, n - 1))
    print(f"average point margin A - B: {mean:+.2f} ± {1.96 * spread / math.sqrt(n):.2f}")
    if tally.answered:
        moves = len(tally.times_a)
        print(
            f"A answered a read style in {tally.answering} of {n} chicas "
            f"({tally.answered} of its {moves} moves)"
        )
    for label, level, times in (("A", a, tally.times_a), ("B", b, tally.times_b)):
        for clock, index in (("wall", 0), ("CPU", 1)):
            spent = [pair[index] for pair in times]
            print(
                f"think time {label}={level} ({clock}): p50 {percentile(spent, 0.5):.2f} ms, "
                f"p90 {percentile(spent, 0.9):.2f} ms, p99 {percentile(spent, 0.99):.2f} ms, "
                f"max {max(spent, default=0):.1f} ms ({len(spent)} moves)"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("level_a", choices=LEVELS)
    parser.add_argument("level_b", choices=LEVELS)
    parser.add_argument("--chicas", type=int, default=200, help="chicas to play (even)")
    parser.add_argument("--budget-ms", type=float, default=None, help="search budget")
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--seed", type=int, default=1, help="first pair's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes (1 or 2 here)")
    parser.add_argument(
        "--fresh", action="store_true", help="a new Bot every move (no memory of its own turns)"
    )
    parser.add_argument(
        "--gauge", action="store_true", help="also the oracle against B, and G for A"
    )
    parser.add_argument("--compare", choices=LEVELS, default=None, help="another A, paired with A")
    parser.add_argument(
        "--full",
        action="store_true",
        help="the compared level plays every chica whole (expert against expert-reading "
        "otherwise replays only where the expert answered a read style)",
    )
    add_tune_option(parser)
    parser.add_argument(
        "--pairs-out", type=Path, default=None, help="append each pair's outcome (JSON lines)"
    )
    parser.add_argument(
        "--fuse",
        action="store_true",
        help="keep the search's wall-clock fuse (off by default: a paused run would change moves)",
    )
    parser.add_argument("--rules", default="quito", choices=Rules.PRESETS, help="preset")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option"
    )
    args = parser.parse_args(argv)
    try:
        rules = parse_rules(args.rules, args.option)
    except (ValueError, TypeError) as error:
        parser.error(str(error))

    tunes = tunes_of(parser, args)
    if not args.fuse:  # before the workers start: they are forked from here
        search.FUSE_FLOOR_MS = math.inf
    pairs = max(1, (args.chicas + 1) // 2)
    levels = (args.level_a, args.level_b)

    def jobs(pairing: tuple[str, str], compare: str | None = None) -> list[Job]:
        return [
            Job(
                pairing,
                args.seed + i,
                args.players,
                args.budget_ms,
                args.fresh,
                rules,
                compare,
                args.full,
                tunes,
            )
            for i in range(pairs)
        ]

    started = time.perf_counter()
    pairs_out = None if args.pairs_out is None else args.pairs_out.open("a")
    tally, compared, diffs = run(jobs(levels, args.compare), args.workers, pairs_out)
    elapsed = time.perf_counter() - started
    budget = "default" if args.budget_ms is None else f"{args.budget_ms:g} ms"
    print(
        f"A={args.level_a} vs B={args.level_b}: {args.players} players, "
        f"{len(tally.margins)} chicas ({pairs} pairs, seeds {args.seed}..{args.seed + pairs - 1}), "
        f"rules {describe(rules)}, budget {budget}, "
        f"{'a fresh Bot every move' if args.fresh else 'one Bot per seat'}, {elapsed:.0f} s"
    )
    report(tally, levels, args.players)
    if args.compare is not None:
        report(compared, (args.compare, args.level_b), args.players)
        report_difference(diffs, (args.level_a, args.compare))
    if args.gauge:
        oracle, _, _ = run(jobs(("oracle", args.level_b)), args.workers)
        report(oracle, ("oracle", args.level_b), args.players)
        edge = oracle.share - 0.5
        gauge = (tally.share - 0.5) / edge if edge > 0 else float("nan")
        print(
            f"G = (A - 50%) / (oracle - 50%) = {tally.share - 0.5:+.1%} / {edge:+.1%} = {gauge:.2f}"
        )


if __name__ == "__main__":
    main()
