"""Driving the bot as a real process (`python bot.py`) against the fake Discord.

`BotProcess`: the bot started through launch_bot.py on a database of the test's own.
`Player`: one member at one channel playing against the bot with the exact custom_ids of
the bot's messages. Waits are generous (a busy machine): no timing is asserted here.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from .fakediscord import FakeDiscord

PROJECT = Path(__file__).resolve().parents[2]
LAUNCHER = Path(__file__).resolve().parent / "launch_bot.py"
CLICK_SECONDS = 20.0  # generous: a busy machine, never a timing assert


def buttons(message: dict | None) -> list[dict]:
    return [b for row in (message or {}).get("components") or [] for b in row["components"]]


def custom_ids(message: dict | None, prefix: str) -> list[str]:
    return [
        b["custom_id"]
        for b in buttons(message)
        if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")
    ]


def hand_version(message: dict | None) -> int | None:
    """The state version a hand message shows (from its card buttons)."""
    cards = [b for b in buttons(message) if b.get("custom_id", "").startswith("c40:card:")]
    return int(cards[0]["custom_id"].split(":")[3]) if cards else None


def descendants(pid: int) -> set[int]:
    """Every live process under `pid` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        children = [child for child, ppid in parents.items() if ppid == parent]
        found.update(children)
        todo.extend(children)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def saved_versions(database: Path) -> dict[int, int]:
    """channel -> version of its saved table, read from the SQLite file."""
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT channel_id, state FROM sessions").fetchall()
    finally:
        conn.close()
    return {int(channel): json.loads(state)["version"] for channel, state in rows}


async def eventually(check, seconds: float = 20.0, what: str = "") -> None:
    """Wait until `check()` is true (generous: the machine may be busy)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        await asyncio.sleep(0.05)


class BotProcess:
    def __init__(self, fake: FakeDiscord, database: Path, log: Path, env: dict[str, str]):
        self.fake, self.database, self.log = fake, database, log
        environ = {
            key: value
            for key, value in os.environ.items()
            if key not in ("DEV_GUILD_ID", "SYNC_GLOBAL", "METRICS_PORT", "DATABASE_URL")
        }
        self.env = environ | {
            "FAKE_DISCORD_URL": fake.url,
            "DISCORD_TOKEN": "loopback.fake.token",
            "DATABASE_PATH": str(database),
            "LOG_LEVEL": "INFO",
            **env,
        }
        self.proc: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        """Start the bot and wait until it is connected to the gateway."""
        self.fake.connected.clear()
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, str(LAUNCHER), str(PROJECT)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.database.parent,
            )
        await eventually(
            lambda: self.fake.connected.is_set() or self.proc.poll() is not None, 60, "connect"
        )
        assert self.proc.poll() is None, self.log.read_text()[-3000:]

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    async def exited(self, seconds: float) -> int:
        assert self.proc is not None
        await eventually(lambda: self.proc.poll() is not None, seconds, "the bot to exit")
        return self.proc.returncode

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Player:
    """One member at one channel, against the bot."""

    def __init__(self, fake: FakeDiscord, index: int) -> None:
        self.fake = fake
        self.channel = fake.channels[index]
        self.user = 10_000_000 + index
        self.table_id: int | None = None
        self.hand_id: int | None = None

    async def send(
        self, message: dict | None, custom_id: str | None = None, data: dict | None = None
    ) -> asyncio.Future:
        """Send a click (or, without custom_id, the command `data`): the future of its answer."""
        if custom_id is not None:
            kind, data = 3, {"custom_id": custom_id, "component_type": 2}
        else:
            kind = 2
        snapshot = json.loads(json.dumps(message)) if message else None
        future, _, _ = await self.fake.send_interaction(
            self.user, self.channel, kind, data or {}, snapshot
        )
        return future

    async def click(self, message: dict | None, custom_id: str | None = None, data=None):
        """A click and its answer: (callback type, the message it shows)."""
        future = await self.send(message, custom_id, data)
        _, kind, shown = await asyncio.wait_for(future, CLICK_SECONDS)
        return kind, shown

    async def start(self, **options: str) -> dict:
        given = [{"name": "mode", "type": 3, "value": "bot"}]
        given += [{"name": name, "type": 3, "value": value} for name, value in options.items()]
        data = {
            "id": "1",
            "name": "cuarenta",
            "type": 1,
            "options": [{"name": "start", "type": 1, "options": given}],
        }
        kind, shown = await self.click(None, data=data)
        assert kind == 4 and custom_ids(shown, "c40:table:"), shown
        self.table_id = int(shown["id"])
        return shown

    @property
    def table(self) -> dict:
        assert self.table_id is not None
        return self.fake.messages[self.table_id]

    @property
    def hand(self) -> dict | None:
        return self.fake.messages.get(self.hand_id) if self.hand_id else None

    async def open_hand(self) -> dict:
        (hand_button,) = [i for i in custom_ids(self.table, "c40:table:") if i.endswith(":hand")]
        kind, shown = await self.click(self.table, hand_button)
        assert kind == 4 and shown is not None, shown
        self.hand_id = int(shown["id"])
        return shown

    def my_turn(self) -> bool:
        return bool(custom_ids(self.hand, "c40:card:"))

    async def choose_card(self) -> tuple[dict, str]:
        """Tap the first card on my turn: the choices shown and the click that plays."""
        await eventually(self.my_turn, what="the player's turn")
        kind, choices = await self.click(self.hand, custom_ids(self.hand, "c40:card:")[0])
        assert kind == 7, choices
        return choices, custom_ids(choices, "c40:take:")[0]

    async def play(self) -> int | None:
        """Play one card; the version the answer shows (acknowledged)."""
        choices, take = await self.choose_card()
        kind, shown = await self.click(choices, take)
        assert kind == 7, shown
        return hand_version(shown)


def players(fake: FakeDiscord, count: int) -> list[Player]:
    return [Player(fake, index) for index in range(count)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
