"""Two bot processes share one PostgreSQL database, each running half of the shards.

Each "process" is a bot in a simulated Discord of its own, on an event loop of its own;
the test drives the two loops in turn, so while one runs the other stands still, as a
process does while the other is scheduled. Each plays and restores only the tables of the
servers on its shards, and restarting one leaves the other's tables as they were.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import simcord

from bot import create_bot
from db import Storage
from tests.cogs.conftest import World
from tests.cogs.helpers import current, only_session, play_one_turn, services
from tests.db.postgres import fresh_database

SHARDS = 2


class Process:
    """One bot process: a loop, a simulated Discord with one server on `shard`, a bot."""

    def __init__(self, shard: int, database: str, clock_offset: float) -> None:
        self.shard = shard
        self.database = database
        self.loop = asyncio.new_event_loop()
        self.env = simcord.Env(self.make_bot(), strict_sync=False)
        self.run(self._start(clock_offset))

    def make_bot(self):
        return create_bot(
            database_path=self.database,
            shard_count=SHARDS,
            shard_ids=[self.shard],
            sync_global=False,
            upload_emojis=False,
            bot_pause_seconds=0.0,
            warm_up_pictures=False,
        )

    def run(self, step: Coroutine[Any, Any, Any]) -> Any:
        async def in_clock():
            with self.env.time_context():
                return await step

        return self.loop.run_until_complete(in_clock())

    async def _start(self, clock_offset: float) -> None:
        await self.env.start()
        # Ids come from the simulated clock: each world's ids from its own minute.
        await self.env.advance_time(clock_offset)
        guild = self.env.create_guild(f"shard {self.shard}", shard_id=self.shard)
        channel = guild.create_text_channel("cuarenta")
        players = [guild.add_member(self.env.create_user(n)) for n in ("ana", "beto", "carla")]
        self.world = World(self.env, guild, channel, *players)

    async def start_game(self):
        await self.world.ana.slash(
            self.world.channel, "cuarenta start", mode="bot", bot_level="easy"
        )
        await self.env.settle()
        return only_session(self.env).session_id

    async def play(self, session_id: str) -> int:
        await play_one_turn(self.world, self.world.ana, current(self.env, session_id))
        await self.env.settle()
        return current(self.env, session_id).version

    async def restart(self) -> None:
        await self.close_storage()
        await self.env.restart_bot(self.make_bot())

    async def close_storage(self) -> None:
        services(self.env).shutdown()
        await self.env.bot.storage.close()

    def stop(self) -> None:
        async def down():
            await self.close_storage()
            await self.env.shutdown()

        try:
            self.run(down())
        finally:
            self.loop.close()


async def saved(database: str, session_id: str):
    storage = await Storage.open(database)
    try:
        return await storage.get_session(session_id)
    finally:
        await storage.close()


def test_two_processes_split_the_servers_of_one_database(postgres_server):
    database = fresh_database(postgres_server)
    first = Process(0, database, clock_offset=0)
    second = None
    try:
        second = Process(1, database, clock_offset=3600)
        table_0 = first.run(first.start_game())
        table_1 = second.run(second.start_game())
        first.run(first.play(table_0))
        version_1 = second.run(second.play(table_1))
        assert set(services(first.env).runtime.tables) == {table_0}
        assert set(services(second.env).runtime.tables) == {table_1}

        before = asyncio.run(saved(database, table_1))
        first.run(first.restart())  # the first process restarts...
        assert set(services(first.env).runtime.tables) == {table_0}  # ...and restores only its own
        first.run(first.play(table_0))
        after = asyncio.run(saved(database, table_1))
        assert after == before and after.live  # the other's table as it was

        assert second.run(second.play(table_1)) > version_1  # and it plays on
        second.run(second.restart())
        assert set(services(second.env).runtime.tables) == {table_1}
        assert asyncio.run(saved(database, table_0)).live
    finally:
        first.stop()
        if second is not None:
            second.stop()
