"""Storage figures against the targets of the persistence issue, per backend, side by side.

    .venv/bin/python bench/storage.py [--backend sqlite|postgresql|both] [--part all|seasons]

SQLite works in a temporary folder. PostgreSQL uses DATABASE_URL's server if it is set
(new databases are created there), else a throwaway server started from Debian's
postgresql package, with fsync on as in production. Each backend:
- leaderboard query time with 100,000 recorded matches (each sort; target <= 20 ms),
- start-up restore of 1,000 unfinished 4-player games: open, load, rebuild (target <= 2 s),
- save_session p99 for a ~2 KB state, the cost it adds to a click (target <= 5 ms),
- ratings, history and replays (issue 14), on the same 100,000 matches: a rating
  leaderboard page (target <= 20 ms), a player's history page with its count (<= 10 ms),
  recording and rating one more match with its move log (<= 10 ms), and rebuilding any
  step of a replay from the seed and the moves, not cached (<= 20 ms).
The 100,000 matches go in through Storage._record_matches_bulk and are rated through
Storage._rate_matches_bulk (one transaction each); the cost of recording one match the
normal way, on top of them, is printed too.
- seasons, logros and the player's card (issue 28), on 100,000 other matches of 10,000
  players over a year of monthly seasons, with their feats and logros: a season's
  leaderboard page (wins and rating, with its size), the card's queries for one player
  (totals, ratings of all time and of the season, the curve, the record per table size,
  the feats, a head-to-head, the logros, the names), the logros list (each p99 <= 20 ms),
  a season's end (archive with its podium), and drawing the card (<= 30 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.leaderboard.card import card_facts, player_card
from db import Logro, MatchFeats, MatchRecord, PlayerResult, Storage
from db.leaderboard import SORTS
from engine import Game, Rules
from render.card import render_card_png
from tables import TableSession, ratings
from tables.logros import LOGROS
from tables.replays import Replay
from tables.settings import ServerSettings
from tests.db.postgres import fresh_database, running_server

MATCHES = 100_000
USERS = 5_000
GUILDS = 20
QUERIES = 200  # per sort
SESSIONS = 1_000
SAVES = 3_000
RECORDS = 300
LOGGED = 300  # real matches played out, with move logs, for the replay figures
WARM_UP = 10  # records not timed: the first commit after the bulk imports checkpoints them
STEPS = 300

LEADERBOARD_TARGET_MS = 20.0
RESTORE_TARGET_S = 2.0
SAVE_TARGET_MS = 5.0
HISTORY_TARGET_MS = 10.0
RATED_RECORD_TARGET_MS = 10.0
REPLAY_STEP_TARGET_MS = 20.0
SEASON_PLAYERS = 10_000
YEAR = 365 * 86400.0
SEASON_QUERY_TARGET_MS = 20.0
CARD_DRAW_TARGET_MS = 30.0
LOGRO_CHANCE = 0.35  # a human seat earns a (random) logro: about 8 per player
LEVELS = ("easy", "normal", "expert")


def snowflake(rng: random.Random) -> int:
    return rng.randrange(10**17, 10**18)


def make_match(rng: random.Random, number: int, guilds: list, users: list) -> MatchRecord:
    players = 4 if rng.random() < 0.3 else 2
    with_bots = rng.random() < 0.2
    seats = rng.sample(users, players)
    if with_bots:
        for index in rng.sample(range(players), rng.randint(1, players - 1)):
            seats[index] = None
    levels = [rng.choice(LEVELS) if user is None else None for user in seats]
    winner = rng.randint(0, 1)
    points = (rng.randint(0, 60), rng.randint(0, 60))
    results = [
        PlayerResult(
            user_id=user,
            seat=seat,
            side=seat % 2,
            won=seat % 2 == winner,
            chicas_won=rng.randint(0, 2),
            chicas_lost=rng.randint(0, 2),
            points=points[seat % 2],
            caidas=rng.randint(0, 8),
            limpias=rng.randint(0, 2),
            rondas=rng.randint(0, 1),
            zapaterias_given=int(rng.random() < 0.05),
            zapaterias_suffered=int(rng.random() < 0.05),
            bot_level=levels[seat],
        )
        for seat, user in enumerate(seats)
    ]
    return MatchRecord(
        match_id=f"match-{number}",
        guild_id=None if rng.random() < 0.02 else rng.choice(guilds),
        channel_id=snowflake(rng),
        finished_at=1.7e9 + number * 60,
        rules=rng.choice(("quito", "cuenca", "custom")),
        players=players,
        with_bots=with_bots,
        winner_side=winner,
        results=results,
        casual=rng.random() < 0.1,
    )


def played_out(rng: random.Random, match: MatchRecord) -> MatchRecord:
    """`match` with the move log of a real two-chica match played out by random moves."""
    seed = rng.getrandbits(48)
    game = Game.new(players=match.players, rules=Rules(), seed=seed)
    moves = []
    while game.winner is None:
        move = rng.choice(game.legal_moves())
        moves.append(str(move))
        game.play(move)
    return replace(
        match,
        finished_at=time.time(),  # within the move logs' retention
        seed=seed,
        moves=tuple(moves),
        rule_options=Rules().to_dict(),
        winner_side=game.winner,
        results=[replace(r, won=r.side == game.winner) for r in match.results],
    )


def game_state(rng: random.Random, number: int) -> dict:
    """A real 4-player table in the middle of a hand, as the bot saves it."""
    session = TableSession.open_lobby(
        guild_id=snowflake(rng),
        channel_id=snowflake(rng),
        host_id=snowflake(rng),
        players=4,
        rules_name="quito",
        chicas_to_win=2,
        bot_level="normal",
        lang="es",
        turn_seconds=90,
        now=1.7e9,
        host_name=f"Jugador {number}",
        session_id=f"game-{number}",
    )
    for seat in range(1, 4):
        session.join(snowflake(rng), f"Jugador {number}-{seat}")
    session.start(None, 1.7e9)
    for _ in range(rng.randrange(25)):
        session.game.play(rng.choice(session.game.legal_moves()))
        session.log.append({"kind": "drop", "seat": 0, "side": 0, "points": 0, "card": "7h"})
    return session.to_dict()


def ms(seconds: float) -> float:
    return seconds * 1000


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


# label -> backend -> (value, target, ok); labels in the order first measured
FIGURES: dict[str, dict[str, tuple[str, str, bool | None]]] = {}
BACKEND = ["sqlite"]  # the backend being measured


def line(label: str, value: str, target: str = "", ok: bool | None = None) -> None:
    FIGURES.setdefault(label, {})[BACKEND[0]] = (value, target, ok)


def print_figures(backends: list[str]) -> None:
    print(f"{'':<52}" + "".join(f" {backend:>26}" for backend in backends) + "  target")
    for label, by_backend in FIGURES.items():
        cells, target = "", ""
        for backend in backends:
            value, target_text, ok = by_backend.get(backend, ("-", "", None))
            mark = "" if ok is None else (" ✓" if ok else " ✗")
            cells += f" {value + mark:>26}"
            target = target_text or target
        print(f"{label:<52}{cells}  {target}")


async def timed(call) -> float:
    started = time.perf_counter()
    await call
    return time.perf_counter() - started


async def bench_matches(new_database: Callable[[], str]) -> None:
    rng = random.Random(40)
    guilds = [snowflake(rng) for _ in range(GUILDS)]
    users = [snowflake(rng) for _ in range(USERS)]
    started = time.perf_counter()
    matches = [make_match(rng, number, guilds, users) for number in range(MATCHES)]
    made = time.perf_counter() - started
    seats = sum(len(match.results) for match in matches)
    storage = await Storage.open(new_database())
    try:
        imported = await timed(storage._record_matches_bulk(matches))
        line(f"make {MATCHES:,} match records ({seats:,} seats)", f"{made:.1f} s")
        line("bulk import (one transaction, totals rebuilt)", f"{imported:.1f} s")

        for sort in SORTS:
            samples = []
            for query in range(QUERIES):
                guild = None if query % 4 == 0 else rng.choice(guilds)
                offset = 10 * rng.randrange(0, 20)
                samples.append(
                    await timed(storage.leaderboard(guild, sort, bool(query % 2), 10, offset))
                )
            worst = p99(samples)
            line(
                f"leaderboard sort={sort} ({QUERIES} pages, guild/global)",
                f"p50 {ms(statistics.median(samples)):.2f} p99 {ms(worst):.2f} ms",
                f"<= {LEADERBOARD_TARGET_MS:.0f} ms",
                ms(worst) <= LEADERBOARD_TARGET_MS,
            )
        sizes = [await timed(storage.leaderboard_size(None, "win_rate")) for _ in range(50)]
        line("leaderboard_size (global, win_rate)", f"p99 {ms(p99(sizes)):.2f} ms")

        played = Counter(r.user_id for m in matches for r in m.results if r.user_id)
        busiest, most = played.most_common(1)[0]
        stats = [await timed(storage.player_stats(busiest)) for _ in range(50)]
        line(f"player_stats, busiest player ({most} matches)", f"p99 {ms(p99(stats)):.2f} ms")

        extra = [make_match(rng, MATCHES + n, guilds, users) for n in range(RECORDS)]
        records = [await timed(storage.record_match(match)) for match in extra]
        line(
            f"record_match on top of {MATCHES:,} ({RECORDS} matches)",
            f"p50 {ms(statistics.median(records)):.2f} p99 {ms(p99(records)):.2f} ms",
        )
        await bench_ratings(storage, rng, matches + extra, guilds, users, played)
    finally:
        await storage.close()


async def bench_ratings(
    storage: Storage,
    rng: random.Random,
    matches: list[MatchRecord],
    guilds: list[int],
    users: list[int],
    played: Counter,
) -> None:
    """Issue 14's figures: ratings, history pages, rated records, replay steps."""
    rated = [match for match in matches if ratings.is_rated(match)]
    imported = await timed(storage._rate_matches_bulk(rated, ratings.rater))
    line(f"rate {len(rated):,} matches in bulk (one transaction)", f"{imported:.1f} s")

    samples = []
    for query in range(QUERIES):
        guild = None if query % 4 == 0 else rng.choice(guilds)
        offset = 10 * rng.randrange(0, 20)
        with_bots, players = bool(query % 2), rng.choice((2, 4))
        page = storage.rating_leaderboard(guild, with_bots, players, 10, offset)
        size = storage.rating_leaderboard_size(guild, with_bots, players)
        samples.append(await timed(page) + await timed(size))
    line(
        f"rating leaderboard page + size ({QUERIES} pages)",
        f"p50 {ms(statistics.median(samples)):.2f} p99 {ms(p99(samples)):.2f} ms",
        f"<= {LEADERBOARD_TARGET_MS:.0f} ms",
        ms(p99(samples)) <= LEADERBOARD_TARGET_MS,
    )
    busiest, most = played.most_common(1)[0]
    mine = [await timed(storage.player_ratings(busiest, None)) for _ in range(50)]
    line("player_ratings (rank + trend), busiest player", f"p99 {ms(p99(mine)):.2f} ms")

    samples = []
    for query in range(QUERIES):
        user = busiest if query % 10 == 0 else rng.choice(users)
        guild = None if query % 3 == 0 else rng.choice(guilds)
        count = await timed(storage.history_size(user, guild))
        samples.append(count + await timed(storage.history(user, guild, 5, 5 * (query % 4))))
    line(
        f"history page (count + 5 matches; {QUERIES} pages, busiest {most})",
        f"p50 {ms(statistics.median(samples)):.2f} p99 {ms(p99(samples)):.2f} ms",
        f"<= {HISTORY_TARGET_MS:.0f} ms",
        ms(p99(samples)) <= HISTORY_TARGET_MS,
    )

    logged = [
        played_out(rng, make_match(rng, 2 * MATCHES + n, guilds, users)) for n in range(LOGGED)
    ]
    logged = [replace(match, casual=False) for match in logged]
    samples = []
    for match in logged:
        started = time.perf_counter()
        await storage.record_match(match)
        if ratings.is_rated(match):
            await storage.rate_match(match, ratings.rater(match))
        samples.append(time.perf_counter() - started)
    samples = samples[WARM_UP:]
    moves = statistics.mean(len(match.moves or ()) for match in logged)
    line(
        f"record + rate a match with its move log ({len(samples)}, {moves:.0f} moves)",
        f"p50 {ms(statistics.median(samples)):.2f} p99 {ms(p99(samples)):.2f} ms",
        f"<= {RATED_RECORD_TARGET_MS:.0f} ms",
        ms(p99(samples)) <= RATED_RECORD_TARGET_MS,
    )

    cold, warm = [], []
    built: dict[str, Replay] = {}
    for _ in range(STEPS):
        match = rng.choice(logged)
        number = rng.randrange(len(match.moves or ()) + 1)
        started = time.perf_counter()
        log = await storage.match_log(match.match_id)
        assert log is not None
        replay = Replay.build(log)
        replay.session_at(replay.step(number), "es")
        cold.append(time.perf_counter() - started)
        replay = built.setdefault(match.match_id, replay)
        warm.append(await timed(_step(replay, rng.randrange(replay.last + 1))))
    line(
        f"replay step, rebuilt from seed + moves ({STEPS} steps)",
        f"p50 {ms(statistics.median(cold)):.2f} p99 {ms(p99(cold)):.2f} ms",
        f"<= {REPLAY_STEP_TARGET_MS:.0f} ms",
        ms(p99(cold)) <= REPLAY_STEP_TARGET_MS,
    )
    line(
        "  the same, replay cached (snapshots)",
        f"p50 {ms(statistics.median(warm)):.2f} p99 {ms(p99(warm)):.2f} ms",
    )


def percentiles(label: str, samples: list[float], target_ms: float) -> None:
    line(
        label,
        f"p50 {ms(statistics.median(samples)):.2f} p99 {ms(p99(samples)):.2f} ms",
        f"<= {target_ms:.0f} ms",
        ms(p99(samples)) <= target_ms,
    )


def feats_and_logros(
    rng: random.Random, matches: list[MatchRecord]
) -> tuple[list[tuple[str, MatchFeats]], list[Logro]]:
    """Each human seat's feats, and the logros some of them earned."""
    feats, earned, names = [], [], list(LOGROS)
    for match in matches:
        for r in match.results:
            if r.user_id is None:
                continue
            streak, cartones = rng.choice((0, 0, 1, 1, 2, 3)), rng.randint(0, 4)
            feats.append((match.match_id, MatchFeats(r.user_id, match.guild_id, streak, cartones)))
            if rng.random() < LOGRO_CHANCE:
                logro = rng.choice(names)
                earned.append(Logro(r.user_id, logro, match.guild_id, match.match_id, 0.0))
    return feats, earned


async def bench_seasons(new_database: Callable[[], str]) -> None:
    """Issue 28's figures: a year of monthly seasons, 10,000 players."""
    rng = random.Random(28)
    guilds = [snowflake(rng) for _ in range(GUILDS)]
    users = [snowflake(rng) for _ in range(SEASON_PLAYERS)]
    start = 1.7e9
    matches = [
        replace(make_match(rng, number, guilds, users), finished_at=start + number * YEAR / MATCHES)
        for number in range(MATCHES)
    ]
    calendar = ServerSettings()  # monthly seasons, the default
    storage = await Storage.open(new_database())
    try:
        imported = await timed(
            storage._record_matches_bulk(matches, lambda m: calendar.season_at(m.finished_at))
        )
        rated = [match for match in matches if ratings.is_rated(match)]
        imported += await timed(storage._rate_matches_bulk(rated, ratings.rater))
        feats, earned = feats_and_logros(rng, matches)
        imported += await timed(storage._import_logros(feats, earned))
        line(
            f"seasons: import {MATCHES:,} matches of {SEASON_PLAYERS:,} players, rated",
            f"{imported:.1f} s",
        )
        seasons = {guild: await storage.seasons(guild) for guild in guilds}
        line("  seasons per server (monthly, one year)", f"{len(seasons[guilds[0]])}")

        boards = []
        for query in range(QUERIES):
            guild = rng.choice(guilds)
            season = rng.choice(seasons[guild]).season_id
            offset, with_bots = 10 * rng.randrange(0, 10), bool(query % 2)
            if query % 3:
                page = storage.rating_leaderboard(guild, with_bots, 2, 10, offset, season)
                size = storage.rating_leaderboard_size(guild, with_bots, 2, season)
            else:
                page = storage.leaderboard(guild, "wins", with_bots, 10, offset, 5, season)
                size = storage.leaderboard_size(guild, "wins", with_bots, 5, season)
            boards.append(await timed(page) + await timed(size))
        percentiles(
            f"season leaderboard page + size ({QUERIES} pages)", boards, SEASON_QUERY_TARGET_MS
        )

        played = Counter(r.user_id for m in matches for r in m.results if r.user_id)
        busiest, most = played.most_common(1)[0]
        cards, lists, draws = [], [], []
        for query in range(QUERIES):
            user = busiest if query % 10 == 0 else rng.choice(users)
            guild = None if query % 4 == 0 else rng.choice(guilds)
            season = rng.choice(seasons[guild]).season if guild is not None else None
            started = time.perf_counter()
            facts = await card_facts(storage, user, "Jugador", guild, season, rng.choice(users))
            cards.append(time.perf_counter() - started)
            lists.append(await timed(storage.player_logros(user)))
            if facts is not None:
                picture = player_card(facts, "es")
                started = time.perf_counter()
                render_card_png(picture)
                draws.append(time.perf_counter() - started)
        percentiles(
            f"the card's queries ({QUERIES} cards, busiest {most} matches)",
            cards,
            SEASON_QUERY_TARGET_MS,
        )
        percentiles("the logros list", lists, SEASON_QUERY_TARGET_MS)
        percentiles(f"drawing the card, PNG ({len(draws)})", draws, CARD_DRAW_TARGET_MS)

        season = seasons[guilds[0]][-1]
        archived = await timed(storage.archive_season(season.season_id, start + YEAR))
        due = await timed(storage.seasons_due(start + YEAR))
        line("a season's end: archive with its podium", f"{ms(archived):.1f} ms")
        line("  the seasons due (every server's year)", f"{ms(due):.1f} ms")
    finally:
        await storage.close()


async def _step(replay: Replay, number: int) -> None:
    replay.session_at(replay.step(number), "es")


async def bench_sessions(new_database: Callable[[], str]) -> None:
    rng = random.Random(4)
    path = new_database()
    states = [game_state(rng, number) for number in range(SESSIONS)]
    average = statistics.mean(len(json.dumps(state, separators=(",", ":"))) for state in states)
    storage = await Storage.open(path)
    try:
        samples = []
        for number, state in enumerate(states):
            save = storage.save_session(f"game-{number}", 1, 100 + number, "game", state)
            samples.append(await timed(save))
        for _ in range(SAVES - SESSIONS):
            number = rng.randrange(SESSIONS)
            state = states[number]
            state["version"] += 1
            save = storage.save_session(f"game-{number}", 1, 100 + number, "game", state)
            samples.append(await timed(save))
        line(f"save_session, {average / 1024:.1f} KB state ({SAVES:,} saves)", "")
        line(
            "  cost added to a click",
            f"p50 {ms(statistics.median(samples)):.2f} p99 {ms(p99(samples)):.2f} ms",
            f"<= {SAVE_TARGET_MS:.0f} ms",
            ms(p99(samples)) <= SAVE_TARGET_MS,
        )
        line("  slowest save", f"{ms(max(samples)):.2f} ms")
        # The bot crashes here: `storage` is not closed; a new process opens the file.
        started = time.perf_counter()
        restored = await Storage.open(path)
        opened = time.perf_counter() - started
        try:
            rows = await restored.load_sessions()
            tables = [TableSession.from_dict(row.state) for row in rows]  # as the bot restores
            total = time.perf_counter() - started
        finally:
            await restored.close()
    finally:
        await storage.close()
    assert len(tables) == SESSIONS and tables[0].to_dict() == states[0]
    line(f"restore {SESSIONS:,} sessions: open (after a crash)", f"{ms(opened):.1f} ms")
    line(
        "  open + load + rebuild every table and game",
        f"{ms(total):.1f} ms",
        f"<= {RESTORE_TARGET_S:.0f} s whole restore",
        total <= RESTORE_TARGET_S,
    )


@contextlib.contextmanager
def databases(backend: str) -> Iterator[Callable[[], str]]:
    """Makes new, empty databases of `backend` for the benchmark; each call gives one."""
    if backend == "sqlite":
        numbers = itertools.count(1)
        with tempfile.TemporaryDirectory(prefix="cuarenta-bench-") as folder:
            yield lambda: os.path.join(folder, f"bench{next(numbers)}.sqlite3")
    elif os.environ.get("DATABASE_URL"):
        server = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
        yield lambda: fresh_database(server)
    else:
        with running_server(durable=True) as server:
            yield lambda: fresh_database(server)


async def run_backend(new_database: Callable[[], str], part: str) -> None:
    if part == "all":
        await bench_sessions(new_database)
        await bench_matches(new_database)
    await bench_seasons(new_database)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--part", choices=("all", "seasons"), default="all", help="what to run")
    backends = ["sqlite", "postgresql"]
    args = parser.parse_args()
    chosen = args.backend
    if chosen != "both":
        backends = [chosen]
    print(f"storage benchmark: SQLite {sqlite3.sqlite_version} (WAL, synchronous=NORMAL)")
    for backend in backends:
        started = time.perf_counter()
        BACKEND[0] = backend
        with databases(backend) as new_database:
            asyncio.run(run_backend(new_database, args.part))
        line("(whole benchmark)", f"{time.perf_counter() - started:.0f} s")
    print_figures(backends)


if __name__ == "__main__":
    main()
