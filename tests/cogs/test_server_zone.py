"""The server's time zone (`zona` / `zone` on /cuarenta config) in simcord: one setting
for the season's end and the puzzle's day. A server in Madrid turns its season at Madrid's
midnight and posts its puzzle on Madrid's calendar; a server that never set a zone keeps
Quito's; a zone changed mid-season moves the running season's end (at once if the new
zone's midnight has passed, later if it has not).

simcord's clock starts at 2026-01-01 00:00 UTC: 19:00 on 31 December in Quito, 01:00 on
1 January in Madrid, 16:00 on 31 December in Los Angeles."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

import cogs.puzzles.desk
from cogs.infra.clock import now
from cogs.puzzles.desk import PuzzleDesk
from cogs.settings.messages import zone_words
from db import StorageError
from i18n import t
from tables.zones import DEFAULT_ZONE
from tests.cogs.helpers import in_language, services
from tests.cogs.test_puzzle_share_and_zone import advance_to, next_local
from tests.cogs.test_puzzles import posts, stocked
from tests.cogs.test_seasons import announcements, record, season_now

LANGS = ["es", "en"]
MADRID = "Europe/Madrid"


@pytest.fixture(autouse=True)
def no_restocking(monkeypatch):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)


def midnight(zone: str, year: int, month: int, day: int) -> float:
    """Midnight starting that date in `zone` (computed apart from the bot's calendar)."""
    return datetime(year, month, day, tzinfo=ZoneInfo(zone)).timestamp()


async def played(world, number: int, winner, loser, make_bot=None) -> None:
    """A duel recorded in the season running now; with `make_bot`, the bot restarted after
    (its start looks for seasons to close, as a match the driver records wakes it)."""
    await record(world, number, winner.id, loser.id)
    if make_bot is not None:
        await world.env.restart_bot(make_bot())


async def set_zone(world, manager, zone: str, **options):
    return await manager.slash(world.channel, "cuarenta config", zone=zone, **options)


async def stored_settings(world):
    return await world.env.bot.services.settings.get(world.guild.id)


@pytest.mark.parametrize("lang", LANGS)
async def test_a_madrid_servers_named_season_runs_on_madrids_dates(world, manager, make_bot, lang):
    """The dates a manager types are the server's: "1/1/2026 to 1/1/2026" in Madrid runs
    from Madrid's midnight (in Quito it would not have begun yet) to the next one, and its
    end is told in the server's language then, not a minute before."""
    await in_language(world, lang)
    shown = await set_zone(
        world,
        manager,
        MADRID,
        season_name="Año Nuevo",
        season_start="1/1/2026",
        season_end="1/1/2026",
    )
    said = shown.response.content
    assert shown.ephemeral and t("config.zone", lang, zone=MADRID) in said
    assert "2026-01-01" in said and (await stored_settings(world)).time_zone == MADRID

    await played(world, 1, world.ana, world.beto, make_bot)
    season = await season_now(world)
    assert season.name == "Año Nuevo"
    assert season.starts_at == midnight(MADRID, 2026, 1, 1) < now()
    assert season.ends_at == midnight(MADRID, 2026, 1, 2)
    assert now() < midnight(DEFAULT_ZONE, 2026, 1, 1)  # in Quito it is still 31 December
    board = await world.carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    assert f"<t:{int(season.ends_at)}:R>" in board.response.content.splitlines()[0]

    await advance_to(world, season.ends_at - 60)
    assert announcements(world) == []
    await world.env.advance_time(65)
    [told] = announcements(world)
    assert told.startswith(t("season.over", lang, name="Año Nuevo", ladder="").split(" · ")[0])
    assert await season_now(world) is None  # no named season now


@pytest.mark.parametrize("lang", LANGS)
async def test_a_los_angeles_server_turns_its_month_at_its_own_midnight(
    world, manager, make_bot, lang
):
    """December ends at midnight in Los Angeles (08:00 UTC), three hours after Quito's:
    nothing is told at Quito's midnight, the month's end is told at Los Angeles'."""
    await in_language(world, lang)
    await set_zone(world, manager, "America/Los_Angeles")
    await played(world, 1, world.ana, world.beto, make_bot)
    season = await season_now(world)
    assert season.key == "2025-12"
    assert season.ends_at == midnight("America/Los_Angeles", 2026, 1, 1)
    await advance_to(world, midnight(DEFAULT_ZONE, 2026, 1, 1) + 60)
    assert announcements(world) == []
    assert (await season_now(world)).key == "2025-12"
    await advance_to(world, season.ends_at + 5)
    [told] = announcements(world)
    name = t("season.month", lang, month=t("month.12", lang), year="2025")
    assert told.startswith(t("season.over", lang, name=name, ladder="").split(" · ")[0])
    assert (await season_now(world)).key == "2026-01"


@pytest.mark.parametrize("lang", LANGS)
async def test_a_server_that_never_set_a_zone_stays_on_quito(world, manager, make_bot, lang):
    """No zone: the summary says Ecuador's time, December runs to Quito's midnight, and
    the puzzle day without a post starts at Quito's midnight."""
    await in_language(world, lang)
    shown = await manager.slash(world.channel, "cuarenta config")
    ecuador = t("config.zone", lang, zone=zone_words(DEFAULT_ZONE, lang))
    assert ecuador in shown.response.content
    assert (await stored_settings(world)).time_zone is None

    await played(world, 1, world.ana, world.beto, make_bot)
    season = await season_now(world)
    assert season.key == "2025-12" and season.ends_at == midnight(DEFAULT_ZONE, 2026, 1, 1)
    desk = services(world.env).get(PuzzleDesk)
    today = await desk.today(world.guild.id)
    await advance_to(world, season.ends_at - 60)
    assert announcements(world) == [] and await desk.today(world.guild.id) == today
    await world.env.advance_time(65)
    assert len(announcements(world)) == 1
    assert await desk.today(world.guild.id) == today + 1  # the same midnight for both


@pytest.mark.parametrize("lang", LANGS)
async def test_the_puzzle_day_and_the_season_share_the_servers_calendar(world, manager, lang):
    """A Madrid server's puzzle day without a post begins at Madrid's midnight; its daily
    post, set after the zone, is at 9 in Madrid (the post takes the server's zone)."""
    await in_language(world, lang)
    desk = services(world.env).get(PuzzleDesk)
    in_quito = await desk.today(world.guild.id)
    await set_zone(world, manager, MADRID)
    assert await desk.today(world.guild.id) == in_quito + 1  # 1 January there already

    await stocked(world)
    answer = await manager.slash(
        world.channel, "cuarenta config", puzzle_channel=world.channel, puzzle_hour=9
    )
    assert MADRID in answer.response.content
    [daily] = await world.env.bot.storage.puzzle_servers(world.guild.id)
    assert daily.time_zone == MADRID
    await advance_to(world, next_local(MADRID, 8, 59))
    assert posts(world) == []
    await advance_to(world, next_local(MADRID, 10, 0))
    assert len(posts(world)) == 1


async def test_a_zone_changed_moves_the_daily_post_kept(world, manager):
    """A post set at 8 in Quito: choosing Madrid moves it to 8 in Madrid, once a day."""
    await stocked(world)
    await manager.slash(
        world.channel, "cuarenta config", puzzle_channel=world.channel, puzzle_hour=8
    )
    [before] = await world.env.bot.storage.puzzle_servers(world.guild.id)
    assert before.time_zone == DEFAULT_ZONE
    await set_zone(world, manager, MADRID)
    [after] = await world.env.bot.storage.puzzle_servers(world.guild.id)
    assert (after.time_zone, after.hour, after.channel_id) == (MADRID, 8, before.channel_id)
    await advance_to(world, next_local(MADRID, 7, 59))
    assert posts(world) == []
    await advance_to(world, next_local(MADRID, 9, 0))
    assert len(posts(world)) == 1
    await advance_to(world, next_local(DEFAULT_ZONE, 9, 0))  # 8 in Quito: nothing more
    assert len(posts(world)) == 1


async def test_a_zone_changed_mid_season_moves_the_running_seasons_end(world, manager):
    """December (Quito) is running. Moving west (Los Angeles) ends it three hours later;
    moving east (Madrid), where January has begun, ends it at once: each told once."""
    await played(world, 1, world.ana, world.beto)
    assert (await season_now(world)).ends_at == midnight(DEFAULT_ZONE, 2026, 1, 1)

    await set_zone(world, manager, "America/Los_Angeles")
    stored = await world.env.bot.storage.season(world.guild.id, "2025-12")
    assert stored.season.ends_at == midnight("America/Los_Angeles", 2026, 1, 1)
    await advance_to(world, midnight(DEFAULT_ZONE, 2026, 1, 1) + 60)
    assert announcements(world) == []  # Quito's midnight no longer ends it
    await played(world, 2, world.beto, world.ana)  # still December in Los Angeles
    await advance_to(world, stored.season.ends_at + 5)
    assert len(announcements(world)) == 1

    await played(world, 3, world.ana, world.beto)  # January, Los Angeles' time
    january = await world.env.bot.storage.season(world.guild.id, "2026-01")
    assert january.season.ends_at == midnight("America/Los_Angeles", 2026, 2, 1)
    await set_zone(world, manager, MADRID)
    moved = await world.env.bot.storage.season(world.guild.id, "2026-01")
    assert moved.season.starts_at == midnight(MADRID, 2026, 1, 1)
    assert moved.season.ends_at == midnight(MADRID, 2026, 2, 1)
    assert moved.season == await season_now(world)  # the board and the watch agree
    await world.env.advance_time(60)
    assert len(announcements(world)) == 1


async def test_a_zone_moved_east_past_the_seasons_end_closes_it_at_once(world, manager):
    await played(world, 1, world.ana, world.beto)  # December, 19:00 in Quito
    await set_zone(world, manager, MADRID)  # 01:00 on 1 January in Madrid
    await world.env.advance_time(5)
    assert len(announcements(world)) == 1
    assert (await world.env.bot.storage.season(world.guild.id, "2025-12")).announced
    assert (await season_now(world)).key == "2026-01"


async def test_a_match_in_a_season_already_told_counts_in_none(world, manager, make_bot):
    """Moving west just after a season's end makes it December again there: the podium
    already told stays true (the match counts in all time only)."""
    await played(world, 1, world.ana, world.beto, make_bot)
    await advance_to(world, midnight(DEFAULT_ZONE, 2026, 1, 1) + 5)
    assert len(announcements(world)) == 1
    await set_zone(world, manager, "America/Los_Angeles")
    await played(world, 2, world.beto, world.ana)
    storage = world.env.bot.storage
    december = await storage.season(world.guild.id, "2025-12")
    board = await storage.rating_leaderboard(world.guild.id, season_id=december.season_id)
    assert sorted(row.matches for row in board) == [1, 1]
    all_time = await storage.rating_leaderboard(world.guild.id)
    assert sorted(row.matches for row in all_time) == [2, 2]


async def test_a_failed_move_of_the_running_season_is_tried_again(world, manager, monkeypatch):
    """The database fails as the zone is changed: the zone is saved, the manager told, and
    the running season moves at the watch's next try."""
    await played(world, 1, world.ana, world.beto)
    storage = world.env.bot.storage
    real = storage.retime_season
    failures = []

    async def failing_once(*args):
        if not failures:
            failures.append(args)
            raise StorageError("the disk is busy")
        await real(*args)

    monkeypatch.setattr(storage, "retime_season", failing_once)
    shown = await set_zone(world, manager, "America/Los_Angeles")
    assert shown.ephemeral and "America/Los_Angeles" in shown.response.content
    await world.env.advance_time(30)
    assert failures
    stored = await storage.season(world.guild.id, "2025-12")
    assert stored.season.ends_at == midnight("America/Los_Angeles", 2026, 1, 1)
    await advance_to(world, midnight(DEFAULT_ZONE, 2026, 1, 1) + 60)
    assert announcements(world) == []
    world.env.errors.clear()  # the failure the bot logged on purpose


async def test_a_move_cut_off_by_a_restart_never_closes_a_season_still_running(
    world, manager, make_bot, monkeypatch
):
    """The move fails until a restart forgets it: at Quito's midnight the season, due by
    its stored end, still runs in Los Angeles: it is moved then, and told at its end."""
    await played(world, 1, world.ana, world.beto)

    async def failing(*args):
        raise StorageError("the disk is busy")

    monkeypatch.setattr(world.env.bot.storage, "retime_season", failing)
    await set_zone(world, manager, "America/Los_Angeles")
    await world.env.restart_bot(make_bot())
    await advance_to(world, midnight(DEFAULT_ZONE, 2026, 1, 1) + 60)
    assert announcements(world) == []
    await advance_to(world, midnight("America/Los_Angeles", 2026, 1, 1) + 5)
    assert len(announcements(world)) == 1
    world.env.errors.clear()  # the failures the bot logged on purpose


@pytest.mark.parametrize("lang", ["es", "en", "fr"])
async def test_the_largest_config_answer_fits_in_a_message(world, manager, lang):
    """Twenty named seasons of forty letters, the longest zone name, a daily post and a
    season channel: the answer stays within Discord's 2,000 characters, the latest named
    seasons listed and the rest counted."""
    await in_language(world, lang)
    first = datetime(2027, 1, 1)
    for number in range(20):
        day = first.toordinal() + 3 * number
        start = datetime.fromordinal(day).strftime("%d/%m/%Y")
        await manager.slash(
            world.channel,
            "cuarenta config",
            season_name=f"{number:02d}" + "W" * 38,
            season_start=start,
            season_end=start,
        )
    await stocked(world)
    longest = "America/Argentina/ComodRivadavia"
    shown = await set_zone(
        world,
        manager,
        longest,
        puzzle_channel=world.channel,
        puzzle_hour=23,
        puzzle_names=True,
        season_channel=world.channel,
    )
    said = shown.response.content
    assert shown.ephemeral and len(said) <= 2000
    assert longest in said and "19WWW" in said and "00WWW" not in said
    assert len((await stored_settings(world)).named()) == 20
