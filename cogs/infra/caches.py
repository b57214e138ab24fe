"""What the bot reads from the database once and keeps: server settings, player prefs.

Each cache is the one owner of its entries: a change goes through it (written to the
database first, then kept), so no other module holds a copy that could go stale.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

from db import Storage, StorageError
from tables.players import PlayerPrefs
from tables.settings import ServerSettings

log = logging.getLogger(__name__)

T = TypeVar("T")


class SettingsCache:
    """Each server's settings (`/cuarenta config`), read once."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._by_guild: dict[int, ServerSettings] = {}
        self._changing: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def get(self, guild_id: int | None) -> ServerSettings:
        """The server's settings; the defaults outside a server."""
        if guild_id is None:
            return ServerSettings()
        settings = self._by_guild.get(guild_id)
        if settings is None:
            stored = await self._storage.get_guild_config(guild_id)
            settings = self._by_guild[guild_id] = ServerSettings.from_stored(stored)
        return settings

    async def load(self, guild_ids: Iterable[int]) -> None:
        """Read the settings of these servers now, in one go (a restart's live tables:
        their players' first clicks then wait for no read)."""
        await _keep_many(
            self._by_guild, guild_ids, self._storage.get_guild_configs, ServerSettings.from_stored
        )

    async def change(self, guild_id: int, **changes: Any) -> ServerSettings:
        """Save `changes` over the stored settings (in one statement) and keep the result."""
        async with self._changing[guild_id]:
            return await self._save(guild_id, changes)

    async def update(
        self, guild_id: int, changes_of: Callable[[ServerSettings], dict[str, Any]]
    ) -> ServerSettings:
        """Save the changes `changes_of` makes to the settings as stored now: a change
        worked out from them (one house rule in the whole rule set) is read and written
        under the server's lock, so two managers at once both count, whatever was cached."""
        async with self._changing[guild_id]:
            current = ServerSettings.from_stored(await self._storage.get_guild_config(guild_id))
            return await self._save(guild_id, changes_of(current))

    async def _save(self, guild_id: int, changes: dict[str, Any]) -> ServerSettings:
        stored = await self._storage.set_guild_config(guild_id, **changes)
        settings = self._by_guild[guild_id] = ServerSettings.from_stored(stored)
        return settings


class PrefsCache:
    """Each player's preferences (`/cuarenta preferences`), read once."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._by_user: dict[int, PlayerPrefs] = {}

    def known(self, user_id: int) -> PlayerPrefs:
        """The player's preferences as last read (the defaults if never read)."""
        return self._by_user.get(user_id) or PlayerPrefs()

    async def get(self, user_id: int) -> PlayerPrefs:
        """The player's preferences; the defaults when the database can't say."""
        prefs = self._by_user.get(user_id)
        if prefs is None:
            try:
                stored = await self._storage.get_player_config(user_id)
            except StorageError:
                log.warning("could not read the preferences of %s", user_id)
                return PlayerPrefs()
            prefs = self._by_user[user_id] = PlayerPrefs.from_stored(stored)
        return prefs

    async def load(self, user_ids: Iterable[int]) -> None:
        """Read these players' preferences now, in one go (see `SettingsCache.load`)."""
        await _keep_many(
            self._by_user, user_ids, self._storage.get_player_configs, PlayerPrefs.from_stored
        )

    async def change(self, user_id: int, **values: bool) -> PlayerPrefs:
        stored = await self._storage.set_player_config(user_id, **values)
        prefs = self._by_user[user_id] = PlayerPrefs.from_stored(stored)
        return prefs


async def _keep_many(
    kept: dict[int, T],
    owners: Iterable[int],
    read: Callable[[set[int]], Awaitable[dict[int, dict[str, Any]]]],
    make: Callable[[dict[str, Any]], T],
) -> None:
    """Read what is stored for the `owners` not kept yet, in one go, and keep `make` of
    it (of {} for those with nothing stored). If the database can't say, each is read
    when first asked for."""
    wanted = {owner for owner in owners if owner not in kept}
    if not wanted:
        return
    try:
        stored = await read(wanted)
    except StorageError:
        log.warning("could not read the settings of %d servers or players", len(wanted))
        return
    for owner in wanted:
        kept.setdefault(owner, make(stored.get(owner, {})))
