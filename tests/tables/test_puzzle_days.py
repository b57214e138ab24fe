"""A server's puzzle days: when they start, and a thousand servers spread over one hour."""

from __future__ import annotations

from collections import Counter

from tables.puzzles import (
    DAY_SECONDS,
    HOUR_SECONDS,
    day_at,
    day_start,
    difficulty_of_day,
    spread,
)


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
