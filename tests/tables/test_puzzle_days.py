"""A server's puzzle days: when they start, and a thousand servers spread over one hour."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from db import PuzzleServer
from tables import Refusal
from tables.puzzles import (
    DAY_SECONDS,
    HOUR_SECONDS,
    daily_server,
    day_at,
    day_start,
    difficulty_of_day,
    next_post,
    server_day,
    spread,
)
from tables.zones import DEFAULT_ZONE, LEGACY_ZONE


def test_a_day_starts_at_the_servers_hour_and_lasts_until_the_next():
    guild, hour, day = 123456789012345678, 9, 20000
    start = day_start(day, hour, guild)
    assert day * DAY_SECONDS + hour * HOUR_SECONDS <= start < day * DAY_SECONDS + 10 * HOUR_SECONDS
    assert day_at(start, hour, guild) == day
    assert day_at(start - 1, hour, guild) == day - 1
    assert day_at(start + DAY_SECONDS - 1, hour, guild) == day
    assert day_at(start + DAY_SECONDS, hour, guild) == day + 1


def test_a_thousand_servers_at_one_hour_post_over_the_whole_hour_a_few_a_second():
    guilds = [10**17 + 7919 * n for n in range(1000)]
    starts = [spread(guild) for guild in guilds]
    assert all(0 <= second < HOUR_SECONDS for second in starts)
    per_second = Counter(starts)
    assert max(per_second.values()) <= 5  # Discord allows about 50 requests a second
    per_minute = Counter(second // 60 for second in starts)
    assert len(per_minute) == 60 and max(per_minute.values()) <= 35  # the whole hour used


def test_the_days_turn_through_every_difficulty():
    assert {difficulty_of_day(day) for day in range(5)} == {"easy", "medium", "hard"}


def test_config_changes_a_daily_post_in_part_and_its_first_day_only_with_its_hour():
    guild, day, zone = 42, 20000, DEFAULT_ZONE
    moment = day_start(day, 9, guild, zone) + 60  # day `day` has begun at 9, Quito time
    with pytest.raises(Refusal, match="puzzle_channel"):
        daily_server(None, guild, moment, None, 9, None)  # off, and no channel
    with pytest.raises(Refusal, match="puzzle_hour"):
        daily_server(None, guild, moment, 5, 24, None)
    on = daily_server(None, guild, moment, 5, 9, None)
    assert on == PuzzleServer(guild, 5, 9, False, day + 1, zone)  # today's had begun
    later = moment + 3 * DAY_SECONDS
    moved = daily_server(on, guild, later, 6, None, True)
    assert moved == PuzzleServer(guild, 6, 9, True, day + 1, zone)  # same hour: same first day
    assert next_post(moved, later) == day_start(day + 4, 9, guild, zone)
    earlier = daily_server(moved, guild, later, None, 8, None)
    assert earlier == PuzzleServer(guild, 6, 8, True, day_at(later, 8, guild, zone) + 1, zone)


def test_the_hour_is_the_servers_own_quito_by_default_and_a_zone_may_be_chosen():
    guild, moment = 42, 1_767_300_000.0  # 1 January 2026, about 20:40 UTC
    quito = daily_server(None, guild, moment, 5, 8, None)
    start = next_post(quito, moment)
    local = datetime.fromtimestamp(start - spread(guild), ZoneInfo("America/Guayaquil"))
    assert (local.hour, local.minute) == (8, 0)  # 8 in Quito is 13:00 UTC, not 3 a.m.
    assert datetime.fromtimestamp(start - spread(guild), UTC).hour == 13
    madrid = daily_server(quito, guild, moment, None, None, None, zone="Europe/Madrid")
    assert madrid.time_zone == "Europe/Madrid"
    summer = datetime(2026, 7, 1, 12, tzinfo=UTC).timestamp()
    post = datetime.fromtimestamp(
        next_post(madrid, summer) - spread(guild), ZoneInfo("Europe/Madrid")
    )
    assert post.hour == 8  # daylight saving followed
    with pytest.raises(Refusal, match="bad_zone"):
        daily_server(quito, guild, moment, None, None, None, zone="Mars/Olympus")
    kept = daily_server(madrid, guild, moment, 7, None, None)
    assert kept.time_zone == "Europe/Madrid"  # a zone stays until changed


def test_an_hour_typed_anew_on_a_legacy_post_is_quitos_and_a_chosen_utc_stays():
    guild, moment = 42, 1_767_300_000.0
    legacy = PuzzleServer(guild, 5, 13, False, 20000, LEGACY_ZONE)
    assert daily_server(legacy, guild, moment, 6, None, None).time_zone == LEGACY_ZONE  # kept
    retyped = daily_server(legacy, guild, moment, None, 8, None)
    assert retyped.time_zone == DEFAULT_ZONE  # the manager typed 8 in Quito: 8 in Quito
    chosen = daily_server(legacy, guild, moment, None, 8, None, zone="UTC")
    assert chosen.time_zone == "Etc/UTC"
    assert daily_server(chosen, guild, moment, None, 9, None).time_zone == "Etc/UTC"
    assert day_start(20000, 8, guild, "Etc/UTC") == day_start(20000, 8, guild, LEGACY_ZONE)


def test_the_legacy_utc_day_is_what_it_always_was():
    guild, hour, day = 7, 13, 20000
    assert day_start(day, hour, guild) == day * DAY_SECONDS + hour * HOUR_SECONDS + spread(guild)


def test_the_day_rolls_over_at_the_hour_across_a_month_and_a_year_in_quito():
    guild, zone = 99, DEFAULT_ZONE
    for year, month, day in ((2025, 12, 31), (2026, 1, 31), (2026, 2, 28)):
        before = datetime(year, month, day, 7, 59, tzinfo=ZoneInfo(zone)).timestamp()
        after = before + 120 + spread(guild)
        assert day_at(after, 8, guild, zone) == day_at(before, 8, guild, zone) + 1


def test_a_new_post_and_a_legacy_hour_typed_anew_take_the_servers_zone():
    guild, moment, madrid = 42, 1_767_300_000.0, "Europe/Madrid"
    new = daily_server(None, guild, moment, 5, 8, None, server_zone=madrid)
    assert new.time_zone == madrid
    legacy = PuzzleServer(guild, 5, 13, False, 20000, LEGACY_ZONE)
    assert daily_server(legacy, guild, moment, None, 8, None, server_zone=madrid).time_zone == (
        madrid
    )
    assert daily_server(legacy, guild, moment, 6, None, None, server_zone=madrid).time_zone == (
        LEGACY_ZONE  # an hour not typed again: the post keeps its stored zone
    )


def test_a_server_without_a_post_counts_its_days_from_its_own_midnight():
    for zone in (DEFAULT_ZONE, "Europe/Madrid", "Pacific/Auckland"):
        midnight = datetime(2026, 3, 29, tzinfo=ZoneInfo(zone)).timestamp()
        assert server_day(None, midnight, zone) == server_day(None, midnight - 1, zone) + 1
    new_year_in_madrid = datetime(2027, 1, 1, 0, 30, tzinfo=ZoneInfo("Europe/Madrid")).timestamp()
    in_madrid = server_day(None, new_year_in_madrid, "Europe/Madrid")
    assert server_day(None, new_year_in_madrid) == in_madrid - 1  # still the 31st in Quito
