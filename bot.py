"""Entry point: `python bot.py` runs the Cuarenta bot with DISCORD_TOKEN from .env.

`create_bot()` is the factory the tests use too. Start-up follows discord.py's
advanced_startup example: storage opens, card emojis sync, cogs load and the persistent
buttons register in `setup_hook`, before the gateway connects.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
from pathlib import Path

import discord
from discord.ext import commands
from dotenv import load_dotenv

import render.table
from cogs.card_emojis import CardEmojis, sync_card_emojis
from cogs.components import BUTTON_KINDS
from cogs.localized import CatalogTranslator
from db import Storage, StorageError

log = logging.getLogger("cuarenta")

PROJECT_DIR = Path(__file__).resolve().parent
DEFAULT_DATABASE = PROJECT_DIR / "cuarenta.sqlite3"
EXTENSIONS = ("cogs.cuarenta",)
MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it\n"
    "(Discord Developer Portal → your application → Bot → Reset Token); see README.md."
)


class CuarentaBot(commands.Bot):
    """The bot: one storage, the card emojis, and the Cuarenta cog."""

    storage: Storage
    card_emojis: CardEmojis

    def __init__(
        self,
        *,
        database_path: str | os.PathLike[str] = DEFAULT_DATABASE,
        dev_guild_id: int | None = None,
        sync_global: bool = False,
        upload_emojis: bool = True,
        bot_pause_seconds: float = 1.5,
        database_busy_timeout: float = 2.0,
        warm_up_pictures: bool = True,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads to play in; nothing privileged
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
        )
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global
        self.upload_emojis = upload_emojis
        self.bot_pause_seconds = bot_pause_seconds  # a bot seat "thinks" visibly this long
        self.database_busy_timeout = database_busy_timeout  # a click must be answered in 3 s
        self.warm_up_pictures = warm_up_pictures

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(
            self.database_path, busy_timeout=self.database_busy_timeout
        )
        self.card_emojis = (
            await sync_card_emojis(self) if self.upload_emojis else CardEmojis.text_only()
        )
        if self.warm_up_pictures:  # the 40 cards drawn once now, not by the first tables
            await asyncio.to_thread(render.table.warm_up)
        self.add_dynamic_items(*BUTTON_KINDS)
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync to the development server when set (instant), globally when asked."""
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.dev_guild_id)
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def close(self) -> None:
        for extension in list(self.extensions):
            await self.unload_extension(extension)
        if hasattr(self, "storage"):
            await self.storage.close()
        await super().close()


def create_bot(**options: object) -> CuarentaBot:
    """The bot as configured by the environment; keyword options override it."""
    settings: dict[str, object] = {
        "database_path": os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE,
        "dev_guild_id": int(os.environ["DEV_GUILD_ID"]) if os.environ.get("DEV_GUILD_ID") else None,
        "sync_global": os.environ.get("SYNC_GLOBAL", "0").lower() in ("1", "true", "yes"),
    }
    settings.update(options)
    return CuarentaBot(**settings)  # type: ignore[arg-type]


async def run(token: str) -> None:
    # A server process allocates a lot and keeps little: collecting the young generation
    # every 20,000 allocations instead of 700 cut the collector's CPU from 5.6% to 1.7% of
    # the bot's in the loopback benchmark (bench/real_process.py), with no other change.
    gc.set_threshold(20_000, 50, 100)
    bot = create_bot()
    async with bot:
        await bot.start(token)


def main() -> int:
    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    level = getattr(logging, os.environ.get("LOG_LEVEL", "INFO").upper(), logging.INFO)
    discord.utils.setup_logging(level=level)
    try:
        asyncio.run(run(token))
    except StorageError as error:
        print(f"Storage problem: {error}", file=sys.stderr)
        return 3
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN in .env.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
