"""The bot run as a service, as a real process: a graceful stop, metrics and health,
an online backup, and no worker left behind by a kill -9."""

from __future__ import annotations

import asyncio
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from i18n import t

from .botprocess import (
    PROJECT,
    Player,
    alive,
    custom_ids,
    descendants,
    eventually,
    free_port,
    players,
    saved_versions,
)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")

SHUTDOWN_SECONDS = 10.0  # the deadline the issue sets (and the default)


async def started(table_players: list[Player]) -> None:
    for player in table_players:
        await player.start()
        await player.open_hand()


async def test_sigterm_mid_burst_answers_every_click_loses_nothing_and_resumes(fake, launch):
    bot = await launch()
    table_players = players(fake, 4)
    await started(table_players)
    # The burst: on every table a card that plays (a save), and a "My hand" beside it.
    plays = [await player.choose_card() for player in table_players]
    burst = []
    played_on = {}  # channel -> the version the played card was chosen on
    for player, (choices, take) in zip(table_players, plays, strict=True):
        played_on[player.channel] = int(take.split(":")[3])
        burst.append((player, "play", await player.send(choices, take)))
        hand_button = next(i for i in custom_ids(player.table, "c40:") if i.endswith(":hand"))
        burst.append((player, "hand", await player.send(player.table, hand_button)))
    signalled = time.monotonic()
    bot.signal(signal.SIGTERM)

    assert await bot.exited(SHUTDOWN_SECONDS + 5) == 0
    stopped_in = time.monotonic() - signalled
    assert stopped_in <= SHUTDOWN_SECONDS, stopped_in
    answers = [(player, what, future.result()) for player, what, future in burst if future.done()]
    assert len(answers) == len(burst)  # every click received was answered
    saved = saved_versions(bot.database)
    for player, what, (_, kind, _) in answers:
        if what == "play":  # acknowledged (its answer may edit a hand the new one replaced)
            assert kind == 7
            assert saved[player.channel] > played_on[player.channel]  # so it is saved
    for player in table_players:  # best effort, but 4 tables are told in time
        assert player.table["content"].startswith(t("notice.restarting", "en"))

    await launch()
    for player in table_players:  # the restart shows each table again, and it plays on
        await eventually(
            lambda p=player: not p.table["content"].startswith(t("notice.restarting", "en")),
            what="the table shown again after the restart",
        )
        await player.open_hand()
        assert await player.play() is not None  # the bot moved, the player plays on


async def scrape(session: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with session.get(url) as response:
        return response.status, await response.text()


def sample(text: str, name: str) -> float:
    """The value of one sample line of a Prometheus text page (0 if absent)."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return 0.0


async def test_metrics_move_with_the_game_and_health_follows_the_gateway(fake, launch):
    port = free_port()
    await launch(METRICS_PORT=str(port))
    base = f"http://127.0.0.1:{port}"
    (player,) = players(fake, 1)
    async with aiohttp.ClientSession() as session:
        status, before = await scrape(session, base + "/metrics")
        assert status == 200
        await started([player])
        fake.fail_channel_edits = 1  # the table's edit after the move: a 503, then again
        await player.play()
        failed = 'cuarenta_discord_errors_total{status="503"}'
        deadline = time.monotonic() + 20
        while sample((after := (await scrape(session, base + "/metrics"))[1]), failed) < 1:
            assert time.monotonic() < deadline, "the 503 was not counted"
            await asyncio.sleep(0.05)
        assert fake.fail_channel_edits == 0
        human = 'cuarenta_moves_total{by="human"}'
        assert sample(after, human) - sample(before, human) == 1
        assert sample(after, "cuarenta_interactions_total") == 4  # start, hand, card, take
        assert sample(after, "cuarenta_interaction_seconds_count") == 4
        assert sample(after, "cuarenta_live_tables") == 1
        assert sample(after, "cuarenta_db_write_seconds_count") >= 2  # opened, played
        assert "cuarenta_gateway_latency_seconds" in after
        assert sample(after, "cuarenta_event_loop_lag_seconds_count") > 0  # the watch runs
        assert "cuarenta_event_loop_lag_max_seconds " in after

        await eventually_status(session, base + "/healthz", 200)  # ready: the guilds are in
        await fake.drop_gateway()
        await eventually_status(session, base + "/healthz", 503)
        fake.accept_gateway()
        await eventually_status(session, base + "/healthz", 200, seconds=60)


async def eventually_status(session, url: str, wanted: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while (found := await scrape(session, url))[0] != wanted:
        assert time.monotonic() < deadline, f"{url} still {found}"
        await asyncio.sleep(0.05)


async def test_a_backup_taken_while_moves_are_saved_holds_every_move_acknowledged(
    fake, launch, tmp_path
):
    bot = await launch()
    table_players = players(fake, 3)
    await started(table_players)
    acknowledged: dict[int, int] = {}

    async def keep_playing(player: Player) -> None:
        while True:
            acknowledged[player.channel] = await player.play()

    playing = [asyncio.create_task(keep_playing(player)) for player in table_players]
    try:
        await eventually(lambda: len(acknowledged) == 3, what="a move on every table")
        before_backup = dict(acknowledged)
        copy = tmp_path / "backup.sqlite3"
        backup = await asyncio.create_subprocess_exec(
            sys.executable, str(PROJECT / "bot.py"), "backup", str(copy), env=bot.env
        )
        assert await backup.wait() == 0
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    saved = saved_versions(copy)
    for channel, version in before_backup.items():
        assert saved[channel] >= version
    checked = subprocess.run(
        [sys.executable, str(PROJECT / "bot.py"), "check"],
        env=bot.env | {"DATABASE_PATH": str(copy)},
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr


def proc(pid: int, name: str) -> bytes:
    return Path(f"/proc/{pid}/{name}").read_bytes()


async def test_kill_9_while_the_workers_think_leaves_no_process_behind(fake, launch):
    bot = await launch()
    (player,) = players(fake, 1)
    await player.start(bot_level="expert")
    await player.open_hand()
    await player.play()
    await eventually(player.my_turn, what="the expert's answer, from its worker")
    workers = [pid for pid in descendants(bot.pid) if b"spawn_main" in proc(pid, "cmdline")]
    assert workers  # the expert's (and the hint's, started when the hand was opened)
    for worker in workers:  # the engine alone, not the bot again: no pictures, no storage
        assert not re.search(rb"_imaging|_sqlite3", proc(worker, "maps"))
    (hint,) = custom_ids(player.hand, "c40:hint:")
    await player.send(player.hand, hint)  # the hint worker thinks
    await player.play()  # and the expert's worker starts, to think of its answer
    await eventually(lambda: len(descendants(bot.pid)) >= 3, what="both workers and the tracker")
    children = descendants(bot.pid)
    bot.signal(signal.SIGKILL)
    await eventually(
        lambda: not any(alive(pid) for pid in children), 15, f"children gone: {children}"
    )
