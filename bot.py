"""Entry point: `python bot.py` runs the Cuarenta bot with DISCORD_TOKEN from .env.

`create_bot()` is the factory the tests use too. Start-up follows discord.py's
advanced_startup example: storage opens, card emojis sync, cogs load, the persistent
buttons register (in the cog) and the commands sync (when they changed) in `setup_hook`, before the
gateway connects.

Several processes may share the servers (SHARD_COUNT, SHARD_IDS) and one database
(DATABASE_URL=postgresql://...). The process that runs shard 0 is the lead: only it
uploads the card emojis and syncs the global commands.

SIGTERM or SIGINT stops it gracefully within SHUTDOWN_SECONDS (cogs/ops/stopping.py);
METRICS_PORT serves /metrics and /healthz (cogs/ops/web.py). `python bot.py backup FILE`
copies the SQLite database while the bot runs; `python bot.py check` verifies it.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import hashlib
import importlib.machinery
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import discord
from discord.ext import commands
from dotenv import load_dotenv

import render.table
from cogs.answers import refuse_stray_click
from cogs.infra.card_emojis import CardEmojis, sync_card_emojis
from cogs.infra.discord_io import (
    DiscordIO,
    click_buttons_directly,
    count_requests,
    on_interaction_received,
)
from cogs.infra.localized import CatalogTranslator
from cogs.infra.metrics import Metrics
from cogs.infra.workers import REVIEW_NICENESS
from cogs.ops.logs import setup_logging
from cogs.ops.stopping import drain, watch_interactions
from cogs.ops.web import OpsServer
from cogs.services import Services, Tuning
from db import Storage, StorageError
from db.backup import backup_sqlite, check
from engine.ai.teacher import JUDGE_WORLDS
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
SHUTDOWN_SECONDS = 10.0  # a graceful stop ends within this (SHUTDOWN_SECONDS)
CLOSING_SECONDS = 2.5  # of which this much is kept for closing (workers, database, HTTP)
USAGE = "usage: python bot.py [backup FILE | check]"


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
        review_worlds: int = JUDGE_WORLDS,
        stock_puzzles: bool = True,
        metrics_port: int | None = None,
        metrics_host: str = "127.0.0.1",
        shutdown_seconds: float = SHUTDOWN_SECONDS,
        **shards: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads to play in; nothing privileged
        self.metrics = Metrics()
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
        self.review_worlds = review_worlds  # hidden deals a review judges each decision in
        self.stock_puzzles = stock_puzzles  # make the bots' puzzles at start-up if few are kept
        self.metrics_port = metrics_port  # None: no HTTP endpoint
        self.metrics_host = metrics_host
        self.shutdown_seconds = shutdown_seconds
        self.ops_server: OpsServer | None = None

    @property
    def leads(self) -> bool:
        """Whether this process runs shard 0 (or is the only one): it syncs and uploads."""
        shard_ids: Sequence[int] | None = getattr(self, "shard_ids", None)
        return shard_ids is None or 0 in shard_ids

    async def setup_hook(self) -> None:
        count_requests(self, self.metrics.count_request)  # from the first request after login
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
            tuning=Tuning(review_worlds=self.review_worlds, stock_puzzles=self.stock_puzzles),
            metrics=self.metrics,
        )
        await self.services.openings.load(self.storage)
        on_interaction_received(self, watch_interactions(self.services, DiscordIO(self)))
        click_buttons_directly(
            self, self.services.background.click, partial(refuse_stray_click, self.services)
        )
        if self.metrics_port is not None:
            self.ops_server = OpsServer(self, self.services)
            await self.ops_server.start(self.metrics_host, self.metrics_port)
            log.info("metrics and health on http://%s:%d", self.metrics_host, self.metrics_port)
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

    async def stop_gracefully(self) -> None:
        """Finish what was asked (cogs/ops/stopping.py), then close: within
        `shutdown_seconds`, whatever is still pending by then."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.shutdown_seconds
        log.info("stopping: finishing what was asked (at most %g s)", self.shutdown_seconds)
        if hasattr(self, "services"):
            await drain(self.services, until=deadline - CLOSING_SECONDS)
        try:
            async with asyncio.timeout(max(0.5, deadline - loop.time())):
                await self.close()
        except TimeoutError:
            log.warning("closing took longer than %g s; stopping anyway", self.shutdown_seconds)

    async def close(self) -> None:
        if self.ops_server is not None:
            await self.ops_server.close()
            self.ops_server = None
        for extension in list(self.extensions):
            await self.unload_extension(extension)
        if hasattr(self, "storage"):
            await self.storage.close()
        await super().close()


class ShardedCuarentaBot(CuarentaBot, commands.AutoShardedBot):
    """The bot running some (or all) of the shards in this process."""


def _int_list(text: str) -> list[int]:
    return [int(part) for part in text.replace(" ", "").split(",") if part]


def database_location() -> str:
    """The database the environment names: DATABASE_URL, else DATABASE_PATH, else the default."""
    environ = os.environ
    return environ.get("DATABASE_URL") or environ.get("DATABASE_PATH") or str(DEFAULT_DATABASE)


def create_bot(**options: object) -> CuarentaBot:
    """The bot as configured by the environment; keyword options override it.

    SHARD_COUNT (and SHARD_IDS, a comma-separated list; all shards when unset) or the
    options shard_count/shard_ids give a ShardedCuarentaBot.
    """
    environ = os.environ
    settings: dict[str, object] = {
        "database_path": database_location(),
        "dev_guild_id": int(environ["DEV_GUILD_ID"]) if environ.get("DEV_GUILD_ID") else None,
        "sync_global": environ.get("SYNC_GLOBAL", "0").lower() in ("1", "true", "yes"),
        "metrics_host": environ.get("METRICS_HOST") or "127.0.0.1",
        "shutdown_seconds": float(environ.get("SHUTDOWN_SECONDS") or SHUTDOWN_SECONDS),
    }
    if environ.get("METRICS_PORT"):
        settings["metrics_port"] = int(environ["METRICS_PORT"])
    if environ.get("SHARD_COUNT"):
        settings["shard_count"] = int(environ["SHARD_COUNT"])
        if environ.get("SHARD_IDS"):
            settings["shard_ids"] = _int_list(environ["SHARD_IDS"])
    settings.update(options)
    sharded = settings.get("shard_count") is not None
    return (ShardedCuarentaBot if sharded else CuarentaBot)(**settings)  # type: ignore[arg-type]


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD = 1 << 20


def fix_mmap_threshold() -> bool:
    """Have glibc's malloc map blocks of 1 MiB or more apart, always (False where the C
    library has no mallopt). By default the threshold moves up each time such a block is
    freed, after which blocks of that size stay in the heap; when that happens varies from
    run to run, and so did the bot's memory: 97.5-100.2 MiB on 200 resting tables over
    three starts, against 97.0-97.2 MiB over four with it fixed (bench/restart.py)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


async def run(token: str) -> None:
    fix_mmap_threshold()
    # A server process allocates a lot and keeps little: collecting the young generation
    # every 20,000 allocations instead of 700 cut the collector's CPU from 5.6% to 1.7% of
    # the bot's in the loopback benchmark (bench/real_process.py), with no other change.
    gc.set_threshold(20_000, 50, 100)
    bot = create_bot()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(token))
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait((running, stopping), return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not running.done():
            await bot.stop_gracefully()
        await running  # its error, if it failed (a refused token, the database)


def backup(target: str) -> int:
    """`python bot.py backup FILE`: a consistent copy of the SQLite database, even while
    the bot runs (PostgreSQL: use pg_dump, see README.md)."""
    source = database_location()
    if source.startswith(("postgres://", "postgresql://")):
        print("The database is PostgreSQL: back it up with pg_dump (README.md).", file=sys.stderr)
        return 2
    try:
        backup_sqlite(source, target)
    except StorageError as error:
        print(error, file=sys.stderr)
        return 3
    print(f"backed up {source} to {target}")
    return 0


def check_database() -> int:
    """`python bot.py check`: verify the database without starting the bot."""
    location = database_location()
    problems = asyncio.run(check(location))
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{location}: ok")
    return 3 if problems else 0


def main(arguments: Sequence[str] = ()) -> int:
    load_dotenv()
    if arguments[:1] == ["backup"] and len(arguments) == 2:
        return backup(arguments[1])
    if list(arguments) == ["check"]:
        return check_database()
    if arguments:
        print(USAGE, file=sys.stderr)
        return 2
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    level = getattr(logging, os.environ.get("LOG_LEVEL", "INFO").upper(), logging.INFO)
    setup_logging(level, os.environ.get("LOG_FORMAT", "text"))
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
    # The workers (cogs/infra/workers.py) are spawned, and multiprocessing runs the main script
    # again in each of them (as __mp_main__): every import above, 1.4 s of CPU and 50 MB
    # for a process that only needs the engine. A main module whose spec is named
    # "__main__" (as with `python -m package`) is not run again.
    sys.modules["__main__"].__spec__ = importlib.machinery.ModuleSpec("__main__", None)
    sys.exit(main(sys.argv[1:]))
