"""Shared helpers for the engine tests, and the Hypothesis profiles they run under.

Profiles (choose with ENGINE_HYPOTHESIS_PROFILE): "engine" (default, a few seconds),
"engine-thorough" (many more random matches, for a run before a release). They are used
per test through `engine_settings()`, so loading them never changes other suites' settings.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

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


# The values each Rules option takes in the property tests: Quito's first (what Hypothesis
# shrinks to), then the others of RULES.md §8 and a few more the engine accepts.
OPTION_VALUES: dict[str, list[Any]] = {
    "sum_cards": [2, None, 3],
    "caida_limpia_points": [2, 4],
    "ronda_points": [2, 4],
    "doble_ronda": [None, 4],
    "lock_at": [38, 30, None],
    "leftovers": ["nobody", "last_capturer"],
    "chicas_to_win": [2, 1],
    "carton_at_lock": [False, True],
    "caidas_seguidas": [None, 2, 3, 4],
}

# Any combination of every option's values.
rule_sets: st.SearchStrategy[Rules] = st.fixed_dictionaries(
    {name: st.sampled_from(values) for name, values in OPTION_VALUES.items()}
).map(lambda options: Rules(**options))


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


def capture_with(game: Game, card: str) -> Move:
    """The only capture `card` can make in `game` (fails if there is not exactly one)."""
    (takes,) = game.capture_options(Card.parse(card))
    return Move(Card.parse(card), takes)


def drop(game: Game, card: str):
    return game.play(Move(Card.parse(card)))


def end_of_deal(
    next_hands: list[str],
    rules: Rules | None = None,
    scores=(0, 0),
    table: str = "2s",
    streaks=(0, 0),
):
    """The dealer drops Kc, the last card of a deal; `next_hands` (in dealing order, from
    the seat after the dealer) are dealt. Returns the game and the events of that play."""
    players = len(next_hands)
    dealer = players - 1
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[dealer] = ["Kc"]
    stock = [c for hand in next_hands for c in hand.split()]
    game = position(
        rules,
        hands=hands,
        table=table.split(),
        stock=stock,
        scores=scores,
        to_play=dealer,
        dealer=dealer,
        streaks=streaks,
    )
    return game, drop(game, "Kc")


def end_of_hand(captured, rules: Rules | None = None, scores=(0, 0), table="2s", card="Kc"):
    """Seat 1, the dealer, plays `card`, the last card of the hand (a drop unless it can
    capture on `table`). Returns the game and the events of that play."""
    game = position(
        rules,
        hands=[[], [card]],
        table=table.split(),
        scores=scores,
        to_play=1,
        dealer=1,
        captured=captured,
    )
    options = game.capture_options(Card.parse(card))
    return game, game.play(Move(Card.parse(card), options[0] if options else frozenset()))


def until(events, kind: str):
    """The events before the first `kind` one: what belongs to the hand or chica that ended."""
    kinds_seen = kinds(events)
    return events[: kinds_seen.index(kind)] if kind in kinds_seen else events
