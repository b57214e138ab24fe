"""Time as the bot reads it, and how long it waits before trying again."""

from __future__ import annotations

import asyncio

import discord

RETRY_FIRST_SECONDS = 1.0
RETRY_MAX_SECONDS = 60.0


def now() -> float:
    """Wall-clock seconds (discord.utils.utcnow, which simulated clocks also drive)."""
    moment: float = discord.utils.utcnow().timestamp()
    return moment


async def sleep_until(timestamp: float) -> None:
    await asyncio.sleep(max(0.0, timestamp - now()))


def backoff(attempt: int) -> float:
    """Seconds to wait before try number `attempt + 1` of something that failed."""
    return min(RETRY_MAX_SECONDS, RETRY_FIRST_SECONDS * 2.0**attempt)
