"""The puzzle of the day, without Discord: when a server's day starts, which difficulty it
is, and the puzzles made from a server's matches or the bots' own games (run in a worker:
engine/ai/puzzles.py does the thinking).

A server's day D starts at its post time: D days after the epoch, at its hour (UTC), plus
a few minutes of its own (`spread`): a thousand servers choosing the same hour post over
that whole hour, a few a second at most, instead of all in its first second. "Today's
puzzle" is the one of the day that started last, posted or not.
"""

from __future__ import annotations

import hashlib
import math

from db import MatchLog, StoredPuzzle
from db.puzzles import BOTS_GUILD
from engine import Rules
from engine.ai.puzzles import Difficulty, Puzzle, from_bots, from_match

DAY_SECONDS = 86400
HOUR_SECONDS = 3600
NO_HOUR = 0  # a server without a daily post: its days start at midnight (UTC, and its spread)
# The difficulty of each day in turn: the week starts easy.
ROTATION = (Difficulty.EASY, Difficulty.EASY, Difficulty.MEDIUM, Difficulty.MEDIUM, Difficulty.HARD)


def spread(guild_id: int) -> int:
    """Seconds into its hour a server's day starts: the same every day, spread evenly over
    the hour across servers (a hash of its id)."""
    digest = hashlib.sha256(str(guild_id).encode()).digest()
    return int.from_bytes(digest[:8], "big") % HOUR_SECONDS


def day_start(day: int, hour: int, guild_id: int) -> float:
    """When a server's day `day` starts (its post time), in seconds since the epoch."""
    return day * DAY_SECONDS + hour * HOUR_SECONDS + spread(guild_id)


def day_at(moment: float, hour: int, guild_id: int) -> int:
    """The server's day at `moment`: the last one that has started."""
    return math.floor((moment - hour * HOUR_SECONDS - spread(guild_id)) / DAY_SECONDS)


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
