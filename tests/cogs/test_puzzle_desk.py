"""PuzzleDesk.restock, the worker path: a server's recorded match, its move log read back,
searched for puzzles in the PUZZLES worker (a real process), the puzzles kept as the
server's own with the player whose position each is, and the match never searched again."""

from __future__ import annotations

import cogs.puzzles.desk
from cogs.infra.workers import Workers
from cogs.puzzles.desk import PuzzleDesk
from db import Storage
from engine import Rules
from engine.ai.puzzles import bots_game
from tables.puzzles import from_logs
from tests.db.test_match_log import logged
from tests.db.test_records import GUILD, A, B, duel

SEED = 0  # a match between the bots whose plays give three puzzles (seats 1, 0, 1)


class CountedWorkers(Workers):
    """The bot's workers, counting the work they are given."""

    def __init__(self) -> None:
        super().__init__(review_niceness=0)
        self.runs: list[str] = []

    async def run(self, work, function, *args):
        self.runs.append(function.__name__)
        return await super().run(work, function, *args)


async def test_restock_makes_the_servers_puzzles_from_a_recorded_match_in_the_worker(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)  # no bots' games
    storage = await Storage.open(tmp_path / "cuarenta.sqlite3", keep_moves_days=None)
    workers = CountedWorkers()
    try:
        match = logged(
            duel(A, B, match_id="played"),
            seed=SEED,
            moves=bots_game(SEED),
            rule_options=Rules().to_dict(),
        )
        await storage.record_match(match)
        desk = PuzzleDesk(None, storage, workers, None, None, None)  # restock needs no Discord
        await desk.restock(GUILD)
        assert workers.runs == ["from_logs"]
        expected = from_logs([await storage.match_log("played")])
        assert len(expected) == 3
        kept = [await storage.puzzle(p.puzzle_id) for p in expected]
        assert kept == expected  # as the worker made them, the server's own
        assert all(p.guild_id == GUILD for p in kept)
        assert all(p.data["source"].startswith("match:played:") for p in kept)
        seats = {0: A, 1: B}  # duel(): the winner A in seat 0
        assert [p.user_id for p in kept] == [seats[p.data["seat"]] for p in kept]
        assert sum((await storage.puzzle_counts(GUILD)).values()) == 3
        await desk.restock(GUILD)  # searched once: no work the second time
        assert workers.runs == ["from_logs"]
    finally:
        workers.shutdown()
        await storage.close()
