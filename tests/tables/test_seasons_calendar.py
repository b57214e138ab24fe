"""Which season a moment falls in, and the named seasons a server sets."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from tables import Refusal
from tables.seasons import NamedSeason, add_named, parse_day, season_at, season_in_zone
from tables.settings import ServerSettings, config_changes
from tables.zones import CHOSEN_UTC, DEFAULT_ZONE


def moment(*parts: int) -> float:
    return datetime(*parts, tzinfo=ZoneInfo(DEFAULT_ZONE)).timestamp()


def test_a_month_ends_at_midnight_in_quito():
    last_minute = season_at("monthly", (), moment(2026, 12, 31, 23, 59))
    assert last_minute.key == "2026-12"
    assert last_minute.starts_at == moment(2026, 12, 1) and last_minute.ends_at == moment(
        2027, 1, 1
    )
    assert season_at("monthly", (), moment(2027, 1, 1)).key == "2027-01"


def test_quarters_and_no_seasons():
    season = season_at("quarterly", (), moment(2026, 11, 15))
    assert (season.key, season.starts_at, season.ends_at) == (
        "2026-Q4",
        moment(2026, 10, 1),
        moment(2027, 1, 1),
    )
    assert season_at("off", (), moment(2026, 11, 15)) is None


def test_a_named_season_runs_from_its_first_day_to_the_end_of_its_last():
    fiestas = NamedSeason("Fiestas de Quito", date(2026, 12, 1), date(2026, 12, 6))
    named = (fiestas,)
    assert season_at("named", named, moment(2026, 11, 30, 23, 59)) is None
    inside = season_at("named", named, moment(2026, 12, 6, 23, 59))
    assert inside.name == "Fiestas de Quito" and inside.ends_at == moment(2026, 12, 7)
    assert season_at("named", named, moment(2026, 12, 7)) is None
    assert NamedSeason.from_stored(fiestas.to_stored()) == fiestas


def test_days_as_players_write_them():
    assert parse_day("1/12/2026") == parse_day("2026-12-01") == date(2026, 12, 1)
    with pytest.raises(Refusal) as refused:
        parse_day("diciembre")
    assert refused.value.key == "bad_season_date"


@pytest.mark.parametrize(
    ("name", "first", "last", "refusal"),
    [
        ("", "1/12/2026", "6/12/2026", "season_incomplete"),
        ("Carnaval", "1/3/2027", "", "season_incomplete"),
        ("Carnaval", "6/3/2027", "1/3/2027", "season_backwards"),
        ("Navidad", "5/12/2026", "25/12/2026", "season_overlap"),
        ("Navidad", "31/12/2026", "32/12/2026", "bad_season_date"),
    ],
)
def test_a_named_season_that_cannot_be_is_refused(name, first, last, refusal):
    named = add_named((), "Fiestas de Quito", "1/12/2026", "6/12/2026")
    with pytest.raises(Refusal) as refused:
        add_named(named, name, first, last)
    assert refused.value.key == refusal


def test_named_seasons_are_kept_in_order_and_renamed_in_place():
    named = add_named((), "Carnaval", "14/2/2027", "17/2/2027")
    named = add_named(named, "Fiestas de Quito", "1/12/2026", "6/12/2026")
    assert [season.name for season in named] == ["Fiestas de Quito", "Carnaval"]
    moved = add_named(named, "Carnaval", "15/2/2027", "18/2/2027")
    assert [(s.name, s.first.day) for s in moved] == [("Fiestas de Quito", 1), ("Carnaval", 15)]


# ------------------------------------------------------------------ the server's zone
def there(zone: str, *parts: int) -> float:
    return datetime(*parts, tzinfo=ZoneInfo(zone)).timestamp()


@pytest.mark.parametrize("zone", ["Europe/Madrid", "America/Los_Angeles", "Asia/Tokyo"])
def test_a_month_ends_at_midnight_in_the_servers_zone(zone):
    """Across daylight saving too: Madrid's March ends at 00:00 CEST, its October at CET."""
    for year, month in ((2026, 3), (2026, 10), (2026, 12)):
        last = there(zone, year, month, 28)
        season = season_at("monthly", (), last, zone)
        assert season.key == f"{year}-{month:02d}"
        nxt = (year + month // 12, month % 12 + 1)
        assert season.ends_at == there(zone, *nxt, 1)
        assert season_at("monthly", (), season.ends_at - 1, zone).key == season.key
        assert season_at("monthly", (), season.ends_at, zone).key == f"{nxt[0]}-{nxt[1]:02d}"


def test_the_same_moment_is_another_month_in_another_zone():
    new_year_in_madrid = there("Europe/Madrid", 2027, 1, 1, 0, 30)  # 18:30 on the 31st in Quito
    assert season_at("monthly", (), new_year_in_madrid, "Europe/Madrid").key == "2027-01"
    assert season_at("monthly", (), new_year_in_madrid).key == "2026-12"  # Quito's by default


def test_a_named_seasons_dates_are_the_servers():
    fiestas = (NamedSeason("Fiestas de Quito", date(2026, 12, 1), date(2026, 12, 6)),)
    madrid = season_at("named", fiestas, there("Europe/Madrid", 2026, 12, 1), "Europe/Madrid")
    assert madrid.starts_at == there("Europe/Madrid", 2026, 12, 1)
    assert madrid.ends_at == there("Europe/Madrid", 2026, 12, 7)
    assert season_at("named", fiestas, there("Europe/Madrid", 2026, 12, 1)) is None  # not in Quito


@pytest.mark.parametrize("key", ["2026-12", "2026-Q4", "named"])
def test_a_running_season_moves_to_a_new_zone_and_keeps_its_key(key):
    fiestas = (NamedSeason("Fiestas de Quito", date(2026, 12, 1), date(2026, 12, 6)),)
    mode = {"2026-12": "monthly", "2026-Q4": "quarterly", "named": "named"}[key]
    in_quito = season_at(mode, fiestas, moment(2026, 12, 3))
    moved = season_in_zone(in_quito, fiestas, "Europe/Madrid")
    assert moved == season_at(mode, fiestas, there("Europe/Madrid", 2026, 12, 3), "Europe/Madrid")
    assert moved.key == in_quito.key and moved.ends_at == in_quito.ends_at - 6 * 3600
    gone = season_in_zone(in_quito, (), "Europe/Madrid")  # a named season no longer set
    assert gone == (in_quito if mode == "named" else moved)


def test_a_server_without_a_zone_is_on_quito_and_a_zone_is_checked():
    assert ServerSettings().zone == DEFAULT_ZONE
    madrid = ServerSettings(time_zone="Europe/Madrid")
    assert madrid.season_at(there("Europe/Madrid", 2027, 1, 1)).key == "2027-01"
    assert ServerSettings().season_at(there("Europe/Madrid", 2027, 1, 1)).key == "2026-12"
    assert config_changes(time_zone=" Europe/Madrid ") == {"time_zone": "Europe/Madrid"}
    assert config_changes(time_zone="UTC") == {"time_zone": CHOSEN_UTC}
    with pytest.raises(Refusal) as refused:
        config_changes(time_zone="Mars/Olympus", turn_seconds=120)
    assert refused.value.key == "bad_zone"
