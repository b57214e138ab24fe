"""Move logs: what rebuilds a recorded match, kept for a retention period; casual matches."""

from dataclasses import replace

from db import LoggedSeat, MatchOutcome, MatchRecord, Storage
from engine import Game, Move, Rules
from tests.db.conftest import ticking_clock
from tests.db.test_records import GUILD, A, B, C, D, duel, pairs, record, table

DAY = 86400.0


def logged(match: MatchRecord, seed: int = 7, moves=("5H", "6Dx6S"), **changes) -> MatchRecord:
    """`match` with a move log (and other `changes`)."""
    return replace(match, seed=seed, moves=tuple(moves), **changes)


async def test_a_match_log_gives_back_what_rebuilds_the_match(storage):
    rules = Rules.preset("cuenca").with_options(chicas_to_win=1)
    game = Game.new(players=2, rules=rules, seed=42)
    moves = []
    for _ in range(6):
        move = game.legal_moves()[0]
        moves.append(str(move))
        game.play(move)
    ana, bot = duel(A, None, match_id="replayed").results
    match = logged(
        duel(A, None, match_id="replayed"),
        seed=42,
        moves=moves,
        finished_at=55.0,
        rule_options=rules.to_dict(),
        results=[replace(ana, name="Ana"), replace(bot, bot_level="expert", name="Rosita")],
        stand_ins={4: "bot", 2: "timeout"},
    )
    await storage.record_match(match)

    log = await storage.match_log("replayed")
    assert log is not None
    assert (log.match_id, log.guild_id, log.finished_at, log.players) == ("replayed", GUILD, 55, 2)
    assert (log.rules, log.outcome, log.winner_side, log.seed) == (
        "quito",
        MatchOutcome.PLAYED,
        0,
        42,
    )
    assert log.seats == (LoggedSeat(0, A, None, "Ana"), LoggedSeat(1, None, "expert", "Rosita"))
    assert log.moves == tuple(moves)
    assert log.stand_ins == {2: "timeout", 4: "bot"}  # the moves Ana did not choose
    rebuilt = Game.new(players=log.players, rules=Rules.from_dict(log.rule_options), seed=log.seed)
    for move in log.moves:
        rebuilt.play(Move.parse(move))
    assert rebuilt.to_dict() == game.to_dict()


async def test_no_log_for_an_unknown_match_or_one_recorded_without_moves(storage):
    await storage.record_match(duel(A, B, match_id="bare"))
    assert await storage.match_log("bare") is None
    assert await storage.match_log("nowhere") is None


async def test_a_match_without_a_play_has_nothing_to_replay(storage):
    """Forfeited before the first move: no log, and its history row offers no replay."""
    await storage.record_match(logged(duel(A, B, match_id="early"), moves=()))
    assert await storage.match_log("early") is None
    (entry,) = await storage.history(A, GUILD)
    assert not entry.has_replay


async def test_move_logs_older_than_the_retention_are_pruned(database):
    now = 1000 * DAY
    storage = await Storage.open(database, clock=ticking_clock(now), keep_moves_days=30)
    try:
        await storage.record_match(logged(duel(A, B, match_id="old"), finished_at=now - 31 * DAY))
        await storage.record_match(logged(duel(A, B, match_id="new"), finished_at=now - 29 * DAY))
        assert await storage.match_log("old") is None  # pruned on recording
        assert await storage.match_log("new") is not None
        assert [row.matches for row in await storage.leaderboard(GUILD)] == [2, 2]
        storage.keep_moves_days = 1
        assert await storage.prune_move_logs() == 1
        assert await storage.match_log("new") is None
        storage.keep_moves_days = None
        await storage.record_match(logged(duel(A, B, match_id="kept"), finished_at=1.0))
        assert await storage.prune_move_logs() == 0
        assert await storage.match_log("kept") is not None
    finally:
        await storage.close()


async def test_casual_matches_are_kept_out_of_the_human_only_rankings(storage):
    await record(
        storage,
        duel(A, B),
        replace(duel(B, A), casual=True),
        replace(duel(C, None), casual=True),  # with bots: still in that ranking
        replace(pairs((A, B), (C, D)), casual=True),
    )
    assert table(await storage.leaderboard(GUILD)) == [(1, A, 1, 1, 40), (2, B, 1, 0, 20)]
    assert table(await storage.leaderboard(GUILD, with_bots=True)) == [(1, C, 1, 1, 40)]
    a = await storage.player_stats(A, GUILD)
    assert (a.matches, a.wins, a.bot_matches, a.best_partner) == (3, 2, 0, B)
    c = await storage.player_stats(C)
    assert (c.matches, c.wins, c.bot_matches) == (2, 1, 1)
    await storage._record_matches_bulk([])  # the bulk rebuild counts the same way
    assert table(await storage.leaderboard(None)) == [(1, A, 1, 1, 40), (2, B, 1, 0, 20)]
    rebuilt = await storage.player_stats(A)
    assert (rebuilt.matches, rebuilt.wins, rebuilt.bot_matches) == (3, 2, 0)


async def test_recording_prunes_old_logs_at_most_once_an_hour(database):
    now = [1000 * DAY]
    storage = await Storage.open(database, clock=lambda: now[0], keep_moves_days=30)
    try:
        await storage.record_match(logged(duel(A, B, match_id="first"), finished_at=now[0]))
        late = logged(duel(A, B, match_id="late"), finished_at=now[0] - 31 * DAY)
        await storage.record_match(late)  # a minute after the last prune: not pruned yet
        assert await storage.match_log("late") is not None
        now[0] += 3600
        await storage.record_match(logged(duel(A, B, match_id="next"), finished_at=now[0]))
        assert await storage.match_log("late") is None  # an hour on: pruned
        assert await storage.match_log("first") is not None
    finally:
        await storage.close()
