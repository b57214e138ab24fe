"""The table PNG made from kept pieces and bands shows what the full-colour drawing shows.

The fast path (cards pre-drawn on the felt in the palette, the score band and footer kept
by content, the zlib stream spliced from bands deflated apart) must not change the
picture: pixel for pixel against the full-colour reference, against PNGs recorded from
the full-colour reference, and in what a person looks for (names, scores, turn, cards, the
card just dropped), also at the size a phone shows it.
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
from render.table import (
    HEIGHT,
    WIDTH,
    PictureWords,
    TablePicture,
    card_positions,
    render_table_png_uncached,
)
from tests.render.test_table import picture  # the same tables as there and in bench/render.py

ENGLISH = PictureWords(stock="stock", empty="empty table", chicas="chicas")

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
    "empty-en": picture(0, words=ENGLISH, turn=None, caption=""),
    "one": picture(1, turn=1),
    "one-row": picture(5),
    "six": picture(6),
    "two-rows": picture(7),
    "twelve": picture(12),
    "fourteen": picture(14),  # two rows of 7, still apart
    "overlap-15": picture(15),  # the first count where cards overlap
    "overlap-20": picture(20),
    "all-40": picture(40, stock=0),
    "dropped-apart": picture(5, dropped=picture(5).cards[2]),
    "dropped-first": picture(8, dropped=picture(8).cards[0]),  # its ring at the felt's edge
    "dropped-fanned": picture(11, dropped=picture(11).cards[4]),
    "dropped-last-fanned": picture(14, dropped=picture(14).cards[-1]),
    "dropped-row-1": picture(20, dropped=picture(20).cards[3]),
    "dropped-row-2": picture(20, dropped=picture(20).cards[12]),
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


GOLDEN_TABLES = {
    "table_0": picture(0),
    "table_5": picture(5),
    "table_12": picture(12),
    "table_20": picture(20),
    "table_5_dropped": TABLES["dropped-apart"],
}


@pytest.mark.parametrize("name", GOLDEN_TABLES)
def test_the_png_matches_the_pictures_recorded(name: str) -> None:
    made_with = json.loads((GOLDEN / "made_with.json").read_text())
    here = {
        "pillow": Image.__version__,
        "freetype": features.version("freetype2"),
        "font": shapes._bold_font_path(),
    }
    if any(made_with[key] != value for key, value in here.items()):
        pytest.skip(f"golden PNGs made with {made_with}, here {here}: text pixels may differ")
    before = decode((GOLDEN / f"{name}.png").read_bytes()).convert("RGB")
    now = decode(render_table_png_uncached(GOLDEN_TABLES[name])).convert("RGB")
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
    assert image.getpixel((WIDTH // 2, table.FELT_TOP + 6)) == shown(table.FELT)  # above the cards
    assert image.getpixel((200, 2)) == image.getpixel((200, HEIGHT - 2)) == shown(table.BAND)
    # side 0 on turn: the marker and its label in yellow; side 1's label in white ink
    assert count_colour(image, (16, 10, 30, 32), table.TURN) > 60
    assert count_colour(image, (34, 6, 200, 36), table.TURN) > 300
    assert count_colour(image, (400, 6, 624, 36), table.INK) > 300
    # the points, big, in ink on both sides, and how they are told, dimmer
    assert count_colour(image, (16, 42, 84, 82), table.INK) > 300
    assert count_colour(image, (550, 42, 624, 82), table.INK) > 300
    assert count_colour(image, (86, 52, 300, 82), table.DIM) > 200
    # the stock in the footer, the caption on the right
    assert count_colour(image, (16, HEIGHT - 28, 120, HEIGHT - 2), table.DIM) > 100
    assert count_colour(image, (440, HEIGHT - 28, 624, HEIGHT - 2), table.INK) > 150
    # every card: a white card where the layout puts it
    for x, y in card_positions(5):
        assert image.getpixel((x + table.CARD_W // 2, y + 4)) == shown(table.CARD_WHITE)

    other_turn = decode(render_table_png_uncached(picture(5, turn=1))).convert("RGB")
    assert count_colour(other_turn, (16, 6, 200, 36), table.TURN) == 0
    assert count_colour(other_turn, (400, 6, 624, 36), table.TURN) > 300


def card_box(count: int, index: int) -> tuple[int, int, int, int]:
    x, y = card_positions(count)[index]
    return (x, y, x + table.CARD_W, y + table.CARD_H)


@pytest.mark.parametrize("name", [n for n in TABLES if n.startswith("dropped")])
def test_the_dropped_card_is_ringed_and_no_other(name: str) -> None:
    p = TABLES[name]
    image = decode(render_table_png_uncached(p)).convert("RGB")
    index = p.cards.index(p.dropped)
    x, y = card_positions(len(p.cards))[index]
    lifted = y == card_positions(len(p.cards))[0][1]
    top = y - table.LIFT * lifted
    # the ring's top and left edges show, whatever covers the card's right side
    ring = (x - table.RING, top - table.RING, x + table.CORNER_W, top + table.CORNER_H)
    assert count_colour(image, ring, table.MARK) > 100
    assert count_colour(image, (0, 0, WIDTH, HEIGHT), table.MARK) < 1200  # one ring only
    plain = decode(render_table_png_uncached(picture(len(p.cards)))).convert("RGB")
    assert count_colour(plain, (0, 0, WIDTH, HEIGHT), table.MARK) == 0
    if lifted:  # and it sits higher than its neighbours
        assert image.getpixel((x + table.CARD_W // 2, top + 2)) == shown(table.CARD_WHITE)
        assert plain.getpixel((x + table.CARD_W // 2, top + 2)) == shown(table.FELT)


PHONE_W = 360  # about how wide Discord shows the picture on a phone (400 px screen)


def ink_height(image: Image.Image, box: tuple[int, int, int, int], colour: tuple) -> int:
    """How many rows of `box` hold text of `colour` (drawn over the dark band)."""
    band = image.crop(box)
    target = colour[:3]
    rows = 0
    for y in range(band.height):
        line = [band.getpixel((x, y)) for x in range(band.width)]
        if any(sum(abs(a - b) for a, b in zip(pixel, target, strict=True)) < 120 for pixel in line):
            rows += 1
    return rows


def test_names_and_points_stay_legible_at_phone_width() -> None:
    """Scaled down as a phone shows it, a name's capitals and the points are 11 px or taller."""
    p = picture(5, sides=("Ana", "Bea"), points=(26, 14), turn=None)
    phone = table.draw_table(p).resize(
        (PHONE_W, round(HEIGHT * PHONE_W / WIDTH)), Image.Resampling.LANCZOS
    )
    scale = PHONE_W / WIDTH

    def scaled(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        left, top, right, bottom = box
        return (
            int(left * scale),
            int(top * scale),
            int(right * scale) + 1,
            int(bottom * scale) + 1,
        )

    name_box = scaled((16, 0, 80, 40))  # "Ana", on the left
    points_box = scaled((16, 40, 84, table.HEADER_H))  # "26"
    assert ink_height(phone, name_box, table.INK) >= 11
    assert ink_height(phone, points_box, table.INK) >= 11
    right_points = scaled((WIDTH - 84, 40, WIDTH - 16, table.HEADER_H))
    assert ink_height(phone, right_points, table.INK) >= 11


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
    assert decode(render_table_png_uncached(TablePicture(words=ENGLISH))).size == (WIDTH, HEIGHT)
