"""The event-loop lag watch (`Metrics.watch_loop`): a blocked loop shows in /metrics, and
the watch ends with the scheduler that runs it.

No time is asserted from above: a loop blocked for `BLOCK` seconds wakes the watch at
least that late (less its own short sleep), whatever the machine's speed."""

from __future__ import annotations

import asyncio
import time

from cogs.infra.metrics import Metrics
from cogs.infra.scheduler import Scheduler

INTERVAL = 0.01
BLOCK = 0.3


def sample(metrics: Metrics, name: str) -> float:
    for line in metrics.exposition().decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} not in /metrics")


async def next_look(metrics: Metrics, count: float) -> None:
    """Let the loop run until the watch has noted one more wake-up than `count`."""
    while sample(metrics, "cuarenta_event_loop_lag_seconds_count") <= count:
        await asyncio.sleep(0)


async def test_a_blocked_loop_is_noted_as_lag_until_the_scheduler_stops_the_watch():
    metrics, scheduler = Metrics(), Scheduler("test")
    watch = scheduler.spawn(metrics.watch_loop(INTERVAL), "loop-lag")
    await next_look(metrics, 0)  # the watch runs, and is asleep again now
    looks = sample(metrics, "cuarenta_event_loop_lag_seconds_count")

    time.sleep(BLOCK)  # something holds the loop
    await next_look(metrics, looks)

    assert sample(metrics, "cuarenta_event_loop_lag_max_seconds") >= BLOCK - INTERVAL
    assert sample(metrics, 'cuarenta_event_loop_lag_seconds_bucket{le="0.25"}') < sample(
        metrics, 'cuarenta_event_loop_lag_seconds_bucket{le="0.5"}'
    )
    longest = sample(metrics, "cuarenta_event_loop_lag_max_seconds")

    scheduler.cancel_all()  # what Services.shutdown does when the bot stops
    await asyncio.gather(watch, return_exceptions=True)
    assert watch.cancelled()
    looks = sample(metrics, "cuarenta_event_loop_lag_seconds_count")
    time.sleep(BLOCK * 2)
    await asyncio.sleep(INTERVAL * 3)
    assert sample(metrics, "cuarenta_event_loop_lag_seconds_count") == looks
    assert sample(metrics, "cuarenta_event_loop_lag_max_seconds") == longest


def test_the_longest_lag_is_kept_and_a_shorter_one_does_not_lower_it():
    metrics = Metrics()
    for seconds in (0.002, 0.4, 0.03):
        metrics.loop_lag(seconds)
    assert sample(metrics, "cuarenta_event_loop_lag_max_seconds") == 0.4
    assert sample(metrics, "cuarenta_event_loop_lag_seconds_count") == 3
