"""How points are told at the table: a perro is 10 points, a tanto 2 (RULES.md §6)."""

from __future__ import annotations

PERRO = 10
TANTO = 2


def perros_tantos(points: int) -> tuple[int, int]:
    """26 → (2, 3): 2 perros and 3 tantos. An odd leftover point (custom rules) is dropped."""
    return points // PERRO, (points % PERRO) // TANTO
