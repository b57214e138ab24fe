"""Tournaments: `/cuarenta tournament` and its buttons (handlers.py), the running
tournaments (live.py) and their messages (messages.py); the rules: tables/tournament.py."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import (
    TournamentButton,
    TournamentInviteButton,
    TournamentPartnerSelect,
    TournamentRemoveSelect,
)
from .live import Tournaments


def setup(services: Services) -> Feature:
    tournaments = Tournaments(services.storage, services.io, services.scheduler, services.runtime)
    services.provide(tournaments)
    services.events.on_table_over(tournaments.table_over)  # a result counts once
    services.events.on_forfeit_question(tournaments.forfeit_words)
    services.openings.on_maintenance(tournaments.maintenance_changed)  # pause, go on

    async def load() -> None:
        await tournaments.restore(services.runtime.own_shards())

    clickables = (
        TournamentButton,
        TournamentRemoveSelect,
        TournamentPartnerSelect,
        TournamentInviteButton,
    )
    return Feature(clickables, load=load, ready=tournaments.resume)
