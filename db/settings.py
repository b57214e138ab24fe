"""Server settings: one JSON object per guild."""

from __future__ import annotations

import json

import aiosqlite

from .codec import to_json
from .transactions import transaction


async def get_config(conn: aiosqlite.Connection, guild_id: int) -> dict:
    """The server's settings, {} when nothing is set."""
    async with conn.execute(
        "SELECT config FROM guild_config WHERE guild_id = ?", (guild_id,)
    ) as cursor:
        record = await cursor.fetchone()
    return {} if record is None else json.loads(record[0])


async def set_config(conn: aiosqlite.Connection, guild_id: int, values: dict, now: float) -> dict:
    """Merge `values` into the settings (a None value removes the key); return the result."""
    async with transaction(conn):
        config = await get_config(conn, guild_id)
        for key, value in values.items():
            if value is None:
                config.pop(key, None)
            else:
                config[key] = value
        await conn.execute(
            """INSERT INTO guild_config (guild_id, config, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (guild_id) DO UPDATE SET
                config = excluded.config, updated_at = excluded.updated_at""",
            (guild_id, to_json(config, "a server's settings"), now),
        )
    return config
