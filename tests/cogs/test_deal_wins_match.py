"""A match decided by the deal itself, in simcord: a one-chica tournament match whose
first deal gives a player four of a rank (a doble ronda) ends at once, is recorded, frees
its thread and takes the tournament on; a tap on its table answers, nothing goes wrong."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import cogs.tournament.live
import tables.tournament
from engine import Game, Rules
from i18n import t
from tables import Phase
from tables.tournament import TournamentPhase
from tests.cogs.helpers import buttons, services
from tests.cogs.test_tournament import live_tournament, open_tournament, press, thread_of

pytestmark = pytest.mark.usefixtures("tables_open_at_once")


@pytest.fixture
def tables_open_at_once(monkeypatch):
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", 0.0)


def seed_won_by_its_first_deal() -> int:
    """A seed whose first deal wins a chica outright (four of a rank)."""
    return next(
        seed
        for seed in range(10**6)
        if sum(Game.new(players=2, rules=Rules(), seed=seed).chicas_won) == 1
    )


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_tournament_match_won_by_its_first_deal_ends_and_is_recorded(
    world, manager, monkeypatch, lang
):
    await world.env.bot.services.settings.change(world.guild.id, language=lang)
    seed = seed_won_by_its_first_deal()
    monkeypatch.setattr(tables.tournament, "secrets", SimpleNamespace(randbits=lambda _: seed))
    tournament = await open_tournament(world, manager, format="knockout", size=2, length="one")
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)

    tournament = live_tournament(world)
    (pairing,) = tournament.rounds[0].pairings
    assert pairing.done and tournament.phase == TournamentPhase.FINISHED
    table = services(world.env).runtime.table(pairing.table_id)
    session = table.session
    assert session.phase == Phase.FINISHED and table.meta.recorded
    assert session.seat_to_play is None
    history = await world.env.bot.storage.history(world.ana.id, world.guild.id, limit=5)
    assert [h.match_id for h in history] == [pairing.table_id]
    # The thread is free: nothing live holds it.
    assert not any(
        other.is_live and other.session.channel_id == pairing.thread_id
        for other in services(world.env).runtime.tables.values()
    )
    # The table says who won, and no turn; its buttons answer.
    thread = thread_of(world, pairing.thread_id)
    shown = next(m for m in thread.history() if m.author.bot and m.components)
    assert "▶" not in shown.content
    for button in [b for b in buttons(shown) if not b.get("disabled")]:
        answer = await world.ana.click(shown, custom_id=button["custom_id"])
        reply = answer.response.content if answer.response else ""
        assert t("refuse.unexpected", lang) not in (reply or "")
