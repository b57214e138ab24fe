"""The tournament's picture: a bracket and standings a phone can read."""

from __future__ import annotations

import io
from dataclasses import replace

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


def _image(picture: BracketPicture) -> Image.Image:
    return Image.open(io.BytesIO(draw_bracket(picture)))


def test_rounds_to_come_walkovers_byes_bots_and_the_champion_are_drawn():
    first = (
        Match("ana", "beto", 0, "1–0"),
        Match("carla", "🤖 Rosita", 1, "", note="se rindió"),
        Match("dora", None, 0, "", note="descansa"),
        Match("eva", "fede", None),
    )
    slots = (
        Match("ana", "🤖 Rosita", None, slot=True),
        Match("dora", "gana eva / fede", None, slot=True, known=(True, False)),
    )
    picture = BracketPicture(
        title="Ronda 1 · cuartos de final",
        rounds=(("Ronda 1 · cuartos", first), ("Ronda 2 · semis", slots),
                ("Ronda 3 · final", (Match("—", "—", None, slot=True, known=(False, False)),))),
        champion="Gana el torneo: 🤖 Rosita",
    )  # fmt: skip
    plain = replace(picture, champion=None)
    with_champion, without = _image(picture), _image(plain)
    assert with_champion.height > without.height  # the champion's band
    # a bot's name gets the drawn robot: the picture differs from the same name unmarked
    unmarked = replace(picture, champion="Gana el torneo: Rosita")
    assert draw_bracket(unmarked) != draw_bracket(picture)


def test_the_largest_bracket_reads_on_a_phone():
    """64 entries: every round from the first to the final, two matches a row; the
    picture stays 640 px wide (a name is 22 px: 13 px on a 400 px phone)."""
    first = tuple(Match(f"a{i}", f"b{i}", None) for i in range(32))
    rounds = [("Ronda 1", first)]
    size = 16
    while size:
        rounds.append((f"r{size}", tuple(Match("—", "—", None, slot=True) for _ in range(size))))
        size //= 2
    image = _image(BracketPicture(title="t", rounds=tuple(rounds)))
    assert image.width == 640
    rows = 16 + 8 + 4 + 2 + 1 + 1  # two a row, the final alone
    assert rows * 74 < image.height < rows * 74 + 6 * 40 + 120


def test_groups_are_a_grid_of_small_tables():
    groups = tuple(
        (f"Grupo {g}", tuple(Standing(i, f"p{g}{i}", 4 - i, "1–0") for i in range(1, 5)))
        for g in "ABCDEFGHIJKLMNOPQRSTUVWX"
    )
    image = _image(BracketPicture(title="t", groups=groups, groups_title="Fase de grupos"))
    assert image.width == 640 and image.height < 24 / 2 * (38 + 4 * 34 + 10) + 200
