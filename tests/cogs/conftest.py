"""A simulated Discord (simcord) with the real bot on a fresh database per test."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot import create_bot


@pytest.fixture
def database_path(tmp_path):
    return tmp_path / "cuarenta.sqlite3"


@pytest.fixture
def simcord_bot(database_path):
    return create_bot(
        database_path=database_path, sync_global=True, upload_emojis=False, bot_pause_seconds=0.0
    )


@dataclass
class World:
    env: object
    guild: object
    channel: object
    ana: object
    beto: object
    carla: object


@pytest.fixture
def world(simcord_env) -> World:
    guild = simcord_env.create_guild("Quito")
    channel = guild.create_text_channel("cuarenta")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("ana", "beto", "carla")]
    return World(simcord_env, guild, channel, *members)
