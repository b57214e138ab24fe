"""Logros: awarded from each rated match's move log and told once at the match end
(herald.py), listed by `/cuarenta logros` and shown on the player's card (messages.py)."""

from __future__ import annotations

from ..infra.clock import now
from ..services import Feature, Services
from .herald import LogroHerald


def setup(services: Services) -> Feature:
    herald = LogroHerald(services.storage, services.announcer, services.scheduler)
    services.provide(herald)
    services.events.on_table_over(herald.table_over)  # awarded once, then told

    async def load() -> None:
        services.scheduler.spawn(herald.resume(now()), "logros-resume")

    return Feature(load=load)
