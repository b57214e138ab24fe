"""The tournament's picture: a bracket and standings a phone can read."""

from __future__ import annotations

import io

from PIL import Image

from render.tournament import BracketPicture, Match, Standing, draw_bracket


def test_a_bracket_and_standings_are_drawn_at_the_tables_width():
    first = tuple(Match(f"player_with_a_long_name_{i}", f"p{i}b", i % 2, "1–0") for i in range(8))
    picture = BracketPicture(
        title="Ronda 3 · eliminación directa · individual · a 1 chica · reglas Quito",
        rounds=(
            ("Eliminación", first),
            ("Cuartos", first[:4]),
            ("Semifinales", first[:2]),
            ("Final", (Match("ana", "beto", None),)),
        ),
        standings=tuple(
            Standing(i, f"🤖 Rosita y Panchito {i}", 3 - i, "2–1") for i in range(1, 4)
        ),
        columns=("ganadas", "chicas"),
        champion="ana_maria_de_los_angeles",
    )
    image = Image.open(io.BytesIO(draw_bracket(picture)))
    assert image.width == 640 and 8 * 64 < image.height < 2000


def test_an_empty_bracket_is_a_title_only():
    image = Image.open(io.BytesIO(draw_bracket(BracketPicture(title="Torneo"))))
    assert image.size[0] == 640
