"""What happened during a play or a deal, as the engine reports it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import Card


class EventKind(StrEnum):
    """What an event tells. A StrEnum: each member equals, prints and saves as its value,
    the string the engine used before (table logs and saved games hold these strings)."""

    DEAL = "deal"  # cards dealt; count is the deal's number in the hand, seat the dealer
    DROP = "drop"
    CAPTURE = "capture"
    CAIDA = "caida"
    LIMPIA = "limpia"
    RONDA = "ronda"
    DOBLE_RONDA = "doble_ronda"
    CARTON = "carton"
    DOS_POR_DARLAS = "dos_por_darlas"
    CAIDAS_SEGUIDAS = "caidas_seguidas"  # option caidas_seguidas: a streak wins the chica
    CHICA = "chica"
    ZAPATERIA = "zapateria"
    MATCH = "match"


SCORING_KINDS = frozenset(
    {
        EventKind.CAIDA,
        EventKind.LIMPIA,
        EventKind.RONDA,
        EventKind.DOBLE_RONDA,
        EventKind.CARTON,
        EventKind.DOS_POR_DARLAS,
        EventKind.CAIDAS_SEGUIDAS,
    }
)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    kind: an EventKind (a plain string such as "drop" is turned into one).
    side: the side it concerns (0, 1) or None; points: what it actually scored (0 if
    nothing, e.g. a limpia at 38). seat, card and takes say who played what, where it
    applies. count: cards counted for a cartón, the deal number for a deal, and under
    option caidas_seguidas the side's caídas in a row for a caída or a streak that wins.
    """

    kind: EventKind
    side: int | None = None
    points: int = 0
    seat: int | None = None
    card: Card | None = None
    takes: tuple[Card, ...] = field(default=())
    count: int = 0

    def __post_init__(self) -> None:
        if type(self.kind) is not EventKind:
            object.__setattr__(self, "kind", EventKind(self.kind))

    @property
    def scores(self) -> bool:
        return self.kind in SCORING_KINDS


_new = object.__new__
_setters = tuple(
    Event.__dict__[name].__set__
    for name in ("kind", "side", "points", "seat", "card", "takes", "count")
)


def make_event(
    kind: EventKind,
    side: int | None = None,
    points: int = 0,
    seat: int | None = None,
    card: Card | None = None,
    takes: tuple[Card, ...] = (),
    count: int = 0,
) -> Event:
    """Event(...) for the engine's hot path: the same value, without the frozen __init__
    (and without turning a string `kind` into an EventKind: pass a member)."""
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
