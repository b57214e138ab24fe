"""Click-to-reply latency of the Discord layer with many games at once, in simcord.

    python bench/bot_latency.py [--games 50] [--moves 20]

Sets up N two-player games between simulated members (no bot seats, so no AI thinking
is measured), then plays them round-robin: each move is "My hand" then a card (and a
capture choice when offered). For every click it records:
  reply   — from the click to the moment the bot sent its interaction response
            (what the player waits for: apply, save to SQLite, answer), and the bot's
            own share of it: from discord.py parsing the gateway event to the reply;
  settled — from the click until all the bot's work for it is done (table edit,
            hand refreshes, timers), plus simcord's own idle detection (~50 ms).
and prints p50/p99 of each and the clicks per second.

Caveat, measured with py-spy (50 games, 2 moves each, no idle timers): 87% of the
process's samples are in simcord's settlement bookkeeping (is_wakeup_callback,
_timer_records_waking), against 4% in cogs/, under 1% in db/, tables/ and engine/.
That bookkeeping runs in the same event loop between the bot's awaits, and its cost
grows with the size of the simulated world, so the p99 here is mostly the simulator's.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
import simcord.env as simcord_env
from discord.webhook.async_ import async_context

from bot import create_bot
from cogs.live.driver import TableDriver


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def buttons(message) -> list[dict]:
    found = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        found.extend(c if isinstance(c, dict) else c.to_dict() for c in children)
    return found


def first_enabled(message, action: str) -> str | None:
    for button in buttons(message):
        if button.get("custom_id", "").startswith(f"c40:{action}:") and not button.get("disabled"):
            return button["custom_id"]
    return None


async def run(games: int, moves: int, timers: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(
            database_path=Path(folder) / "bench.sqlite3",
            sync_global=True,
            upload_emojis=False,
            bot_pause_seconds=0.0,
        )
        try:
            async with simcord.run(bot) as env:
                replies, handled, own, settled, elapsed = await measure(
                    env, bot, games, moves, timers
                )
        finally:
            await bot.storage.close()  # simcord detaches the bot without closing it
    timing = "idle timers running" if timers else "no idle timers parked"
    print(f"{games} concurrent games ({timing}), {len(settled)} clicks in {elapsed:.1f} s")
    print(f"clicks per second (sequential, settled): {len(settled) / elapsed:.1f}")
    print(
        f"click-to-reply   p50 {percentile(replies, 0.5) * 1000:6.2f} ms   "
        f"p99 {percentile(replies, 0.99) * 1000:6.2f} ms   (target p99 <= 50 ms)"
    )
    print(
        f"  the bot's share (gateway event to reply) p50 {percentile(handled, 0.5) * 1000:.2f} ms"
        f"   p99 {percentile(handled, 0.99) * 1000:.2f} ms"
    )
    print(
        f"  the bot's own time (simulator bookkeeping meanwhile subtracted) "
        f"p50 {percentile(own, 0.5) * 1000:.2f} ms   p99 {percentile(own, 0.99) * 1000:.2f} ms"
    )
    print(
        f"click-to-settled p50 {percentile(settled, 0.5) * 1000:6.2f} ms   "
        f"p99 {percentile(settled, 0.99) * 1000:6.2f} ms   "
        f"mean {statistics.fmean(settled) * 1000:.2f} ms"
    )


SETTLEMENT_STEPS = (
    "_run_due_virtual_callbacks",
    "_owned_tasks",
    "_active_callbacks",
    "_virtualize_recognized_waits",
    "_is_parked",
    "_callback_is_parked",
)


def time_simulator_bookkeeping() -> dict[str, float]:
    """Count the time simcord's settle loop spends on its own bookkeeping.

    That loop runs in the bot's event loop between the bot's awaits; a real Discord
    does none of it. Its steps are wrapped in place, and their total is kept here.
    """
    spent = {"seconds": 0.0}

    def timed(step):
        def run(*args, **kwargs):
            began = time.perf_counter()
            try:
                return step(*args, **kwargs)
            finally:
                spent["seconds"] += time.perf_counter() - began

        return run

    for name in SETTLEMENT_STEPS:
        setattr(simcord_env, name, timed(getattr(simcord_env, name)))
    return spent


async def measure(env, bot, games: int, moves: int, timers: bool) -> tuple[list[float], ...]:
    """Set up the games, play them round-robin; return reply and settle times per click."""
    replies: list[float] = []
    handled: list[float] = []
    own: list[float] = []
    pending: dict[str, float] = {}
    simulator = time_simulator_bookkeeping()
    webhooks = async_context.get()  # interaction responses go through this adapter
    original = webhooks.request

    async def timed(route, session, **kwargs):
        if route.path.endswith("/callback"):
            started = pending.pop("click", None)
            arrived = pending.pop("arrived", None)
            if started is not None and arrived is not None:
                replies.append(time.perf_counter() - started)
                handled.append(time.perf_counter() - arrived)
                own.append(handled[-1] - (simulator["seconds"] - pending.pop("simulator")))
        return await original(route, session, **kwargs)

    webhooks.request = timed
    state = bot._connection  # the moment discord.py parses the click's gateway event
    parse = state.parsers["INTERACTION_CREATE"]

    def arrived(data):
        pending["arrived"] = time.perf_counter()
        pending["simulator"] = simulator["seconds"]
        return parse(data)

    state.parsers["INTERACTION_CREATE"] = arrived
    guild = env.create_guild("bench")
    # simcord's timers also fire on the wall clock: keep turn timers out of the run
    await bot.storage.set_guild_config(guild.id, turn_seconds=600)
    tables = []
    for index in range(games):
        channel = guild.create_text_channel(f"mesa-{index}")
        a = guild.add_member(env.create_user(f"a{index}"))
        b = guild.add_member(env.create_user(f"b{index}"))
        sent = await a.slash(channel, "cuarenta challenge", user=b)
        await b.click(sent.response, label="Accept")
        tables.append((channel, {a.id: a, b.id: b}))
    if not timers:
        TableDriver.drive = lambda self: None  # type: ignore[method-assign]  # see --no-timers
    by_channel = {t.channel_id: t.session_id for t in bot.services.runtime.tables.values()}
    settled: list[float] = []

    async def click(player, message, custom_id):
        pending["click"] = started = time.perf_counter()
        result = await player.click(message, custom_id=custom_id)
        settled.append(time.perf_counter() - started)
        return result

    started_all = time.perf_counter()
    for round_number in range(moves):
        print(f"  round {round_number + 1}/{moves}: {len(settled)} clicks so far", file=sys.stderr)
        for channel, players in tables:
            session = bot.services.runtime.table(by_channel[channel.id]).session
            if session.phase != "playing":
                continue
            player = players[session.current_seat().user_id]
            table = next(m for m in channel.history() if m.id == session.table_message_id)
            opened = await click(player, table, f"c40:table:{session.session_id}:hand")
            result = await click(player, opened.response, first_enabled(opened.response, "card"))
            take = first_enabled(result.response, "take")
            if take:
                await click(player, result.response, take)
    return replies, handled, own, settled, time.perf_counter() - started_all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="moves per game")
    parser.add_argument(
        "--no-timers",
        action="store_true",
        help="park no idle-turn timers: simcord inspects every parked timer on each settle "
        "step, which real asyncio does not, so with many games its cost lands on the clicks",
    )
    args = parser.parse_args()
    asyncio.run(run(args.games, args.moves, not args.no_timers))


if __name__ == "__main__":
    main()
