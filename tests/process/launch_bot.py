"""Run the project's bot.py, unchanged, against the fake Discord at $FAKE_DISCORD_URL.

    FAKE_DISCORD_URL=http://127.0.0.1:PORT DISCORD_TOKEN=x DATABASE_PATH=x.sqlite3 \
        python launch_bot.py /path/to/project

Vendored, trimmed, from the loopback benchmark (../shared/loopback/launch_bot.py, outside
this repository; its latency probe left out). Only two discord.py class attributes are
pointed at the loopback server (REST base, and the gateway URL), and the client waits
0.2 s instead of 2 s for more servers after the fake's one (discord.py's
`guild_ready_timeout`: every launch in the tests paid it); then bot.py runs as __main__
via runpy, exactly as `python bot.py`.
"""

import os
import runpy
import sys

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

project = sys.argv[1]
sys.path.insert(0, project)
sys.argv = [os.path.join(project, "bot.py")]
runpy.run_path(sys.argv[0], run_name="__main__")
