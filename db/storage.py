"""Storage: the one object the bot talks to for everything it keeps.

Two backends behind the same calls and guarantees: an SQLite file (the default, one bot
process; db.sqlite_db) or a PostgreSQL server that several bot processes share
(`postgresql://` URLs; db.postgres_db). Every write is committed before the call returns.
All SQL is parameterized. Calls are serialized on the one connection by an asyncio lock,
so one coroutine's transaction never takes in another's statements. A call that waits for
another connection's lock for longer than `busy_timeout` raises StorageBusy.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager

from . import (
    cards,
    history,
    leaderboard,
    learn,
    logros,
    puzzles,
    ratings,
    records,
    seasons,
    sessions,
    settings,
    tournaments,
)
from .backend import Database
from .codec import Encoded
from .errors import StorageError
from .migrations import LATEST_VERSION
from .models import (
    CurvePoint,
    HistoryEntry,
    LeaderboardRow,
    Logro,
    MatchFeats,
    MatchLog,
    MatchRecord,
    ModeRecord,
    PlayerStats,
    PuzzleAnswer,
    PuzzleAttempt,
    PuzzleDay,
    PuzzleServer,
    PuzzleStanding,
    RatingChange,
    RatingRow,
    Season,
    SeasonRow,
    SessionRow,
    Shards,
    Skill,
    StoredPuzzle,
)
from .postgres_db import PostgresDatabase, is_postgres_url
from .puzzles import PuzzleRater
from .ratings import Rater
from .settings import SettingsKind
from .sqlite_db import SQLiteDatabase

KEEP_MOVES_DAYS = 365.0  # how long a match's move log is kept, by default
_DAY = 86400.0
PRUNE_EVERY = 3600.0  # recording a match forgets old move logs at most this often (s)


class Storage:
    """Sessions, settings and finished matches in one database. Use `Storage.open`."""

    def __init__(
        self, db: Database, clock: Callable[[], float], keep_moves_days: float | None = None
    ) -> None:
        self._db: Database | None = db
        self._where = db.where
        self._clock = clock
        self._lock = asyncio.Lock()
        self.keep_moves_days = keep_moves_days
        self._pruned_at: float | None = None  # when recording a match last pruned

    @classmethod
    async def open(
        cls,
        location: str | os.PathLike[str],
        *,
        busy_timeout: float = 2.0,
        open_timeout: float = 30.0,
        clock: Callable[[], float] = time.time,
        keep_moves_days: float | None = KEEP_MOVES_DAYS,
    ) -> Storage:
        """Open (or create) the database, check it is the bot's and migrate it.

        `location`: an SQLite file path, or a `postgresql://` URL. Nothing in the database
        changes before it is known to be the bot's. Other processes' locks are waited out
        for up to `open_timeout` seconds while opening; afterwards each call waits at most
        `busy_timeout` seconds for a lock (short: a click has 3 seconds) and then raises
        StorageBusy.

        StorageError if the database cannot be used (a folder, not SQLite, another
        program's database, a server that cannot be reached); StorageBusy if it stayed
        locked for `open_timeout`; SchemaTooNewError if a newer bot wrote it. `clock`
        stamps sessions (tests may pass a fake one). Matches keep their move logs (replays,
        reviews) for `keep_moves_days` days (None: for ever).
        """
        where = os.fspath(location)
        db: Database
        if is_postgres_url(where):
            db = await PostgresDatabase.open(where, busy_timeout, open_timeout)
        else:
            db = await SQLiteDatabase.open(where, busy_timeout, open_timeout)
        return cls(db, clock, keep_moves_days)

    @property
    def path(self) -> str:
        """The SQLite file, or the PostgreSQL URL without its password."""
        return self._where

    @property
    def backend(self) -> str:
        """ "postgresql" or "sqlite"."""
        return "postgresql" if isinstance(self._db, PostgresDatabase) else "sqlite"

    async def ping(self) -> None:
        """One trivial query: StorageError unless the database answers."""
        async with self._use("reach the database") as db:
            await db.fetchone("SELECT 1")

    async def size_bytes(self) -> int:
        """The room the database takes (SQLite: its pages; PostgreSQL: the whole database)."""
        async with self._use("measure the database") as db:
            if isinstance(db, PostgresDatabase):
                row = await db.fetchone("SELECT pg_database_size(current_database())")
            else:
                row = await db.fetchone(
                    "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size"
                )
        return int(row[0]) if row else 0

    @property
    def schema_version(self) -> int:
        """The schema version of the open database (always migrations.LATEST_VERSION)."""
        return LATEST_VERSION

    async def close(self) -> None:
        """Close the database; later calls raise StorageError. Closing twice is harmless."""
        async with self._lock:
            db, self._db = self._db, None
            if db is not None:
                await db.close()

    @asynccontextmanager
    async def _use(self, action: str) -> AsyncIterator[Database]:
        """The database, to itself, with the driver's errors told as StorageError."""
        async with self._lock:
            if self._db is None:
                raise StorageError(f"The database is closed, so the bot could not {action}.")
            db = self._db
            try:
                yield db
            except Exception as exc:
                error = db.storage_error(exc, action)
                if error is None:
                    raise
                raise error from exc

    # Live sessions ----------------------------------------------------------------------

    async def save_session(
        self,
        session_id: str,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        state: dict | Encoded,
        *,
        live: bool = True,
        meta: dict | None = None,
    ) -> None:
        """Insert or replace a session (kind "lobby", "challenge" or "game"); committed.

        `state` and `meta` must be JSON-able dicts (`state` may be one already `encode`d);
        they come back as JSON gives them (lists for tuples, string keys). meta None keeps
        the saved meta ({} for a new session).
        A channel has at most one live session: ChannelTaken, and nothing saved, if another
        session is live there and this one is saved live. live=False frees the channel.
        """
        async with self._use("save the game") as db:
            now = self._clock()
            await sessions.save(
                db, session_id, guild_id, channel_id, kind, state, now, live=live, meta=meta
            )

    async def save_meta(self, session_id: str, meta: dict) -> None:
        """Replace only the session's meta (message ids, post times); no-op if it is gone."""
        async with self._use("save the game's details") as db:
            await sessions.save_meta(db, session_id, meta)

    async def get_session(self, session_id: str) -> SessionRow | None:
        async with self._use("read a saved game") as db:
            try:
                return await sessions.get(db, session_id)
            except ValueError as exc:
                raise StorageError(f"The saved state of {session_id} is damaged.") from exc

    async def load_sessions(self, shards: Shards | None = None) -> Iterator[SessionRow]:
        """All saved sessions, or those of the servers on `shards`, first saved first, each
        decoded when reached (damaged rows are logged and skipped)."""
        async with self._use("load the saved games") as db:
            return await sessions.load_all(db, shards)

    async def delete_session(self, session_id: str) -> None:
        async with self._use("delete a saved game") as db:
            await sessions.delete(db, session_id)

    # Tournaments ------------------------------------------------------------------------

    async def save_tournament(
        self,
        tournament_id: str,
        guild_id: int | None,
        channel_id: int,
        state: dict,
        *,
        live: bool,
        places: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Insert or replace a tournament; `places` (user id, place) once it has ended."""
        async with self._use("save the tournament") as db:
            await tournaments.save(
                db, tournament_id, guild_id, channel_id, state, self._clock(), live=live,
                places=places,
            )  # fmt: skip

    async def live_tournaments(self, shards: Shards | None = None) -> list[dict]:
        async with self._use("load the tournaments") as db:
            return await tournaments.live(db, shards)

    async def finished_tournaments(self, guild_id: int, limit: int = 10) -> list[dict]:
        async with self._use("read the past tournaments") as db:
            return await tournaments.finished(db, guild_id, limit)

    async def tournament_titles(self, user_id: int, guild_id: int | None) -> int:
        async with self._use("read the tournament titles") as db:
            return await tournaments.titles(db, user_id, guild_id)

    # Server and player settings, the bot's own state -----------------------------------

    async def get_guild_config(self, guild_id: int) -> dict:
        """The server's settings, {} when nothing is set."""
        async with self._use("read the server settings") as db:
            return await settings.get_config(db, SettingsKind.GUILD, guild_id)

    async def get_guild_configs(self, guild_ids: Iterable[int]) -> dict[int, dict]:
        """Many servers' settings at once (a restart's live tables); nothing set: left out."""
        async with self._use("read the server settings") as db:
            return await settings.get_configs(db, SettingsKind.GUILD, guild_ids)

    async def set_guild_config(self, guild_id: int, **values) -> dict:
        """Merge JSON-able `values` into the settings (None removes a key); the new settings."""
        async with self._use("save the server settings") as db:
            return await settings.set_config(
                db, SettingsKind.GUILD, guild_id, values, self._clock()
            )

    async def get_player_config(self, user_id: int) -> dict:
        """The player's own settings, {} when nothing is set."""
        async with self._use("read the player's settings") as db:
            return await settings.get_config(db, SettingsKind.PLAYER, user_id)

    async def get_player_configs(self, user_ids: Iterable[int]) -> dict[int, dict]:
        """Many players' own settings at once; a player with nothing set is left out."""
        async with self._use("read the player's settings") as db:
            return await settings.get_configs(db, SettingsKind.PLAYER, user_ids)

    async def set_player_config(self, user_id: int, **values) -> dict:
        """Merge JSON-able `values` into the player's settings (None removes a key)."""
        async with self._use("save the player's settings") as db:
            return await settings.set_config(
                db, SettingsKind.PLAYER, user_id, values, self._clock()
            )

    async def get_bot_state(self, key: str) -> str | None:
        """A value the bot keeps for itself (e.g. the last command sync), None if never set."""
        async with self._use("read the bot's state") as db:
            return await settings.get_state(db, key)

    async def set_bot_state(self, key: str, value: str) -> None:
        async with self._use("save the bot's state") as db:
            await settings.set_state(db, key, value, self._clock())

    # Finished matches -------------------------------------------------------------------

    async def record_match(self, match: MatchRecord, season: Season | None = None) -> None:
        """Record a finished match; recording the same match_id again does nothing.

        A match in a server counts in `season` too (stored when its first match is).

        An abandoned match (outcome MatchOutcome.ABANDONED) is kept with its seats but
        counts in no total or ranking.

        ValueError for an inconsistent record (players not 2 or 4, a result count other than
        `players`, a seat twice, one user in two seats).
        """
        now = self._clock()
        due = self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY
        async with self._use("record the match") as db:
            await records.record(db, match, self._keep_moves_after() if due else None, season)
        if due:
            self._pruned_at = now

    def _keep_moves_after(self) -> float | None:
        """Move logs of matches finished before this time are pruned (None: kept for ever)."""
        if self.keep_moves_days is None:
            return None
        return self._clock() - self.keep_moves_days * _DAY

    async def prune_move_logs(self) -> int:
        """Forget the move logs older than the retention period now; how many were forgotten.
        (Recording a match prunes too: this is for a bot that records nothing for a while.)"""
        after = self._keep_moves_after()
        if after is None:
            return 0
        async with self._use("forget old move logs") as db:
            return await records.prune_moves(db, after)

    async def match_log(self, match_id: str) -> MatchLog | None:
        """What rebuilds a recorded match (seed, rules, seats, moves); None if the match is
        unknown or its move log was not kept (recorded before v6, or pruned)."""
        async with self._use("read the match's moves") as db:
            return await records.match_log(db, match_id)

    async def _record_matches_bulk(
        self,
        matches: Iterable[MatchRecord],
        season_of: Callable[[MatchRecord], Season | None] = lambda _: None,
    ) -> None:
        """Internal, for benchmarks and imports: many matches in one transaction, with the
        player totals recomputed once at the end. Same result as record_match for each
        (with its `season_of`)."""
        async with self._use("import matches") as db:
            await records.record_many(db, matches, season_of)
            await db.bulk_loaded()

    async def leaderboard(
        self,
        guild_id: int | None,
        sort: str = "wins",
        with_bots: bool = False,
        limit: int = 10,
        offset: int = 0,
        min_matches: int = 5,
        season_id: int | None = None,
    ) -> list[LeaderboardRow]:
        """A page of the ranking of one server (None: all servers), or of one of its
        seasons when `season_id` is given.

        sort "wins": matches won, then win rate, then points; "win_rate": only players with
        at least `min_matches` matches, then wins; "points": total points, then wins.
        with_bots=False ranks human-only matches, True only matches that had bots. Bot seats
        never appear. ValueError for an unknown sort or a negative limit/offset.
        """
        async with self._use("read the leaderboard") as db:
            return await leaderboard.ranking(
                db, _scope(guild_id, season_id), sort, with_bots, limit, offset, min_matches
            )

    async def leaderboard_size(
        self,
        guild_id: int | None,
        sort: str = "wins",
        with_bots: bool = False,
        min_matches: int = 5,
        season_id: int | None = None,
    ) -> int:
        """How many rows the same ranking has (min_matches only counts for "win_rate")."""
        async with self._use("read the leaderboard") as db:
            return await leaderboard.ranking_size(
                db, _scope(guild_id, season_id), sort, with_bots, min_matches
            )

    async def player_stats(
        self, user_id: int, guild_id: int | None = None, rules: str | None = None
    ) -> PlayerStats | None:
        """The player's totals in one server (None: all servers), over the matches of one
        rule set when `rules` names one ("quito", "cuenca", "house", "custom"); None if the
        player has no match there. Abandoned matches are only counted in `abandoned`."""
        async with self._use("read the player's statistics") as db:
            return await leaderboard.player_stats(db, user_id, guild_id, rules)

    # Ratings and history ----------------------------------------------------------------

    async def rate_match(self, match: MatchRecord, rater: Rater) -> list[RatingChange]:
        """Rate a recorded match (in its server and in all servers) with what `rater` makes
        of the humans' current skills (a newcomer is missing from what it is given); the
        changes in the match's server (all servers outside one). Rating a match again
        changes nothing and gives the same changes back."""
        async with self._use("rate the match") as db:
            return await ratings.rate(db, match, rater, self._clock())

    async def _rate_matches_bulk(
        self, matches: Iterable[MatchRecord], rater_for: Callable[[MatchRecord], Rater]
    ) -> None:
        """Internal, for benchmarks and imports: rate recorded matches in order, in one
        transaction, into a database without ratings (same result as rate_match each)."""
        async with self._use("import ratings") as db:
            await ratings.rate_many(db, matches, rater_for)
            await db.bulk_loaded()

    async def rating_leaderboard(
        self,
        guild_id: int | None,
        with_bots: bool = False,
        players: int = 2,
        limit: int = 10,
        offset: int = 0,
        season_id: int | None = None,
    ) -> list[RatingRow]:
        """A page of a rating ranking (1 vs 1: players 2; 2 vs 2: 4), by conservative value;
        of one season of the server when `season_id` is given."""
        scope = _scope(guild_id, season_id)
        async with self._use("read the leaderboard") as db:
            return await ratings.ranking(db, scope, with_bots, players, limit, offset)

    async def rating_leaderboard_size(
        self,
        guild_id: int | None,
        with_bots: bool = False,
        players: int = 2,
        season_id: int | None = None,
    ) -> int:
        scope = _scope(guild_id, season_id)
        async with self._use("read the leaderboard") as db:
            return await ratings.ranking_size(db, scope, with_bots, players)

    async def player_ratings(
        self,
        user_id: int,
        guild_id: int | None,
        season_id: int | None = None,
        ranking: tuple[bool, int] | None = None,
    ) -> list[RatingRow]:
        """The player's ratings in one server (None: all), or in one season, with rank and
        recent trend; of one `ranking` (with_bots, players) only, if given."""
        scope = _scope(guild_id, season_id)
        async with self._use("read the player's ratings") as db:
            return await ratings.player_ratings(db, user_id, scope, ranking)

    async def best_win(
        self, user_id: int, guild_id: int | None
    ) -> tuple[HistoryEntry, float] | None:
        """The player's rated win over the strongest opponents, and their strength then."""
        async with self._use("read the player's ratings") as db:
            best = await ratings.best_win(db, user_id, guild_id)
            if best is None:
                return None
            found = await history.entry(db, user_id, guild_id, best[0])
            return None if found is None else (found, best[1])

    async def history(
        self, user_id: int, guild_id: int | None, limit: int = 5, offset: int = 0
    ) -> list[HistoryEntry]:
        """A page of the player's matches in one server (None: all), newest first."""
        async with self._use("read the match history") as db:
            return await history.page(db, user_id, guild_id, limit, offset)

    async def history_size(self, user_id: int, guild_id: int | None) -> int:
        async with self._use("read the match history") as db:
            return await history.size(db, user_id, guild_id)

    async def history_entry(
        self, user_id: int, guild_id: int | None, match_id: str
    ) -> HistoryEntry | None:
        """One match of the player's history; None if they did not play it."""
        async with self._use("read the match history") as db:
            return await history.entry(db, user_id, guild_id, match_id)

    # Puzzles (db/puzzles.py) -------------------------------------------------------------

    async def add_puzzles(self, found: list[StoredPuzzle], mined: Sequence[str] = ()) -> int:
        """Keep new puzzles, and mark the matches `mined` as searched; how many were new."""
        async with self._use("keep the puzzles") as db:
            added = await puzzles.add_puzzles(db, found, self._clock())
            await puzzles.mark_mined(db, list(mined), self._clock())
            return added

    async def puzzle(self, puzzle_id: str) -> StoredPuzzle | None:
        async with self._use("read a puzzle") as db:
            return await puzzles.get_puzzle(db, puzzle_id)

    async def puzzle_counts(self, guild_id: int) -> dict[str, int]:
        """The puzzles the server has not yet had as a day's, per difficulty (its stock)."""
        async with self._use("count the puzzles") as db:
            return await puzzles.count_puzzles(db, guild_id)

    async def practice_puzzle(
        self, guild_id: int, user_id: int, difficulty: str, since_day: int, pick: float
    ) -> StoredPuzzle | None:
        """A practice puzzle the player has not seen, no day's puzzle from `since_day` on,
        now marked as seen (db/puzzles.py); None when none is left."""
        async with self._use("read a puzzle") as db:
            return await puzzles.practice_puzzle(
                db, guild_id, user_id, difficulty, since_day, pick, self._clock()
            )

    async def mark_puzzle_seen(self, guild_id: int, user_id: int, puzzle_id: str) -> None:
        async with self._use("remember a puzzle seen") as db:
            await puzzles.mark_seen(db, guild_id, user_id, puzzle_id, self._clock())

    async def practice_total(self, guild_id: int, difficulty: str) -> int:
        async with self._use("count the puzzles") as db:
            return await puzzles.practice_total(db, guild_id, difficulty)

    async def unmined_matches(self, guild_id: int, limit: int) -> list[str]:
        async with self._use("find matches for puzzles") as db:
            return await puzzles.unmined_matches(db, guild_id, limit)

    async def set_puzzle_server(self, server: PuzzleServer | None, guild_id: int) -> None:
        """Turn a server's daily post on (or change it), or off with None."""
        async with self._use("save the daily puzzle settings") as db:
            if server is None:
                await puzzles.remove_server(db, guild_id)
            else:
                await puzzles.set_server(db, server, self._clock())

    async def puzzle_servers(self, guild_id: int | None = None) -> list[PuzzleServer]:
        async with self._use("read the daily puzzle settings") as db:
            return await puzzles.servers(db, guild_id)

    async def puzzle_day(self, guild_id: int, day: int) -> PuzzleDay | None:
        async with self._use("read the puzzle of the day") as db:
            return await puzzles.get_day(db, guild_id, day)

    async def choose_puzzle_day(
        self, guild_id: int, day: int, difficulty: str | None
    ) -> PuzzleDay | None:
        """The server's puzzle of `day`: the one chosen already, else a puzzle it never had
        (of `difficulty` if there is one, else any), now saved as that day's; None if the
        server has had every puzzle there is."""
        async with self._use("choose the puzzle of the day") as db, db.transaction():
            chosen = await puzzles.get_day(db, guild_id, day)
            if chosen is not None:
                return chosen
            found = await puzzles.unused_puzzle(db, guild_id, difficulty)
            if found is None and difficulty is not None:
                found = await puzzles.unused_puzzle(db, guild_id, None)
            if found is None:
                return None
            return await puzzles.choose_day(db, guild_id, day, found.puzzle_id)

    async def puzzle_posted(self, guild_id: int, day: int, message_id: int) -> None:
        async with self._use("save the puzzle post") as db:
            await puzzles.set_posted(db, guild_id, day, message_id)

    async def puzzle_day_results(self, guild_id: int, day: int) -> tuple[int, int]:
        async with self._use("count the answers") as db:
            return await puzzles.day_results(db, guild_id, day)

    async def record_puzzle_attempt(
        self,
        guild_id: int,
        day: int,
        user_id: int,
        puzzle_id: str,
        move: str,
        solved: bool,
        rater: PuzzleRater | None = None,
    ) -> PuzzleAttempt:
        """Count a player's answer to the puzzle of `day` (only the first counts), rated
        by `rater` (db/puzzles.py)."""
        async with self._use("save your answer") as db:
            answer = PuzzleAnswer(guild_id, day, user_id, puzzle_id, move, solved)
            return await puzzles.record_attempt(db, answer, self._clock(), rater)

    async def share_puzzle_result(
        self, guild_id: int, day: int, user_id: int, shared: bool = True
    ) -> tuple[bool, int] | None:
        """Mark the player's answer of `day` shared (or not again, after a failed post):
        (solved, streak) when this call changed it, else None (db/puzzles.py)."""
        async with self._use("save your share") as db:
            return await puzzles.claim_share(db, guild_id, day, user_id, shared)

    async def puzzle_rating(self, puzzle_id: str) -> tuple[Skill, int, int] | None:
        """A puzzle's rating, its counted tries and solves (None: never tried)."""
        async with self._use("read the puzzle's rating") as db:
            return await puzzles.puzzle_skill(db, puzzle_id)

    async def puzzle_standing(
        self, guild_id: int, user_id: int, today: int
    ) -> PuzzleStanding | None:
        async with self._use("read the puzzle record") as db:
            return await puzzles.standing(db, guild_id, user_id, today)

    async def puzzle_ranking_size(self, guild_id: int) -> int:
        async with self._use("read the puzzle ranking") as db:
            return await puzzles.players(db, guild_id)

    async def puzzle_ranking(
        self, guild_id: int, today: int, limit: int = 10
    ) -> list[PuzzleStanding]:
        async with self._use("read the puzzle ranking") as db:
            return await puzzles.ranking(db, guild_id, today, limit)

    # Seasons ----------------------------------------------------------------------------

    async def season(self, guild_id: int, key: str) -> SeasonRow | None:
        """The server's season of that key, None if no match was recorded in it."""
        async with self._use("read the season") as db:
            return await seasons.by_key(db, guild_id, key)

    async def season_by_id(self, season_id: int) -> SeasonRow | None:
        async with self._use("read the season") as db:
            return await seasons.by_id(db, season_id)

    async def seasons(self, guild_id: int, limit: int = 25) -> list[SeasonRow]:
        """The server's seasons that had matches, the latest first."""
        async with self._use("read the seasons") as db:
            return await seasons.of_guild(db, guild_id, limit)

    async def seasons_due(self, now: float) -> list[SeasonRow]:
        """The seasons ended by `now` and not announced yet, the first ended first."""
        async with self._use("read the seasons") as db:
            return await seasons.due(db, now)

    async def next_season_end(self, now: float) -> float | None:
        """When the next season still open at `now` ends; None: there is none."""
        async with self._use("read the seasons") as db:
            return await seasons.next_end(db, now)

    async def archive_season(self, season_id: int, now: float) -> SeasonRow | None:
        """Archive an ended season with its podium (once); the season as stored."""
        async with self._use("archive the season") as db:
            return await seasons.archive(db, season_id, now)

    async def retime_season(self, season_id: int, starts_at: float, ends_at: float) -> None:
        """Move a season not yet archived to new bounds (the server's zone changed)."""
        async with self._use("move the season") as db:
            await seasons.retime(db, season_id, starts_at, ends_at)

    async def mark_season_announced(self, season_id: int) -> None:
        async with self._use("note the season's announcement") as db:
            await seasons.mark_announced(db, season_id)

    async def season_of_match(self, match_id: str) -> SeasonRow | None:
        async with self._use("read the season") as db:
            season_id = await seasons.of_match(db, match_id)
            return None if season_id is None else await seasons.by_id(db, season_id)

    # Logros -----------------------------------------------------------------------------

    async def save_logros(
        self, match_id: str, feats: Iterable[MatchFeats], earned: Iterable[Logro], announced: bool
    ) -> None:
        """Save a match's feats and the logros it earned (those not earned before), in one
        transaction; `announced`: mark them told (a backfill tells nothing)."""
        async with self._use("save the logros") as db, db.transaction():
            await logros.save_feats(db, ((match_id, f) for f in feats))
            await logros.award(db, earned, announced)

    async def _import_logros(
        self, feats: Iterable[tuple[str, MatchFeats]], earned: Iterable[Logro]
    ) -> None:
        """Internal, for benchmarks and imports: many matches' feats and logros (told) in
        one transaction; the same result as save_logros for each match."""
        async with self._use("import logros") as db:
            async with db.transaction():
                await logros.save_feats(db, feats)
                await logros.award(db, earned, announced=True)
            await db.bulk_loaded()

    async def award_logros(self, earned: Iterable[Logro], announced: bool) -> None:
        """Award logros earned outside a match (a season's podium); once each."""
        async with self._use("save the logros") as db:
            await logros.award(db, earned, announced)

    async def logros_to_announce(self, match_id: str) -> tuple[int | None, list[Logro]]:
        """The match's channel, and its logros not told yet."""
        async with self._use("read the logros") as db:
            return await logros.to_announce(db, match_id)

    async def matches_with_logros_to_announce(self) -> list[str]:
        async with self._use("read the logros") as db:
            return await logros.matches_to_announce(db)

    async def mark_logros_announced(self, match_id: str) -> None:
        async with self._use("note the logros' announcement") as db:
            await logros.mark_announced(db, match_id)

    async def player_logros(self, user_id: int) -> list[Logro]:
        """The player's logros, the first earned first."""
        async with self._use("read the logros") as db:
            return await logros.of_player(db, user_id)

    async def matches_to_scan(
        self, before: float, after: tuple[float, str] = (0.0, ""), limit: int = 200
    ) -> list[tuple[float, str]]:
        """Matches recorded before `before` whose move logs were never scanned for logros,
        after the cursor `after` (finished_at, match_id), oldest first."""
        async with self._use("read the matches to scan") as db:
            return await logros.unscanned(db, before, after, limit)

    async def logro_counts(self, user_id: int, season_id: int | None) -> Mapping[str, int]:
        """A player's wins, caídas and matches (all servers) and matches in the season."""
        scope = None if season_id is None else seasons.scope(season_id)
        async with self._use("read the player's counts") as db:
            return await logros.counts(db, user_id, scope)

    # Aprender (lessons, first-time moments) ----------------------------------------------

    async def lesson_stars(self, user_id: int) -> dict[str, int]:
        """The player's best stars per finished lesson (lesson id -> 1..3)."""
        async with self._use("read your lessons") as db:
            return await learn.stars(db, user_id)

    async def record_lesson(self, user_id: int, lesson: str, stars: int) -> int:
        """Keep a finished lesson's stars if better; the stars it had (0: first finish)."""
        async with self._use("save your lesson") as db:
            return await learn.record(db, user_id, lesson, stars, self._clock())

    async def learner(self, user_id: int) -> tuple[int, dict[str, int], dict | None]:
        """A player's finished matches, best stars per lesson and lesson in progress (None:
        none, or its save is damaged), read in one turn of the database: a newcomer's first
        hand, drawn in a crowd of clicks, waits for the database once, not three times."""
        async with self._use("read your lessons") as db:
            finished = await history.size(db, user_id, None)
            stars = await learn.stars(db, user_id)
            try:
                state = await learn.state(db, user_id)
            except ValueError:
                state = None
        return finished, stars, state

    async def lesson_state(self, user_id: int) -> dict | None:
        """The player's lesson in progress (LessonSession.to_dict()), or None."""
        async with self._use("read your lesson") as db:
            try:
                return await learn.state(db, user_id)
            except ValueError as exc:
                raise StorageError(f"The saved lesson of {user_id} is damaged.") from exc

    async def save_lesson_state(self, user_id: int, state: dict | None) -> None:
        """Replace the player's lesson in progress (None: forget it); committed."""
        async with self._use("save your lesson") as db:
            await learn.save_state(db, user_id, state, self._clock())

    async def moments_seen(self, user_id: int) -> set[str]:
        """The first-time moments already told to the player."""
        async with self._use("read your tips") as db:
            return await learn.seen(db, user_id)

    async def mark_moments_seen(self, user_id: int, moments: Iterable[str]) -> set[str]:
        """Mark moments told; the ones not told before (so two calls tell each once)."""
        async with self._use("save your tips") as db:
            return await learn.mark_seen(db, user_id, moments, self._clock())

    # The player's card ------------------------------------------------------------------

    async def rating_curve(
        self,
        user_id: int,
        guild_id: int | None,
        with_bots: bool,
        players: int,
        limit: int = 30,
        season_id: int | None = None,
    ) -> list[CurvePoint]:
        """The player's rating before their last `limit` matches of one ranking, then after
        each (db/cards.py: `limit + 1` points)."""
        scope = _scope(guild_id, season_id)
        async with self._use("read the rating curve") as db:
            return await cards.curve(db, user_id, scope, with_bots, players, limit)

    async def mode_records(self, user_id: int, guild_id: int | None) -> list[ModeRecord]:
        async with self._use("read the player's statistics") as db:
            return await cards.mode_records(db, user_id, guild_id)

    async def head_to_head(
        self, user_id: int, other_id: int, guild_id: int | None
    ) -> tuple[int, int]:
        """The player's (wins, losses) against `other_id`."""
        async with self._use("read the player's statistics") as db:
            return await cards.head_to_head(db, user_id, other_id, guild_id)

    async def player_names(self, user_ids: list[int]) -> dict[int, str]:
        """Each player's name as shown at their latest match (unknown players left out)."""
        async with self._use("read the players' names") as db:
            return await cards.names(db, user_ids)

    async def feat_totals(self, user_id: int, guild_id: int | None) -> tuple[int, int]:
        """The player's (cartones, longest caída run)."""
        async with self._use("read the player's statistics") as db:
            return await cards.feats(db, user_id, guild_id)


def _scope(guild_id: int | None, season_id: int | None) -> int:
    """The scope of a server's rows (0: all servers), or of a season's."""
    return ratings.scope_of(guild_id) if season_id is None else seasons.scope(season_id)
