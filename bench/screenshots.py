"""Screenshots of the channel as a player sees it: a short game against the bot, in simcord.

    python bench/screenshots.py                          # /tmp/shots/ana-1280.png, ana-400.png
    python bench/screenshots.py --width 400 --out shots --moves 6 --lang en
    python bench/screenshots.py --viewer beto --text-cards   # beto only watches; cards as text

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
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402
from simcord.backend.cdn import CDN_BASE  # noqa: E402

import tables.session  # noqa: E402
from bot import create_bot  # noqa: E402
from engine.cards import Card  # noqa: E402
from render.faces import card_face_png  # noqa: E402
from tests.cogs.helpers import enabled, message_as_seen, only_session, open_hand  # noqa: E402

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
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild("Quito")
            channel = guild.create_text_channel("cuarenta")
            members = {name: guild.add_member(env.create_user(name)) for name in PLAYERS}
            admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
            owner = guild.add_member(env.create_user("dora"), roles=[admins])
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
            for width in args.width:
                async with env.preview(
                    channel,
                    viewers=[viewer],
                    layout="channel",
                    display="fixed",
                    width=width,
                    height=args.height,
                    assets=assets,
                ) as preview:
                    out = args.out / f"{args.name or args.viewer}-{width}.png"
                    await shoot(preview.url, out, width, args.height)
                    shots.append(out)
    finally:
        if hasattr(bot, "services"):
            bot.services.shutdown()  # timers and worker processes
        if hasattr(bot, "storage"):
            await bot.storage.close()
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
    parser.add_argument("--lang", choices=("es", "en"), default="es", help="server language")
    parser.add_argument("--text-cards", action="store_true", help="no card emojis: text")
    parser.add_argument("--seed", type=int, default=1, help="the deals")
    parser.add_argument("--name", help="file name stem (default: the viewer's name)")
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
