"""Settings kept as one JSON object per key: servers' settings and players' settings.

Both kinds merge the same way (a None value removes a key); only the table differs.
"""

from __future__ import annotations

import json
from enum import Enum

import aiosqlite

from .codec import to_json
from .transactions import transaction


class SettingsKind(Enum):
    """Which settings: (table, key column, what they are called in errors)."""

    GUILD = ("guild_config", "guild_id", "a server's settings")
    PLAYER = ("player_settings", "user_id", "a player's settings")

    @property
    def table(self) -> str:
        return self.value[0]

    @property
    def key(self) -> str:
        return self.value[1]

    @property
    def what(self) -> str:
        return self.value[2]


async def get_config(conn: aiosqlite.Connection, kind: SettingsKind, owner: int) -> dict:
    """The settings of one server or player, {} when nothing is set."""
    async with conn.execute(
        f"SELECT config FROM {kind.table} WHERE {kind.key} = ?", (owner,)
    ) as cursor:
        record = await cursor.fetchone()
    return {} if record is None else json.loads(record[0])


async def set_config(
    conn: aiosqlite.Connection, kind: SettingsKind, owner: int, values: dict, now: float
) -> dict:
    """Merge `values` into the settings (a None value removes the key); return the result."""
    async with transaction(conn):
        config = await get_config(conn, kind, owner)
        for key, value in values.items():
            if value is None:
                config.pop(key, None)
            else:
                config[key] = value
        await conn.execute(
            f"""INSERT INTO {kind.table} ({kind.key}, config, updated_at) VALUES (?, ?, ?)
            ON CONFLICT ({kind.key}) DO UPDATE SET
                config = excluded.config, updated_at = excluded.updated_at""",
            (owner, to_json(config, kind.what), now),
        )
    return config


async def get_state(conn: aiosqlite.Connection, key: str) -> str | None:
    """One value of the bot's own state (bot_state), None when never set."""
    async with conn.execute("SELECT value FROM bot_state WHERE key = ?", (key,)) as cursor:
        record = await cursor.fetchone()
    return None if record is None else str(record[0])


async def set_state(conn: aiosqlite.Connection, key: str, value: str, now: float) -> None:
    await conn.execute(
        """INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at""",
        (key, value, now),
    )
