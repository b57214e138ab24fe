"""Ratings as stored (per server and in all, per ranking, idempotent) and match history."""

from dataclasses import replace

import pytest

from db import MatchOutcome, Rated, Skill, Storage
from tests.db.other_connection import peek
from tests.db.test_records import GUILD, OTHER_GUILD, A, B, C, D, duel, pairs

WIN, LOSS = Skill(26.0, 8.0), Skill(24.0, 8.0)


NEWCOMER = Skill(25.0, 8.0)


def fixed(before=NEWCOMER):
    """A rater that gives each winner WIN and each loser LOSS, whatever they had."""

    def rate(match):
        def rater(current):
            return {
                r.user_id: Rated(current.get(r.user_id, before), WIN if r.won else LOSS, 1.5)
                for r in match.results
                if r.user_id is not None
            }

        return rater

    return rate


async def rated(storage, match, rater=None):
    await storage.record_match(match)
    return await storage.rate_match(match, (rater or fixed())(match))


async def test_rating_a_match_stores_the_change_in_its_server_and_in_all(storage, database):
    match = duel(A, B, match_id="r1")
    changes = await rated(storage, match)
    assert [(c.user_id, c.before, c.after) for c in changes] == [
        (A, pytest.approx(1.0), pytest.approx(2.0)),
        (B, pytest.approx(1.0), pytest.approx(0.0)),
    ]
    rows = await peek(
        database, "SELECT scope, user_id, matches, wins FROM ratings ORDER BY scope, user_id"
    )
    assert rows == [(0, A, 1, 1), (0, B, 1, 0), (GUILD, A, 1, 1), (GUILD, B, 1, 0)]
    board = await storage.rating_leaderboard(GUILD)
    assert [(r.rank, r.user_id, r.skill, r.matches, r.wins) for r in board] == [
        (1, A, WIN, 1, 1),
        (2, B, LOSS, 1, 0),
    ]
    assert await storage.rating_leaderboard_size(GUILD) == 2
    assert await storage.rating_leaderboard(GUILD, players=4) == []
    assert await storage.rating_leaderboard(GUILD, with_bots=True) == []
    assert [r.user_id for r in await storage.rating_leaderboard(None)] == [A, B]
    assert await storage.rating_leaderboard(OTHER_GUILD) == []


async def test_a_match_is_rated_once_even_if_rated_again(storage, database):
    match = duel(A, B, match_id="twice")
    first = await rated(storage, match)
    calls = []

    def never(current):
        calls.append(current)
        return {}

    again = await storage.rate_match(match, never)
    assert again == first and calls == []
    rows = await peek(database, "SELECT COUNT(*), SUM(matches) FROM ratings")
    assert rows == [(4, 4)]


async def test_the_rater_sees_the_current_skills_of_its_ranking_only(storage):
    seen = []

    def spy(match):
        def rater(current):
            seen.append(dict(current))
            return fixed()(match)(current)

        return rater

    await rated(storage, duel(A, B, match_id="h1"))
    await rated(storage, duel(A, None, match_id="b1"), spy)  # with bots: its own ranking
    await rated(storage, pairs((A, B), (C, D)), spy)  # 2 vs 2: its own ranking
    await rated(storage, duel(B, A, match_id="h2"), spy)
    assert seen == [{}, {}, {}, {}, {A: WIN, B: LOSS}, {A: WIN, B: LOSS}]


async def test_two_against_two_and_rankings_apart(storage):
    await rated(storage, pairs((A, B), (C, D)))
    board = await storage.rating_leaderboard(GUILD, players=4)
    assert [(r.user_id, r.wins, r.players) for r in board] == [
        (A, 1, 4),
        (B, 1, 4),
        (C, 0, 4),
        (D, 0, 4),
    ]


async def test_a_players_ratings_rank_trend_and_best_win(storage):
    def climbing(match):
        """Match cN takes its winner to 25 + N + 1 (conservative 22 + N + 1), loser to 20."""
        step = int(match.match_id[1:]) + 1 if match.match_id.startswith("c") else 0

        def rater(current):
            return {
                r.user_id: Rated(
                    current.get(r.user_id, Skill(25.0, 8.0)),
                    Skill(25.0 + step if r.won else 20.0, 1.0),
                    float(step),
                )
                for r in match.results
                if r.user_id is not None
            }

        return rater

    for number in range(12):
        await rated(
            storage,
            replace(duel(A, B, match_id=f"c{number:02}"), finished_at=10.0 + number),
            climbing,
        )
    await rated(storage, replace(duel(C, A, match_id="lost"), finished_at=50.0), climbing)
    [mine] = await storage.player_ratings(A, GUILD)
    assert (mine.rank, mine.matches, mine.wins, mine.with_bots, mine.players) == (
        2,
        13,
        12,
        False,
        2,
    )
    # the last 10 matches: from before c03 (after c02: 25 + 3 - 3 = 25) to after "lost" (17)
    assert mine.trend == pytest.approx(17.0 - 25.0)
    [theirs] = await storage.player_ratings(C, GUILD)
    assert theirs.rank == 1
    assert await storage.player_ratings(D, GUILD) == []
    best = await storage.best_win(A, GUILD)
    assert best is not None
    entry, strength = best
    assert (entry.match_id, strength, entry.won) == ("c11", 12.0, True)
    assert await storage.best_win(B, GUILD) is None


# History --------------------------------------------------------------------------------


async def test_history_pages_newest_first_with_seats_replays_and_ratings(storage):
    for number in range(7):
        match = duel(A, B if number % 2 else None, match_id=f"h{number}")
        match = replace(
            match, finished_at=100.0 + number, guild_id=GUILD if number < 6 else OTHER_GUILD
        )
        if number == 3:
            match = replace(match, seed=5, moves=("5H",))
        await storage.record_match(match)
    await storage.rate_match(
        replace(duel(A, B, match_id="h1"), finished_at=101.0), fixed()(duel(A, B))
    )
    assert await storage.history_size(A, GUILD) == 6
    assert await storage.history_size(A, None) == 7
    assert await storage.history_size(B, GUILD) == 3
    first = await storage.history(A, GUILD, limit=4)
    assert [e.match_id for e in first] == ["h5", "h4", "h3", "h2"]
    second = await storage.history(A, GUILD, limit=4, offset=4)
    assert [e.match_id for e in second] == ["h1", "h0"]
    assert [e.match_id for e in await storage.history(A, None, limit=2)] == ["h6", "h5"]
    h3 = first[2]
    assert (h3.has_replay, h3.won, h3.seat, h3.side, h3.players, h3.with_bots) == (
        True,
        True,
        0,
        0,
        2,
        False,
    )
    assert [(s.seat, s.user_id) for s in h3.seats] == [(0, A), (1, B)]
    assert first[0].has_replay is False and first[0].rating is None
    h1 = second[0]
    assert h1.rating is not None and (h1.rating.before, h1.rating.after) == (
        pytest.approx(1.0),
        pytest.approx(2.0),
    )
    assert await storage.history_entry(C, GUILD, "h1") is None
    assert (await storage.history_entry(B, GUILD, "h1")).won is False


async def test_history_shows_abandoned_and_casual_matches(storage):
    await storage.record_match(replace(duel(A, B, match_id="gone"), outcome=MatchOutcome.ABANDONED))
    await storage.record_match(replace(duel(A, B, match_id="easy"), casual=True))
    entries = await storage.history(A, GUILD)
    assert {(e.match_id, e.outcome, e.casual) for e in entries} == {
        ("gone", MatchOutcome.ABANDONED, False),
        ("easy", MatchOutcome.PLAYED, True),
    }


async def test_bulk_rating_gives_what_rating_each_match_gives(new_database):
    from tables import ratings

    matches = [
        duel(A, B, match_id="b1"),
        duel(B, A, match_id="b2", guild=OTHER_GUILD),
        pairs((A, C), (B, D)),
        duel(C, None, match_id="b4"),
    ]
    one = await Storage.open(new_database())
    bulk = await Storage.open(new_database())
    try:
        for match in matches:
            await rated(one, match, ratings.rater)
            await bulk.record_match(match)
        await bulk._rate_matches_bulk(matches, ratings.rater)
        for guild in (GUILD, OTHER_GUILD, None):
            for with_bots, players in ((False, 2), (True, 2), (False, 4)):
                expected = await one.rating_leaderboard(guild, with_bots, players)
                assert await bulk.rating_leaderboard(guild, with_bots, players) == expected
        assert await bulk.history(A, None) == await one.history(A, None)
        with pytest.raises(ValueError, match="without ratings"):
            await bulk._rate_matches_bulk(matches, ratings.rater)
    finally:
        await one.close()
        await bulk.close()
