"""Run the project's bot.py, unchanged, against the fake Discord at $FAKE_DISCORD_URL.

    FAKE_DISCORD_URL=http://127.0.0.1:PORT DISCORD_TOKEN=x DATABASE_PATH=x.sqlite3 \
        python launch_bot.py /path/to/project

Vendored, trimmed, from the loopback benchmark (../shared/loopback/launch_bot.py, outside
this repository; its latency probe left out). Only two discord.py class attributes are
pointed at the loopback server (REST base, and the gateway URL), and the client waits
0.2 s instead of 2 s for more servers after the fake's one (discord.py's
`guild_ready_timeout`: every launch in the tests paid it); then bot.py runs as __main__
via runpy, exactly as `python bot.py`. With LONG_STEPS_FILE set, every step of the event
loop that held it 20 ms or more is logged to that file (bench/restart.py reads it).
"""

import asyncio
import gc
import os
import runpy
import sys
import time

import discord
import discord.gateway
import discord.http
import yarl

base = os.environ["FAKE_DISCORD_URL"].rstrip("/")
discord.http.Route.BASE = base + "/api/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
    base.replace("http", "ws", 1) + "/gateway"
)

_client_init = discord.Client.__init__


def _ready_sooner(self: discord.Client, *args: object, **options: object) -> None:
    options.setdefault("guild_ready_timeout", 0.2)
    _client_init(self, *args, **options)  # type: ignore[arg-type]


discord.Client.__init__ = _ready_sooner  # type: ignore[method-assign]


def _log_long_steps(path: str) -> None:
    """Every step of the event loop (one callback: a task's step, a timer, an I/O read)
    that held it 20 ms or more, appended to `path` as "wall-clock-end seconds what":
    how long the loop was blocked, apart from how long work waited on a loop kept busy by
    many short steps (the lag probe's figure). About a microsecond a step. Garbage
    collections that long are logged too (within the step they fell in)."""
    long_step = 0.02
    clock = time.perf_counter
    run = asyncio.events.Handle._run
    out = open(path, "a", buffering=1)  # noqa: SIM115 (open for the process's life)

    def timed(handle: asyncio.events.Handle) -> None:
        began = clock()
        run(handle)
        took = clock() - began
        if took >= long_step:
            owner = getattr(handle._callback, "__self__", None)
            coroutine = owner.get_coro() if isinstance(owner, asyncio.Task) else None
            what = getattr(coroutine, "__qualname__", None) or repr(handle._callback)[:80]
            out.write(f"{time.time():.3f} {took:.4f} {what}\n")

    asyncio.events.Handle._run = timed  # type: ignore[method-assign]
    collecting = [0.0, 0.0]

    def garbage_collection(phase: str, info: dict[str, int]) -> None:
        """A collection is part of the step it falls in: logged apart, to tell them, with
        its CPU time (on a shared machine the wall-clock time also counts preemption)."""
        if phase == "start":
            collecting[:] = clock(), time.thread_time()
            return
        took = clock() - collecting[0]
        if took >= long_step:
            cpu = 1000 * (time.thread_time() - collecting[1])
            what = f"garbage collection, generation {info['generation']}, CPU {cpu:.0f} ms"
            out.write(f"{time.time():.3f} {took:.4f} ({what})\n")

    gc.callbacks.append(garbage_collection)


if os.environ.get("LONG_STEPS_FILE"):
    _log_long_steps(os.environ["LONG_STEPS_FILE"])

project = sys.argv[1]
sys.path.insert(0, project)
sys.argv = [os.path.join(project, "bot.py")]
runpy.run_path(sys.argv[0], run_name="__main__")
