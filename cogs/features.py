"""The registration list: every feature of the bot, set up in this order when the cog is
made. Adding a feature adds one line here (and its commands to cuarenta.py, the index)."""

from __future__ import annotations

from . import (
    challenge,
    history,
    leaderboard,
    learn,
    logros,
    play,
    puzzles,
    review,
    seasons,
    settings,
    tournament,
)
from .services import Feature, Services

FEATURES = (
    play,
    challenge,
    history,
    review,
    leaderboard,
    settings,
    seasons,  # (before the tournaments: a match's season and logros, then its round)
    logros,
    tournament,
    puzzles,
    learn,
)


def set_up(services: Services) -> tuple[Feature, ...]:
    """Set up every feature: each provides its object and subscribes to the events."""
    return tuple(feature.setup(services) for feature in FEATURES)
