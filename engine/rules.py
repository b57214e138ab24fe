"""The rule options of RULES.md §8, with the Quito (default) and Cuenca presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

Leftovers = Literal["nobody", "last_capturer"]


@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set. Field names and meanings follow RULES.md §8.

    sum_cards: how many cards a sum takes (2), or None for any number of cards ≥ 2.
    doble_ronda: None when four of a rank wins the chica, else the points it scores.
    lock_at: from this score on only caídas count ("38 que no juega"); None turns it off.
    """

    sum_cards: int | None = 2
    caida_limpia_points: int = 2
    ronda_points: int = 2
    doble_ronda: int | None = None
    lock_at: int | None = 38
    leftovers: Leftovers = "nobody"
    chicas_to_win: int = 2

    def __post_init__(self) -> None:
        if self.sum_cards is not None and self.sum_cards < 2:
            raise ValueError("sum_cards must be at least 2, or None for any number")
        if self.leftovers not in ("nobody", "last_capturer"):
            raise ValueError("leftovers must be 'nobody' or 'last_capturer'")
        if self.chicas_to_win < 1:
            raise ValueError("chicas_to_win must be at least 1")
        if self.caida_limpia_points < 2:
            raise ValueError("caida_limpia_points must be at least 2 (the caída itself)")

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
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        return cls(**data)
