"""Entry point: `python bot.py` runs the Cuarenta bot with DISCORD_TOKEN from .env.

`create_bot()` is the factory the tests use too. Start-up follows discord.py's
advanced_startup example: storage opens, card emojis sync, cogs load, the persistent
buttons register (in the cog) and the commands sync (when they changed) in `setup_hook`, before the
gateway connects.

Several processes may share the servers (SHARD_COUNT, SHARD_IDS) and one database
(DATABASE_URL=postgresql://...). The process that runs shard 0 is the lead: only it
uploads the card emojis and syncs the global commands.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import discord
from discord.ext import commands
from dotenv import load_dotenv

import render.table
from cogs.card_emojis import CardEmojis, sync_card_emojis
from cogs.localized import CatalogTranslator
from cogs.services import Services
from cogs.workers import REVIEW_NICENESS
from db import Storage, StorageError
from engine.cards import full_deck
from render.faces import FACE_VERSION, emoji_name

log = logging.getLogger("cuarenta")

PROJECT_DIR = Path(__file__).resolve().parent
DEFAULT_DATABASE = PROJECT_DIR / "cuarenta.sqlite3"
EXTENSIONS = ("cogs.cuarenta",)
MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it\n"
    "(Discord Developer Portal → your application → Bot → Reset Token); see README.md."
)
# bot_state key: the hash of the command definitions last synced globally.
SYNCED_COMMANDS_KEY = "synced_commands_hash"
CARD_FACES_KEY = "card_faces_version"  # the faces the card emojis show (FACE_VERSION)


async def commands_hash(tree: discord.app_commands.CommandTree) -> str:
    """A stable hash of the global commands as a sync would upload them (localizations too)."""
    translator = tree.translator
    payloads = [
        await command.get_translated_payload(tree, translator)
        if translator
        else command.to_dict(tree)
        for command in tree.get_commands()
    ]
    payloads.sort(key=lambda payload: (payload.get("type", 1), payload["name"]))
    text = json.dumps(payloads, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


async def existing_card_emojis(client: discord.Client) -> CardEmojis:
    """The card emojis the lead process uploaded, for a process that uploads none.

    Text cards (7♥) if listing fails or a card has no emoji yet (the lead is still
    uploading them: this process shows them from its next start).
    """
    try:
        by_name = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
    except discord.DiscordException as error:
        log.warning("Card emojis: could not list them (%s); cards will show as text.", error)
        return CardEmojis.text_only()
    found = {str(card): by_name.get(emoji_name(card)) for card in full_deck()}
    return CardEmojis(found) if all(found.values()) else CardEmojis.text_only()


class CuarentaBot(commands.Bot):
    """The bot: one storage, the card emojis, the services, and the Cuarenta cog.

    `shard_count`/`shard_ids` given: a ShardedCuarentaBot (create_bot picks it).
    """

    storage: Storage
    card_emojis: CardEmojis
    services: Services  # what the cog's handlers are given (cogs/services.py)

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
        review_niceness: int = REVIEW_NICENESS,
        **shards: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads to play in; nothing privileged
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            **shards,  # type: ignore[arg-type]
        )
        self.database_path = database_path  # a file, or a postgresql:// URL
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global  # sync the global commands even if unchanged
        self.upload_emojis = upload_emojis
        self.bot_pause_seconds = bot_pause_seconds  # a bot seat "thinks" visibly this long
        self.database_busy_timeout = database_busy_timeout  # a click must be answered in 3 s
        self.warm_up_pictures = warm_up_pictures
        self.review_niceness = review_niceness  # the review worker yields the CPU this much

    @property
    def leads(self) -> bool:
        """Whether this process runs shard 0 (or is the only one): it syncs and uploads."""
        shard_ids: Sequence[int] | None = getattr(self, "shard_ids", None)
        return shard_ids is None or 0 in shard_ids

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(
            self.database_path, busy_timeout=self.database_busy_timeout
        )
        if not self.upload_emojis:
            self.card_emojis = CardEmojis.text_only()
        elif self.leads:
            self.card_emojis = await self.upload_card_emojis()
        else:
            self.card_emojis = await existing_card_emojis(self)
        if self.warm_up_pictures:  # the 40 cards drawn once now, not by the first tables
            await asyncio.to_thread(render.table.warm_up)
        self.services = Services.start(
            self,
            self.storage,
            self.card_emojis,
            bot_pause_seconds=self.bot_pause_seconds,
            review_niceness=self.review_niceness,
        )
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()

    async def upload_card_emojis(self) -> CardEmojis:
        """The card emojis, uploading what is missing; all of them again when the faces
        changed since the version this bot uploaded (kept in its database)."""
        try:
            uploaded = await self.storage.get_bot_state(CARD_FACES_KEY)
        except StorageError:
            uploaded = str(FACE_VERSION)  # unknown: keep what is there, replace next time
        replace = uploaded != str(FACE_VERSION)
        emojis = await sync_card_emojis(self, replace=replace)
        if replace and emojis.complete:
            try:
                await self.storage.set_bot_state(CARD_FACES_KEY, str(FACE_VERSION))
            except StorageError:
                log.warning("could not note the card faces' version; they are re-sent next start")
        return emojis

    async def sync_commands(self) -> None:
        """Sync to the development server when set (instant, every start); globally from the
        lead process when the commands changed since the last global sync, or when asked.

        A failed sync (an error, or an answer that can't be read) is logged, not raised:
        the bot runs with the commands Discord has, and the next start tries again (the
        stored hash changes only after a success).
        """
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except Exception as error:  # refused, or an answer we can't read: run on
                log.error("could not sync the commands to guild %s: %r", self.dev_guild_id, error)
            else:
                log.info("synced %d commands to guild %s", len(synced), self.dev_guild_id)
        if not self.leads:
            return
        digest = await commands_hash(self.tree)
        if not self.sync_global and await self.storage.get_bot_state(SYNCED_COMMANDS_KEY) == digest:
            log.info("global commands unchanged since their last sync")
            return
        try:
            synced = await self.tree.sync()
        except Exception as error:  # refused, or an answer we can't read: run on
            log.error("could not sync the commands globally (next start retries): %r", error)
            return
        await self.storage.set_bot_state(SYNCED_COMMANDS_KEY, digest)
        log.info("synced %d commands globally", len(synced))

    async def close(self) -> None:
        for extension in list(self.extensions):
            await self.unload_extension(extension)
        if hasattr(self, "storage"):
            await self.storage.close()
        await super().close()


class ShardedCuarentaBot(CuarentaBot, commands.AutoShardedBot):
    """The bot running some (or all) of the shards in this process."""


def _int_list(text: str) -> list[int]:
    return [int(part) for part in text.replace(" ", "").split(",") if part]


def create_bot(**options: object) -> CuarentaBot:
    """The bot as configured by the environment; keyword options override it.

    SHARD_COUNT (and SHARD_IDS, a comma-separated list; all shards when unset) or the
    options shard_count/shard_ids give a ShardedCuarentaBot.
    """
    environ = os.environ
    settings: dict[str, object] = {
        "database_path": environ.get("DATABASE_URL")
        or environ.get("DATABASE_PATH")
        or DEFAULT_DATABASE,
        "dev_guild_id": int(environ["DEV_GUILD_ID"]) if environ.get("DEV_GUILD_ID") else None,
        "sync_global": environ.get("SYNC_GLOBAL", "0").lower() in ("1", "true", "yes"),
    }
    if environ.get("SHARD_COUNT"):
        settings["shard_count"] = int(environ["SHARD_COUNT"])
        if environ.get("SHARD_IDS"):
            settings["shard_ids"] = _int_list(environ["SHARD_IDS"])
    settings.update(options)
    sharded = settings.get("shard_count") is not None
    return (ShardedCuarentaBot if sharded else CuarentaBot)(**settings)  # type: ignore[arg-type]


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
