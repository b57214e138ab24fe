"""Without a system font, the pictures use the font Pillow carries and still come out right."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from engine.cards import full_deck
from render import faces, shapes, table
from render.table import TablePicture


def _clear_drawing_caches() -> None:
    for cached in (shapes.font, shapes._has_glyph, faces.card_face_png):
        cached.cache_clear()
    table.clear_drawing_caches()


@pytest.fixture
def builtin_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As on a machine with no DejaVu or Liberation font installed."""
    monkeypatch.setattr(shapes, "_bold_font_path", lambda: None)
    _clear_drawing_caches()
    yield
    _clear_drawing_caches()


def test_the_builtin_font_is_used_with_a_stroke(builtin_font: None) -> None:
    fnt, stroke = shapes.font(40)
    assert fnt.getname()[0] == "Aileron"  # Pillow ≥ 10.1 carries it; nothing downloaded
    assert stroke > 0


def test_faces_are_distinct_with_the_builtin_font(builtin_font: None) -> None:
    pictures = [faces.card_face(card) for card in full_deck()]
    assert all(p.size == (faces.FACE_SIZE, faces.FACE_SIZE) for p in pictures)
    assert len({p.tobytes() for p in pictures}) == 40


def test_letters_the_font_lacks_lose_their_accents(builtin_font: None) -> None:
    # Pillow's own font has ASCII only: "é" and "ñ" become "e" and "n", others go.
    assert shapes.printable("José Muñoz", 18) == "Jose Munoz"
    assert shapes.printable("Ana 中", 18) == "Ana "


def test_a_table_renders_with_the_builtin_font(builtin_font: None) -> None:
    picture = TablePicture(
        full_deck()[:12], ("José y Muñoz", "Bea 😀"), (26, 14), (1, 0), 20, 0, "7♥ y J♠"
    )
    image = Image.open(io.BytesIO(table.render_table_png(picture)))
    assert image.size == (table.WIDTH, table.HEIGHT)
