"""`Workers`: the processes that think for the bot, so the event loop never does.

A search holds the GIL for its whole budget; run on the loop it would delay every other
table's clicks. Four kinds of work, each with its own pool, started on first use:
THINK (a searching bot's move), HINT (a player's hint), REVIEW (a finished match
reviewed) and PUZZLES (puzzles made from matches), the last two at a lower priority so
that they never slow a running table.

One policy for all four: processes are *spawned*, never forked, so that they do not
inherit the bot's threads (aiosqlite's), open sockets and locks, which a fork copies in
whatever state they happen to be.

A worker dies with the bot, however the bot dies (`kill -9`, the OOM killer): on Linux the
kernel kills it when the bot goes (PR_SET_PDEATHSIG), and everywhere a watchdog thread in
the worker exits it once its parent is gone. multiprocessing's resource tracker then reads
the end of its pipe (the bot and the workers held it) and exits by itself.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from enum import StrEnum
from functools import partial
from typing import Any, TypeVar

from engine import Bot, Game, Move

T = TypeVar("T")

REVIEW_NICENESS = 10  # the review worker yields the CPU to the tables' own work
THINK_NICENESS = 19  # the bots' thinking yields the CPU to the event loop (clicks first)
PARENT_CHECK_SECONDS = 1.0  # how often a worker's watchdog looks for its parent
PR_SET_PDEATHSIG = 1  # prctl option (linux/prctl.h): a signal when the parent dies
STOP_WAIT_SECONDS = 2.0  # a stopped worker is waited for this long, all of them together


class Work(StrEnum):
    """The kinds of work, each with its own pool."""

    THINK = "think"
    HINT = "hint"
    REVIEW = "review"
    PUZZLES = "puzzles"


def choose_move(player: Bot, game: Game) -> tuple[Move, Bot]:
    """A searching bot's move, in a worker; returns the bot too, with its new memory."""
    return player.choose(game), player


def _start_worker(parent_pid: int, niceness: int) -> None:
    """Every worker's initializer: die with the bot, leave Ctrl+C to it, yield the CPU."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the bot stops its workers itself
    _die_with_parent(parent_pid)
    if niceness > 0:
        os.nice(niceness)


def _die_with_parent(parent_pid: int) -> None:
    if os.uname().sysname == "Linux":
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:  # the bot died before the line above
        os._exit(0)
    watchdog = threading.Thread(
        target=_exit_when_orphaned, args=(parent_pid,), name="parent-watchdog", daemon=True
    )
    watchdog.start()


def _exit_when_orphaned(parent_pid: int) -> None:
    """Exit the worker once its parent is gone (it is then adopted by another process)."""
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class Workers:
    """The worker pools of one bot; `shutdown` stops them (a later use starts them again)."""

    def __init__(self, review_niceness: int = REVIEW_NICENESS) -> None:
        self._review_niceness = review_niceness
        self._pools: dict[Work, ProcessPoolExecutor] = {}

    def _pool(self, work: Work) -> ProcessPoolExecutor:
        pool = self._pools.get(work)
        if pool is None:
            niceness = {Work.THINK: THINK_NICENESS, Work.HINT: 0}.get(work, self._review_niceness)
            pool = self._pools[work] = ProcessPoolExecutor(
                max_workers=max(1, (os.cpu_count() or 2) - 1) if work is Work.THINK else 1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=partial(_start_worker, os.getpid(), niceness),
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
        """Stop every worker now, busy or not: what one was thinking is dropped (a table
        thinks again when it is driven again, after a restart too)."""
        processes = []
        for pool in self._pools.values():
            processes += list((pool._processes or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
        for process in processes:
            process.terminate()
        deadline = time.monotonic() + STOP_WAIT_SECONDS
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
