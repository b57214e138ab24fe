"""The player's card picture: its size, its curve, and text that never runs off it."""

from __future__ import annotations

import io

from PIL import Image

from render.card import WIDTH, PlayerCard, Rated, draw_card, height, render_card_png
from render.table import FELT

CARD = PlayerCard(
    name="Ana",
    season=Rated("1069", "#1", "Temporada diciembre 2025"),
    all_time=Rated("1043", "#3", "De siempre"),
    curve_title="Nivel · últimas 4 partidas · 1 contra 1",
    curve=(1000, 1030, 1012, 1069),
    figures=(("5–2", "1 contra 1"), ("12", "Caídas"), ("3", "Limpias")),
    lines=("Mejor compañero: Beto · Rival más duro: Carla",),
)


def test_the_card_is_a_png_as_wide_as_the_table_picture():
    image = Image.open(io.BytesIO(render_card_png(CARD)))
    assert image.format == "PNG" and image.size == (WIDTH, height(CARD)) and WIDTH == 640
    more = PlayerCard(**{**CARD.__dict__, "figures": CARD.figures * 3})
    assert height(more) == height(CARD) + 2 * 66  # a row of three figures more, twice


def test_a_rising_curve_is_drawn_green_on_the_felt_and_no_curve_leaves_it_bare():
    rising = draw_card(CARD)
    bare = draw_card(PlayerCard(**{**CARD.__dict__, "curve": ()}))
    felt = (96, 170, 560, 280)  # inside the curve's area, below its title
    green = [p for p in rising.crop(felt).get_flattened_data() if p[1] > 200 and p[0] < 160]
    assert green, "the rising curve is drawn in green"
    assert set(bare.crop(felt).get_flattened_data()) <= {FELT, (45, 120, 78)}


def test_a_long_name_is_cut_to_the_card():
    long = PlayerCard(**{**CARD.__dict__, "name": "Guillermina " * 12})
    image = draw_card(long)
    right_edge = image.crop((WIDTH - 10, 0, WIDTH, 40))
    assert set(right_edge.get_flattened_data()) <= {(17, 58, 36)}  # nothing drawn past the margin
