"""`Scheduler`: the bot's background tasks, kept referenced, their failures logged.

asyncio keeps only a weak reference to a task: one nobody holds may vanish mid-way. Every
task the bot starts outside a handler (publishing a table, its next step, a challenge's
expiry) goes through here, so that it is held until it ends, a failure is logged with
its name, and `cancel_all` stops them all when the bot stops.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, name: str) -> None:
        self.name = name
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """Run `coroutine` in the background as task `name`."""
        task = asyncio.get_running_loop().create_task(coroutine, name=f"{self.name}-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())

    def cancel_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()
