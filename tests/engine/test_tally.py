"""RULES.md §6: scores told in perros (10 points) and tantos (2 points)."""

from __future__ import annotations

import pytest

from engine.tally import perros_tantos


@pytest.mark.parametrize(
    ("points", "told"),
    [
        (0, (0, 0)),
        (2, (0, 1)),
        (10, (1, 0)),
        (26, (2, 3)),
        (38, (3, 4)),
        (40, (4, 0)),
        (42, (4, 1)),
    ],
)
def test_perros_and_tantos(points, told):
    assert perros_tantos(points) == told
