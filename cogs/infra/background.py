"""`Background`: bot moves and table edits, a few at a time, and behind a crowd's clicks.

When hundreds of clicks come at once (every player at a restart, or a busy evening), the
event loop has more to do than it can do at once, and asyncio runs it in the order it
came: every table edit and bot move started meanwhile delays the answers still owed.
A player feels a click's answer at once, and a table edit or a bot's move (which follows
a deliberate pause anyway) hardly at all. So while CROWD clicks or more are being
answered, background work waits for them, at most LONGEST_WAIT seconds (a crowd that
never thins must not stop every table); once it starts, it holds one of a few slots.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from types import TracebackType

# Bot moves and table edits at once: real Discord answers in ~0.1 s, so 16 at once stay
# above its 50 requests a second.
AT_ONCE = 16
# Clicks being answered at once from which background work waits. In steady play a click
# is being answered for the answer's round trip (~0.1 s with real Discord): hundreds of
# clicks a minute stay far under this; a burst passes it.
CROWD = 32
LONGEST_WAIT = 2.0  # seconds: after this, background work starts even in a crowd


class Background:
    def __init__(self) -> None:
        self._slots = asyncio.Semaphore(AT_ONCE)
        self._crowd = CROWD
        self._longest_wait = LONGEST_WAIT
        self._answering = 0  # clicks being answered now
        self._calm = asyncio.Event()
        self._calm.set()

    @property
    def answering(self) -> int:
        return self._answering

    @contextlib.contextmanager
    def click(self) -> Iterator[None]:
        """Around the answering of one click."""
        self._answering += 1
        if self._answering >= self._crowd:
            self._calm.clear()
        try:
            yield
        finally:
            self._answering -= 1
            if self._answering < self._crowd:
                self._calm.set()

    async def __aenter__(self) -> None:
        """A slot, in no crowd of clicks (see the module), or once LONGEST_WAIT is over.
        Work that queued for a slot before a crowd came waits for it too, and gives its
        slot back meanwhile: slots are held only by work running (and openings')."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._longest_wait
        while True:
            if not self._calm.is_set():
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout_at(deadline):
                        await self._calm.wait()
            await self._slots.acquire()
            if self._calm.is_set() or loop.time() >= deadline:
                return
            self._slots.release()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._slots.release()

    @contextlib.asynccontextmanager
    async def opening(self) -> AsyncIterator[None]:
        """A slot for opening a table, without waiting for a crowd: an opening is a click's
        answer itself, and Discord wants it within 3 s."""
        async with self._slots:
            yield
