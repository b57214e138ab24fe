"""The table PNG made from kept pieces and bands shows what the full-colour drawing shows.

The fast path (cards pre-drawn on the felt in the palette, the score band and footer kept
by content, the zlib stream spliced from bands deflated apart) must not change the
picture: pixel for pixel against the full-colour reference, against PNGs the renderer
made before the fast path, and in what a person looks for (names, scores, turn, cards).
"""

from __future__ import annotations

import io
import json
import random
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageFont, features

from render import shapes, table
from render.table import HEIGHT, WIDTH, TablePicture, card_positions, render_table_png_uncached
from tests.render.test_table import picture  # the same tables as there and in bench/render.py

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    table.clear_cache()


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def reference(p: TablePicture) -> Image.Image:
    """The whole picture composed in full colour, then mapped to the palette at once."""
    return table._quantize(table.draw_table(p))


TABLES = {
    "empty": picture(0),
    "empty-en": picture(0, lang="en", turn=None, caption=""),
    "one": picture(1, turn=1),
    "one-row": picture(5),
    "six": picture(6),
    "two-rows": picture(7),
    "twelve": picture(12),
    "fourteen": picture(14),  # two rows of 7, still apart
    "overlap-15": picture(15),  # the first count where cards overlap
    "overlap-20": picture(20),
    "all-40": picture(40, stock=0),
    "long-labels": picture(
        9,
        sides=("Maximiliano Fernández de la Torre " * 2, "Bea ♥ ♠ Carlos 😀"),
        points=(38, 0),
        chicas=(2, 1),
        caption="Bea: caída ♦, +2 limpia " * 3,
    ),
}


@pytest.mark.parametrize("name", TABLES)
def test_the_png_is_the_full_colour_picture_pixel_for_pixel(name: str) -> None:
    p = TABLES[name]
    image = decode(render_table_png_uncached(p))
    assert image.size == (WIDTH, HEIGHT) and image.mode == "P"
    expected = reference(p)
    assert image.tobytes() == expected.tobytes()
    assert image.convert("RGB").tobytes() == expected.convert("RGB").tobytes()


def test_what_is_kept_does_not_change_the_png() -> None:
    p = picture(8)
    table.clear_drawing_caches()
    first = render_table_png_uncached(p)  # nothing kept: every band drawn now
    for turn in (1, None, 0):  # the same labels and scores, other tables
        render_table_png_uncached(picture(3, turn=turn))
    assert render_table_png_uncached(p) == first  # header and footer kept now
    table.clear_drawing_caches()
    assert render_table_png_uncached(p) == first


@pytest.mark.parametrize("count", [0, 5, 12, 20])
def test_the_png_matches_what_the_renderer_made_before_the_fast_path(count: int) -> None:
    made_with = json.loads((GOLDEN / "made_with.json").read_text())
    here = {
        "pillow": Image.__version__,
        "freetype": features.version("freetype2"),
        "font": shapes._bold_font_path(),
    }
    if any(made_with[key] != value for key, value in here.items()):
        pytest.skip(f"golden PNGs made with {made_with}, here {here}: text pixels may differ")
    before = decode((GOLDEN / f"table_{count}.png").read_bytes()).convert("RGB")
    now = decode(render_table_png_uncached(picture(count))).convert("RGB")
    assert now.size == before.size == (WIDTH, HEIGHT)
    assert now.tobytes() == before.tobytes()


def shown(colour: tuple[int, ...]) -> tuple[int, int, int]:
    """How `colour` comes out in the PNG: mapped to the nearest colour of the palette."""
    return table._quantize(Image.new("RGB", (1, 1), colour[:3])).convert("RGB").getpixel((0, 0))


def count_colour(image: Image.Image, box: tuple[int, int, int, int], colour: tuple) -> int:
    counts = {pixel: n for n, pixel in image.crop(box).getcolors(maxcolors=1 << 16)}
    return counts.get(shown(colour), 0)


def test_names_scores_turn_and_cards_are_drawn_where_they_belong() -> None:
    image = decode(render_table_png_uncached(picture(5))).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    assert image.getpixel((WIDTH // 2, HEIGHT // 2 - 60)) == shown(table.FELT)  # above the cards
    assert image.getpixel((200, 2)) == image.getpixel((200, 357)) == shown(table.BAND)
    # side 0 on turn: the marker and its label in yellow; side 1's label in white ink
    assert count_colour(image, (16, 12, 26, 27), table.TURN) > 40
    assert count_colour(image, (30, 6, 150, 30), table.TURN) > 150
    assert count_colour(image, (400, 6, 624, 30), table.INK) > 150
    # the points, big, in ink on both sides, and how they are told, dimmer
    assert count_colour(image, (16, 34, 64, 64), table.INK) > 150
    assert count_colour(image, (560, 34, 624, 64), table.INK) > 150
    assert count_colour(image, (70, 40, 240, 64), table.DIM) > 100
    # the stock in the footer, the caption on the right
    assert count_colour(image, (16, 334, 100, 356), table.DIM) > 60
    assert count_colour(image, (480, 334, 624, 356), table.INK) > 100
    # every card: a white card where the layout puts it
    for x, y in card_positions(5):
        assert image.getpixel((x + table.CARD_W // 2, y + 4)) == shown(table.CARD_WHITE)

    other_turn = decode(render_table_png_uncached(picture(5, turn=1))).convert("RGB")
    assert count_colour(other_turn, (16, 6, 150, 30), table.TURN) == 0
    assert count_colour(other_turn, (400, 6, 624, 30), table.TURN) > 150


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    out, pos = [], 8
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, data = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", png[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        out.append((kind, data))
        pos += 12 + length
    return out


@pytest.mark.parametrize("name", ["empty", "one-row", "twelve", "overlap-20"])
def test_the_png_stream_is_well_formed(name: str) -> None:
    found = chunks(render_table_png_uncached(TABLES[name]))
    assert [kind for kind, _ in found] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert struct.unpack(">IIBBBBB", found[0][1]) == (WIDTH, HEIGHT, 8, 3, 0, 0, 0)
    inflate = zlib.decompressobj()
    scanlines = inflate.decompress(found[2][1])  # checks the spliced stream's Adler-32
    assert inflate.eof and not inflate.unused_data
    assert len(scanlines) == HEIGHT * (WIDTH + 1)
    assert all(scanlines[row * (WIDTH + 1)] == 0 for row in range(HEIGHT))


def test_adler_of_bands_is_the_adler_of_the_whole() -> None:
    rng = random.Random(4)
    for _ in range(200):
        first = rng.randbytes(rng.randrange(0, 3000))
        second = bytes([rng.randrange(3)]) * rng.randrange(0, 300_000)
        combined = table._adler_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert combined == zlib.adler32(first + second)


def test_the_bands_cover_the_picture_in_order() -> None:
    for count in range(41):
        parts = table._render(picture(count))
        bands = [p if isinstance(p, table.Band) else table._band(p) for p in parts]
        assert sum(b.length for b in bands) == HEIGHT * (WIDTH + 1)


def test_fonts_are_loaded_once_not_per_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    table.warm_up()

    def no_font(*args: object, **kwargs: object) -> None:
        raise AssertionError("a font was loaded while drawing a picture")

    monkeypatch.setattr(ImageFont, "truetype", no_font)
    monkeypatch.setattr(ImageFont, "load_default", no_font)
    for i in range(5):  # new labels, scores, stock and caption: new text, no new font
        p = picture(i * 3, sides=(f"Nueva {i}", f"Otra {i}"), points=(i * 2, 30), stock=i)
        assert decode(render_table_png_uncached(p)).size == (WIDTH, HEIGHT)
    assert decode(render_table_png_uncached(TablePicture(lang="en"))).size == (WIDTH, HEIGHT)
