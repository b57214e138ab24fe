"""What happened during a play or a deal, as the engine reports it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card

SCORING_KINDS = frozenset({"caida", "limpia", "ronda", "doble_ronda", "carton", "dos_por_darlas"})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    kind: "deal", "drop", "capture", "caida", "limpia", "ronda", "doble_ronda", "carton",
    "dos_por_darlas", "hand_end", "chica", "zapateria" or "match".
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
