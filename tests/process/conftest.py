"""The bot as a real process against a fake Discord on 127.0.0.1 (see botprocess.py).

`fake`: the fake Discord (fakediscord.py), started in the test's loop. `launch`: starts
the bot process on the test's database; every process started is killed at the end of
the test, whatever happened.
"""

from __future__ import annotations

import pytest_asyncio

from .botprocess import BotProcess
from .fakediscord import FakeDiscord


@pytest_asyncio.fixture
async def fake():
    server = FakeDiscord(channels=8)
    await server.start()
    yield server
    await server.stop()


@pytest_asyncio.fixture
async def launch(fake, tmp_path):
    """`await launch(**env)`: a started bot process (several: the same database)."""
    started: list[BotProcess] = []

    async def start(**env: str) -> BotProcess:
        bot = BotProcess(fake, tmp_path / "bot.sqlite3", tmp_path / "bot.log", env)
        started.append(bot)
        await bot.start()
        return bot

    yield start
    for bot in started:
        bot.kill()
