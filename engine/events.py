"""What happened during a play or a deal, as the engine reports it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card

SCORING_KINDS = frozenset({"caida", "limpia", "ronda", "doble_ronda", "carton", "dos_por_darlas"})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    kind: "deal", "drop", "capture", "caida", "limpia", "ronda", "doble_ronda", "carton",
    "dos_por_darlas", "chica", "zapateria" or "match".
    side: the side it concerns (0, 1) or None; points: what it actually scored (0 if
    nothing, e.g. a limpia at 38). seat, card and takes say who played what, where it
    applies. count: cards counted for a cartón, or the deal number for a deal.
    """

    kind: str
    side: int | None = None
    points: int = 0
    seat: int | None = None
    card: Card | None = None
    takes: tuple[Card, ...] = field(default=())
    count: int = 0

    @property
    def scores(self) -> bool:
        return self.kind in SCORING_KINDS


_new = object.__new__
_setters = tuple(
    Event.__dict__[name].__set__
    for name in ("kind", "side", "points", "seat", "card", "takes", "count")
)


def make_event(
    kind: str,
    side: int | None = None,
    points: int = 0,
    seat: int | None = None,
    card: Card | None = None,
    takes: tuple[Card, ...] = (),
    count: int = 0,
) -> Event:
    """Event(...) for the engine's hot path: the same value, without the frozen __init__."""
    event = _new(Event)
    set_kind, set_side, set_points, set_seat, set_card, set_takes, set_count = _setters
    set_kind(event, kind)
    set_side(event, side)
    set_points(event, points)
    set_seat(event, seat)
    set_card(event, card)
    set_takes(event, takes)
    set_count(event, count)
    return event
