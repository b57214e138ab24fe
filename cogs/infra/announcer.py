"""`Announcer`: the bot's own posts in a server's channel (a season's podium, the logros of
a match), in the server's language, by the process that runs the server's shard.

A channel gone or closed to the bot (404, 403) is given up: the post is dropped, as Discord
asks (never retry those); any other failure is raised for the caller to try again later.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

import discord

from .caches import SettingsCache
from .discord_io import DiscordIO
from .languages import server_language

log = logging.getLogger(__name__)


class Announcer:
    def __init__(
        self,
        io: DiscordIO,
        settings: SettingsCache,
        owns: Callable[[int | None], bool],
        guild_of: Callable[[int], discord.Guild | None],
    ) -> None:
        self._io = io
        self._guild_of = guild_of
        self._settings = settings
        self._owns = owns

    def runs(self, guild_id: int | None) -> bool:
        """Whether this process runs the server's shard (and so posts for it)."""
        return self._owns(guild_id)

    async def language(self, guild_id: int | None) -> str:
        """The server's language: its setting, else its community locale, else Spanish (a
        post has no starter whose locale would count)."""
        guild = None if guild_id is None else self._guild_of(guild_id)
        return await server_language(self._settings, guild, guild_id)

    async def post(self, channel_id: int, text: str, once: str) -> bool:
        """Post `text`, once for the key `once` (a post tried again after a crash between
        its send and its record is refused by Discord as a repeat); False if the channel
        is gone or closed to the bot (given up)."""
        nonce = "c40" + hashlib.blake2s(once.encode(), digest_size=10).hexdigest()
        try:
            await self._io.send(channel_id, text, nonce=nonce)
        except (discord.Forbidden, discord.NotFound):
            log.info("channel %s is gone or closed to the bot: a post was dropped", channel_id)
            return False
        return True
