"""A simulated Discord (simcord) with the real bot on a fresh database per test."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace

import discord
import pytest
import pytest_asyncio
import simcord.env
import simcord.http.router
import simcord.interactions

import cogs.infra.clock
import cogs.infra.retry
import tables.session
import tables.tournament
from bot import CuarentaBot, create_bot
from tests import discord_limits
from tests.cogs.helpers import rest_that_yields, simcord_threads_as_discord, with_locales


@pytest.fixture(autouse=True)
def every_payload_within_discords_limits(monkeypatch):
    """Every request the bot makes (with its token or an interaction's) passes through
    tests/discord_limits.py: a message, an edit, an interaction's answer, a thread's
    name. A payload past a limit fails the test that sent it, at its end (raised inside
    the bot, a broad `except` could swallow it), naming the request and the limits."""
    dispatch = simcord.http.router.dispatch
    broken: list[str] = []

    def checked(backend, method, path, *, json=None, **rest):
        for found in payload_violations(method, path, json):
            broken.append(f"{method} {path}: {found}")
        return dispatch(backend, method, path, json=json, **rest)

    monkeypatch.setattr(simcord.http.router, "dispatch", checked)
    yield broken
    assert not broken, "outside Discord's limits:\n" + "\n".join(broken)


def payload_violations(method: str, path: str, json) -> list[str]:
    """The limits a request's body breaks: its message (or an interaction answer's
    data), and the name of a thread it starts."""
    if not isinstance(json, dict) or method not in ("POST", "PATCH"):
        return []
    found = []
    if path.endswith("/threads"):
        found += discord_limits.thread_name_violations(json.get("name") or "")
    body = json.get("data") if path.endswith("/callback") else json
    if isinstance(body, dict):
        found += discord_limits.violations(body)
    return found


@pytest.fixture(autouse=True)
def threads_started_from_a_new_message_post_no_notice(monkeypatch):
    """Discord posts its "started a thread" line (type 18) when a thread starts without a
    message or from an old one (discord-api-docs, "Thread Created messages"); a thread
    started from a message just posted shows under that message instead. simcord posts
    the line for every thread: here, as Discord does."""
    simcord_threads_as_discord(monkeypatch)


@pytest.fixture(autouse=True)
def same_deals_every_run(request, monkeypatch):
    """Tables shuffle from a seed of the test's own: a test sees the same deals every run."""
    rng = random.Random(request.node.nodeid)
    shim = SimpleNamespace(randbits=rng.getrandbits, choice=rng.choice)
    monkeypatch.setattr(tables.session, "secrets", shim)
    monkeypatch.setattr(tables.tournament, "secrets", shim)  # its draw and its tables too


@pytest.fixture(autouse=True)
def quick_settling(monkeypatch):
    """simcord polls a task that has not yet reached its wait every `idle` seconds (50 ms
    by default) before it calls the bot settled; a table starts a new driver task at every
    move, so every click paid those 50 ms of idling. Polled every 2 ms instead: the same
    settling (every task parked or done), a third of the suite's time less."""
    settle = simcord.env.Env._settle_internal

    async def quick(self, *, idle: float = 0.002, **options):
        return await settle(self, idle=idle, **options)

    monkeypatch.setattr(simcord.env.Env, "_settle_internal", quick)


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch):
    """A failed step is tried again after 0.05 s, then 0.1 s, … instead of 1 s, 2 s, …:
    simcord lets a pause shorter than its settle deadline pass in real time, so every
    fault test waited out the backoff on the wall clock (3 s each)."""
    monkeypatch.setattr(cogs.infra.clock, "RETRY_FIRST_SECONDS", 0.05)
    monkeypatch.setattr(cogs.infra.retry, "RATE_LIMIT_FLOOR_SECONDS", 0.05)


@pytest.fixture(autouse=True)
def no_pause_between_hands(monkeypatch):
    """The next hand starts at once (a test of the pause sets its own length)."""
    monkeypatch.setattr(tables.session, "HAND_PAUSE_SECONDS", 0)


@pytest.fixture(autouse=True)
def discord_locales(monkeypatch):
    """simcord sends every interaction as from an "en-US" Discord: here a test may give each
    user a locale of their own, or everyone one (tests/cogs/helpers.py: `speaks`,
    `in_language`)."""
    built = simcord.interactions.base_payload
    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales(built))


@pytest.fixture
def database_path(tmp_path):
    return tmp_path / "cuarenta.sqlite3"


@pytest_asyncio.fixture
async def make_bot(database_path):
    """Build bots on the test's database; their storage is closed at the end.

    simcord detaches a bot without calling close() (like a crash), so the test closes
    what each bot opened, or the database threads would outlive the test.
    """
    made: list[CuarentaBot] = []

    def make(**options) -> CuarentaBot:
        settings = {
            "database_path": database_path,
            "sync_global": True,
            "upload_emojis": False,
            "bot_pause_seconds": 0.0,
            "warm_up_pictures": False,
            "review_niceness": 0,  # the review worker is not slowed under test
            "review_worlds": 4,  # a review's shape, not its accuracy (tests/engine's)
            "stock_puzzles": False,  # no puzzle worker at every start (the puzzle tests stock)
        }
        settings.update(options)
        bot = create_bot(**settings)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        if hasattr(bot, "services"):
            bot.services.shutdown()  # timers and the worker processes
        if hasattr(bot, "storage"):
            await bot.storage.close()


@pytest.fixture
def simcord_bot(make_bot, request):
    """The bot under test; `@pytest.mark.bot_options(...)` changes its settings."""
    marker = request.node.get_closest_marker("bot_options")
    return make_bot(**(marker.kwargs if marker else {}))


@dataclass
class World:
    env: object
    guild: object
    channel: object
    ana: object
    beto: object
    carla: object


@pytest.fixture
def world(simcord_env) -> World:
    guild = simcord_env.create_guild("Quito")
    channel = guild.create_text_channel("cuarenta")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("ana", "beto", "carla")]
    return World(simcord_env, guild, channel, *members)


@pytest.fixture
def manager(world):
    """dora, a member who may manage the server (its /cuarenta config)."""
    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dora"), roles=[admins])


@pytest.fixture
def rest_yields(world, monkeypatch):
    """Every request of the bot gives the loop a turn, as real HTTP does: two clicks'
    handlers then interleave at each request, not only at the database (race tests)."""
    rest_that_yields(world.env, monkeypatch)
