"""Settings kept as one JSON object per key: servers' settings and players' settings.

Both kinds merge the same way (a None value removes a key); only the table differs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from enum import Enum

from .backend import Database
from .codec import to_json


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


async def get_config(db: Database, kind: SettingsKind, owner: int) -> dict:
    """The settings of one server or player, {} when nothing is set."""
    record = await db.fetchone(f"SELECT config FROM {kind.table} WHERE {kind.key} = ?", (owner,))
    return {} if record is None else json.loads(record[0])


IN_AT_ONCE = 500  # owners a statement asks for (SQLite allows some thousands of `?`)


async def get_configs(db: Database, kind: SettingsKind, owners: Iterable[int]) -> dict[int, dict]:
    """The settings of many servers or players, a few statements for all; those with
    nothing set are not in the answer."""
    wanted = sorted(set(owners))
    found: dict[int, dict] = {}
    for start in range(0, len(wanted), IN_AT_ONCE):
        chunk = wanted[start : start + IN_AT_ONCE]
        marks = ", ".join("?" * len(chunk))
        sql = f"SELECT {kind.key}, config FROM {kind.table} WHERE {kind.key} IN ({marks})"
        for owner, config in await db.fetchall(sql, chunk):
            found[owner] = json.loads(config)
    return found


async def set_config(
    db: Database, kind: SettingsKind, owner: int, values: dict, now: float
) -> dict:
    """Merge `values` into the settings (a None value removes the key); return the result."""
    async with db.transaction():
        config = await get_config(db, kind, owner)
        for key, value in values.items():
            if value is None:
                config.pop(key, None)
            else:
                config[key] = value
        await db.execute(
            f"""INSERT INTO {kind.table} ({kind.key}, config, updated_at) VALUES (?, ?, ?)
            ON CONFLICT ({kind.key}) DO UPDATE SET
                config = excluded.config, updated_at = excluded.updated_at""",
            (owner, to_json(config, kind.what), now),
        )
    return config


async def get_state(db: Database, key: str) -> str | None:
    """One value of the bot's own state (bot_state), None when never set."""
    record = await db.fetchone("SELECT value FROM bot_state WHERE key = ?", (key,))
    return None if record is None else str(record[0])


async def set_state(db: Database, key: str, value: str, now: float) -> None:
    await db.execute(
        """INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at""",
        (key, value, now),
    )
