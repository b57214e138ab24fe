"""A graceful stop (SIGTERM, SIGINT): the bot finishes what it was asked, then closes.

From the signal on, no table or challenge opens (those clicks are told the bot is
restarting), no bot move or time-out starts (the restart takes them, as after a crash),
and every live table says the bot is restarting. Clicks already received, and those that
keep arriving on running tables, are played and answered; once none waits for its answer
and every table's save and public message have settled, or the time is up, the bot closes.
"""

from __future__ import annotations

import asyncio
import logging

from ..services import Services

log = logging.getLogger(__name__)

SETTLE_POLL_SECONDS = 0.05
ANSWER_WINDOW_SECONDS = 3.0  # Discord drops an interaction not answered within 3 s


async def drain(services: Services, until: float) -> None:
    """Refuse new tables, stop the next steps, and wait (to the loop time `until`) until
    the clicks received are answered and the tables' saves and messages have settled."""
    services.openings.restarting = True
    runtime = services.runtime
    for table in list(runtime.tables.values()):
        table.driver.stop()
    runtime.publish_guild(None)  # "the bot is restarting" on every live table
    loop = asyncio.get_running_loop()
    while not settled(services):
        if loop.time() >= until:
            log.warning(
                "stopping before everything settled: %d interactions unanswered, "
                "%d tables still saving or publishing",
                services.metrics.unanswered(ANSWER_WINDOW_SECONDS),
                sum(1 for table in runtime.tables.values() if not table.is_settled()),
            )
            return
        await asyncio.sleep(SETTLE_POLL_SECONDS)


def settled(services: Services) -> bool:
    return services.metrics.unanswered(ANSWER_WINDOW_SECONDS) == 0 and all(
        table.is_settled() for table in services.runtime.tables.values()
    )
