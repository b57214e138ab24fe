"""Tournaments in storage: saved whole, the live ones loaded back, titles kept once."""

from __future__ import annotations

from dataclasses import replace

from db import Shards
from tests.db.test_records import GUILD, A, B, duel


async def test_a_tournament_is_saved_whole_and_its_places_kept_once(storage):
    state = {"tournament_id": "t1", "phase": "signup", "entries": [1, 2]}
    await storage.save_tournament("t1", GUILD, 5, state, live=True)
    await storage.save_tournament("t2", GUILD + 1, 6, {"tournament_id": "t2"}, live=True)
    assert await storage.live_tournaments() == [state, {"tournament_id": "t2"}]
    assert await storage.finished_tournaments(GUILD) == []

    ended = {**state, "phase": "finished"}
    places = [(A, 1), (B, 2)]
    await storage.save_tournament("t1", GUILD, 5, ended, live=False, places=places)
    await storage.save_tournament("t1", GUILD, 5, ended, live=False, places=places)  # again
    assert await storage.live_tournaments() == [{"tournament_id": "t2"}]
    assert await storage.finished_tournaments(GUILD) == [ended]
    assert await storage.tournament_titles(A, GUILD) == 1
    assert await storage.tournament_titles(A, None) == 1
    assert await storage.tournament_titles(B, GUILD) == 0
    assert await storage.tournament_titles(A, GUILD + 1) == 0
    other_shard = Shards(2, (1 - ((GUILD + 1) >> 22) % 2,))
    assert await storage.live_tournaments(other_shard) == []


async def test_a_recorded_match_keeps_its_tournament(storage):
    match = replace(duel(A, B, match_id="m1"), tournament_id="t9", seed=7, moves=("5H",))
    await storage.record_match(match)
    entry = await storage.history_entry(A, GUILD, "m1")
    assert entry is not None and entry.tournament_id == "t9"
    log = await storage.match_log("m1")
    assert log is not None and log.tournament_id == "t9"
