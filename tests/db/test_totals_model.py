"""Rankings and statistics on random matches, against a plain-Python model of the rules.

The matches are recorded once per backend for the whole module (`recorded_database`): the
tests only read them.

Also: the bulk import gives the same totals as recording match by match, and each ranking
reads its index instead of sorting the table.
"""

import random
from collections import Counter

import pytest

from db import LeaderboardRow, MatchOutcome, MatchRecord, PlayerResult, Storage
from db.leaderboard import SORTS, ranking_params, ranking_sql, ranking_where
from tests.db.conftest import BACKENDS
from tests.db.other_connection import is_postgres, peek
from tests.db.postgres import drop_database, migrated_database, run_apart

GUILDS = (7, 8, None)
RULE_SETS = ("quito", "cuenca", "house", "custom")
USERS = range(1, 9)
COUNTERS = ("points", "chicas_won", "chicas_lost", "caidas", "limpias", "rondas")
COUNTERS += ("zapaterias_given", "zapaterias_suffered")
TABLES = ("matches", "match_players", "player_totals", "match_moves")  # what recording writes


def random_match(rng: random.Random, number: int) -> MatchRecord:
    players = rng.choice((2, 4))
    users = rng.sample(USERS, players)
    if rng.random() < 0.3:  # some seats taken by bots, at least one human left
        for index in rng.sample(range(players), rng.randint(1, players - 1)):
            users[index] = None
    winner = rng.randint(0, 1)
    side_points = [rng.randint(0, 48), rng.randint(0, 48)]
    results = [
        PlayerResult(
            user_id=user,
            seat=seat,
            side=seat % 2,
            won=seat % 2 == winner,
            chicas_won=rng.randint(0, 3),
            chicas_lost=rng.randint(0, 3),
            points=side_points[seat % 2],
            caidas=rng.randint(0, 6),
            limpias=rng.randint(0, 2),
            rondas=rng.randint(0, 2),
            zapaterias_given=rng.randint(0, 1),
            zapaterias_suffered=rng.randint(0, 1),
        )
        for seat, user in enumerate(users)
    ]
    return MatchRecord(
        match_id=f"r{number}",
        guild_id=rng.choice(GUILDS),
        channel_id=1,
        finished_at=float(number),
        rules=rng.choice(RULE_SETS),
        players=players,
        with_bots=None in users,
        winner_side=winner,
        results=results,
        outcome=rng.choices(list(MatchOutcome), weights=(8, 1, 1))[0],
    )


def in_scope(match, guild_id, rules=None):
    return guild_id in (None, match.guild_id) and rules in (None, match.rules)


def model_totals(matches, guild_id, with_bots=None, rules=None):
    """user -> {"matches", "wins", counters..., "abandoned"} over the matches in scope;
    an abandoned match counts only in "abandoned"."""
    totals = {}
    for match in matches:
        if not in_scope(match, guild_id, rules) or with_bots not in (None, match.with_bots):
            continue
        for result in match.results:
            if result.user_id is None:
                continue
            total = totals.setdefault(result.user_id, Counter())
            if match.outcome == MatchOutcome.ABANDONED:
                total["abandoned"] += 1
                continue
            total["matches"] += 1
            total["wins"] += result.won
            total["bot_matches"] += match.with_bots
            for name in COUNTERS:
                total[name] += getattr(result, name)
    return totals


def model_ranking(matches, guild_id, sort, with_bots, min_matches):
    keys = {
        "wins": lambda u, t: (-t["wins"], -t["wins"] / t["matches"], -t["points"], u),
        "win_rate": lambda u, t: (-t["wins"] / t["matches"], -t["wins"], -t["points"], u),
        "points": lambda u, t: (-t["points"], -t["wins"], u),
    }
    totals = model_totals(matches, guild_id, with_bots)
    totals = {user: total for user, total in totals.items() if total["matches"]}
    ranked = sorted(totals.items(), key=lambda item: keys[sort](*item))
    if sort == "win_rate":
        ranked = [(u, t) for u, t in ranked if t["matches"] >= min_matches]
    return [
        LeaderboardRow(
            rank,
            u,
            t["matches"],
            t["wins"],
            t["matches"] - t["wins"],
            t["wins"] / t["matches"],
            t["points"],
            t["chicas_won"],
            t["chicas_lost"],
        )
        for rank, (u, t) in enumerate(ranked, start=1)
    ]


def model_most_often(matches, guild_id, rules, user, partner):
    """(other user, times) for the best partner or toughest opponent, or (None, 0)."""
    counts = Counter()
    for match in matches:
        seats = {r.user_id: r for r in match.results if r.user_id is not None}
        me = seats.get(user)
        if not in_scope(match, guild_id, rules) or me is None or me.won != partner:
            continue
        if match.outcome == MatchOutcome.ABANDONED:
            continue
        for other, result in seats.items():
            if other != user and (result.side == me.side) == partner:
                counts[other] += 1
    if not counts:
        return None, 0
    return min(counts.items(), key=lambda item: (-item[1], item[0]))


@pytest.fixture(scope="module")
def matches():
    rng = random.Random(40)
    return [random_match(rng, number) for number in range(150)]


@pytest.fixture(scope="module", params=BACKENDS)
def backend(request) -> str:
    """The backend, once per module: the recorded database is made once per backend."""
    return request.param


async def _record(location: str, matches) -> None:
    storage = await Storage.open(location)
    try:
        for match in matches:
            await storage.record_match(match)
    finally:
        await storage.close()


async def _contents(location: str) -> list:
    return [sorted(await peek(location, f"SELECT * FROM {table}"), key=repr) for table in TABLES]


@pytest.fixture(scope="module")
def recorded_database(backend, request, tmp_path_factory, matches):
    """The matches recorded match by match, once per backend for the whole module: the tests
    that take it only read, and its end checks that none of them wrote."""
    if backend == "sqlite":
        location = str(tmp_path_factory.mktemp("recorded") / "cuarenta.sqlite3")
    else:
        location = migrated_database(request.getfixturevalue("postgres_server"))
    run_apart(_record(location, matches))
    contents = run_apart(_contents(location))
    yield location
    assert run_apart(_contents(location)) == contents, "a test wrote to the shared database"
    if backend == "postgresql":
        drop_database(location)


@pytest.fixture
async def recorded(recorded_database):
    storage = await Storage.open(recorded_database)
    yield storage
    await storage.close()


@pytest.mark.parametrize("guild_id", GUILDS)
async def test_rankings_match_the_model(recorded, matches, guild_id):
    for sort in SORTS:
        for with_bots in (False, True):
            for min_matches in (1, 5, 12):
                expected = model_ranking(matches, guild_id, sort, with_bots, min_matches)
                got = await recorded.leaderboard(
                    guild_id, sort, with_bots, limit=100, min_matches=min_matches
                )
                assert got == expected, (sort, with_bots, min_matches)
                size = await recorded.leaderboard_size(guild_id, sort, with_bots, min_matches)
                assert size == len(expected)


@pytest.mark.parametrize("guild_id", GUILDS)
@pytest.mark.parametrize("rules", [None, *RULE_SETS])
async def test_player_stats_match_the_model(recorded, matches, guild_id, rules):
    totals = model_totals(matches, guild_id, rules=rules)
    for user in (*USERS, 99):
        stats = await recorded.player_stats(user, guild_id, rules=rules)
        if user not in totals:
            assert stats is None
            continue
        total = totals[user]
        assert (stats.user_id, stats.matches, stats.wins) == (user, total["matches"], total["wins"])
        assert (stats.losses, stats.abandoned) == (
            total["matches"] - total["wins"],
            total["abandoned"],
        )
        assert stats.win_rate == (total["wins"] / total["matches"] if total["matches"] else 0)
        assert stats.bot_matches == total["bot_matches"]
        for name in COUNTERS:
            assert getattr(stats, name) == total[name], name
        partner = model_most_often(matches, guild_id, rules, user, partner=True)
        assert (stats.best_partner, stats.best_partner_wins) == partner
        opponent = model_most_often(matches, guild_id, rules, user, partner=False)
        assert (stats.toughest_opponent, stats.toughest_opponent_losses) == opponent


async def totals_table(database):
    return await peek(database, "SELECT * FROM player_totals ORDER BY 1, 2, 3")


async def test_bulk_import_gives_the_same_totals(new_database, recorded_database, matches):
    bulk_database = new_database()
    bulk = await Storage.open(bulk_database)
    try:
        await bulk._record_matches_bulk(matches[:100])
        await bulk._record_matches_bulk(matches[50:])  # already recorded ids are skipped
        for match in matches[140:]:
            await bulk.record_match(match)  # and are no-ops afterwards
    finally:
        await bulk.close()
    assert await totals_table(bulk_database) == await totals_table(recorded_database) != []


@pytest.mark.parametrize("sort", SORTS)
async def test_each_ranking_reads_only_its_index(recorded, sort, recorded_database):
    if is_postgres(recorded_database):
        pytest.skip("SQLite's query plans (PostgreSQL's planner weighs the table's size)")
    params = ranking_params(7, sort, False, 5)
    plan = await recorded._db.conn.execute_fetchall(
        f"EXPLAIN QUERY PLAN {ranking_sql(sort)}", (*params, 10, 0)
    )
    details = " ".join(row[3] for row in plan)
    assert "USING COVERING INDEX" in details
    assert "TEMP B-TREE" not in details
    size_plan = await recorded._db.conn.execute_fetchall(
        f"EXPLAIN QUERY PLAN SELECT COUNT(*) FROM player_totals WHERE {ranking_where(sort)}", params
    )
    assert "COVERING INDEX" in " ".join(row[3] for row in size_plan)
