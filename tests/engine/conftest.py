"""Shared helpers for the engine tests, and the Hypothesis profiles they run under.

Profiles (choose with ENGINE_HYPOTHESIS_PROFILE): "engine" (default, a few seconds),
"engine-thorough" (many more random matches, for a run before a release). They are used
per test through `engine_settings()`, so loading them never changes other suites' settings.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from engine import Card, Event, Game, Move, Rules

settings.register_profile(
    "engine",
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "engine-thorough",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def engine_settings() -> settings:
    return settings.get_profile(os.environ.get("ENGINE_HYPOTHESIS_PROFILE", "engine"))


def cards(text: str) -> list[Card]:
    """`"7h Jd"` → [7h, Jd]."""
    return [Card.parse(part) for part in text.split()]


def ranks(takes) -> list[str]:
    """The rank letters of some cards, sorted in run order: {3h, Js, 4d} → ['3', '4', 'J']."""
    return [c.rank_name for c in sorted(takes, key=lambda c: c.rank)]


def move(text: str, takes: str = "") -> Move:
    return Move(Card.parse(text), frozenset(cards(takes)))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def scoring(events: list[Event]) -> list[tuple[str, int, int]]:
    """(kind, side, points) of the scoring events."""
    return [(e.kind, e.side, e.points) for e in events if e.scores]


def first(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind!r} event in {kinds(events)}"
    return found[0]


def position(rules: Rules | None = None, **kwargs) -> Game:
    """Game.from_position with default rules and a fixed seed."""
    kwargs.setdefault("seed", 7)
    return Game.from_position(rules or Rules(), **kwargs)


@pytest.fixture
def quito() -> Rules:
    return Rules.preset("quito")


@pytest.fixture
def cuenca() -> Rules:
    return Rules.preset("cuenca")
