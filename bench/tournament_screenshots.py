"""Screenshots of a tournament as its players see it, in simcord's preview and headless
Chromium (as bench/screenshots.py shoots a table):

    python bench/tournament_screenshots.py            # /tmp/shots/torneo-*-1280.png, -400.png
    python bench/tournament_screenshots.py --lang en --out shots

A knockout of eight in the server's language: dora (a manager) hosts, seven members sign
up and a bot fills the list. Ana shows up at each of her tables and her rival gives up
(against a bot she plays it through her hand); every other match with a member is given
up by one of them. Shot as ana sees them: the channel once round 1 is open, her thread
after her first match, the channel at the end (and the whole channel, tall, to see the
tournament's message), the final's thread.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402

import tables.session  # noqa: E402
import tables.tournament  # noqa: E402
from bench.screenshots import running, shoot_channel  # noqa: E402
from bot import create_bot  # noqa: E402
from cogs.tournament import ids as tournament_ids  # noqa: E402
from cogs.tournament.live import Tournaments  # noqa: E402
from i18n import LANGUAGES  # noqa: E402
from tables.tournament import TournamentPhase  # noqa: E402
from tests.cogs.helpers import (  # noqa: E402
    DISCORD_LOCALE,
    forfeit,
    play_one_turn,
    play_until_over,
    simcord_threads_as_discord,
    speaks,
)

MEMBERS = ("ana", "beto", "carla", "eva", "fede", "gabo")


class Patches:
    """`monkeypatch.setattr` for a script (the patch stays for the run)."""

    @staticmethod
    def setattr(owner: object, name: str, value: object) -> None:
        setattr(owner, name, value)


async def play_tournament_and_shoot(args: argparse.Namespace, database: Path) -> list[Path]:
    rng = random.Random(args.seed)
    shim = SimpleNamespace(randbits=rng.getrandbits, choice=rng.choice)
    tables.session.secrets = shim  # type: ignore[assignment]
    tables.tournament.secrets = shim  # type: ignore[assignment]
    tables.session.HAND_PAUSE_SECONDS = 0  # type: ignore[misc]
    simcord_threads_as_discord(Patches())
    bot = create_bot(
        database_path=database,
        sync_global=True,
        upload_emojis=False,
        bot_pause_seconds=0.0,
        warm_up_pictures=False,
    )
    shots: list[Path] = []
    args.out.mkdir(parents=True, exist_ok=True)
    async with running(bot) as env:
        guild = env.create_guild("Quito")
        channel = guild.create_text_channel("torneos")
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        dora = guild.add_member(env.create_user("dora"), roles=[admins])
        people = {name: guild.add_member(env.create_user(name)) for name in MEMBERS}
        people["dora"] = dora
        ana = people["ana"]
        speaks(env, DISCORD_LOCALE[args.lang])
        await dora.slash(channel, "cuarenta config", language=args.lang)
        await dora.slash(
            channel, "cuarenta tournament", format="knockout", size=8, length="one",
            bot_level="easy",
        )  # fmt: skip
        (live,) = env.bot.services.get(Tournaments).by_id.values()

        def message():
            return next(m for m in channel.history() if m.id == live.tournament.message_id)

        def press(member, action: str):
            custom_id = tournament_ids.TOURNAMENT.build(
                tournament_id=live.tournament_id, action=tournament_ids.TournamentAction(action)
            )
            return member.click(message(), custom_id=custom_id)

        for name in (*MEMBERS, "dora"):
            await press(people[name], "join")
        await press(dora, "bots")
        await press(dora, "start")
        await env.advance_time(10.0)
        await press(ana, "mine")
        shots += await shoot_channel(env, channel, ana, "torneo-1-ronda1", args)
        by_id = {member.id: member for member in people.values()}
        first_thread = None
        for _ in range(12):
            tournament = live.tournament
            if tournament.phase != TournamentPhase.RUNNING:
                break
            for pairing in list(tournament.current.pairings):
                table = env.bot.services.runtime.tables.get(pairing.table_id)
                if pairing.done or table is None or not table.session.is_live:
                    continue
                thread = next(th for th in channel.threads if th.id == pairing.thread_id)
                here = SimpleNamespace(env=env, channel=thread)
                humans = [by_id[s.user_id] for s in table.session.seats if s.user_id]
                if ana in humans:
                    first_thread = first_thread or thread
                    rivals = [h for h in humans if h is not ana]
                    if rivals:  # she shows up, then her rival gives up
                        await play_one_turn(here, ana, table.session)
                        await forfeit(here, rivals[0])
                    else:
                        await play_until_over(here, [ana], pairing.table_id)
                else:
                    await forfeit(here, humans[-1])
                await env.settle()
            if first_thread is not None and not any(s.name.startswith("torneo-2") for s in shots):
                shots += await shoot_channel(env, first_thread, ana, "torneo-2-hilo", args)
            await env.advance_time(10.0)
        shots += await shoot_channel(env, channel, ana, "torneo-3-final", args)
        tall = argparse.Namespace(**{**vars(args), "height": 2600, "width": [1280, 400]})
        shots += await shoot_channel(env, channel, ana, "torneo-5-todo", tall)
        final = live.tournament.rounds[-1].pairings[0]
        if final.thread_id is not None:
            thread = next(th for th in channel.threads if th.id == final.thread_id)
            shots += await shoot_channel(env, thread, ana, "torneo-4-hilo-final", args)
    return shots


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, action="append", help="px (default 1280, 400)")
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--lang", choices=LANGUAGES, default="es")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.width = args.width or [1280, 400]
    return args


def main() -> int:
    args = parse_args()
    with tempfile.TemporaryDirectory() as folder:
        shots = asyncio.run(play_tournament_and_shoot(args, Path(folder) / "cuarenta.sqlite3"))
    for shot in shots:
        print(shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
