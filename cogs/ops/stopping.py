"""A graceful stop (SIGTERM, SIGINT): the bot finishes what it was asked, then closes.

From the signal on, no table or challenge opens (those clicks are told the bot is
restarting), no bot move or time-out starts (the restart takes them, as after a crash),
and every live table says the bot is restarting. Clicks already received, and those that
keep arriving on running tables, are played and answered. Once none waits for its answer
and every table's save and public message have settled (or the time for that is up), the
last moments: every click still arriving is only told "restarting", and when all have
their answer the bot closes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from i18n import private_language, t

from ..infra.discord_io import DiscordIO
from ..infra.languages import server_language
from ..services import Services

log = logging.getLogger(__name__)

SETTLE_POLL_SECONDS = 0.05
ANSWER_WINDOW_SECONDS = 3.0  # Discord drops an interaction not answered within 3 s
TURN_AWAY_SECONDS = 1.5  # the last moments, when clicks are only told "restarting"


def watch_interactions(services: Services, io: DiscordIO) -> Callable[[dict[str, Any]], bool]:
    """What the bot does with each interaction as it arrives (`on_interaction_received`):
    count it, and in the last moments of a stop, answer it "restarting" instead."""

    def received(data: dict[str, Any]) -> bool:
        services.metrics.interaction_received(int(data["id"]))
        if not services.openings.closing:
            return True
        services.scheduler.spawn(turn_away(services, io, data), "turn-away")
        return False

    return received


async def turn_away(services: Services, io: DiscordIO, data: dict[str, Any]) -> None:
    guild_id = int(data["guild_id"]) if data.get("guild_id") else None
    guild = None if guild_id is None else services.client.get_guild(guild_id)
    locale = data.get("locale")
    public = await server_language(services.settings, guild, guild_id, locale)
    lang = private_language(locale, public)
    await io.answer_unhandled(int(data["id"]), data["token"], t("refuse.restarting", lang))


async def drain(services: Services, until: float) -> None:
    """Refuse new tables, stop the next steps, and wait (to the loop time `until`) until
    the clicks received are answered and the tables' saves and messages have settled."""
    services.openings.restarting = True
    runtime = services.runtime
    for table in list(runtime.tables.values()):
        table.driver.stop()
    runtime.publish_guild(None)  # "the bot is restarting" on every live table
    if not await _wait(lambda: settled(services), until - TURN_AWAY_SECONDS):
        log.warning(
            "stopping before everything settled: %d interactions unanswered, "
            "%d tables still saving or publishing",
            services.metrics.unanswered(ANSWER_WINDOW_SECONDS),
            sum(1 for table in runtime.tables.values() if not table.is_settled()),
        )
    services.openings.closing = True
    await _wait(lambda: services.metrics.unanswered(ANSWER_WINDOW_SECONDS) == 0, until)


async def _wait(done: Callable[[], bool], until: float) -> bool:
    loop = asyncio.get_running_loop()
    while not done():
        if loop.time() >= until:
            return False
        await asyncio.sleep(SETTLE_POLL_SECONDS)
    return True


def settled(services: Services) -> bool:
    return services.metrics.unanswered(ANSWER_WINDOW_SECONDS) == 0 and all(
        table.is_settled() for table in services.runtime.tables.values()
    )
