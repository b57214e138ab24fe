"""Screenshots of the channel as a player sees it: a short game against the bot, in simcord.

    python bench/screenshots.py                          # /tmp/shots/ana-1280.png, ana-400.png
    python bench/screenshots.py --width 400 --out shots --moves 6 --lang en
    python bench/screenshots.py --viewer beto --text-cards   # beto only watches; cards as text
    python bench/screenshots.py --scene season --height 1100  # card-*.png, season-*.png

The season scene: Ana, Beto and Carla play a few duels of December (recorded and rated as
the bot records them, with move logs, so they earn logros), Carla asks for Ana's card
against Beto (`/cuarenta stats`), then the clock passes the end of the month and the bot
announces the season's podium; the channel is shot after each, as Carla sees it.

The real bot runs against simcord's simulated Discord (as the tests do, on a fresh
database in a temporary folder): `--viewer` (ana, beto or carla) starts a game against
the bot (or, with `--watch`, ana plays and the viewer looks on), plays `--moves` of their
turns, opens their private hand, and the channel is drawn with simcord's preview
(`env.preview(..., layout="channel")`, Discord's dark theme) and shot with headless
Chromium at each `--width`. The card emojis are uploaded as the bot does at start-up and
their faces served to the preview, unless `--text-cards` (the text fallback, "7♥").
Needs simcord's `preview` extra and /usr/bin/chromium (Debian's `chromium`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402
import simcord.interactions  # noqa: E402
from simcord.backend.cdn import CDN_BASE  # noqa: E402

import tables.session  # noqa: E402
from bot import create_bot  # noqa: E402
from cogs.infra.clock import now  # noqa: E402
from cogs.logros.herald import LogroHerald  # noqa: E402
from cogs.seasons.keeper import SeasonKeeper  # noqa: E402
from db import PlayerResult  # noqa: E402
from engine.cards import Card  # noqa: E402
from i18n import LANGUAGES  # noqa: E402
from render.faces import card_face_png  # noqa: E402
from tables import ratings  # noqa: E402
from tests.cogs.helpers import (  # noqa: E402
    DISCORD_LOCALE,
    enabled,
    message_as_seen,
    only_session,
    open_hand,
    speaks,
    with_locales,
)
from tests.cogs.test_leaderboard_and_stats import duel_record  # noqa: E402
from tests.tables.test_logros import played_match  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--virtual-time-budget=8000",
)
PLAYERS = ("ana", "beto", "carla")


def emoji_assets(env: simcord.Env) -> dict[str, tuple[str, bytes]]:
    """The card faces behind the application emojis, by CDN address, for the preview
    (simcord keeps an uploaded emoji's name, not its picture)."""
    assets = {}
    for emoji_id, emoji in env.backend.application_emojis.items():
        card_text = emoji.name.split("_")[1] if emoji.name.startswith("c40_") else ""
        with contextlib.suppress(ValueError):
            png = card_face_png(Card.parse(card_text))
            assets[f"{CDN_BASE}/emojis/{emoji_id}.png"] = (f"{emoji_id}.png", png)
    return assets


async def shoot(url: str, out: Path, width: int, height: int) -> None:
    """Screenshot `url` with headless Chromium into `out` (PNG)."""
    process = await asyncio.create_subprocess_exec(
        CHROMIUM,
        *CHROMIUM_FLAGS,
        f"--window-size={width},{height}",
        f"--screenshot={out}",
        url,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    if await process.wait() != 0 or not out.exists():
        raise RuntimeError(f"chromium could not screenshot {url} into {out}")


async def play_from_one_hand(world: SimpleNamespace, player: object, args: argparse.Namespace):
    """Play `args.moves` turns as a player does: from one private hand, which the bot
    refreshes (each tap shows the card's choices, then the first one is played). With
    `args.summary`, stop once a hand has ended and its summary is on the table."""
    hand = await open_hand(world, player, only_session(world.env))
    for _ in range(args.moves):
        session = only_session(world.env)
        if session.phase != "playing" or (args.summary and session.summary is not None):
            return
        hand = message_as_seen(world, player, hand)
        cards = enabled(hand, "card")
        if not cards:
            return
        choices = (await player.click(hand, custom_id=cards[0]["custom_id"])).response  # type: ignore[attr-defined]
        take = enabled(choices, "take")[0]["custom_id"]
        await player.click(choices, custom_id=take)  # type: ignore[attr-defined]
        await world.env.settle()


@contextlib.asynccontextmanager
async def running(bot: discord.Client) -> AsyncIterator[simcord.Env]:
    """The bot in simcord; its timers, worker processes and database closed after. Each
    user's Discord locale is the one `speaks` gave them (simcord sends "en-US")."""
    built = simcord.interactions.base_payload
    simcord.interactions.base_payload = with_locales(built)
    try:
        async with simcord.run(bot) as env:
            yield env
    finally:
        simcord.interactions.base_payload = built
        if hasattr(bot, "services"):
            bot.services.shutdown()  # timers and worker processes
        if hasattr(bot, "storage"):
            await bot.storage.close()


async def play_and_shoot(args: argparse.Namespace, database: Path) -> list[Path]:
    # The same deals every run, as in the tests.
    rng = random.Random(args.seed)
    tables.session.secrets = SimpleNamespace(randbits=rng.getrandbits, choice=rng.choice)  # type: ignore[assignment]
    bot = create_bot(
        database_path=database,
        sync_global=True,
        upload_emojis=not args.text_cards,
        bot_pause_seconds=0.0,
        warm_up_pictures=False,
    )
    shots: list[Path] = []
    async with running(bot) as env:
        guild = env.create_guild("Quito")
        channel = guild.create_text_channel("cuarenta")
        members = {name: guild.add_member(env.create_user(name)) for name in PLAYERS}
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        owner = guild.add_member(env.create_user("dora"), roles=[admins])
        speaks(env, DISCORD_LOCALE[args.lang])  # everyone's Discord in it
        await owner.slash(channel, "cuarenta config", language=args.lang)
        viewer = members[args.viewer]
        player = members["ana"] if args.watch else viewer
        await player.slash(channel, "cuarenta start", mode="bot", bot_level="easy")
        world = SimpleNamespace(env=env, channel=channel)
        if args.summary:  # the summary stays up: the bot waits for "Next hand"
            tables.session.HAND_PAUSE_SECONDS = 3600  # type: ignore[misc]
        await play_from_one_hand(world, player, args)
        if viewer is not player and only_session(env).phase == "playing":
            await open_hand(world, viewer, only_session(env))
        await env.settle()
        assets = {} if args.text_cards else emoji_assets(env)
        args.out.mkdir(parents=True, exist_ok=True)
        shots = await shoot_channel(env, channel, viewer, args.name or args.viewer, args, assets)
    return shots


DUELS = (("ana", "beto"), ("ana", "carla"), ("beto", "ana"), ("ana", "beto"), ("carla", "beto"))


async def record_duels(env, guild, channel, members) -> None:
    """The December duels, recorded and rated as the bot's driver does, logros awarded."""
    services = env.bot.services
    for number, (winner, loser) in enumerate(DUELS):
        log, _ = played_match(number)
        won = log.winner_side
        names = [winner, loser][:: 1 if won == 0 else -1]
        results = [
            PlayerResult(
                user_id=members[name].id,
                seat=i,
                side=i,
                won=i == won,
                chicas_won=int(i == won),
                chicas_lost=int(i != won),
                points=40 if i == won else 22,
                caidas=3 + i,
                limpias=1,
                rondas=i,
                zapaterias_given=0,
                zapaterias_suffered=0,
                name=name.capitalize(),
            )
            for i, name in enumerate(names)
        ]
        base = duel_record(number, guild.id, members[winner].id, members[loser].id)
        match = replace(
            base,
            channel_id=channel.id,
            finished_at=now() - 3600 + number,
            winner_side=log.winner_side,
            results=results,
            rule_options=log.rule_options,
            seed=log.seed,
            moves=log.moves,
        )
        await env.bot.storage.record_match(
            match, await services.get(SeasonKeeper).season_for(guild.id, now())
        )
        await env.bot.storage.rate_match(match, ratings.rater(match))
        await services.get(LogroHerald).award(match)
        services.get(LogroHerald).announce(match.match_id)


async def shoot_channel(
    env: simcord.Env,
    channel: object,
    viewer: object,
    name: str,
    args: argparse.Namespace,
    assets: dict[str, tuple[str, bytes]] | None = None,
) -> list[Path]:
    """The channel as `viewer` sees it, shot at each of `args.width` into `name`-WIDTH.png."""
    shots = []
    for width in args.width:
        async with env.preview(
            channel,
            viewers=[viewer],
            layout="channel",
            display="fixed",
            width=width,
            height=args.height,
            assets=assets or {},
        ) as preview:
            out = args.out / f"{name}-{width}.png"
            await shoot(preview.url, out, width, args.height)
            shots.append(out)
    return shots


async def play_season_and_shoot(args: argparse.Namespace, database: Path) -> list[Path]:
    """The season scene: the December duels, Ana's card as Carla asks for it, then the
    season's end and its announcement."""
    bot = create_bot(
        database_path=database,
        sync_global=True,
        upload_emojis=False,
        bot_pause_seconds=0.0,
        warm_up_pictures=False,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    async with running(bot) as env:
        guild = env.create_guild("Quito")
        channel = guild.create_text_channel("cuarenta")
        members = {
            name: guild.add_member(env.create_user(name)) for name in ("ana", "beto", "carla")
        }
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        owner = guild.add_member(env.create_user("dora"), roles=[admins])
        speaks(env, DISCORD_LOCALE[args.lang])  # everyone's Discord in it
        await owner.slash(channel, "cuarenta config", language=args.lang)
        await record_duels(env, guild, channel, members)
        await env.settle()
        carla = members["carla"]
        await carla.slash(channel, "cuarenta stats", user=members["ana"], vs=members["beto"])
        await env.settle()
        shots += await shoot_channel(env, channel, carla, "card", args)
        season = await env.bot.services.get(SeasonKeeper).season_for(guild.id, now())
        # the manager saves the season settings: the bot looks for the season's end
        # (the duels above were recorded from outside the bot, which did not see them)
        await owner.slash(channel, "cuarenta config", seasons="monthly", season_channel=channel)
        await env.advance_time(season.ends_at - now() + 5)
        shots += await shoot_channel(env, channel, carla, "season", args)
    return shots


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--width",
        type=int,
        action="append",
        help="window width in px, repeatable (default: 1280 and 400)",
    )
    parser.add_argument("--height", type=int, default=900, help="window height (default 900)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"), help="folder for PNGs")
    parser.add_argument("--viewer", choices=PLAYERS, default="ana", help="who looks")
    parser.add_argument("--watch", action="store_true", help="ana plays, the viewer watches")
    parser.add_argument("--moves", type=int, default=2, help="the player's turns to play")
    parser.add_argument(
        "--summary", action="store_true", help="play on until a hand ends; shoot its summary"
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="es", help="server's and players' language"
    )
    parser.add_argument("--text-cards", action="store_true", help="no card emojis: text")
    parser.add_argument("--seed", type=int, default=1, help="the deals")
    parser.add_argument("--name", help="file name stem (default: the viewer's name)")
    parser.add_argument(
        "--scene", choices=("game", "season"), default="game", help="what to play and shoot"
    )
    args = parser.parse_args(argv)
    args.width = args.width or [1280, 400]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        play = play_season_and_shoot if args.scene == "season" else play_and_shoot
        shots = asyncio.run(play(args, Path(folder) / "cuarenta.sqlite3"))
    for shot in shots:
        print(shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
