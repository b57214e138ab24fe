"""A restart with many live tables, on the real bot process: what players and Discord see.

    python bench/restart.py                          # 600 tables, then memory at 1/200/2000
    python bench/restart.py --tables 100 --only restart
    python bench/restart.py --only memory --memory 1,200,2000
    python bench/restart.py --project /path/to/other/checkout

The project's bot.py runs unchanged in its own process (tests/process/launch_bot.py)
against the loopback fake Discord of tests/process/fakediscord.py, with METRICS_PORT set
so that its /metrics (the event loop's lag) can be read.

restart  N live tables, mid-match: 2-player and 2 vs 2 tables in turn, one human each and
         expert bots in every other seat, 20-29 plays made. They are prepared offline with
         the measured project's own code (TableSession, engine.Bot("normal") choosing the
         moves, Storage.save_session), saved with no message, as if the bot had stopped.
  posting  the bot starts on them and posts every table message.
  steady   every human plays as fast as the bot lets them for --steady seconds: "My hand"
           on the table message, a card, then its take (or drop) button, with exactly the
           custom_ids the bot put on its messages. Click -> interaction reply p50/p99
           (after the first 5 s, and from the start: every player's first click comes at
           once, as after the restart), the bot's CPU per move, channel requests per
           move, and the share of them that changed nothing on the message (same text,
           components and picture bytes).
  kill     the humans stop; once every table rests (a human to play, its message showing
           the saved state), --stale of the tables (10%) play one more move and the bot is
           killed with SIGKILL the moment their replies are in: those moves are saved,
           and their table messages still show the state before them.
  restart  the bot starts again on the same database; when it is ready every human clicks
           again at once ("My hand" on the old message, then plays on) for --first-minute
           seconds. Reported: click p50/p99; the event loop's lag before ready and after
           it (/metrics scraped at ready and at the end: a probe's wake-up, late by one
           long step or by a backlog of short ones), and its longest single step after
           ready (each callback timed by the launcher: how long the loop was blocked);
           the seconds until every out-of-date table shows a newer state (its first edit
           that changes it); the channel requests the restart cost each table (those
           before the first that changed its message, and that one if the message was
           behind), for tables up to date with their human to play (ideal 0), out of
           date, or up to date with a bot to play (ideal 1); requests that changed
           nothing, and uploads of the very picture the message already had; all channel
           requests from the restart to the minute's end, and their cost at Discord's
           ~50/s.
memory   the bot on prepared databases of 1, 200 and 2,000 resting tables, once it has
         posted them all and gone quiet, started --memory-runs times at each count (the
         RSS of one start varies by 2-3 MB here; the median start is used):
         (RSS(N) - RSS(1)) / (N - 1) in KB, and VmHWM, as
         the issue measured it (from one live table: the drawn pieces every picture shares,
         cached by the first table's picture, are not a cost per table); and the cost of
         each table from 200 to 2,000.

Every wait is bounded, the bot is always stopped at the end (and dies with this script),
and the temporary folder is removed. The machine may be shared: compare runs made back to
back. The last line is `RESTART SUMMARY key=value ...`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LAUNCHER = ROOT / "tests" / "process" / "launch_bot.py"
CLICK_SECONDS = 20.0  # a click not answered by then is counted as timed out
READY_AFTER_CONNECT = 2.3  # discord.py waits 2 s after the guild arrives before on_ready
PUSH_WAIT = 8.0  # a hand not pushed by then is opened again, as a player would
REST_SECONDS = 30.0  # at most this long for every table to rest before the kill
POSTING_SECONDS = 240.0  # at most this long for the bot to post every table
LAG_BUCKETS_OVER = 0.1  # "blocks over 100 ms": the target
LAG_MAX = "cuarenta_event_loop_lag_max_seconds"
GLOBAL_LIMIT = 50.0  # Discord's global rate limit, requests per second per bot
EMOJI = re.compile(r"<:c40_([A-Za-z0-9]+):\d+>")
TEXT_CARD = re.compile(r"\b(10|[AJQKajqk2-7])\s?([♠♥♦♣])")
SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
SIDES = re.compile(r"(?:\((\d+)\)|(\d+)) · chicas (\d+)")  # a side's points, then chicas
HUMAN = 10_000_000  # user id of the human of table i: HUMAN + i


# --------------------------------------------------------------------- preparation
def prepare(spec_path: str) -> None:
    """In a child process, with the measured project first on sys.path: save the tables."""
    spec = json.loads(Path(spec_path).read_text())
    sys.path.insert(0, spec["project"])
    asyncio.run(_prepare(spec))


async def _prepare(spec: dict) -> None:
    from db import Storage
    from engine import Bot
    from tables.session import TableSession
    from tables.settings import ServerSettings

    settings = ServerSettings()
    rules = settings.rule_set(settings.rules)
    storage = await Storage.open(spec["database"])
    rng = random.Random(spec["seed"])
    plays = []
    try:
        for index, channel in enumerate(spec["channels"]):
            user = HUMAN + index
            made = time.time()
            session = TableSession.open_lobby(
                guild_id=spec["guild"],
                channel_id=channel,
                host_id=user,
                players=4 if index % 2 else 2,
                rules_name=settings.rules,
                rules=rules,
                chicas_to_win=rules.chicas_to_win,
                bot_level="expert",
                lang="en",
                turn_seconds=spec["turn_seconds"],
                now=made,
                host_name=f"Player {index}",
            )
            session.seed = rng.getrandbits(48)
            session.start(user, made)
            target = rng.randrange(20, 30)
            chooser = {}
            while True:
                if session.paused_until is not None:
                    session.next_hand(None, session.version, made)
                    continue
                seat = session.seat_to_play
                assert seat is not None and session.game is not None, session.phase
                mine = session.seats[seat].user_id == user  # type: ignore[union-attr]
                if len(session.moves) >= target and mine:
                    break  # mid-match, the human to play
                game = session.game
                bot = chooser.setdefault(seat, Bot("normal", seed=session.seed + seat))
                move = bot.choose(game.copy())
                if mine:
                    options = game.capture_options(move.card)
                    if not options:
                        choice = None
                    else:
                        choice = "d" if move.is_drop else str(options.index(move.takes))
                    session.play(user, str(move.card), choice, session.version, made)
                else:
                    session.apply_bot_move(move, session.version, made)
            session.turn_started_at = time.time()
            plays.append(len(session.moves))
            await storage.save_session(
                session.session_id,
                session.guild_id,
                session.channel_id,
                "game",
                session.to_dict(),
                live=True,
            )
    finally:
        await storage.close()
    print(json.dumps({"fewest": min(plays, default=0), "most": max(plays, default=0)}))


def prepare_database(
    project: Path, folder: Path, name: str, guild: int, channels: list[int], seed: int
) -> Path:
    database = folder / f"{name}.sqlite3"
    spec = folder / f"{name}.json"
    spec.write_text(
        json.dumps(
            {
                "project": str(project),
                "database": str(database),
                "guild": guild,
                "channels": channels,
                "seed": seed,
                # long turns: no reminder nor auto-play falls inside a run
                "turn_seconds": 600,
            }
        )
    )
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--prepare", str(spec)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        sys.exit(f"preparing {len(channels)} tables failed:\n{done.stderr[-3000:]}")
    plays = json.loads(done.stdout.splitlines()[-1])
    print(
        f"  prepared {len(channels)} tables in {time.perf_counter() - began:.1f} s, "
        f"{plays['fewest']}-{plays['most']} plays made in each",
        flush=True,
    )
    return database


# ------------------------------------------------------------------------ the bot
def die_with_parent() -> None:
    """The bot gets SIGKILL if this script dies (no bot left behind)."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class BotProcess:
    def __init__(self, fake, project: Path, database: Path, log: Path) -> None:
        self.fake, self.project, self.database, self.log = fake, project, database, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.steps_file = log.with_suffix(".steps")  # the launcher's log of long loop steps

    def start(self) -> None:
        self.port = free_port()
        drop = ("DEV_GUILD_ID", "SYNC_GLOBAL", "METRICS_PORT", "DATABASE_URL")
        env = {k: v for k, v in os.environ.items() if k not in drop} | {
            "FAKE_DISCORD_URL": self.fake.url,
            "DISCORD_TOKEN": "loopback.fake.token",
            "DATABASE_PATH": str(self.database),
            "LOG_LEVEL": "INFO",
            "METRICS_PORT": str(self.port),
            "LONG_STEPS_FILE": str(self.steps_file),
        }
        self.fake.connected.clear()
        with open(self.log, "ab") as log:
            log.write(f"\n===== start at {time.time():.3f} =====\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [sys.executable, str(self.launcher()), str(self.project)],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.database.parent,
                preexec_fn=die_with_parent,
                start_new_session=True,  # no terminal's Ctrl-C, no other job's group signal
            )

    def launcher(self) -> Path:
        """launch_bot.py under a name of this benchmark's own: other tools on a shared
        machine that look for "launch_bot.py" (py-spy, pkill) leave this bot alone."""
        named = self.database.parent / "restart_bench_bot.py"
        if not named.exists():
            named.symlink_to(LAUNCHER)
        return named

    def check_running(self, when: str) -> None:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise RuntimeError(
                f"the bot stopped by itself ({self.proc.returncode}) {when}:\n{self.tail()}"
            )

    async def connected(self, seconds: float = 120.0) -> None:
        deadline = time.monotonic() + seconds
        while not self.fake.connected.is_set():
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"the bot exited ({self.proc.returncode}):\n{self.tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot did not connect in {seconds:g} s:\n{self.tail()}")
            await asyncio.sleep(0.02)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]

    def kill9(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        """A graceful stop (SIGINT), else SIGKILL: the bot is gone when this returns."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.kill9()

    def status(self) -> dict[str, int]:
        """VmRSS and VmHWM of the bot's own process, in kB."""
        assert self.proc is not None
        found = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS", "VmHWM")):
                key, value = line.split(":")
                found[key] = int(value.split()[0])
        return found

    def cpu_seconds(self) -> float:
        """CPU of the bot and every live process under it (its workers), and of its
        finished children."""
        assert self.proc is not None
        tick = os.sysconf("SC_CLK_TCK")
        stats = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stats[int(entry.name)] = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
        total, todo = 0, [self.proc.pid]
        while todo:
            pid = todo.pop()
            fields = stats.get(pid)
            if fields is None:
                continue
            total += int(fields[11]) + int(fields[12])
            if pid == self.proc.pid:
                total += int(fields[13]) + int(fields[14])
            todo.extend(child for child, f in stats.items() if int(f[1]) == pid)
        return total / tick

    async def metrics(self) -> dict[str, float]:
        """The bot's /metrics page: sample name (with labels) -> value."""
        import aiohttp

        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{self.port}/metrics") as response,
        ):
            text = await response.text()
        found = {}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                name, _, value = line.rpartition(" ")
                found[name] = float(value)
        return found


# ----------------------------------------------------------------- what is shown
def buttons(message: dict | None) -> list[dict]:
    return [b for row in (message or {}).get("components") or [] for b in row["components"]]


def enabled(message: dict | None, prefix: str) -> list[str]:
    return [
        b["custom_id"]
        for b in buttons(message)
        if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")
    ]


def shown(content: str) -> dict | None:
    """What a public table message shows: scores, table cards, stock; None if unreadable."""
    lines = content.splitlines()
    table = next((ln for ln in lines if ln.startswith("Table:")), None)
    stock = re.search(r"Stock: (\d+) card", content)
    if table is None:
        return None
    cards = EMOJI.findall(table) or [r.upper() + SUITS[s] for r, s in TEXT_CARD.findall(table)]
    return {
        "scores": [int(a or b) for a, b, _ in SIDES.findall(content)],
        "chicas": [int(c) for _, _, c in SIDES.findall(content)],
        "table": sorted(cards),
        "stock": int(stock.group(1)) if stock else None,
        "turn": next((ln for ln in lines if ln.startswith("▶")), ""),
    }


def matches(content: str, state: dict, user: int) -> bool:
    """The public message shows the saved state (scores, table cards, stock, whose turn)."""
    view = shown(content)
    game = state.get("game")
    if view is None or game is None:
        return False
    seat = next(i for i, s in enumerate(state["seats"]) if s and s.get("user_id") == user)
    mine = game["to_play"] == seat and state.get("paused_until") is None
    return (
        view["scores"] == game["scores"]
        and view["chicas"] == game["chicas"]
        and view["table"] == sorted(game["table"])
        and view["stock"] in (None, len(game["stock"]))
        and (f"<@{user}>" in view["turn"]) == mine
    )


def saved_states(database: Path) -> dict[int, dict]:
    """channel -> saved state of its live game (read-only, while the bot runs or not)."""
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        rows = conn.execute("SELECT channel_id, state FROM sessions WHERE live = 1").fetchall()
    finally:
        conn.close()
    return {int(channel): json.loads(state) for channel, state in rows}


def human_to_play(state: dict, user: int) -> bool:
    game = state.get("game")
    if game is None or state.get("phase") != "playing" or state.get("paused_until") is not None:
        return False
    seat = game["to_play"]
    occupant = state["seats"][seat]
    return bool(occupant) and occupant.get("user_id") == user and not occupant.get("bot_level")


# -------------------------------------------------------------------- the players
class Clicks:
    """Every click answered: (kind, sent at, milliseconds); timeouts and odd answers."""

    def __init__(self) -> None:
        self.answered: list[tuple[str, float, float]] = []
        self.timeouts = 0
        self.anomalies: list[str] = []

    def between(self, start: float, end: float, kinds: tuple[str, ...] = ()) -> list[float]:
        return [
            ms
            for kind, at, ms in self.answered
            if start <= at < end and (not kinds or kind in kinds)
        ]

    def breakdown(self, start: float, end: float) -> str:
        """p50/p99 by kind of click, and in the first 10 s against the rest."""
        cut = min(start + 10.0, end)
        parts = [
            f"{name} {spread(self.between(start, end, kinds))}"
            for name, kinds in (("My hand", ("hand",)), ("card", ("card",)), ("take", ("move",)))
        ]
        parts.append(f"first 10 s {spread(self.between(start, cut))}")
        parts.append(f"after {spread(self.between(cut, end))}")
        return "\n    ".join(parts)


class Player:
    """The one human of table `index`, clicking as fast as the bot lets them."""

    def __init__(self, fake, clicks: Clicks, index: int, seed: int) -> None:
        self.fake, self.clicks, self.index = fake, clicks, index
        self.channel = fake.channels[index]
        self.user = HUMAN + index
        self.table_id: int | None = None
        self.hand_id: int | None = None
        self.rng = random.Random(seed * 100_003 + index)
        self.moves = 0
        self.over = False

    @property
    def table(self) -> dict | None:
        return self.fake.messages.get(self.table_id) if self.table_id else None

    @property
    def hand(self) -> dict | None:
        return self.fake.messages.get(self.hand_id) if self.hand_id else None

    async def click(self, kind: str, message: dict, custom_id: str) -> tuple[int, dict] | None:
        data = {"custom_id": custom_id, "component_type": 2}
        snapshot = json.loads(json.dumps(message))
        try:
            future, sent, _ = await self.fake.send_interaction(
                self.user, self.channel, 3, data, snapshot
            )
        except (ConnectionError, ConnectionResetError):
            return None  # the bot is down
        try:
            arrived, answer, reply = await asyncio.wait_for(future, CLICK_SECONDS)
        except TimeoutError:
            self.clicks.timeouts += 1
            return None
        self.clicks.answered.append((kind, sent, (arrived - sent) * 1000))
        return answer, reply

    async def open_hand(self) -> bool:
        table = self.table
        ids = [i for i in enabled(table, "c40:table:") if i.endswith(":hand")]
        if table is None or not ids:
            self.over = table is not None  # the hand button goes when the match is over
            return False
        answer = await self.click("hand", table, ids[0])
        if answer is None or answer[0] != 4 or answer[1] is None:
            self.clicks.anomalies.append(f"hand -> {answer and answer[0]}")
            return False
        self.hand_id = int(answer[1]["id"])
        return True

    async def play_turn(self) -> bool:
        """Tap a card, then its take (or drop) button: a move, if the bot took it."""
        hand = self.hand
        cards = enabled(hand, "c40:card:")
        if not cards or hand is None:
            return False
        answer = await self.click("card", hand, self.rng.choice(cards))
        if answer is None or answer[0] != 7:
            self.clicks.anomalies.append(f"card -> {answer and answer[0]}")
            return False
        takes = enabled(answer[1], "c40:take:")
        if not takes:
            self.clicks.anomalies.append("card: no take button")
            return False
        captures = [i for i in takes if not i.endswith(":d")] or takes
        answer = await self.click("move", answer[1], self.rng.choice(captures))
        if answer is None or answer[0] != 7:
            self.clicks.anomalies.append(f"take -> {answer and answer[0]}")
            return False
        self.moves += 1
        return True

    async def play(self, until: float, go: asyncio.Event) -> None:
        """Play until the loop time `until`, or until `go` is cleared (between clicks)."""
        while go.is_set() and time.perf_counter() < until and not self.over:
            if self.hand is None and not await self.open_hand():
                await asyncio.sleep(0.5)
                continue
            if enabled(self.hand, "c40:card:"):
                if not await self.play_turn():
                    await self.open_hand()
                continue
            assert self.hand_id is not None
            revision = self.fake.revision.get(self.hand_id, -1)
            wait = min(PUSH_WAIT, max(0.05, until - time.perf_counter()))
            pushed = await self.fake.edited(self.hand_id, revision, wait)
            if not pushed and time.perf_counter() < until and go.is_set():
                await self.open_hand()  # no push came: look again


# ------------------------------------------------------------------------ figures
def pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def spread(values: list[float], unit: str = "ms") -> str:
    if not values:
        return "n=0"
    return (
        f"n={len(values)} p50 {pct(values, 0.5):.0f} {unit}  p99 {pct(values, 0.99):.0f}  "
        f"max {max(values):.0f}"
    )


def own_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def lag_figures(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """From two /metrics scrapes: the longest block before the first, and after it (exact
    when it raised the maximum, else an upper bound from the histogram), and how many
    blocks over LAG_BUCKETS_OVER came between them."""
    name = "cuarenta_event_loop_lag"
    first, last = before.get(name + "_max_seconds", 0.0), after.get(name + "_max_seconds", 0.0)
    buckets = sorted(
        (float(key.split('le="')[1].rstrip('"}')), after[key] - before.get(key, 0.0))
        for key in after
        if key.startswith(name + "_seconds_bucket") and "+Inf" not in key
    )
    count = after.get(name + "_seconds_count", 0.0) - before.get(name + "_seconds_count", 0.0)
    below = {bound: n for bound, n in buckets}
    over = count - below.get(LAG_BUCKETS_OVER, count)
    if last > first:
        after_max, exact = last, True
    else:  # not above the earlier maximum: the smallest bucket holding every sample
        after_max = next((bound for bound, n in buckets if n >= count), first)
        after_max, exact = min(after_max, first), False
    return {
        "before": first,
        "after": after_max,
        "after_exact": float(exact),
        "over": over,
        "samples": count,
    }


def long_steps(bot: BotProcess, start: float, end: float) -> list[tuple[float, str]]:
    """The event loop's steps of 20 ms or more that ended between two wall-clock times
    (time.time()), longest first: (seconds, what ran); garbage collections that long are
    listed too, as "(garbage collection, generation N, CPU M ms)", each within a step."""
    if not bot.steps_file.exists():
        return []
    steps = []
    for line in bot.steps_file.read_text().splitlines():
        at, took, what = line.split(" ", 2)
        if start <= float(at) <= end:
            steps.append((float(took), what))
    return sorted(steps, reverse=True)


def writes_between(fake, start: float, end: float, channels: set[int] | None = None) -> list:
    return [
        w
        for w in fake.writes
        if start <= w["at"] < end and (channels is None or w["channel"] in channels)
    ]


def write_counts(writes: list[dict]) -> str:
    useless = sum(not w["changed"] for w in writes)
    same = sum(w["same_picture"] for w in writes)
    uploads = sum(w["uploads"] > 0 for w in writes)
    return (
        f"{len(writes)} ({sum(w['method'] == 'POST' for w in writes)} POST), "
        f"{useless} changed nothing ({100 * useless / max(len(writes), 1):.1f}%), "
        f"{uploads} uploaded a picture, {same} of them the very bytes the message had"
    )


# ---------------------------------------------------------------------------- runs
class Restart:
    def __init__(self, args: argparse.Namespace, project: Path, folder: Path) -> None:
        from tests.process.fakediscord import FakeDiscord

        self.args, self.project, self.folder = args, project, folder
        self.fake = FakeDiscord(channels=args.tables)
        self.clicks = Clicks()
        self.players = [Player(self.fake, self.clicks, i, args.seed) for i in range(args.tables)]
        self.bot: BotProcess | None = None
        self.figures: dict[str, object] = {}
        self.tables_seen = 0  # fake.writes read so far, for the table messages

    def follow_tables(self) -> None:
        """Note each channel's table message (a POST with the table's buttons)."""
        by_channel = {p.channel: p for p in self.players}
        for write in self.fake.writes[self.tables_seen :]:
            player = by_channel.get(write["channel"])
            message = self.fake.messages.get(write["message"])
            if player is not None and write["method"] == "POST" and enabled(message, "c40:table:"):
                player.table_id = write["message"]
        self.tables_seen = len(self.fake.writes)

    async def posted(self, seconds: float) -> float:
        """Wait until every table message is posted; seconds it took."""
        began = time.perf_counter()
        while True:
            self.follow_tables()
            missing = sum(p.table_id is None for p in self.players)
            if not missing:
                return time.perf_counter() - began
            if time.perf_counter() - began > seconds:
                raise TimeoutError(f"{missing} tables not posted in {seconds:g} s")
            await asyncio.sleep(0.1)

    async def run(self) -> dict[str, object]:
        fake = self.fake
        await fake.start()
        try:
            return await self._run()
        finally:
            if self.bot is not None:
                self.bot.stop()
            await fake.stop()

    async def _run(self) -> dict[str, object]:
        args, fake, out = self.args, self.fake, self.figures
        database = prepare_database(
            self.project, self.folder, "restart", fake.guild_id, fake.channels, args.seed
        )
        self.bot = bot = BotProcess(fake, self.project, database, self.folder / "bot.log")

        # ---------------------------------------------------------------- posting
        began = time.perf_counter()
        bot.start()
        await bot.connected()
        connected = time.perf_counter() - began
        posting = await self.posted(POSTING_SECONDS)
        print(
            f"first start: connected in {connected:.1f} s, every table posted "
            f"{connected + posting:.1f} s after the start",
            flush=True,
        )
        out["posting_s"] = round(connected + posting, 1)
        states = saved_states(database)
        readable = sum(matches(p.table["content"], states[p.channel], p.user) for p in self.players)
        out["check_ok"] = readable
        if readable < len(self.players):
            print(
                f"WARNING: only {readable} of {len(self.players)} fresh table messages read as "
                "their saved state: the message format may have changed (see `shown`)",
                flush=True,
            )

        # ----------------------------------------------------------------- steady
        go = asyncio.Event()
        go.set()
        start = time.perf_counter()
        until = start + args.steady
        cpu0, moves0, mine0 = bot.cpu_seconds(), self.moves(), own_cpu()
        await asyncio.gather(*(p.play(until, go) for p in self.players))
        end = time.perf_counter()
        bot.check_running("in steady play")
        cpu, mine = bot.cpu_seconds() - cpu0, own_cpu() - mine0
        moves = self.moves() - moves0
        self.follow_tables()
        warm = start + min(5.0, args.steady / 4)
        steady_clicks = self.clicks.between(warm, end)
        steady_writes = writes_between(fake, start, end)
        out["steady_moves"] = moves
        out["steady_p50_ms"], out["steady_p99_ms"] = (
            pct(steady_clicks, 0.5),
            pct(steady_clicks, 0.99),
        )
        # Play starts as the restart's minute does, every player opening a hand at once:
        # the same burst, to compare the restart's first minute with.
        opening_clicks = self.clicks.between(start, end)
        out["steady_with_start_p99_ms"] = pct(opening_clicks, 0.99)
        out["steady_useless_share"] = sum(not w["changed"] for w in steady_writes) / max(
            len(steady_writes), 1
        )
        out["steady_same_picture"] = sum(w["same_picture"] for w in steady_writes)
        print(
            f"\n== steady play, {end - start:.0f} s: {moves} human moves "
            f"({moves / (end - start):.1f}/s), bot CPU {1000 * cpu / max(moves, 1):.2f} ms "
            f"per human move ({100 * cpu / (end - start):.0f}% of a core; this driver and "
            f"the fake Discord {100 * mine / (end - start):.0f}%)\n"
            f"  click -> reply (after the first {warm - start:.0f} s): {spread(steady_clicks)}\n"
            f"    {self.clicks.breakdown(warm, end)}\n"
            f"  click -> reply from the start (every player's first click at once, as at "
            f"the restart): {spread(opening_clicks)}\n"
            f"  channel requests: {write_counts(steady_writes)}; "
            f"{len(steady_writes) / max(moves, 1):.2f} per human move",
            flush=True,
        )

        # -------------------------------------------------------------------- kill
        stale_goal = round(args.tables * args.stale)
        await self.rest()
        states = saved_states(database)
        resting = [
            p
            for p in self.players
            if not p.over
            and p.table is not None
            and human_to_play(states.get(p.channel, {}), p.user)
            and matches(p.table["content"], states[p.channel], p.user)
        ]
        chosen = random.Random(args.seed).sample(resting, min(stale_goal, len(resting)))
        for player in chosen:  # their hand at the saved version, before anything is timed
            if enabled(player.hand, "c40:card:") == []:
                await player.open_hand()
        played = await asyncio.gather(*(p.play_turn() for p in chosen))
        bot.check_running("before the kill")
        bot.kill9()
        states = saved_states(database)
        stale = {
            p.channel
            for p in self.players
            if p.table is not None
            and p.channel in states
            and not matches(p.table["content"], states[p.channel], p.user)
        }
        live = [p for p in self.players if p.channel in states and not p.over]
        # up to date, but a bot to play: its move will need one request
        thinking = {
            p.channel
            for p in live
            if p.channel not in stale
            and states[p.channel].get("paused_until") is None
            and not human_to_play(states[p.channel], p.user)
        }
        out["stale"] = len(stale)
        print(
            f"\n== kill -9: {sum(played)} of {len(chosen)} chosen tables moved just before; "
            f"{len(stale)} of {len(live)} live tables out of date at the kill, "
            f"{len(thinking)} up to date with a bot to play "
            f"({len(self.players) - len(live)} matches over)",
            flush=True,
        )

        # ----------------------------------------------------------------- restart
        restarted = time.perf_counter()
        bot.start()
        await bot.connected()
        connected = time.perf_counter()
        await asyncio.sleep(READY_AFTER_CONNECT)
        ready, ready_wall = time.perf_counter(), time.time()
        at_ready = await bot.metrics()
        until = ready + args.first_minute
        go.set()
        cpu0, moves0, mine0 = bot.cpu_seconds(), self.moves(), own_cpu()
        for player in live:
            player.hand_id = None  # every player clicks "My hand" again, at once
        await asyncio.gather(*(p.play(until, go) for p in live))
        end = time.perf_counter()
        bot.check_running("in the first minute after the restart")
        at_end = await bot.metrics()
        cpu, mine = bot.cpu_seconds() - cpu0, own_cpu() - mine0
        moves = self.moves() - moves0
        self.follow_tables()
        lag = lag_figures(at_ready, at_end)
        steps = long_steps(bot, ready_wall, time.time())
        collections = [step for step in steps if step[1].startswith("(garbage collection")]
        steps = [step for step in steps if step not in collections]
        steps_over = sum(took >= LAG_BUCKETS_OVER for took, _ in steps)
        first_clicks = self.clicks.between(ready, end)
        after = writes_between(fake, restarted, end)

        # per table, the requests the restart cost: those before the first one that
        # changed its message (they changed nothing), and that one where the message was
        # behind (out of date, or its bot's move to show); later ones show later moves
        per_table: dict[int, list[dict]] = {p.channel: [] for p in live}
        for write in after:
            if write["channel"] in per_table:
                per_table[write["channel"]].append(write)

        def cost(channel: int, behind: bool) -> int:
            writes = per_table[channel]
            first = next((i for i, w in enumerate(writes) if w["changed"]), None)
            if first is None:
                return len(writes)
            return first + (1 if behind else 0)

        fresh = [cost(c, False) for c in per_table if c not in stale | thinking]
        old = [cost(c, True) for c in per_table if c in stale]
        bots = [cost(c, True) for c in per_table if c in thinking]
        # seconds from the restart until each out-of-date table's message changed
        shown_at = {}
        for write in after:
            if write["channel"] in stale and write["changed"] and write["channel"] not in shown_at:
                shown_at[write["channel"]] = write["at"] - restarted
        never = len(stale) - len(shown_at)
        shown_s = list(shown_at.values())
        useless = [w for w in after if not w["changed"]]
        same = [w for w in after if w["same_picture"]]
        channel_requests = len(after)
        out.update(
            restart_connect_s=round(connected - restarted, 1),
            first_min_p50_ms=pct(first_clicks, 0.5),
            first_min_p99_ms=pct(first_clicks, 0.99),
            lag_before_ready_ms=1000 * lag["before"],
            lag_after_ready_ms=1000 * lag["after"],
            lag_after_exact=bool(lag["after_exact"]),
            blocks_over_100ms_after_ready=int(lag["over"]),
            longest_step_after_ready_ms=1000 * steps[0][0] if steps else 0.0,
            steps_over_100ms_after_ready=steps_over,
            longest_collection_after_ready_ms=1000 * collections[0][0] if collections else 0.0,
            shown_max_s=max(shown_s) if shown_s and not never else float("inf"),
            shown_p99_s=pct(shown_s, 0.99) if shown_s else float("nan"),
            never_shown=never,
            fresh_tables=len(fresh),
            fresh_requests=sum(fresh),
            fresh_with_requests=sum(n > 0 for n in fresh),
            stale_requests=sum(old),
            bot_to_play_tables=len(bots),
            bot_to_play_requests=sum(bots),
            stale_exactly_one=sum(n == 1 for n in old),
            useless_after=len(useless),
            same_picture_after=len(same),
            channel_requests_after=channel_requests,
            budget_s=channel_requests / GLOBAL_LIMIT,
            first_min_moves=moves,
        )
        bound = "" if lag["after_exact"] else "<= "
        blocks = (
            f"  event loop's lag (its probe woken late by one long step, or by many short "
            f"ones queued): before ready {1000 * lag['before']:.0f} ms "
            f"(start-up and restore), after ready {bound}{1000 * lag['after']:.0f} ms; "
            f"{lag['over']:.0f} looks over {1000 * LAG_BUCKETS_OVER:.0f} ms after ready "
            f"(of {lag['samples']:.0f} looks)"
        )
        if LAG_MAX not in at_end:
            blocks = "  event loop's longest block: not exported (cogs/infra/metrics.py watch_loop)"
            for key in ("lag_before_ready_ms", "lag_after_ready_ms", "lag_after_exact"):
                out[key] = "n/a"
            out["blocks_over_100ms_after_ready"] = "n/a"
        blocks += (
            f"\n  longest single step of the loop after ready (one callback, the launcher's "
            f"timing): {1000 * steps[0][0] if steps else 0:.0f} ms; "
            f"{steps_over} over "
            f"{1000 * LAG_BUCKETS_OVER:.0f} ms, {len(steps)} of 20 ms or more"
            + "".join(f"\n    {1000 * took:.0f} ms {what}" for took, what in steps[:3])
            + f"\n  garbage collections of 20 ms or more after ready: {len(collections)}"
            + "".join(  # (collections are longest first)
                f"; generation {gen}: {len(of_gen)}, the longest {1000 * of_gen[0][0]:.0f} ms "
                f"{of_gen[0][1]}"
                for gen in "012"
                if (of_gen := [c for c in collections if f"generation {gen}," in c[1]])
            )
        )
        print(
            f"\n== restart: connected {connected - restarted:.1f} s after the start, ready "
            f"(+{READY_AFTER_CONNECT} s) at {ready - restarted:.1f} s; then "
            f"{end - ready:.0f} s with every player clicking at once and playing on: "
            f"{moves} human moves, bot CPU {cpu:.1f} s ({100 * cpu / (end - ready):.0f}% "
            f"of a core; this driver and the fake Discord {100 * mine / (end - ready):.0f}%)\n"
            f"  click -> reply in the first minute: {spread(first_clicks)}; "
            f"timeouts so far {self.clicks.timeouts}\n"
            f"    {self.clicks.breakdown(ready, end)}\n"
            f"{blocks}\n"
            f"  out-of-date tables showing a newer state: {len(shown_at)} of {len(stale)}, "
            f"seconds after the restart {spread(shown_s, 's') if shown_s else 'n=0'}"
            f"{f'; {never} NEVER within the minute' if never else ''}\n"
            f"  requests the restart cost per table (those before the first that changed the "
            f"message, and that one if the message was behind):\n"
            f"    up to date at the kill, its human to play: {sum(fresh)} on {len(fresh)} tables "
            f"({sum(n > 0 for n in fresh)} tables with any; ideal 0)\n"
            f"    up to date at the kill, a bot to play: {sum(bots)} on {len(bots)} tables "
            f"({sum(n == 1 for n in bots)} with exactly 1, {sum(n > 1 for n in bots)} with more; "
            f"ideal 1 each, the bot's move)\n"
            f"    out of date at the kill: {sum(old)} on {len(old)} tables "
            f"({sum(n == 1 for n in old)} with exactly 1, {sum(n == 0 for n in old)} with 0, "
            f"{sum(n > 1 for n in old)} with more; ideal 1 each)\n"
            f"  channel requests from the restart to the minute's end: {write_counts(after)}\n"
            f"    = {channel_requests / GLOBAL_LIMIT:.1f} s of Discord's global budget at "
            f"{GLOBAL_LIMIT:.0f}/s; {len(useless)} changed nothing "
            f"({len(useless) / GLOBAL_LIMIT:.1f} s of it)",
            flush=True,
        )
        for write in useless[:10]:  # where to look: when, which table, and its place
            channel = write["channel"]
            kind = (
                "out of date"
                if channel in stale
                else "a bot to play"
                if channel in thinking
                else "up to date"
            )
            writes = per_table.get(channel, [write])  # a table not live at the kill: alone
            print(
                f"    changed nothing: {write['at'] - restarted:.2f} s after the restart, "
                f"table {channel} ({kind} at the kill), its write {writes.index(write) + 1} "
                f"of {len(writes)} after the restart",
                flush=True,
            )
        out["timeouts"] = self.clicks.timeouts
        out["anomalies"] = len(self.clicks.anomalies)
        if self.clicks.anomalies:
            print(f"  odd answers: {len(self.clicks.anomalies)}, e.g. {self.clicks.anomalies[:3]}")
        return out

    def moves(self) -> int:
        return sum(p.moves for p in self.players)

    async def rest(self) -> None:
        """Wait until every table rests: its human to play (or the match over, or a pause
        between hands) and its message showing the saved state."""
        assert self.bot is not None
        began = time.perf_counter()
        while time.perf_counter() - began < REST_SECONDS:
            states = saved_states(self.bot.database)
            busy = [
                p
                for p in self.players
                if p.channel in states
                and p.table is not None
                and not (
                    (
                        human_to_play(states[p.channel], p.user)
                        or states[p.channel].get("paused_until") is not None
                    )
                    and matches(p.table["content"], states[p.channel], p.user)
                )
            ]
            if not busy:
                break
            await asyncio.sleep(0.5)
        else:
            print(f"  {len(busy)} tables still busy after {REST_SECONDS:g} s", flush=True)
        print(f"  every table at rest {time.perf_counter() - began:.1f} s after play stopped")


async def resting_status(
    args: argparse.Namespace, project: Path, folder: Path, size: int, run: int
) -> dict[str, int]:
    """The bot's memory status on `size` resting tables, once it has posted them all."""
    from tests.process.fakediscord import FakeDiscord

    fake = FakeDiscord(channels=size)
    await fake.start()
    bot = None
    try:
        database = prepare_database(
            project, folder, f"memory{size}-{run}", fake.guild_id, fake.channels, args.seed
        )
        bot = BotProcess(fake, project, database, folder / f"memory{size}-{run}.log")
        began = time.perf_counter()
        bot.start()
        await bot.connected()
        await asyncio.sleep(READY_AFTER_CONNECT)
        channels = set(fake.channels)
        while True:  # every table posted, then quiet for 3 s
            posted = {w["channel"] for w in fake.writes if w["channel"] in channels}
            last = fake.writes[-1]["at"] if fake.writes else began
            if len(posted) == size and time.perf_counter() - last > 3.0:
                break
            if time.perf_counter() - began > POSTING_SECONDS:
                print(f"  {size}: only {len(posted)} tables posted; measuring anyway")
                break
            await asyncio.sleep(0.2)
        status = bot.status()
        print(
            f"  {size:5d} tables (posted and quiet "
            f"{time.perf_counter() - began:.0f} s after the start): "
            f"VmRSS {status['VmRSS'] / 1024:.1f} MiB, "
            f"VmHWM {status['VmHWM'] / 1024:.1f} MiB",
            flush=True,
        )
        return status
    finally:
        if bot is not None:
            bot.stop()
        await fake.stop()


async def memory(args: argparse.Namespace, project: Path, folder: Path) -> dict[str, object]:
    sizes = [int(x) for x in args.memory.split(",")]
    runs: dict[int, list[dict[str, int]]] = {size: [] for size in sizes}
    print(
        f"\n== memory: the bot on {', '.join(map(str, sizes))} resting tables, "
        f"{args.memory_runs} starts each (the median is used)",
        flush=True,
    )
    for run in range(args.memory_runs):
        for size in sizes if run % 2 == 0 else reversed(sizes):
            runs[size].append(await resting_status(args, project, folder, size, run))
    found = {
        size: sorted(statuses, key=lambda status: status["VmRSS"])[len(statuses) // 2]
        for size, statuses in runs.items()
    }
    out: dict[str, object] = {}
    smallest = min(found)
    base = found[smallest]
    for size, status in sorted(found.items()):
        if size > smallest:
            per = (status["VmRSS"] - base["VmRSS"]) / (size - smallest)
            hwm = (status["VmHWM"] - base["VmHWM"]) / (size - smallest)
            out[f"rss_kb_per_table_{size}"] = per
            out[f"hwm_kb_per_table_{size}"] = hwm
            print(
                f"  per live table at {size}: RSS {per:.0f} KB, VmHWM {hwm:.0f} KB "
                f"((N) - ({smallest})) / (N - {smallest}); projected RSS at 10,000 tables "
                f"{(base['VmRSS'] + (10_000 - smallest) * per) / 1024:.0f} MiB"
            )
    if len(found) > 2:
        below, top = sorted(found)[-2:]
        marginal = (found[top]["VmRSS"] - found[below]["VmRSS"]) / (top - below)
        out[f"rss_kb_per_table_{below}_to_{top}"] = marginal
        print(
            f"  each table from {below} to {top}: RSS {marginal:.0f} KB "
            f"((N) - ({below})) / (N - {below}): what a table costs once the drawn pieces "
            "every picture shares are cached"
        )
    return out


def summary(found: dict[str, object]) -> str:
    def text(value: object) -> str:
        if isinstance(value, float):
            return f"{value:.3f}" if value < 1 else f"{value:.1f}"
        return str(value)

    return "RESTART SUMMARY " + " ".join(f"{key}={text(value)}" for key, value in found.items())


async def main_async(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    folder = Path(tempfile.mkdtemp(prefix="restart-bench-"))
    found: dict[str, object] = {}
    try:
        async with asyncio.timeout(args.max_seconds):
            if args.only in (None, "restart"):
                print(
                    f"\n== restart: {args.tables} live tables (2-player and 2 vs 2 in turn, "
                    f"expert bots), steady {args.steady:g} s, {100 * args.stale:.0f}% left "
                    f"out of date at the kill, first minute {args.first_minute:g} s",
                    flush=True,
                )
                found["tables"] = args.tables
                found.update(await Restart(args, project, folder).run())
            if args.only in (None, "memory"):
                found.update(await memory(args, project, folder))
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print("\n" + summary(found), flush=True)
    return 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--prepare":
        prepare(sys.argv[2])
        return 0
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", choices=("restart", "memory"), help="run just one part")
    parser.add_argument("--project", default=str(ROOT), help="checkout to measure (%(default)s)")
    parser.add_argument("--tables", type=int, default=600, help="live tables (%(default)s)")
    parser.add_argument("--steady", type=float, default=45, help="seconds of play (%(default)s)")
    parser.add_argument(
        "--first-minute", type=float, default=60, help="seconds after ready (%(default)s)"
    )
    parser.add_argument(
        "--stale", type=float, default=0.1, help="share out of date at the kill (%(default)s)"
    )
    parser.add_argument(
        "--memory",
        default="1,200,2000",
        help="table counts for memory, the first the base (%(default)s)",
    )
    parser.add_argument(
        "--memory-runs",
        type=int,
        default=3,
        help="starts of the bot at each count; the median RSS is used (%(default)s)",
    )
    parser.add_argument("--seed", type=int, default=24, help="deals and choices (%(default)s)")
    parser.add_argument(
        "--max-seconds", type=float, default=900, help="the whole run's bound (%(default)s)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs)")
    args = parser.parse_args()
    if not (Path(args.project) / "bot.py").exists():
        sys.exit(f"{args.project} has no bot.py")
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
