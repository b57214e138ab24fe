"""Screenshots of the puzzle of the day as a player sees it, in simcord.

    python bench/puzzle_screenshots.py   # /tmp/shots/puzzle-{post,answer,share}-{1280,400}.png
    python bench/puzzle_screenshots.py en-US   # ana's Discord in English (the server Spanish)

A server turns the daily puzzle on (Spanish), the day comes (virtual clock): the post
appears; ana opens it with 🧩 Resolver, picks a card and answers; the channel is drawn
with simcord's preview as ana sees it (her private messages too) and shot with headless
Chromium at 1280 and 400 px: once with the post and her hand, once with her answer, once
after she shares her result (📣) in the channel.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402
import simcord.interactions  # noqa: E402

from bench.screenshots import emoji_assets, shoot  # noqa: E402
from bot import create_bot  # noqa: E402
from cogs.infra.clock import now  # noqa: E402
from tables.puzzles import day_at, day_start, from_bot_games  # noqa: E402
from tables.zones import DEFAULT_ZONE  # noqa: E402
from tests.cogs.helpers import speaks, with_locales  # noqa: E402
from tests.cogs.test_puzzles import custom_ids, puzzle_shown  # noqa: E402

OUT = Path("/tmp/shots")
WIDTHS = (1280, 400)
HEIGHT = 1500


async def main(reader_locale: str = "es-419") -> list[Path]:
    shots = []
    # each user's Discord locale as `speaks` gives it (simcord sends "en-US")
    simcord.interactions.base_payload = with_locales(simcord.interactions.base_payload)
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(
            database_path=Path(folder) / "c40.sqlite3",
            sync_global=True,
            upload_emojis=True,
            bot_pause_seconds=0.0,
            warm_up_pictures=False,
        )
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild("Quito")
                channel = guild.create_text_channel("cuarenta")
                ana = guild.add_member(env.create_user("ana"))
                admins = guild.create_role(
                    "admins", permissions=discord.Permissions(manage_guild=True)
                )
                dora = guild.add_member(env.create_user("dora"), roles=[admins])
                speaks(env, "es-419")  # everyone's Discord in Spanish, as the server
                speaks(env, reader_locale, ana)  # (or ana's in another language)
                await dora.slash(channel, "cuarenta config", language="es")
                await bot.storage.add_puzzles(from_bot_games(list(range(8))))
                await dora.slash(channel, "cuarenta config", puzzle_channel=channel, puzzle_hour=9)
                day = day_at(now(), 9, guild.id, DEFAULT_ZONE) + 1  # 9 in Quito
                await env.advance_time(day_start(day, 9, guild.id, DEFAULT_ZONE) - now() + 1)
                post = next(m for m in channel.history() if custom_ids(m, "pz"))
                opened = (await ana.click(post, custom_id=custom_ids(post, "pz")[0])).response
                puzzle, _ = await puzzle_shown(type("W", (), {"env": env}), opened)
                wrong = puzzle.choices[1].move
                card = next(c for c in custom_ids(opened, "pzc") if c.endswith(f":{wrong.card}"))
                picked = (await ana.click(opened, custom_id=card)).response
                option = (
                    "d" if not wrong.takes else str(puzzle.options(wrong.card).index(wrong.takes))
                )
                move = next(
                    c for c in custom_ids(picked, "pzm") if c.endswith(f":{wrong.card}:{option}")
                )
                await env.settle()
                assets = emoji_assets(env)
                OUT.mkdir(parents=True, exist_ok=True)
                answered = None
                for stage in ("post", "answer", "share"):
                    if stage == "answer":
                        answered = (await ana.click(picked, custom_id=move)).response
                        await env.settle()
                    if stage == "share" and answered is not None:
                        await ana.click(answered, custom_id=custom_ids(answered, "pzs")[0])
                        await env.settle()
                    for width in WIDTHS:
                        async with env.preview(
                            channel, viewers=[ana], layout="channel", display="fixed",
                            width=width, height=HEIGHT, assets=assets,
                        ) as preview:  # fmt: skip
                            suffix = "" if reader_locale == "es-419" else f"-{reader_locale}"
                            out = OUT / f"puzzle-{stage}-{width}{suffix}.png"
                            await shoot(preview.url, out, width, HEIGHT)
                            shots.append(out)
        finally:
            if hasattr(bot, "services"):
                bot.services.shutdown()
            if hasattr(bot, "storage"):
                await bot.storage.close()
    return shots


if __name__ == "__main__":
    for shot in asyncio.run(main(*sys.argv[1:2])):
        print(shot)
