"""Seasons as stored: a season's totals and ratings are new rows (all time goes on), its
end archives a podium once, and logros are earned and told once."""

from __future__ import annotations

from dataclasses import replace

from db import Logro, MatchFeats, MatchOutcome, Podium, Season, Storage
from db.migrations import LATEST_VERSION
from db.seasons import podium_places
from tables import ratings
from tests.db.other_connection import peek
from tests.db.test_migrations import build_file
from tests.db.test_records import GUILD, OTHER_GUILD, A, B, C, duel

DECEMBER = Season("2026-12", "2026-12", 100.0, 200.0)
JANUARY = Season("2027-01", "2027-01", 200.0, 300.0)


def at(match, finished_at: float):
    return replace(match, finished_at=finished_at)


async def play(storage: Storage, match, season) -> None:
    await storage.record_match(match, season)
    await storage.rate_match(match, ratings.rater(match))


async def test_a_new_season_starts_fresh_and_all_time_goes_on(storage, database):
    await play(storage, at(duel(A, B), 150.0), DECEMBER)
    await play(storage, at(duel(A, C), 160.0), DECEMBER)
    await play(storage, at(duel(B, A), 250.0), JANUARY)
    december = await storage.season(GUILD, DECEMBER.key)
    january = await storage.season(GUILD, JANUARY.key)
    assert december is not None and january is not None
    assert december.season == DECEMBER and december.archived_at is None

    old = await storage.rating_leaderboard(GUILD, season_id=december.season_id)
    assert old[0].user_id == A and {(r.user_id, r.matches, r.wins) for r in old} == {
        (A, 2, 2),
        (B, 1, 0),
        (C, 1, 0),
    }
    new = await storage.rating_leaderboard(GUILD, season_id=january.season_id)
    assert [(r.user_id, r.matches, r.wins) for r in new] == [(B, 1, 1), (A, 1, 0)]
    # January's ratings began afresh: B's win there was rated as between two newcomers
    fresh = ratings.rater(duel(B, A))({})
    assert new[0].skill == fresh[B].after and new[1].skill == fresh[A].after
    [mine] = await storage.player_ratings(A, GUILD, january.season_id, ranking=(False, 2))
    assert (mine.rank, mine.matches) == (2, 1)
    assert await storage.player_ratings(A, GUILD, january.season_id, ranking=(True, 2)) == []
    all_time = {r.user_id: r for r in await storage.rating_leaderboard(GUILD)}
    assert all_time[A].matches == 3 and all_time[B].matches == 2
    wins = await storage.leaderboard(GUILD, season_id=january.season_id)
    assert [(r.user_id, r.wins, r.matches) for r in wins] == [(B, 1, 1), (A, 0, 1)]
    assert [r.matches for r in await storage.leaderboard(GUILD) if r.user_id == A] == [3]
    # nothing was deleted: every season's rows stay
    scopes = await peek(database, "SELECT DISTINCT scope FROM ratings ORDER BY scope")
    assert [scope for (scope,) in scopes] == sorted(
        [-january.season_id, -december.season_id, 0, GUILD]
    )


async def test_a_match_outside_a_season_or_a_server_or_abandoned_counts_in_none(storage, database):
    await play(storage, at(duel(A, B), 150.0), None)
    await play(storage, at(duel(A, B, guild=None), 150.0), DECEMBER)
    abandoned = replace(at(duel(A, B), 150.0), outcome=MatchOutcome.ABANDONED)
    await storage.record_match(abandoned, DECEMBER)
    assert await storage.seasons(GUILD) == []
    assert await peek(database, "SELECT COUNT(*) FROM season_matches") == [(0,)]


async def test_the_end_of_a_season_archives_its_podium_once(storage):
    await play(storage, at(duel(A, B), 150.0), DECEMBER)
    await play(storage, at(duel(A, C), 151.0), DECEMBER)
    await play(storage, at(duel(B, C), 152.0), DECEMBER)
    await play(storage, at(duel(A, B, guild=OTHER_GUILD), 153.0), DECEMBER)
    season = await storage.season(GUILD, DECEMBER.key)
    await storage.save_logros("m-none", [], [], announced=False)  # nothing to save: fine
    matches = [m for m in await storage.history(A, GUILD, 10)]
    await storage.save_logros(
        matches[0].match_id, [MatchFeats(A, GUILD, 3, 1), MatchFeats(C, GUILD, 0, 0)], [], False
    )
    assert await storage.seasons_due(199.0) == []
    assert await storage.next_season_end(150.0) == 200.0
    due = await storage.seasons_due(200.0)
    assert sorted(row.guild_id for row in due) == [GUILD, OTHER_GUILD]

    archived = await storage.archive_season(season.season_id, 201.0)
    podium = archived.podium
    assert archived.archived_at == 201.0 and not archived.announced
    assert [place.user_id for place in podium.places] == [A]  # 3 ranked: the champion only
    assert (podium.places[0].matches, podium.places[0].wins) == (2, 2)
    # Most matches on the podium's ladder, every one tied for it named.
    busiest = {podium.most_matches.user_id, *podium.most_matches_tied}
    assert busiest == {A, B, C} and podium.most_matches.matches == 2
    assert (podium.best_streak.user_id, podium.best_streak.value) == (A, 3)
    assert podium.channel_id == 9
    assert Podium.from_dict(podium.to_dict()) == podium

    # archived once: a later match (recorded late) changes no podium already archived
    await play(storage, at(duel(C, A), 199.0), DECEMBER)
    again = await storage.archive_season(season.season_id, 300.0)
    assert again.podium == podium and again.archived_at == 201.0
    await storage.mark_season_announced(season.season_id)
    assert [row.guild_id for row in await storage.seasons_due(400.0)] == [OTHER_GUILD]
    # the archived season stays readable
    board = await storage.rating_leaderboard(GUILD, season_id=season.season_id)
    assert {row.user_id for row in board} == {A, B, C}


def test_a_podium_place_needs_two_ranked_players_below_it():
    assert [podium_places(ranked) for ranked in range(8)] == [0, 0, 0, 1, 2, 3, 3, 3]


async def test_logros_are_earned_and_told_once(storage):
    match = at(duel(A, B), 150.0)
    await play(storage, match, DECEMBER)
    earned = [Logro(A, "first_win", GUILD, match.match_id, 150.0)]
    for _ in range(2):  # a re-record after a crash awards the same again: nothing new
        await storage.save_logros(match.match_id, [MatchFeats(A, GUILD, 1, 2)], earned, False)
    assert await storage.logros_to_announce(match.match_id) == (9, earned)
    assert await storage.matches_with_logros_to_announce() == [match.match_id]
    await storage.mark_logros_announced(match.match_id)
    assert await storage.logros_to_announce(match.match_id) == (9, [])
    later = replace(earned[0], match_id="later", earned_at=999.0)
    await storage.award_logros([later], announced=True)
    assert await storage.player_logros(A) == earned  # kept where and when it was earned
    assert await storage.feat_totals(A, GUILD) == (2, 1)
    counts = await storage.logro_counts(A, (await storage.season(GUILD, DECEMBER.key)).season_id)
    assert counts == {"wins": 1, "caidas": 0, "matches": 1, "season_matches": 1}


async def test_the_matches_to_scan_are_read_a_batch_at_a_time(storage):
    for number in range(5):
        match = at(duel(A, B, match_id=f"s{number}"), 100.0 + number)
        await storage.record_match(replace(match, seed=7, moves=("7h",)))
    casual = replace(at(duel(A, B, match_id="casual"), 101.5), casual=True)
    await storage.record_match(replace(casual, seed=7, moves=("7h",)))
    first = await storage.matches_to_scan(104.0, limit=2)
    assert [match_id for _, match_id in first] == ["s0", "s1"]
    rest = await storage.matches_to_scan(104.0, first[-1])
    assert [match_id for _, match_id in rest] == ["s2", "s3"]
    await storage.save_logros("s2", [MatchFeats(A, GUILD, 0, 0)], [], True)
    assert [m for _, m in await storage.matches_to_scan(200.0)] == ["s0", "s1", "s3", "s4"]


async def test_a_database_of_before_seasons_migrates_with_its_matches_in_all_time(tmp_path):
    path = tmp_path / "v7.sqlite3"
    build_file(path, LATEST_VERSION - 1)  # the schema before seasons, with a match of server 5
    storage = await Storage.open(path)
    try:
        assert await storage.seasons(5) == []  # old matches count in no season, only all time
        await play(storage, at(duel(100, 300, guild=5), 150.0), DECEMBER)
        december = await storage.season(5, DECEMBER.key)
        season = await storage.leaderboard(5, min_matches=1, season_id=december.season_id)
        assert [(row.user_id, row.matches) for row in season] == [(100, 1), (300, 1)]
        all_time = await storage.leaderboard(5, min_matches=1)
        assert {row.user_id: row.matches for row in all_time} == {100: 2, 200: 1, 300: 1}
        assert await storage.matches_to_scan(1e12) == []  # the old match has no move log
    finally:
        await storage.close()
