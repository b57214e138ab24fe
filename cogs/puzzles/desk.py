"""`PuzzleDesk`: one per bot (the puzzles feature provides it): keeps puzzles in stock
and posts each server's puzzle of the day.

- Stock: puzzles are made in the PUZZLES worker (low priority, never in a click or the
  event loop), from the server's finished matches not yet searched, and from the bots'
  own games when a difficulty runs short of puzzles the server has not had yet (a new
  server has puzzles on day one, and a server without matches of its own never runs out).
  The bots' games are numbered on (bot_state PUZZLE_SEED_KEY): each batch is new.
- Practice: a puzzle the player has not seen, and no day's puzzle of the last
  RECENT_DAYS, today or the days chosen ahead (their answer must not leak).
- The daily post: one task per server with a post (the Scheduler's, named by server),
  asleep until its day starts (tables.puzzles.day_start). It posts the day's puzzle,
  chosen and saved the day before (or now, if none was), then chooses tomorrow's. A day
  is posted at most once: the message's id is saved, and the send carries a nonce made of
  the server and the day, which Discord uses to refuse a second message with it (a crash
  between the send and the save). A failed send is tried again, with a growing pause,
  unless Discord says the channel is gone or closed to the bot (403, 404: never retried).
  After a restart every server's task starts again and posts a day begun but not posted.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from db import PuzzleDay, PuzzleServer, Storage, StorageError
from engine.ai.puzzles import Difficulty, Puzzle
from i18n import t
from tables import Refusal
from tables.puzzles import (
    RECENT_DAYS,
    day_start,
    difficulty_of_day,
    from_bot_games,
    from_logs,
    puzzle_of,
    server_day,
)

from ..infra.caches import SettingsCache
from ..infra.card_emojis import CardEmojis
from ..infra.clock import now, sleep_until
from ..infra.languages import server_language
from ..infra.retry import retrying
from ..infra.scheduler import Scheduler
from ..infra.workers import Work, Workers
from ..ui.pictures import picture_file
from .messages import move_words, puzzle_picture, puzzle_text, solve_rows

log = logging.getLogger(__name__)

STOCK_PER_DIFFICULTY = 10  # fewer puzzles of a difficulty than this: make more
BOT_GAMES = 6  # bots' games played at a time to make more (about 2 puzzles each; a few s)
MATCHES_AT_ONCE = 20  # a server's matches searched at a time
STOCK_AFTER_START_SECONDS = 600.0  # the bots' puzzles are made this long after a start
PUZZLE_SEED_KEY = "puzzles.next_bot_seed"  # the first seed of the next batch of bots' games
POST_TRIES = 6  # a failed post is tried again this many times in all (1 s, 2 s, 4 s... apart)


class PuzzleDesk:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        workers: Workers,
        scheduler: Scheduler,
        emojis: CardEmojis,
        settings: SettingsCache,
        *,
        stock_at_start: bool = True,
    ) -> None:
        self.client = client
        self._stock_at_start = stock_at_start  # (tests leave it off: a worker at every start)
        self.storage = storage
        self.workers = workers
        self.scheduler = scheduler
        self.emojis = emojis
        self.settings = settings
        self._posting: dict[int, asyncio.Task[None]] = {}  # per server, its daily task
        self._making = asyncio.Lock()  # one batch of puzzles made at a time
        self._more_asked: set[int] = set()  # servers with a batch of `more` puzzles asked
        self._setting = asyncio.Lock()  # a server's post saved and its task started as one

    # -------------------------------------------------------------------- stock
    async def restock(self, guild_id: int, more: bool = False) -> None:
        """Make puzzles in the worker: from the server's matches not searched yet, and from
        the bots' games while a difficulty has fewer than STOCK_PER_DIFFICULTY the server
        has not had (or anyway, `more`: a player has practised them all)."""
        async with self._making:
            mined = (
                await self.storage.unmined_matches(guild_id, MATCHES_AT_ONCE) if guild_id else []
            )
            if mined:
                logs = [log for m in mined if (log := await self.storage.match_log(m)) is not None]
                found = await self.workers.run(Work.PUZZLES, from_logs, logs)
                await self.storage.add_puzzles(found, mined)
            counts = await self.storage.puzzle_counts(guild_id)
            if not more and all(
                counts.get(level, 0) >= STOCK_PER_DIFFICULTY for level in Difficulty
            ):
                return
            start = int(await self.storage.get_bot_state(PUZZLE_SEED_KEY) or 0)
            await self.storage.set_bot_state(PUZZLE_SEED_KEY, str(start + BOT_GAMES))
            seeds = list(range(start, start + BOT_GAMES))
            await self.storage.add_puzzles(
                await self.workers.run(Work.PUZZLES, from_bot_games, seeds)
            )

    async def _stock_when_settled(self) -> None:
        """The bots' puzzles, made once the start is over: a fresh database needs a few
        seconds of a core for them, which should not compete with the tables coming back
        and their players clicking again."""
        await asyncio.sleep(STOCK_AFTER_START_SECONDS)
        await self.restock(0)

    def restock_later(self, guild_id: int, more: bool = False) -> None:
        """Restock in the background (a command never waits for puzzles to be made); one
        batch asked `more` per server at a time, however often a player clicks."""
        if more and guild_id in self._more_asked:
            return
        if more:
            self._more_asked.add(guild_id)
        self.scheduler.spawn(self._restock_then(guild_id, more), f"puzzles-restock-{guild_id}")

    async def _restock_then(self, guild_id: int, more: bool) -> None:
        try:
            await self.restock(guild_id, more)
        finally:
            if more:
                self._more_asked.discard(guild_id)

    async def practice(self, guild_id: int, user_id: int, difficulty: str, pick: float) -> Puzzle:
        """A practice puzzle for the player (now marked seen by them; see the module), or
        a Refusal: none made yet, or the player has seen every one (more are then made)."""
        today = await self.today(guild_id)
        stored = await self.storage.practice_puzzle(
            guild_id, user_id, difficulty, today - RECENT_DAYS, pick
        )
        if stored is not None:
            return puzzle_of(stored)
        self.restock_later(guild_id, more=True)
        if await self.storage.practice_total(guild_id, difficulty):
            raise Refusal("puzzle_practice_all_seen")
        raise Refusal("puzzle_none_yet")

    # ------------------------------------------------------------------- the day
    async def server(self, guild_id: int) -> PuzzleServer | None:
        found = await self.storage.puzzle_servers(guild_id)
        return found[0] if found else None

    async def today(self, guild_id: int) -> int:
        """The server's day now (tables.puzzles.server_day), by its post's hour and zone,
        or without a post from midnight in the server's zone."""
        zone = (await self.settings.get(guild_id)).zone
        return server_day(await self.server(guild_id), now(), zone)

    async def puzzle_of_day(self, guild_id: int, day: int) -> tuple[PuzzleDay, Puzzle] | None:
        """The server's puzzle of `day`, chosen now if it was not yet; None when there is no
        puzzle it has not had (more are then made in the background)."""
        chosen = await self.storage.choose_puzzle_day(guild_id, day, difficulty_of_day(day))
        stored = None if chosen is None else await self.storage.puzzle(chosen.puzzle_id)
        if chosen is None or stored is None:
            self.restock_later(guild_id)
            return None
        return chosen, puzzle_of(stored)

    # -------------------------------------------------------------- daily posts
    async def start(self) -> None:
        """Start the daily task of every server this process runs (at start-up), and make
        the bots' puzzles if few are kept (once the start is over)."""
        if self._stock_at_start:
            self.scheduler.spawn(self._stock_when_settled(), "puzzles-stock")
        for server in await self.storage.puzzle_servers():
            if self._owns(server.guild_id):
                self.schedule(server)

    async def turn_on(self, server: PuzzleServer) -> None:
        """Save a server's daily post (on, or changed) and (re)start its task with it."""
        async with self._setting:  # two changes at once: the task runs the one saved last
            await self.storage.set_puzzle_server(server, server.guild_id)
            self.schedule(server)
        self.restock_later(server.guild_id)

    async def turn_off(self, guild_id: int) -> None:
        async with self._setting:
            await self.storage.set_puzzle_server(None, guild_id)
            self.stop(guild_id)

    def _owns(self, guild_id: int) -> bool:
        shard_ids = getattr(self.client, "shard_ids", None)
        count = self.client.shard_count
        return not count or shard_ids is None or (guild_id >> 22) % count in shard_ids

    def schedule(self, server: PuzzleServer) -> None:
        """(Re)start the server's daily task with its settings."""
        self.stop(server.guild_id)
        name = f"puzzle-day-{server.guild_id}"
        self._posting[server.guild_id] = self.scheduler.spawn(self._daily(server), name)

    def stop(self, guild_id: int) -> None:
        task = self._posting.pop(guild_id, None)
        if task is not None:
            task.cancel()

    async def _daily(self, server: PuzzleServer) -> None:
        guild_id = server.guild_id
        while True:
            day = server_day(server, now())
            if day >= server.first_day:
                try:
                    await self.post(server, day)
                except StorageError:
                    log.warning(
                        "puzzle of day %s for server %s not posted", day, guild_id, exc_info=True
                    )
            try:
                await self.puzzle_of_day(guild_id, day + 1)  # tomorrow's, chosen ahead
            except StorageError:
                log.warning("puzzle of day %s for server %s not chosen", day + 1, guild_id)
            self.restock_later(guild_id)  # nothing to do unless the stock runs short
            await sleep_until(day_start(day + 1, server.hour, guild_id, server.time_zone))

    async def post(self, server: PuzzleServer, day: int) -> None:
        """Post the server's puzzle of `day` in its channel, unless it is posted already."""
        guild_id = server.guild_id
        found = await self.puzzle_of_day(guild_id, day)
        if found is None:
            await self.restock(guild_id)
            found = await self.puzzle_of_day(guild_id, day)
        if found is None:
            log.warning("no puzzle for server %s on day %s", guild_id, day)
            return
        chosen, puzzle = found
        if chosen.message_id is not None:
            return
        lang = await self._language(guild_id)
        lines = puzzle_text(puzzle, day, self.emojis, lang)
        source = await self._source(server, chosen.puzzle_id, lang)
        yesterday = await self._yesterday(guild_id, day, lang)
        text = "\n".join(
            [*lines, "", *([source] if source else []), *([yesterday] if yesterday else [])]
        )
        png = await asyncio.to_thread(puzzle_picture, puzzle, lang)
        message = await self._send(server, day, text.strip(), png, puzzle)
        if message is not None:
            await self.storage.puzzle_posted(guild_id, day, message.id)

    async def _send(
        self, server: PuzzleServer, day: int, text: str, png: bytes, puzzle: Puzzle
    ) -> discord.Message | None:
        channel = self.client.get_partial_messageable(server.channel_id, guild_id=server.guild_id)
        lang = await self._language(server.guild_id)
        try:
            return await retrying(
                lambda: channel.send(
                    content=text,
                    file=picture_file(png, "reto.png"),
                    view=solve_rows(puzzle, day, lang).as_view(),
                    allowed_mentions=discord.AllowedMentions.none(),
                    nonce=f"c40pz{server.guild_id % 10**9}d{day}",
                ),
                f"puzzle post to channel {server.channel_id}",
                tries=POST_TRIES,
            )
        except discord.HTTPException as error:  # refused or gone (never retried), or tries out
            log.warning("puzzle post to channel %s not made: %s", server.channel_id, error)
            return None

    async def _language(self, guild_id: int) -> str:
        """The server's language (the post is for everyone: nobody's own Discord's)."""
        return await server_language(self.settings, self.client.get_guild(guild_id), guild_id)

    async def _source(self, server: PuzzleServer, puzzle_id: str, lang: str) -> str:
        """Where the puzzle comes from; its player named only with the server's consent."""
        stored = await self.storage.puzzle(puzzle_id)
        if stored is None or stored.guild_id == 0:
            return t("puzzle.from_bots", lang)
        if server.name_players and stored.user_id is not None:
            return t("puzzle.from_player", lang, who=f"<@{stored.user_id}>")
        return t("puzzle.from_server", lang)

    async def _yesterday(self, guild_id: int, day: int, lang: str) -> str:
        """Yesterday's answer and how many solved it ("" if there was no puzzle)."""
        before = await self.storage.puzzle_day(guild_id, day - 1)
        stored = None if before is None else await self.storage.puzzle(before.puzzle_id)
        if before is None or stored is None or before.message_id is None:
            return ""
        best = puzzle_of(stored).best.move
        move = move_words(best, self.emojis, lang)
        tried, solved = await self.storage.puzzle_day_results(guild_id, day - 1)
        if not tried:
            return t("puzzle.yesterday_nobody", lang, move=move)
        return t("puzzle.yesterday", lang, move=move, solved=solved, tried=tried)
