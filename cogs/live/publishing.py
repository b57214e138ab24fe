"""`PublishLoop`: one live message kept true to the saved state, for any live thing (a
table, a tournament, whatever comes next).

`publish()` asks for the message to show the saved state soon: one task at most, a burst
of changes costs one round, the newest state wins. Each round is the owner's `show` under
the one retry policy (retry.py): 429 and 5xx are tried again after a pause; `Unreachable`
(the place is gone or closed to the bot) ends the loop for good and settles the owner;
any other final answer is logged and not retried (the next change tries again). An
optional `hold` waits before a round (a table waits for its bot's answer) and is cut short
by the next `publish()`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..infra.retry import Retrier
from ..infra.scheduler import Scheduler

log = logging.getLogger(__name__)


def fingerprint(value: object) -> str:
    """A short key of what a message shows: equal keys, an edit would change nothing."""
    return hashlib.blake2s(repr(value).encode(), digest_size=8).hexdigest()


class Unreachable(Exception):
    """The bot can no longer show the message where it lives (deleted, or access
    removed): publishing ends."""


class PublishLoop:
    def __init__(
        self,
        scheduler: Scheduler,
        name: str,
        show: Callable[[], Awaitable[None]],
        unreachable: Callable[[], Awaitable[None]],
        *,
        closed: Callable[[], bool],
        hold: Callable[[], Awaitable[None]] | None = None,
        paused: bool = False,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self._scheduler = scheduler
        self._name = name
        self._show = show
        self._unreachable = unreachable
        self._closed = closed
        self._hold = hold
        self._extra = extra
        self.requests = Retrier(f"publishing {name}", final=(Unreachable,), extra=extra)
        self._task: asyncio.Task[None] | None = None
        self._wanted = False
        self._holding = False
        self._gone = False  # Unreachable was met
        self.paused = paused  # nothing is published until `resume`

    def is_shown(self) -> bool:
        """Nothing left to publish: the message shows the saved state."""
        return not self._wanted and (self._task is None or self._task.done())

    def publish(self) -> None:
        if self._gone or self._closed():
            return
        self._wanted = True
        if self.paused:
            return
        if self._task is not None and not self._task.done():
            if not self._holding:
                return  # the running round will see the newer state
            self._task.cancel()  # it was waiting for this change: publish it now
        self._task = self._scheduler.spawn(self._loop(), f"publish-{self._name}")

    def resume(self) -> None:
        """Publish from now on (what was asked meanwhile too)."""
        self.paused = False
        if self._wanted:
            self.publish()

    def stop(self) -> None:
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()

    async def _loop(self) -> None:
        while self._wanted and not self._closed():
            if self._hold is not None:
                self._holding = True
                try:
                    await self._hold()
                finally:
                    self._holding = False
            self._wanted = False
            try:
                await self.requests.run(self._show)
            except Unreachable:
                self._gone = True
                await self._unreachable()
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a final answer (retry.py): this state is not shown
                log.warning(
                    "publishing %s failed (%s); not retried", self._name, error, extra=self._extra
                )
