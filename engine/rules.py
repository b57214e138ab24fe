"""The rule options of RULES.md §8, with the Quito (default) and Cuenca presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

Leftovers = Literal["nobody", "last_capturer"]


@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set. Field names and meanings follow RULES.md §8.

    sum_cards: how many cards a sum takes (2), or None for any number of cards ≥ 2.
    doble_ronda: None when four of a rank wins the chica, else the points it scores.
    lock_at: from this score on only caídas count ("38 que no juega"); None turns it off.
    carton_at_lock: a side at the lock still scores its cartón (§6, the English seed).
    caidas_seguidas: None (off), or how many caídas in a row by one side win the chica (§6).
    """

    sum_cards: int | None = 2
    caida_limpia_points: int = 2
    ronda_points: int = 2
    doble_ronda: int | None = None
    lock_at: int | None = 38
    leftovers: Leftovers = "nobody"
    chicas_to_win: int = 2
    carton_at_lock: bool = False
    caidas_seguidas: int | None = None

    def __post_init__(self) -> None:
        if self.sum_cards is not None and self.sum_cards < 2:
            raise ValueError("sum_cards must be at least 2, or None for any number")
        if self.leftovers not in ("nobody", "last_capturer"):
            raise ValueError("leftovers must be 'nobody' or 'last_capturer'")
        if self.chicas_to_win < 1:
            raise ValueError("chicas_to_win must be at least 1")
        if self.caida_limpia_points < 2:
            raise ValueError("caida_limpia_points must be at least 2 (the caída itself)")
        if not isinstance(self.carton_at_lock, bool):
            raise ValueError("carton_at_lock must be True or False")
        streak = self.caidas_seguidas
        if streak is not None and (isinstance(streak, bool) or streak < 2):
            raise ValueError("caidas_seguidas must be at least 2, or None for off")

    PRESETS = ("quito", "cuenca")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """ "quito" (the default rules) or "cuenca" (caída + limpia scores 4)."""
        match name.lower():
            case "quito":
                return cls()
            case "cuenca":
                return cls(caida_limpia_points=4)
        raise ValueError(f"unknown rule set {name!r}; choose one of {', '.join(cls.PRESETS)}")

    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, or None for a custom set."""
        for name in self.PRESETS:
            if self == Rules.preset(name):
                return name
        return None

    def with_options(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as a dict. The options added later (carton_at_lock, caidas_seguidas)
        are left out while off, so that a game under the older options saves exactly what
        it always did."""
        data = {field.name: getattr(self, field.name) for field in fields(self)}  # all plain
        for name in _LATER_OPTIONS:
            if data[name] == _OFF[name]:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from to_dict's data, or from a dict saved before an option existed (the
        missing option is off)."""
        return cls(**data)


_LATER_OPTIONS = ("carton_at_lock", "caidas_seguidas")
_OFF = {name: getattr(Rules(), name) for name in _LATER_OPTIONS}
