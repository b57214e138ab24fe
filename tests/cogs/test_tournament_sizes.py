"""The sizes that froze the tournament's message (its content over 2,000 characters: every
edit refused) now post and edit within Discord's limits, in simcord: a singles
knockout froze from 38 entries, a Swiss from 18: both now go from the sign-up to round 1
under way (people only: bots' tables would play themselves out meanwhile)."""

from __future__ import annotations

import pytest

import cogs.tournament.live
from i18n import t
from tables.tournament import TournamentPhase
from tests import discord_limits as limits
from tests.cogs.test_tournament import live_tournament, message_of, open_tournament, press


@pytest.fixture(autouse=True)
def one_table_opens(monkeypatch):
    """The round's first table opens, the others wait (an hour apart, in virtual time):
    the message is what is looked at, and a loaded machine must not time simcord out."""
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", 3600.0)


@pytest.mark.parametrize(("fmt", "size"), [("knockout", 38), ("swiss", 18)])
async def test_a_big_tournament_s_message_keeps_up(world, manager, fmt, size):
    tournament = await open_tournament(world, manager, format=fmt, size=size, length="one")
    people = [manager, world.ana, world.beto, world.carla]
    people += [
        world.guild.add_member(world.env.create_user(f"jugador_con_nombre_largo_{n:02}"))
        for n in range(size - len(people))
    ]
    for member in people:
        await press(world, member, tournament, "join")
    shown = message_of(world, tournament)
    limits.check(shown)
    assert len(live_tournament(world).entries) == size
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)
    tournament = live_tournament(world)
    assert tournament.phase == TournamentPhase.RUNNING
    shown = message_of(world, tournament)
    limits.check(shown)
    lang = tournament.lang
    current = tournament.current
    assert t("tournament.round", lang, number=current.number, stage="").split("·")[0] in (
        shown.content
    )
    assert not any(
        "join" in (c.get("custom_id") or "")
        for row in shown.components
        for c in (row.to_dict() if hasattr(row, "to_dict") else row).get("components", [])
    )  # the sign-up's buttons are gone: the edit went through
