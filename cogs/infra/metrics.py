"""`Metrics`: what the operator can watch, in Prometheus' format (one registry per bot).

Counting costs a few microseconds: the moves are counted where they are saved, the
interactions where discord.py receives them and where their answer is sent, Discord's
errors by the status of every request (`count_request`, a middleware of the bot's own
HTTP session: an aiohttp trace did the same at six signals a request, 3.6% of the bot's
CPU in the loopback benchmark).
What is read rather than counted (live tables, gateway latency) is read when scraped.
How long the event loop was blocked is watched by `watch_loop`, a task that sleeps a
short while and notes how late it woke (run only when /metrics is served).
Each bot has its own `Metrics` (tests run many bots in one process): nothing here is
module-level.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Iterable
from typing import Literal

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

MoveBy = Literal["human", "bot", "timer"]
MOVERS: tuple[MoveBy, ...] = ("human", "bot", "timer")
RECENT_SECONDS = 60.0  # "moves in the last minute", for /cuarenta admin
FORGET_UNANSWERED_SECONDS = 15.0  # Discord gives up on an unanswered interaction after 3 s
UNANSWERED_KEPT = 1000  # beyond this many, the unanswered ones that old are forgotten
LOOP_WATCH_SECONDS = 0.02  # the loop-lag watch sleeps this long: 50 cheap wake-ups a second


class Metrics:
    """The bot's counters, gauges and histograms, in their own `CollectorRegistry`."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        moves = Counter("cuarenta_moves", "Moves saved, by who moved.", ["by"], registry=registry)
        self._moves = {by: moves.labels(by) for by in MOVERS}
        self._live_tables = Gauge(
            "cuarenta_live_tables", "Tables open (lobbies and games).", registry=registry
        )
        self._interactions = Counter(
            "cuarenta_interactions", "Interactions received (commands, clicks).", registry=registry
        )
        self._interaction_seconds = Histogram(
            "cuarenta_interaction_seconds",
            "From an interaction's arrival to the end of its answer.",
            buckets=(0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
            registry=registry,
        )
        self._discord_errors = Counter(
            "cuarenta_discord_errors",
            "Discord requests answered with an error status (or failed: status 'none').",
            ["status"],
            registry=registry,
        )
        self._db_write_seconds = Histogram(
            "cuarenta_db_write_seconds",
            "Saving a table change or recording a match.",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=registry,
        )
        self._gateway_latency = Gauge(
            "cuarenta_gateway_latency_seconds",
            "Heartbeat latency of each gateway shard.",
            ["shard"],
            registry=registry,
        )
        self._matches = Counter(
            "cuarenta_matches_recorded", "Finished matches recorded.", registry=registry
        )
        self._loop_lag = Histogram(
            "cuarenta_event_loop_lag_seconds",
            "How late a short sleep on the event loop woke: how long the loop was blocked.",
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
            registry=registry,
        )
        self._loop_lag_max = Gauge(
            "cuarenta_event_loop_lag_max_seconds",
            "The longest the event loop was blocked since the bot started.",
            registry=registry,
        )
        self._longest_lag = 0.0
        self._recent_moves: deque[float] = deque()
        self._unanswered: dict[int, float] = {}  # interaction id -> when it arrived

    # ------------------------------------------------------------------ counting
    def moved(self, by: MoveBy) -> None:
        self._moves[by].inc()
        clock = time.monotonic()
        recent = self._recent_moves
        recent.append(clock)
        while recent[0] < clock - RECENT_SECONDS:
            recent.popleft()

    def moves_last_minute(self) -> int:
        cutoff = time.monotonic() - RECENT_SECONDS
        return sum(1 for moment in self._recent_moves if moment >= cutoff)

    def match_recorded(self) -> None:
        self._matches.inc()

    def db_write(self, seconds: float) -> None:
        self._db_write_seconds.observe(seconds)

    def interaction_received(self, interaction_id: int) -> None:
        self._interactions.inc()
        unanswered = self._unanswered
        arrived = unanswered[interaction_id] = time.monotonic()
        if len(unanswered) > UNANSWERED_KEPT:
            cutoff = arrived - FORGET_UNANSWERED_SECONDS
            for stale in [key for key, since in unanswered.items() if since < cutoff]:
                del unanswered[stale]

    def interaction_answered(self, interaction_id: int) -> None:
        arrived = self._unanswered.pop(interaction_id, None)
        if arrived is not None:
            self._interaction_seconds.observe(time.monotonic() - arrived)

    def unanswered(self, within: float = FORGET_UNANSWERED_SECONDS) -> int:
        """Interactions received in the last `within` seconds and not answered yet."""
        cutoff = time.monotonic() - within
        return sum(1 for since in self._unanswered.values() if since >= cutoff)

    def discord_error(self, status: int | None) -> None:
        self._discord_errors.labels("none" if status is None else str(status)).inc()

    def loop_lag(self, seconds: float) -> None:
        """The event loop ran something else for `seconds` past a wake-up that was due."""
        self._loop_lag.observe(seconds)
        if seconds > self._longest_lag:
            self._longest_lag = seconds
            self._loop_lag_max.set(seconds)

    async def watch_loop(self, interval: float = LOOP_WATCH_SECONDS) -> None:
        """Forever: sleep `interval` and note how late the loop woke this task. Run it as
        one of the bot's tasks (its scheduler cancels it when the bot stops)."""
        loop = asyncio.get_running_loop()
        while True:
            asleep = loop.time()
            await asyncio.sleep(interval)
            self.loop_lag(max(0.0, loop.time() - asleep - interval))

    # ------------------------------------------------------------------- reading
    def refresh(self, live_tables: int, latencies: Iterable[tuple[int, float]]) -> None:
        """What is read rather than counted, just before a scrape."""
        self._live_tables.set(live_tables)
        for shard, latency in latencies:
            self._gateway_latency.labels(str(shard)).set(latency)

    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format."""
        return generate_latest(self.registry)

    async def count_request(
        self, request: aiohttp.ClientRequest, send: aiohttp.ClientHandlerType
    ) -> aiohttp.ClientResponse:
        """A middleware of the bot's HTTP session (discord_io.count_requests): every
        request the bot makes, interaction answers included, tells its status here."""
        try:
            response = await send(request)
        except Exception:
            self.discord_error(None)
            self._answer_sent(request.url.path)
            raise
        if response.status >= 400:
            self.discord_error(response.status)
        self._answer_sent(request.url.path)
        return response

    def _answer_sent(self, path: str) -> None:
        # An interaction's answer: POST .../interactions/{id}/{token}/callback
        if path.endswith("/callback"):
            parts = path.rsplit("/", 4)
            if len(parts) == 5 and parts[1] == "interactions" and parts[2].isdigit():
                self.interaction_answered(int(parts[2]))
