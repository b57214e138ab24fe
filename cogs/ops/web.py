"""The operator's HTTP endpoint (only when METRICS_PORT is set): /metrics and /healthz.

It runs on the bot's own event loop (aiohttp, already there for discord.py), so that
/healthz sees the gateway and asks the database the way the bot does. Bind it to
127.0.0.1 (the default) unless a scraper elsewhere needs it.
"""

from __future__ import annotations

import asyncio
import math

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from db import StorageError

from ..services import Services

DATABASE_ANSWER_SECONDS = 2.0  # /healthz: a database slower than this is not healthy


def gateway_problem(client: discord.Client) -> str | None:
    """Why the gateway is not connected (None: it is, every shard of this process)."""
    if client.is_closed():
        return "the bot is stopping"
    if not client.is_ready():
        return "not connected to the gateway yet"
    if isinstance(client, discord.AutoShardedClient):
        down = [shard_id for shard_id, shard in client.shards.items() if shard.is_closed()]
        return f"gateway shards disconnected: {down}" if down else None
    if client.ws is None or not client.ws.open:
        return "gateway disconnected"
    return None


def latencies(client: discord.Client) -> list[tuple[int, float]]:
    """Each shard's heartbeat latency, once it has one."""
    if isinstance(client, discord.AutoShardedClient):
        found = client.latencies
    else:
        found = [(client.shard_id or 0, client.latency)]
    return [(shard, latency) for shard, latency in found if math.isfinite(latency)]


async def health_problem(client: discord.Client, services: Services) -> str | None:
    """Why the bot is not healthy (None: it is): the gateway, then the database."""
    problem = gateway_problem(client)
    if problem is not None:
        return problem
    try:
        async with asyncio.timeout(DATABASE_ANSWER_SECONDS):
            await services.storage.ping()
    except (StorageError, TimeoutError) as error:
        return f"the database does not answer: {error or 'timed out'}"
    return None


class OpsServer:
    """The HTTP endpoint; `start` it, `close` it when the bot closes."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self._client = client
        self._services = services
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        self._runner = web.AppRunner(app, access_log=None)

    async def start(self, host: str, port: int) -> None:
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        # The event loop's lag is watched only where it is served: nobody reads it elsewhere.
        self._services.scheduler.spawn(self._services.metrics.watch_loop(), "loop-lag")

    async def close(self) -> None:
        await self._runner.cleanup()

    async def _metrics(self, request: web.Request) -> web.Response:
        services = self._services
        services.metrics.refresh(services.runtime.live_tables(), latencies(self._client))
        body = services.metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        problem = await health_problem(self._client, self._services)
        if problem is None:
            return web.Response(text="ok\n")
        return web.Response(status=503, text=problem + "\n")
