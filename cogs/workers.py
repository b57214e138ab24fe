"""`Workers`: the processes that think for the bot, so the event loop never does.

A search holds the GIL for its whole budget; run on the loop it would delay every other
table's clicks. Four kinds of work, each with its own pool, started on first use:
THINK (a searching bot's move), HINT (a player's hint), REVIEW (a finished match
reviewed) and PUZZLES (puzzles made from matches), the last two at a lower priority so
that they never slow a running table.

One policy for all three: processes are *spawned*, never forked, so that they do not
inherit the bot's threads (aiosqlite's), open sockets and locks, which a fork copies in
whatever state they happen to be.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from enum import StrEnum
from functools import partial
from typing import Any, TypeVar

from engine import Bot, Game, Move

T = TypeVar("T")

REVIEW_NICENESS = 10  # the review worker yields the CPU to the tables' own work


class Work(StrEnum):
    """The kinds of work, each with its own pool."""

    THINK = "think"
    HINT = "hint"
    REVIEW = "review"
    PUZZLES = "puzzles"


def choose_move(player: Bot, game: Game) -> tuple[Move, Bot]:
    """A searching bot's move, in a worker; returns the bot too, with its new memory."""
    return player.choose(game), player


def _lower_priority(niceness: int) -> None:
    os.nice(niceness)


class Workers:
    """The worker pools of one bot; `shutdown` stops them (a later use starts them again)."""

    def __init__(self, review_niceness: int = REVIEW_NICENESS) -> None:
        self._review_niceness = review_niceness
        self._pools: dict[Work, ProcessPoolExecutor] = {}

    def _pool(self, work: Work) -> ProcessPoolExecutor:
        pool = self._pools.get(work)
        if pool is None:
            lower = work in (Work.REVIEW, Work.PUZZLES) and self._review_niceness > 0
            pool = self._pools[work] = ProcessPoolExecutor(
                max_workers=max(1, (os.cpu_count() or 2) - 1) if work is Work.THINK else 1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=partial(_lower_priority, self._review_niceness) if lower else None,
            )
        return pool

    def _replace(self, work: Work) -> ProcessPoolExecutor:
        """A new pool for `work`: a worker of the old one died (killed, out of memory)."""
        dead = self._pools.pop(work, None)
        if dead is not None:
            dead.shutdown(wait=False)
        return self._pool(work)

    def started(self, work: Work) -> bool:
        return work in self._pools

    def warm(self, work: Work) -> None:
        """Start the worker for `work` now, so that the first click does not wait for it."""
        if work not in self._pools:
            self.submit(work, int)

    def submit(self, work: Work, function: Callable[..., T], *args: Any) -> Future[T]:
        """Run `function(*args)` in a worker for `work`; a pool found broken is replaced."""
        try:
            return self._pool(work).submit(function, *args)
        except BrokenProcessPool:
            return self._replace(work).submit(function, *args)

    async def run(self, work: Work, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in a worker for `work`, awaited through the event loop's own
        executor hook (what a test's simulated Discord sees finishing). A worker found dead,
        or dying during the work, is replaced and the work run once more."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(work), function, *args)
        except BrokenProcessPool:
            return await loop.run_in_executor(self._replace(work), function, *args)

    def shutdown(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
