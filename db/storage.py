"""Storage: the one object the bot talks to for everything it keeps on disk.

One SQLite file in WAL mode with synchronous=NORMAL. Every write is committed before the
call returns, so a move the player saw accepted is in the file. With WAL, NORMAL does not
fsync each commit: a committed write survives the bot's process crashing or being killed;
only a power cut or OS crash can lose the last few commits (the file stays consistent).
All SQL is parameterized. Calls are serialized on the one connection by an asyncio lock,
so one coroutine's transaction never takes in another's statements. A call that finds the
file locked by another connection for longer than `busy_timeout` raises StorageBusy.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager

import aiosqlite

from . import leaderboard, opening, records, sessions, settings
from .errors import StorageError, path_problem, storage_error
from .models import LeaderboardRow, MatchRecord, PlayerStats, SessionRow
from .settings import SettingsKind


class Storage:
    """Sessions, server settings and finished matches in one SQLite file. Use `Storage.open`."""

    def __init__(
        self, conn: aiosqlite.Connection, path: str, version: int, clock: Callable[[], float]
    ) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self._path = path
        self._version = version
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout: float = 2.0,
        open_timeout: float = 30.0,
        clock: Callable[[], float] = time.time,
    ) -> Storage:
        """Open (or create) the file, check it is the bot's, switch it to WAL and migrate it.

        Nothing in the file changes before it is known to be the bot's. Other processes'
        locks are waited out for up to `open_timeout` seconds while opening; afterwards each
        call waits at most `busy_timeout` seconds for a lock (short: a click has 3 seconds)
        and then raises StorageBusy.

        StorageError if the file cannot be used (a folder, not SQLite, another program's
        database); StorageBusy if it stayed locked for `open_timeout`; SchemaTooNewError if
        a newer bot wrote it. `clock` stamps sessions (tests may pass a fake one).
        """
        path = os.fspath(path)
        problem = path_problem(path)  # checked first: SQLite would only say "unable to open"
        if problem:
            raise StorageError(problem)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
        except sqlite3.Error as exc:
            raise storage_error(exc, path, "open the database") from exc
        try:
            version = await opening.prepare(conn, path, open_timeout)
            await opening.set_busy_timeout(conn, busy_timeout)
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            await conn.close()
            raise storage_error(exc, path, "open the database") from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path, version, clock)

    @property
    def path(self) -> str:
        return self._path

    @property
    def schema_version(self) -> int:
        """The schema version of the open file (always migrations.LATEST_VERSION)."""
        return self._version

    async def close(self) -> None:
        """Close the file; later calls raise StorageError. Closing twice is harmless."""
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.close()

    @asynccontextmanager
    async def _use(self, action: str) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, to itself, with SQLite's errors told as StorageError."""
        async with self._lock:
            if self._conn is None:
                raise StorageError(f"The database is closed, so the bot could not {action}.")
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise storage_error(exc, self._path, action) from exc

    # Live sessions ----------------------------------------------------------------------

    async def save_session(
        self,
        session_id: str,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        state: dict,
        *,
        live: bool = True,
        meta: dict | None = None,
    ) -> None:
        """Insert or replace a session (kind "lobby", "challenge" or "game"); committed.

        `state` and `meta` must be JSON-able dicts; they come back as JSON gives them (lists
        for tuples, string keys). meta None keeps the saved meta ({} for a new session).
        A channel has at most one live session: ChannelTaken, and nothing saved, if another
        session is live there and this one is saved live. live=False frees the channel.
        """
        async with self._use("save the game") as conn:
            now = self._clock()
            await sessions.save(
                conn, session_id, guild_id, channel_id, kind, state, now, live=live, meta=meta
            )

    async def save_meta(self, session_id: str, meta: dict) -> None:
        """Replace only the session's meta (message ids, post times); no-op if it is gone."""
        async with self._use("save the game's details") as conn:
            await sessions.save_meta(conn, session_id, meta)

    async def get_session(self, session_id: str) -> SessionRow | None:
        async with self._use("read a saved game") as conn:
            try:
                return await sessions.get(conn, session_id)
            except ValueError as exc:
                raise StorageError(f"The saved state of {session_id} is damaged.") from exc

    async def load_sessions(self) -> list[SessionRow]:
        """All saved sessions, first saved first (damaged rows are logged and skipped)."""
        async with self._use("load the saved games") as conn:
            return await sessions.load_all(conn)

    async def delete_session(self, session_id: str) -> None:
        async with self._use("delete a saved game") as conn:
            await sessions.delete(conn, session_id)

    # Server and player settings, the bot's own state -----------------------------------

    async def get_guild_config(self, guild_id: int) -> dict:
        """The server's settings, {} when nothing is set."""
        async with self._use("read the server settings") as conn:
            return await settings.get_config(conn, SettingsKind.GUILD, guild_id)

    async def set_guild_config(self, guild_id: int, **values) -> dict:
        """Merge JSON-able `values` into the settings (None removes a key); the new settings."""
        async with self._use("save the server settings") as conn:
            return await settings.set_config(
                conn, SettingsKind.GUILD, guild_id, values, self._clock()
            )

    async def get_player_config(self, user_id: int) -> dict:
        """The player's own settings, {} when nothing is set."""
        async with self._use("read the player's settings") as conn:
            return await settings.get_config(conn, SettingsKind.PLAYER, user_id)

    async def set_player_config(self, user_id: int, **values) -> dict:
        """Merge JSON-able `values` into the player's settings (None removes a key)."""
        async with self._use("save the player's settings") as conn:
            return await settings.set_config(
                conn, SettingsKind.PLAYER, user_id, values, self._clock()
            )

    async def get_bot_state(self, key: str) -> str | None:
        """A value the bot keeps for itself (e.g. the last command sync), None if never set."""
        async with self._use("read the bot's state") as conn:
            return await settings.get_state(conn, key)

    async def set_bot_state(self, key: str, value: str) -> None:
        async with self._use("save the bot's state") as conn:
            await settings.set_state(conn, key, value, self._clock())

    # Finished matches -------------------------------------------------------------------

    async def record_match(self, match: MatchRecord) -> None:
        """Record a finished match; recording the same match_id again does nothing.

        An abandoned match (outcome MatchOutcome.ABANDONED) is kept with its seats but
        counts in no total or ranking.

        ValueError for an inconsistent record (players not 2 or 4, a result count other than
        `players`, a seat twice, one user in two seats).
        """
        async with self._use("record the match") as conn:
            await records.record(conn, match)

    async def _record_matches_bulk(self, matches: Iterable[MatchRecord]) -> None:
        """Internal, for benchmarks and imports: many matches in one transaction, with the
        player totals recomputed once at the end. Same result as record_match for each."""
        async with self._use("import matches") as conn:
            await records.record_many(conn, matches)

    async def leaderboard(
        self,
        guild_id: int | None,
        sort: str = "wins",
        with_bots: bool = False,
        limit: int = 10,
        offset: int = 0,
        min_matches: int = 5,
    ) -> list[LeaderboardRow]:
        """A page of the ranking of one server (None: all servers).

        sort "wins": matches won, then win rate, then points; "win_rate": only players with
        at least `min_matches` matches, then wins; "points": total points, then wins.
        with_bots=False ranks human-only matches, True only matches that had bots. Bot seats
        never appear. ValueError for an unknown sort or a negative limit/offset.
        """
        async with self._use("read the leaderboard") as conn:
            return await leaderboard.ranking(
                conn, guild_id, sort, with_bots, limit, offset, min_matches
            )

    async def leaderboard_size(
        self,
        guild_id: int | None,
        sort: str = "wins",
        with_bots: bool = False,
        min_matches: int = 5,
    ) -> int:
        """How many rows the same ranking has (min_matches only counts for "win_rate")."""
        async with self._use("read the leaderboard") as conn:
            return await leaderboard.ranking_size(conn, guild_id, sort, with_bots, min_matches)

    async def player_stats(
        self, user_id: int, guild_id: int | None = None, rules: str | None = None
    ) -> PlayerStats | None:
        """The player's totals in one server (None: all servers), over the matches of one
        rule set when `rules` names one ("quito", "cuenca", "house", "custom"); None if the
        player has no match there. Abandoned matches are only counted in `abandoned`."""
        async with self._use("read the player's statistics") as conn:
            return await leaderboard.player_stats(conn, user_id, guild_id, rules)
