"""The puzzle of the day, without Discord: when a server's day starts, which difficulty it
is, and the puzzles made from a server's matches or the bots' own games (run in a worker:
engine/ai/puzzles.py does the thinking).

A server's day D starts at its post time: on the date D days after 1 January 1970, at its
hour in its time zone (the server's zone, tables.zones: America/Guayaquil unless the
server chose another; posts set up before zones were asked keep UTC), plus a few minutes
of its own (`spread`): a thousand servers choosing the same hour post over that whole
hour, a few a second at most, instead of all in its first second. "Today's puzzle" is
the one of the day that started last, posted or not. A server without a post counts its
days from midnight in its zone, as its seasons do.
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime, time, timedelta

from db import MatchLog, PuzzleServer, StoredPuzzle
from db.puzzles import BOTS_GUILD
from engine import Rules
from engine.ai.puzzles import Difficulty, Puzzle, from_bots, from_match

from .refusal import Refusal
from .zones import DEFAULT_ZONE, LEGACY_ZONE, chosen_zone, zone_of

DAY_SECONDS = 86400
HOUR_SECONDS = 3600
RECENT_DAYS = 7  # practice never serves a day's puzzle this recent (its answer was just told)
EPOCH_DATE = date(1970, 1, 1)
# The difficulty of each day in turn: the week starts easy.
ROTATION = (Difficulty.EASY, Difficulty.EASY, Difficulty.MEDIUM, Difficulty.MEDIUM, Difficulty.HARD)


def spread(guild_id: int) -> int:
    """Seconds into its hour a server's day starts: the same every day, spread evenly over
    the hour across servers (a hash of its id)."""
    digest = hashlib.sha256(str(guild_id).encode()).digest()
    return int.from_bytes(digest[:8], "big") % HOUR_SECONDS


def day_start(day: int, hour: int, guild_id: int, zone: str = LEGACY_ZONE) -> float:
    """When a server's day `day` starts (its post time), in seconds since the epoch."""
    local = datetime.combine(EPOCH_DATE + timedelta(days=day), time(hour), zone_of(zone))
    return local.timestamp() + spread(guild_id)


def day_at(moment: float, hour: int, guild_id: int, zone: str = LEGACY_ZONE) -> int:
    """The server's day at `moment`: the last one that has started."""
    local = datetime.fromtimestamp(moment - spread(guild_id), zone_of(zone))
    day = (local.date() - EPOCH_DATE).days
    return day - 1 if local.hour < hour else day


def calendar_day(moment: float, zone: str) -> int:
    """The date at `moment` in `zone`, as days since 1 January 1970: a day that starts at
    midnight there, as a season does (a server without a post has no hour to spread)."""
    return (datetime.fromtimestamp(moment, zone_of(zone)).date() - EPOCH_DATE).days


def daily_server(
    current: PuzzleServer | None,
    guild_id: int,
    moment: float,
    channel_id: int | None,
    hour: int | None,
    name_players: bool | None,
    zone: str | None = None,
    server_zone: str = DEFAULT_ZONE,
) -> PuzzleServer:
    """A server's daily post as /cuarenta config sets it: what it was (`current`, None:
    off) with the options given changed. Refusal for an hour out of 0–23, or a server
    without a post given no channel or no hour. The first day to post stays while the hour
    does (a day already posted is never posted again: its message is saved); a new hour
    starts the day after the one it has begun. The hour is in `zone` when the manager
    chose one now (the server's zone, changed), else in the post's own zone; a new post,
    or an hour typed anew on a post set before zones were asked, takes the server's zone
    (`server_zone`). Refusal for an unknown zone."""
    if hour is not None and not 0 <= hour <= 23:
        raise Refusal("puzzle_hour")
    if zone is not None:
        zone = chosen_zone(zone)
    elif hour is not None and current is not None and current.time_zone == LEGACY_ZONE:
        zone = server_zone
    if current is None and (channel_id is None or hour is None):
        raise Refusal("puzzle_channel")
    channel_id = current.channel_id if channel_id is None and current else channel_id
    hour = current.hour if hour is None and current else hour
    assert channel_id is not None and hour is not None
    names = name_players if name_players is not None else bool(current and current.name_players)
    zone = zone or (current.time_zone if current is not None else server_zone)
    if current is not None and (current.hour, current.time_zone) == (hour, zone):
        first_day = current.first_day
    else:
        first_day = day_at(moment, hour, guild_id, zone) + 1
    return PuzzleServer(guild_id, channel_id, hour, names, first_day, zone)


def next_post(server: PuzzleServer, moment: float) -> float:
    """When the server's next daily post is due, after `moment`."""
    day = max(server.first_day, server_day(server, moment) + 1)
    return day_start(day, server.hour, server.guild_id, server.time_zone)


def server_day(server: PuzzleServer | None, moment: float, zone: str = DEFAULT_ZONE) -> int:
    """A server's day at `moment`: by its post's hour and zone, or without a post, from
    midnight in the server's `zone` (its seasons' day)."""
    if server is None:
        return calendar_day(moment, zone)
    return day_at(moment, server.hour, server.guild_id, server.time_zone)


def difficulty_of_day(day: int) -> Difficulty:
    return ROTATION[day % len(ROTATION)]


def stored(puzzle: Puzzle, guild_id: int, user_id: int | None) -> StoredPuzzle:
    return StoredPuzzle(
        puzzle.puzzle_id, guild_id, user_id, str(puzzle.difficulty), puzzle.to_dict()
    )


def puzzle_of(stored_puzzle: StoredPuzzle) -> Puzzle:
    return Puzzle.from_dict(stored_puzzle.data)


def from_logs(logs: list[MatchLog]) -> list[StoredPuzzle]:
    """The puzzles of a server's finished matches (for a worker), each with the player
    whose position it was (None for a bot's seat)."""
    found = []
    for log in logs:
        rules = Rules.from_dict(log.rule_options)
        for puzzle in from_match(
            log.players, rules, log.seed, list(log.moves), f"match:{log.match_id}"
        ):
            seat = next((s for s in log.seats if s.seat == puzzle.seat), None)
            user_id = None if seat is None else seat.user_id
            found.append(stored(puzzle, log.guild_id or BOTS_GUILD, user_id))
    return found


def from_bot_games(seeds: list[int]) -> list[StoredPuzzle]:
    """Puzzles of the bots' own games, one per seed (for a worker): for every server."""
    return [stored(puzzle, BOTS_GUILD, None) for puzzle in from_bots(seeds)]
