"""The versioned schema: every migration ever shipped, applied in order at start-up.

The version lives in `PRAGMA user_version`; version N is the file after MIGRATIONS[N - 1].
Shipped migrations are history: never edit one, append a new one.

- v1: live sessions (lobbies, challenges, games in progress) and server settings.
- v2: finished matches, one row per seat, with an index to find a player's matches.
- v3: per-player totals per scope (a server, or 0 for all servers) and per ranking
  (human-only or with bots), indexed for each leaderboard sort; filled from v2's matches.
- v4: sessions get `live` (at most one live session per channel, by a partial unique index)
  and `meta` (small JSON details kept apart from the state); existing rows are marked live
  from their saved state.
- v5: per-player settings; matches keep how they ended (`outcome`: abandoned ones count in
  no total) and their rule options (`rule_options`, old rows filled from their preset's
  name); `bot_state`, a few values of the bot's own (e.g. the hash of the last command sync).
- v6: casual matches (hints were available: kept out of the human-only rankings); each seat
  keeps its bot level and name, and the match's time and server (a player's history is read
  from one index); `match_moves`, the seed and move list that rebuild a match (kept for a
  retention period; older matches have none); skill ratings per scope, ranking and table
  size (`ratings`) and each rated match's changes (`rating_changes`, which also makes
  rating a match idempotent).
- v7–v11: see the comment above each.
- v12: Aprender: lessons' stars, the lesson in progress, first-time moments seen.
- v13: the puzzles each player was shown for practice; a daily post's time zone.
"""

from __future__ import annotations

import aiosqlite

from .errors import SchemaTooNewError, StorageError
from .transactions import transaction

APPLICATION_ID = 0x43343021  # "C40!" in the file header: this file belongs to the Cuarenta bot

GLOBAL_SCOPE = 0  # player_totals.scope for "all servers" (no Discord id is 0)

# player_totals.with_bots, the ranking a match counts in (v6 added the casual one): human-only
# matches, matches with bots, and casual human-only matches (counted in no ranking, only in
# the players' statistics).
POOL_HUMANS, POOL_BOTS, POOL_CASUAL = 0, 1, 2

_V1 = (
    f"PRAGMA application_id = {APPLICATION_ID}",
    """CREATE TABLE sessions (
        session_id TEXT PRIMARY KEY,
        guild_id   INTEGER,
        channel_id INTEGER NOT NULL,
        kind       TEXT NOT NULL,
        state      TEXT NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    )""",
    "CREATE INDEX sessions_by_age ON sessions (created_at, session_id)",
    """CREATE TABLE guild_config (
        guild_id   INTEGER PRIMARY KEY,
        config     TEXT NOT NULL,
        updated_at REAL NOT NULL
    )""",
)

_V2 = (
    """CREATE TABLE matches (
        match_id    TEXT PRIMARY KEY,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        rules       TEXT NOT NULL,
        players     INTEGER NOT NULL,
        with_bots   INTEGER NOT NULL,
        winner_side INTEGER NOT NULL
    )""",
    "CREATE INDEX matches_by_guild ON matches (guild_id, finished_at)",
    """CREATE TABLE match_players (
        match_id            TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        seat                INTEGER NOT NULL,
        user_id             INTEGER,
        side                INTEGER NOT NULL,
        won                 INTEGER NOT NULL,
        chicas_won          INTEGER NOT NULL,
        chicas_lost         INTEGER NOT NULL,
        points              INTEGER NOT NULL,
        caidas              INTEGER NOT NULL,
        limpias             INTEGER NOT NULL,
        rondas              INTEGER NOT NULL,
        zapaterias_given    INTEGER NOT NULL,
        zapaterias_suffered INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
    )""",
    """CREATE INDEX match_players_by_user ON match_players (user_id, match_id)
        WHERE user_id IS NOT NULL""",
)


def _rebuild_player_totals(
    counted: str, pool: str = "m.with_bots", seat: str = "p.*"
) -> tuple[str, ...]:
    """Statements that recompute player_totals from the seats of the matches `counted` keeps
    (an SQL condition on `m`, the match), each in the ranking `pool` gives (an SQL column
    named with_bots); `seat` selects the seat's columns the totals sum."""
    return (
        "DELETE FROM player_totals",
        f"""INSERT INTO player_totals (
        scope, with_bots, user_id, matches, wins, win_rate, points, chicas_won, chicas_lost,
        caidas, limpias, rondas, zapaterias_given, zapaterias_suffered)
    SELECT scope, with_bots, user_id, COUNT(*), SUM(won), CAST(SUM(won) AS REAL) / COUNT(*),
        SUM(points), SUM(chicas_won), SUM(chicas_lost), SUM(caidas), SUM(limpias),
        SUM(rondas), SUM(zapaterias_given), SUM(zapaterias_suffered)
    FROM (
        SELECT m.guild_id AS scope, {pool}, {seat}
        FROM match_players AS p JOIN matches AS m USING (match_id)
        WHERE p.user_id IS NOT NULL AND m.guild_id IS NOT NULL{counted}
        UNION ALL
        SELECT 0 AS scope, {pool}, {seat}
        FROM match_players AS p JOIN matches AS m USING (match_id)
        WHERE p.user_id IS NOT NULL{counted}
    )
    GROUP BY scope, with_bots, user_id""",
    )


# v3 filled player_totals from every match (there was no outcome yet).
REBUILD_PLAYER_TOTALS_V3 = _rebuild_player_totals("")
_V3 = (
    """CREATE TABLE player_totals (
        scope               INTEGER NOT NULL,
        with_bots           INTEGER NOT NULL,
        user_id             INTEGER NOT NULL,
        matches             INTEGER NOT NULL,
        wins                INTEGER NOT NULL,
        win_rate            REAL NOT NULL,
        points              INTEGER NOT NULL,
        chicas_won          INTEGER NOT NULL,
        chicas_lost         INTEGER NOT NULL,
        caidas              INTEGER NOT NULL,
        limpias             INTEGER NOT NULL,
        rondas              INTEGER NOT NULL,
        zapaterias_given    INTEGER NOT NULL,
        zapaterias_suffered INTEGER NOT NULL,
        PRIMARY KEY (scope, with_bots, user_id)
    ) WITHOUT ROWID""",
    # Covering indexes, one per ranking sort: a page and the win-rate minimum are read
    # from the index alone, whatever the number of players skipped.
    """CREATE INDEX totals_by_wins ON player_totals (scope, with_bots, wins DESC, win_rate DESC,
        points DESC, user_id, matches, chicas_won, chicas_lost)""",
    """CREATE INDEX totals_by_win_rate ON player_totals (scope, with_bots, win_rate DESC,
        wins DESC, points DESC, user_id, matches, chicas_won, chicas_lost)""",
    """CREATE INDEX totals_by_points ON player_totals (scope, with_bots, points DESC, wins DESC,
        user_id, win_rate, matches, chicas_won, chicas_lost)""",
    *REBUILD_PLAYER_TOTALS_V3,
)

_V4 = (
    "ALTER TABLE sessions ADD COLUMN live INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE sessions ADD COLUMN meta TEXT NOT NULL DEFAULT '{}'",
    # Live: every challenge, and lobbies and games still in the lobby or playing. A row whose
    # state is not valid JSON is never restored, so it must not hold its channel either.
    """UPDATE sessions SET live = 1 WHERE CASE WHEN json_valid(state) THEN
        kind = 'challenge' OR (kind IN ('lobby', 'game')
            AND json_extract(state, '$.phase') IN ('lobby', 'playing')) END""",
    # A bug once let two live sessions share a channel: the most recently updated one stays.
    """UPDATE sessions SET live = 0 WHERE live = 1 AND EXISTS (
        SELECT 1 FROM sessions AS newer
        WHERE newer.live = 1 AND newer.channel_id = sessions.channel_id
            AND (newer.updated_at, newer.created_at, newer.session_id)
                > (sessions.updated_at, sessions.created_at, sessions.session_id))""",
    "CREATE UNIQUE INDEX sessions_live_in_channel ON sessions (channel_id) WHERE live = 1",
)

# engine.Rules.to_dict() of each preset when v5 shipped, for the matches recorded before it.
_V5_PRESET_OPTIONS = {
    "quito": '{"sum_cards":2,"caida_limpia_points":2,"ronda_points":2,"doble_ronda":null,'
    '"lock_at":38,"leftovers":"nobody","chicas_to_win":2}',
    "cuenca": '{"sum_cards":2,"caida_limpia_points":4,"ronda_points":2,"doble_ronda":null,'
    '"lock_at":38,"leftovers":"nobody","chicas_to_win":2}',
}

_V5 = (
    """CREATE TABLE player_settings (
        user_id    INTEGER PRIMARY KEY,
        config     TEXT NOT NULL,
        updated_at REAL NOT NULL
    )""",
    "ALTER TABLE matches ADD COLUMN outcome TEXT NOT NULL DEFAULT 'played'",
    "ALTER TABLE matches ADD COLUMN rule_options TEXT NOT NULL DEFAULT '{}'",
    "UPDATE matches SET rule_options = CASE rules "
    + " ".join(f"WHEN '{name}' THEN '{options}'" for name, options in _V5_PRESET_OPTIONS.items())
    + " ELSE rule_options END",
    """CREATE TABLE bot_state (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at REAL NOT NULL
    )""",
)

_V6 = (
    "ALTER TABLE matches ADD COLUMN casual INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE match_players ADD COLUMN bot_level TEXT",
    "ALTER TABLE match_players ADD COLUMN name TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE match_players ADD COLUMN guild_id INTEGER",
    "ALTER TABLE match_players ADD COLUMN finished_at REAL NOT NULL DEFAULT 0",
    """UPDATE match_players SET
        guild_id = (SELECT guild_id FROM matches WHERE matches.match_id = match_players.match_id),
        finished_at = (SELECT finished_at FROM matches
            WHERE matches.match_id = match_players.match_id)""",
    # A player's history, newest first: in all servers, and in one.
    """CREATE INDEX match_players_history ON match_players (user_id, finished_at, match_id)
        WHERE user_id IS NOT NULL""",
    """CREATE INDEX match_players_guild_history
        ON match_players (user_id, guild_id, finished_at, match_id) WHERE user_id IS NOT NULL""",
    """CREATE TABLE match_moves (
        match_id    TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        finished_at REAL NOT NULL,
        seed        INTEGER NOT NULL,
        moves       TEXT NOT NULL
    )""",
    "CREATE INDEX match_moves_by_age ON match_moves (finished_at)",
    """CREATE TABLE ratings (
        scope      INTEGER NOT NULL,
        with_bots  INTEGER NOT NULL,
        players    INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL NOT NULL,
        sigma      REAL NOT NULL,
        rating     REAL NOT NULL,
        matches    INTEGER NOT NULL,
        wins       INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (scope, with_bots, players, user_id)
    ) WITHOUT ROWID""",
    # Covering: a page of a rating ranking is read from the index alone.
    """CREATE INDEX ratings_by_rating ON ratings (scope, with_bots, players, rating DESC,
        user_id, mu, sigma, matches, wins)""",
    """CREATE TABLE rating_changes (
        match_id      TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        scope         INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        with_bots     INTEGER NOT NULL,
        players       INTEGER NOT NULL,
        finished_at   REAL NOT NULL,
        won           INTEGER NOT NULL,
        rating_before REAL NOT NULL,
        rating_after  REAL NOT NULL,
        opponents     REAL NOT NULL,
        PRIMARY KEY (match_id, scope, user_id)
    )""",
    """CREATE INDEX rating_changes_by_user
        ON rating_changes (user_id, scope, finished_at, match_id)""",
)

# Recomputes player_totals from the matches (abandoned ones count in none, casual human-only
# ones in their own pool): the bulk import (records.record_many) uses it instead of one
# upsert per seat.
REBUILD_PLAYER_TOTALS = _rebuild_player_totals(
    " AND m.outcome <> 'abandoned'",
    pool=f"CASE WHEN m.with_bots = 1 THEN {POOL_BOTS} WHEN m.casual = 1 THEN {POOL_CASUAL} "
    f"ELSE {POOL_HUMANS} END AS with_bots",
    seat="p.user_id, p.won, p.points, p.chicas_won, p.chicas_lost, p.caidas, p.limpias, "
    "p.rondas, p.zapaterias_given, p.zapaterias_suffered",
)

# v7: which moves of a player's seat the timer or a bot made for them (MatchLog.stand_ins),
# as "index:who" words separated by spaces.
_V7 = ("ALTER TABLE match_moves ADD COLUMN stand_ins TEXT NOT NULL DEFAULT ''",)

# v8: tournaments (their state as JSON, like a table's), the places people took in them,
# and the tournament a recorded match belongs to.
_V8 = (
    """CREATE TABLE tournaments (
        tournament_id TEXT PRIMARY KEY,
        guild_id      INTEGER,
        channel_id    INTEGER NOT NULL,
        live          INTEGER NOT NULL,
        state         TEXT NOT NULL,
        created_at    REAL NOT NULL,
        updated_at    REAL NOT NULL
    )""",
    "CREATE INDEX tournaments_by_guild ON tournaments (guild_id, live, updated_at)",
    """CREATE TABLE tournament_places (
        tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
        guild_id      INTEGER,
        user_id       INTEGER NOT NULL,
        place         INTEGER NOT NULL,
        finished_at   REAL NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    )""",
    "CREATE INDEX tournament_places_by_user ON tournament_places (user_id, place, guild_id)",
    "ALTER TABLE matches ADD COLUMN tournament_id TEXT",
)

# Puzzles ("¿Qué jugarías?", db/puzzles.py): the puzzles made (from a server's matches, or
# the bots' games: guild_id 0) as JSON; the matches already searched for puzzles; the
# servers' daily post (channel, hour); each server's puzzle of each day, chosen ahead and
# then posted (message_id); each player's one counted answer per day; and per server and
# player, the puzzles solved and the streaks.
_V9 = (
    """CREATE TABLE puzzles (
        puzzle_id  TEXT PRIMARY KEY,
        guild_id   INTEGER NOT NULL,
        user_id    INTEGER,
        difficulty TEXT NOT NULL,
        data       TEXT NOT NULL,
        created_at REAL NOT NULL
    )""",
    "CREATE INDEX puzzles_by_difficulty ON puzzles (guild_id, difficulty, created_at)",
    """CREATE TABLE puzzle_mined (
        match_id TEXT PRIMARY KEY,
        mined_at REAL NOT NULL
    )""",
    """CREATE TABLE puzzle_servers (
        guild_id     INTEGER PRIMARY KEY,
        channel_id   INTEGER NOT NULL,
        hour         INTEGER NOT NULL,
        name_players INTEGER NOT NULL,
        first_day    INTEGER NOT NULL,
        updated_at   REAL NOT NULL
    )""",
    """CREATE TABLE puzzle_days (
        guild_id   INTEGER NOT NULL,
        day        INTEGER NOT NULL,
        puzzle_id  TEXT NOT NULL,
        message_id INTEGER,
        PRIMARY KEY (guild_id, day)
    )""",
    """CREATE TABLE puzzle_attempts (
        guild_id  INTEGER NOT NULL,
        day       INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        puzzle_id TEXT NOT NULL,
        move      TEXT NOT NULL,
        solved    INTEGER NOT NULL,
        at        REAL NOT NULL,
        PRIMARY KEY (guild_id, day, user_id)
    )""",
    """CREATE TABLE puzzle_players (
        guild_id        INTEGER NOT NULL,
        user_id         INTEGER NOT NULL,
        solved          INTEGER NOT NULL,
        tried           INTEGER NOT NULL,
        streak          INTEGER NOT NULL,
        best_streak     INTEGER NOT NULL,
        last_solved_day INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    )""",
    "CREATE INDEX puzzle_players_by_solved ON puzzle_players (guild_id, solved, best_streak)",
)

# v10: puzzle ratings (openskill, db/puzzles.py): each first try at a day's puzzle rates
# the player (per server, on their puzzle_players row; NULL until their first rated try)
# against the puzzle (one rating per puzzle, over every server that had it).
_V10 = (
    "ALTER TABLE puzzle_players ADD COLUMN mu REAL",
    "ALTER TABLE puzzle_players ADD COLUMN sigma REAL",
    """CREATE TABLE puzzle_ratings (
        puzzle_id TEXT PRIMARY KEY,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        tries     INTEGER NOT NULL,
        solved    INTEGER NOT NULL
    )""",
)

# Seasons: a server's seasons (one row each, made when its first match is recorded; archived
# with its podium when it ends, and announced once), which season each match counts in, a
# season's totals and ratings as rows of player_totals and ratings whose scope is
# -season_id (a season starts fresh as new rows: nothing is ever deleted), what each
# human did in a match that a logro or a podium asks (`match_feats`, also the mark that the
# match's move log was scanned for logros) and the logros earned (`announced` once told).
_V11 = (
    """CREATE TABLE seasons (
        season_id   INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        season_key  TEXT NOT NULL,
        name        TEXT NOT NULL,
        starts_at   REAL NOT NULL,
        ends_at     REAL NOT NULL,
        archived_at REAL,
        announced   INTEGER NOT NULL DEFAULT 0,
        podium      TEXT NOT NULL DEFAULT '{}'
    )""",
    "CREATE UNIQUE INDEX seasons_by_key ON seasons (guild_id, season_key)",
    "CREATE INDEX seasons_by_start ON seasons (guild_id, starts_at)",
    "CREATE INDEX seasons_to_close ON seasons (ends_at) WHERE announced = 0",
    """CREATE TABLE season_matches (
        match_id  TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        season_id INTEGER NOT NULL
    )""",
    "CREATE INDEX season_matches_by_season ON season_matches (season_id, match_id)",
    """CREATE TABLE match_feats (
        match_id     TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        user_id      INTEGER NOT NULL,
        guild_id     INTEGER,
        caida_streak INTEGER NOT NULL,
        cartones     INTEGER NOT NULL,
        PRIMARY KEY (match_id, user_id)
    )""",
    "CREATE INDEX match_feats_by_user ON match_feats (user_id, guild_id)",
    """CREATE TABLE logros (
        user_id   INTEGER NOT NULL,
        logro     TEXT NOT NULL,
        guild_id  INTEGER,
        match_id  TEXT,
        earned_at REAL NOT NULL,
        announced INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, logro)
    )""",
    "CREATE INDEX logros_to_announce ON logros (match_id) WHERE announced = 0",
)

# v12, Aprender (db/learn.py): per player, each lesson's best stars (its first finish kept),
# the lesson in progress (a tables.lessons.LessonSession as JSON, one per player), and the
# first-time moments already told (tips, the guided chica; any short name).
_V12 = (
    """CREATE TABLE lesson_stars (
        user_id     INTEGER NOT NULL,
        lesson      TEXT NOT NULL,
        stars       INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (user_id, lesson)
    )""",
    """CREATE TABLE lesson_state (
        user_id    INTEGER PRIMARY KEY,
        state      TEXT NOT NULL,
        updated_at REAL NOT NULL
    )""",
    """CREATE TABLE moments_seen (
        user_id INTEGER NOT NULL,
        moment  TEXT NOT NULL,
        seen_at REAL NOT NULL,
        PRIMARY KEY (user_id, moment)
    )""",
)

# v13: the puzzles each player has been shown for practice (per server): practice never
# serves a player one again, and the daily post prefers puzzles nobody there has practised;
# and a daily post's time zone (its hour is in it; the posts set before were in UTC).
_V13 = (
    "ALTER TABLE puzzle_servers ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC'",
    """CREATE TABLE puzzle_seen (
        guild_id  INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        puzzle_id TEXT NOT NULL,
        seen_at   REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id, puzzle_id)
    )""",
    "CREATE INDEX puzzle_seen_by_puzzle ON puzzle_seen (guild_id, puzzle_id)",
)

# v14: whether a player has shared a day's result in the channel (once a day: a second
# click, even after a restart, posts nothing).
_V14 = ("ALTER TABLE puzzle_attempts ADD COLUMN shared INTEGER NOT NULL DEFAULT 0",)

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    _V1,
    _V2,
    _V3,
    _V4,
    _V5,
    _V6,
    _V7,
    _V8,
    _V9,
    _V10,
    _V11,
    _V12,
    _V13,
    _V14,
)
LATEST_VERSION = len(MIGRATIONS)

# PostgreSQL runs the same history, each statement adapted to its dialect (types, a
# derived table's alias: db.postgres_db.adapt). These have no common form and are replaced:
# the file header of v1 becomes a table holding the application id and the schema version
# (SQLite's user_version); the v4 data fix needs no JSON check, since a PostgreSQL database
# never held data before v5 (when PostgreSQL support came).
POSTGRES_MARKER = "cuarenta_schema"
_POSTGRES_REWRITES: dict[str, tuple[str, ...]] = {
    _V1[0]: (
        f"""CREATE TABLE {POSTGRES_MARKER} (
            application_id INTEGER NOT NULL,
            version        INTEGER NOT NULL
        )""",
        f"INSERT INTO {POSTGRES_MARKER} VALUES ({APPLICATION_ID}, 0)",
    ),
    _V4[2]: (
        """UPDATE sessions SET live = 1 WHERE kind = 'challenge' OR (kind IN ('lobby', 'game')
            AND CAST(state AS jsonb) ->> 'phase' IN ('lobby', 'playing'))""",
    ),
}


def postgres_migration(number: int) -> list[str]:
    """Migration `number` for PostgreSQL, in SQL still to be adapted, ending with the version."""
    return [
        *(
            rewritten
            for statement in MIGRATIONS[number - 1]
            for rewritten in _POSTGRES_REWRITES.get(statement, (statement,))
        ),
        f"UPDATE {POSTGRES_MARKER} SET version = {number}",
    ]


def refuse_newer(version: int, path: str) -> None:
    """Raise SchemaTooNewError if this code does not know schema `version`."""
    if version > LATEST_VERSION:
        raise SchemaTooNewError(
            f"The database {path} has schema version {version}, written by a newer version "
            f"of the bot; this version knows schema versions up to {LATEST_VERSION}. "
            "Update the bot, or point it at another database file."
        )


async def check_file(conn: aiosqlite.Connection, path: str) -> int:
    """The file's schema version, after checking the file is the bot's; reads, never writes.

    The bot's files are new or empty (version 0, application_id 0, nothing in them) or carry
    the bot's application_id (set by v1). StorageError for another program's file,
    SchemaTooNewError for a newer bot's. The header and the table count are read in one
    statement, so a bot process migrating the file at the same moment is seen before or after.
    """
    async with conn.execute(
        """SELECT (SELECT user_version FROM pragma_user_version),
            (SELECT application_id FROM pragma_application_id),
            (SELECT COUNT(*) FROM sqlite_master)"""
    ) as cursor:
        record = await cursor.fetchone()
    assert record is not None  # a SELECT without FROM gives one row
    version, application_id, objects = record
    if application_id not in (0, APPLICATION_ID) or (version > 0 and application_id == 0):
        raise StorageError(f"{path} is another program's SQLite database, not the bot's.")
    refuse_newer(version, path)
    if version == 0 and objects:
        raise StorageError(
            f"{path} already holds tables that are not the bot's; "
            "point the bot at a new or empty file."
        )
    return int(version)


async def migrate(conn: aiosqlite.Connection, path: str) -> int:
    """Bring the file to LATEST_VERSION in one transaction; return the version it is at.

    The file is checked (check_file) and its version read again inside the write
    transaction, so of several processes starting on the same file at once only one applies
    each migration. sqlite3.Error (SQLITE_BUSY included) is left to the caller.
    """
    if await check_file(conn, path) == LATEST_VERSION:
        return LATEST_VERSION
    async with transaction(conn):
        version = await check_file(conn, path)
        for number in range(version + 1, LATEST_VERSION + 1):
            for statement in MIGRATIONS[number - 1]:
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {number}")
    return LATEST_VERSION
