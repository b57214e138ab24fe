"""Screenshots of a season's end and of a player's card, as players see them, in simcord.

    python bench/season_screenshots.py            # /tmp/shots/card-1280.png, card-400.png,
                                                  # season-1280.png, season-400.png

The real bot runs against simcord's simulated Discord on a fresh database: Ana, Beto and
Carla play a few duels of December (recorded and rated as the bot records them, with move
logs, so they earn logros), Carla asks for Ana's card against Beto (`/cuarenta stats`),
then the clock passes the end of the month and the bot announces the season's podium.
Each is drawn with simcord's preview and shot with headless Chromium at each `--width`
(bench/screenshots.py).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402

from bench.screenshots import shoot  # noqa: E402
from bot import create_bot  # noqa: E402
from cogs.clock import now  # noqa: E402
from db import PlayerResult  # noqa: E402
from tables import ratings  # noqa: E402
from tests.cogs.test_leaderboard_and_stats import duel_record  # noqa: E402
from tests.tables.test_logros import played_match  # noqa: E402

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
            match, await services.seasons.season_for(guild.id, now())
        )
        await env.bot.storage.rate_match(match, ratings.rater(match))
        await services.logros.award(match)
        services.logros.announce(match.match_id)


async def shoot_channel(env, channel, viewer, name: str, args: argparse.Namespace) -> list[Path]:
    shots = []
    for width in args.width:
        async with env.preview(
            channel,
            viewers=[viewer],
            layout="channel",
            display="fixed",
            width=width,
            height=args.height,
        ) as preview:
            out = args.out / f"{name}-{width}.png"
            await shoot(preview.url, out, width, args.height)
            shots.append(out)
    return shots


async def play_and_shoot(args: argparse.Namespace, database: Path) -> list[Path]:
    random.seed(1)
    bot = create_bot(
        database_path=database,
        sync_global=True,
        upload_emojis=False,
        bot_pause_seconds=0.0,
        warm_up_pictures=False,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild("Quito")
            channel = guild.create_text_channel("cuarenta")
            members = {
                name: guild.add_member(env.create_user(name)) for name in ("ana", "beto", "carla")
            }
            admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
            owner = guild.add_member(env.create_user("dora"), roles=[admins])
            await owner.slash(channel, "cuarenta config", language=args.lang)
            await record_duels(env, guild, channel, members)
            await env.settle()
            carla = members["carla"]
            await carla.slash(channel, "cuarenta stats", user=members["ana"], vs=members["beto"])
            await env.settle()
            shots += await shoot_channel(env, channel, carla, "card", args)
            season = await env.bot.services.seasons.season_for(guild.id, now())
            # the manager saves the season settings: the bot looks for the season's end
            # (the duels above were recorded from outside the bot, which did not see them)
            await owner.slash(channel, "cuarenta config", seasons="monthly", season_channel=channel)
            await env.advance_time(season.ends_at - now() + 5)
            shots += await shoot_channel(env, channel, carla, "season", args)
    finally:
        if hasattr(bot, "services"):
            bot.services.shutdown()
        if hasattr(bot, "storage"):
            await bot.storage.close()
    return shots


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, action="append", help="px (default 1280 and 400)")
    parser.add_argument("--height", type=int, default=1100, help="window height (default 1100)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"), help="folder for PNGs")
    parser.add_argument("--lang", choices=("es", "en"), default="es", help="server language")
    args = parser.parse_args(argv)
    args.width = args.width or [1280, 400]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        shots = asyncio.run(play_and_shoot(args, Path(folder) / "cuarenta.sqlite3"))
    for shot in shots:
        print(shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
