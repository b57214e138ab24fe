"""Seasons: the season a match counts in, its end (archived, podium announced: keeper.py),
and how seasons are named to players (messages.py)."""

from __future__ import annotations

from ..services import Feature, Services
from .keeper import SeasonKeeper


def setup(services: Services) -> Feature:
    keeper = SeasonKeeper(
        services.storage, services.settings, services.announcer, services.scheduler
    )
    services.provide(keeper)
    services.events.on_table_over(keeper.table_over)  # a new season's end is awaited

    async def load() -> None:
        keeper.start()

    return Feature(load=load)
