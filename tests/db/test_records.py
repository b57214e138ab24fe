"""Finished matches: recording, rankings and player statistics, on hand-made matches."""

import itertools
import json

import pytest

from db import LeaderboardRow, MatchOutcome, MatchRecord, PlayerResult
from tests.db.other_connection import peek

GUILD, OTHER_GUILD = 111, 222
A, B, C, D, E = 1, 2, 3, 4, 5
_ids = itertools.count(1)


def seat(user, seat, side, won, points=0, chicas_won=0, chicas_lost=0, **made):
    made = {
        "caidas": 0,
        "limpias": 0,
        "rondas": 0,
        "zapaterias_given": 0,
        "zapaterias_suffered": 0,
    } | made
    return PlayerResult(user, seat, side, won, chicas_won, chicas_lost, points, **made)


def duel(winner, loser, guild=GUILD, win_points=40, lose_points=20, **kwargs):
    """A 1v1 match (either side may be a bot: None) won by `winner`."""
    return MatchRecord(
        match_id=kwargs.pop("match_id", f"m{next(_ids)}"),
        guild_id=guild,
        channel_id=9,
        finished_at=1.0,
        rules="quito",
        players=2,
        with_bots=winner is None or loser is None,
        winner_side=0,
        results=[
            seat(winner, 0, 0, True, win_points, 1, 0, **kwargs),
            seat(loser, 1, 1, False, lose_points, 0, 1),
        ],
    )


def pairs(winners, losers, guild=GUILD):
    """A 2v2 match: side 0 (seats 0 and 2) beats side 1 (seats 1 and 3)."""
    (w1, w2), (l1, l2) = winners, losers
    return MatchRecord(
        match_id=f"m{next(_ids)}",
        guild_id=guild,
        channel_id=9,
        finished_at=1.0,
        rules="cuenca",
        players=4,
        with_bots=None in (w1, w2, l1, l2),
        winner_side=0,
        results=[
            seat(w1, 0, 0, True, 40, 1, 0),
            seat(l1, 1, 1, False, 30, 0, 1),
            seat(w2, 2, 0, True, 40, 1, 0),
            seat(l2, 3, 1, False, 30, 0, 1),
        ],
    )


async def record(storage, *matches):
    for match in matches:
        await storage.record_match(match)


def table(rows):
    return [(row.rank, row.user_id, row.matches, row.wins, row.points) for row in rows]


async def test_recording_a_match_twice_counts_it_once(storage, database):
    match = duel(A, B)
    await record(storage, match, match)
    assert table(await storage.leaderboard(GUILD)) == [(1, A, 1, 1, 40), (2, B, 1, 0, 20)]
    assert (await storage.player_stats(A)).matches == 1
    assert await peek(database, "SELECT COUNT(*) FROM match_players") == [(2,)]


async def test_duel_arithmetic(storage):
    await record(
        storage,
        duel(A, B, caidas=3, limpias=1, rondas=2, zapaterias_given=1),
        duel(A, B, win_points=42, lose_points=0, caidas=1),
        duel(B, A, win_points=40, lose_points=38),
    )
    assert await storage.leaderboard(GUILD) == [
        LeaderboardRow(1, A, 3, 2, 1, 2 / 3, 40 + 42 + 38, 2, 1),
        LeaderboardRow(2, B, 3, 1, 2, 1 / 3, 20 + 0 + 40, 1, 2),
    ]
    stats = await storage.player_stats(A, GUILD)
    assert (stats.matches, stats.wins, stats.losses, stats.win_rate) == (3, 2, 1, 2 / 3)
    assert (stats.caidas, stats.limpias, stats.rondas) == (4, 1, 2)
    assert (stats.zapaterias_given, stats.zapaterias_suffered) == (1, 0)
    assert (stats.chicas_won, stats.chicas_lost, stats.points) == (2, 1, 120)
    assert (stats.toughest_opponent, stats.toughest_opponent_losses) == (B, 1)
    assert (stats.best_partner, stats.best_partner_wins, stats.bot_matches) == (None, 0, 0)
    b = await storage.player_stats(B, GUILD)
    assert (b.toughest_opponent, b.toughest_opponent_losses) == (A, 2)


async def test_zapaterias_given_and_suffered(storage):
    zapateria = MatchRecord(
        "z1",
        GUILD,
        9,
        1.0,
        "quito",
        2,
        False,
        1,
        [
            seat(A, 0, 0, False, 0, 0, 1, zapaterias_suffered=1),
            seat(B, 1, 1, True, 40, 1, 0, zapaterias_given=1, caidas=2),
        ],
    )
    await record(storage, zapateria, duel(A, B, zapaterias_given=1))
    a, b = await storage.player_stats(A), await storage.player_stats(B)
    assert (a.zapaterias_given, a.zapaterias_suffered) == (1, 1)
    assert (b.zapaterias_given, b.zapaterias_suffered, b.caidas) == (1, 0, 2)
    assert (a.wins, b.wins) == (1, 1)


async def test_two_against_two(storage):
    await record(
        storage,
        pairs((A, B), (C, D)),
        pairs((A, B), (C, D)),
        pairs((C, D), (A, B)),
        pairs((A, C), (B, D)),
    )
    a = await storage.player_stats(A)
    assert (a.matches, a.wins, a.points) == (4, 3, 40 + 40 + 30 + 40)
    assert (a.best_partner, a.best_partner_wins) == (B, 2)
    # only C and D beat A, once each: the tie goes to the lower id
    assert (a.toughest_opponent, a.toughest_opponent_losses) == (C, 1)
    d = await storage.player_stats(D)
    assert (d.wins, d.best_partner, d.best_partner_wins) == (1, C, 1)
    assert (d.toughest_opponent, d.toughest_opponent_losses) == (A, 3)
    assert table(await storage.leaderboard(GUILD)) == [
        (1, A, 4, 3, 150),
        (2, B, 4, 2, 140),
        (3, C, 4, 2, 140),
        (4, D, 4, 1, 130),
    ]


async def test_matches_with_bots_are_ranked_apart_and_bots_never_ranked(storage):
    await record(
        storage,
        duel(A, B),
        duel(A, None),
        duel(None, A),
        duel(B, None),
        pairs((C, None), (None, D)),
    )
    humans = await storage.leaderboard(GUILD, with_bots=False)
    assert table(humans) == [(1, A, 1, 1, 40), (2, B, 1, 0, 20)]
    with_bots = await storage.leaderboard(GUILD, with_bots=True)
    assert table(with_bots) == [  # one win each for A, B, C: win rate first, then id
        (1, B, 1, 1, 40),
        (2, C, 1, 1, 40),
        (3, A, 2, 1, 60),
        (4, D, 1, 0, 30),
    ]
    assert await storage.leaderboard_size(GUILD, with_bots=True) == 4
    assert await storage.leaderboard_size(GUILD, with_bots=False) == 2
    a = await storage.player_stats(A)
    assert (a.matches, a.wins, a.bot_matches) == (3, 2, 2)
    c = await storage.player_stats(C)
    assert (c.best_partner, c.toughest_opponent, c.bot_matches) == (None, None, 1)


async def test_win_rate_ranking_needs_a_minimum_of_matches(storage):
    await record(storage, duel(A, B), *[duel(B, C) for _ in range(4)], duel(C, B))
    # A: 1/1; B: 4/6; C: 1/5
    assert table(await storage.leaderboard(GUILD, sort="win_rate")) == [
        (1, B, 6, 4, 20 + 160 + 20),
        (2, C, 5, 1, 80 + 40),
    ]
    assert await storage.leaderboard_size(GUILD, sort="win_rate") == 2
    lenient = await storage.leaderboard(GUILD, sort="win_rate", min_matches=1)
    assert [row.user_id for row in lenient] == [A, B, C]
    assert await storage.leaderboard_size(GUILD, sort="win_rate", min_matches=6) == 1
    # the minimum is for the win-rate ranking only
    assert [row.user_id for row in await storage.leaderboard(GUILD)] == [B, A, C]
    assert await storage.leaderboard_size(GUILD, sort="wins", min_matches=50) == 3


async def test_sorts_and_their_tie_breaks(storage):
    await record(
        storage,
        duel(A, B, win_points=40, lose_points=39),  # A 1/1 40
        duel(C, D, win_points=41, lose_points=0),  # C 1/2 41+10
        duel(D, C, win_points=40, lose_points=10),  # D 1/2 40
        duel(E, B, win_points=40, lose_points=39),  # E 1/1 40; B 0/2 78
    )
    by_wins = await storage.leaderboard(GUILD, sort="wins")
    assert [row.user_id for row in by_wins] == [A, E, C, D, B]
    by_points = await storage.leaderboard(GUILD, sort="points")
    assert [(row.user_id, row.points) for row in by_points] == [
        (B, 78),
        (C, 51),
        (A, 40),
        (D, 40),
        (E, 40),
    ]
    by_rate = await storage.leaderboard(GUILD, sort="win_rate", min_matches=1)
    assert [row.user_id for row in by_rate] == [A, E, C, D, B]
    with pytest.raises(ValueError, match="unknown sort"):
        await storage.leaderboard(GUILD, sort="chicas")
    with pytest.raises(ValueError, match="unknown sort"):
        await storage.leaderboard_size(GUILD, sort="")
    with pytest.raises(ValueError):
        await storage.leaderboard(GUILD, limit=-1)


async def test_server_and_global_scopes(storage):
    await record(
        storage,
        duel(A, B, guild=GUILD),
        duel(B, A, guild=OTHER_GUILD),
        duel(B, C, guild=OTHER_GUILD),
        duel(C, A, guild=None),  # a direct-message match counts only for all servers
    )
    assert table(await storage.leaderboard(GUILD)) == [(1, A, 1, 1, 40), (2, B, 1, 0, 20)]
    assert table(await storage.leaderboard(OTHER_GUILD)) == [
        (1, B, 2, 2, 80),
        (2, A, 1, 0, 20),
        (3, C, 1, 0, 20),
    ]
    assert table(await storage.leaderboard(None)) == [
        (1, B, 3, 2, 100),
        (2, C, 2, 1, 60),
        (3, A, 3, 1, 80),
    ]
    assert await storage.leaderboard(333) == []
    assert await storage.leaderboard_size(None) == 3
    assert (await storage.player_stats(A, GUILD)).matches == 1
    assert (await storage.player_stats(A, OTHER_GUILD)).toughest_opponent == B
    assert (await storage.player_stats(A, GUILD)).toughest_opponent is None
    assert (await storage.player_stats(A)).matches == 3
    assert (await storage.player_stats(A)).toughest_opponent == B  # B 1, C 1: lower id
    assert await storage.player_stats(C, GUILD) is None
    assert await storage.player_stats(999) is None


async def test_pagination(storage):
    players = list(range(100, 125))
    await record(
        storage,
        *[duel(user, None, match_id=f"p{user}-{n}") for user in players for n in range(user % 7)],
    )
    assert await storage.leaderboard_size(GUILD, with_bots=True) == 22  # 105, 112, 119 never won
    await record(storage, *[duel(None, user) for user in players])
    everyone = await storage.leaderboard(GUILD, with_bots=True, limit=100)
    assert [row.rank for row in everyone] == list(range(1, 26))
    pages = []
    for offset in range(0, 30, 10):
        pages += await storage.leaderboard(GUILD, with_bots=True, limit=10, offset=offset)
    assert pages == everyone
    assert len(await storage.leaderboard(GUILD, with_bots=True, limit=10, offset=20)) == 5
    assert await storage.leaderboard(GUILD, with_bots=True, offset=25) == []
    assert await storage.leaderboard(GUILD, with_bots=True, limit=0) == []
    assert [row.wins for row in everyone] == sorted((row.wins for row in everyone), reverse=True)


@pytest.mark.parametrize(
    "broken",
    [
        {"players": 3},
        {"results": [seat(A, 0, 0, True)]},
        {"results": [seat(A, 0, 0, True), seat(B, 0, 1, False)]},
        {"results": [seat(A, 0, 0, True), seat(A, 1, 1, False)]},
    ],
    ids=["three players", "missing seat", "seat twice", "user twice"],
)
async def test_inconsistent_records_are_refused(storage, broken):
    match = duel(A, B)
    with pytest.raises(ValueError):
        await storage.record_match(MatchRecord(**(vars(match) | broken)))
    assert await storage.leaderboard(GUILD) == []
    await storage.record_match(match)  # the good record with the same id still goes in
    assert await storage.leaderboard_size(GUILD) == 2


# Outcomes and rule sets ---------------------------------------------------------------


def ended(match, outcome, rules=None):
    """`match` with another outcome (and rule-set name)."""
    return MatchRecord(**(vars(match) | {"outcome": outcome, "rules": rules or match.rules}))


async def test_an_abandoned_match_is_kept_but_counts_in_no_total(storage, database):
    await record(
        storage,
        duel(A, B),
        ended(duel(B, A, match_id="gone"), MatchOutcome.ABANDONED),
        ended(duel(A, None), MatchOutcome.ABANDONED),
        ended(duel(C, D), MatchOutcome.ABANDONED),
        ended(duel(A, B), MatchOutcome.FORFEIT),
    )
    assert table(await storage.leaderboard(GUILD)) == [(1, A, 2, 2, 80), (2, B, 2, 0, 40)]
    assert await storage.leaderboard(GUILD, with_bots=True) == []
    assert table(await storage.leaderboard(None)) == [(1, A, 2, 2, 80), (2, B, 2, 0, 40)]
    a = await storage.player_stats(A)
    assert (a.matches, a.wins, a.losses, a.points, a.abandoned) == (2, 2, 0, 80, 2)
    assert (a.bot_matches, a.toughest_opponent) == (0, None)  # B's abandoned win is not one
    b = await storage.player_stats(B, GUILD)
    assert (b.matches, b.wins, b.abandoned, b.best_partner) == (2, 0, 1, None)
    c = await storage.player_stats(C)  # only abandoned matches: figures of nothing
    assert (c.matches, c.wins, c.losses, c.win_rate, c.points, c.abandoned) == (0, 0, 0, 0, 0, 1)
    assert await storage.player_stats(C, OTHER_GUILD) is None
    # history still shows the abandoned matches
    outcomes = await peek(database, "SELECT outcome, COUNT(*) FROM matches GROUP BY 1 ORDER BY 1")
    assert outcomes == [("abandoned", 3), ("forfeit", 1), ("played", 1)]
    seats = await peek(database, "SELECT user_id FROM match_players WHERE match_id = 'gone'")
    assert sorted(seats) == [(A,), (B,)]


async def test_the_rules_filter_counts_one_rule_set_only(storage):
    await record(
        storage,
        duel(A, B),  # quito
        ended(duel(B, A, win_points=44), "played", "cuenca"),
        ended(duel(B, A), "played", "cuenca"),
        ended(duel(A, B), MatchOutcome.ABANDONED, "cuenca"),
        ended(duel(A, None), "played", "house"),
        ended(duel(A, B, guild=OTHER_GUILD), "forfeit", "cuenca"),
    )
    quito = await storage.player_stats(A, rules="quito")
    assert (quito.matches, quito.wins, quito.points, quito.abandoned) == (1, 1, 40, 0)
    cuenca = await storage.player_stats(A, rules="cuenca")
    assert (cuenca.matches, cuenca.wins, cuenca.losses, cuenca.points) == (3, 1, 2, 80)
    assert (cuenca.abandoned, cuenca.toughest_opponent, cuenca.toughest_opponent_losses) == (
        1,
        B,
        2,
    )
    here = await storage.player_stats(A, GUILD, rules="cuenca")
    assert (here.matches, here.wins, here.abandoned) == (2, 0, 1)
    house = await storage.player_stats(A, rules="house")
    assert (house.matches, house.wins, house.bot_matches) == (1, 1, 1)
    assert await storage.player_stats(A, rules="custom") is None
    assert await storage.player_stats(B, rules="house") is None
    every = await storage.player_stats(A)
    assert (every.matches, every.wins, every.abandoned) == (5, 3, 1)


async def test_a_match_keeps_its_rule_options_and_an_unknown_outcome_is_refused(storage, database):
    options = {"sum_cards": None, "caida_limpia_points": 4, "lock_at": None}
    await storage.record_match(
        MatchRecord(**(vars(duel(A, B, match_id="opts")) | {"rule_options": options}))
    )
    with pytest.raises(ValueError, match="outcome"):
        await storage.record_match(ended(duel(A, B, match_id="odd"), "cancelled"))
    with pytest.raises(TypeError):
        await storage.record_match(
            MatchRecord(**(vars(duel(A, B, match_id="bad")) | {"rule_options": [1]}))
        )
    rows = await peek(database, "SELECT match_id, rule_options, outcome FROM matches")
    assert [(m, json.loads(o), outcome) for m, o, outcome in rows] == [("opts", options, "played")]
