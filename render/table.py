"""The picture of the table: the cards on it, sorted by rank, and the scores.

`TablePicture` holds plain values only (it is frozen and hashes), so equal tables share one
rendering: `render_table_png` keeps the last few PNGs by content, and
`render_table_png_async` draws in a worker thread so the event loop never waits on Pillow.

Layout (640 × 360): a score band on top (side labels, points with perros and tantos,
chicas), the felt with the cards in one row up to six and two rows beyond (closer
together, then overlapping, when a row is long: each card's corner stays in sight), and
a footer with the cards left in the stock and a caption.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.cards import Card, full_deck
from engine.tally import perros_tantos

from .faces import CARD_EDGE, CARD_WHITE, paste_text
from .shapes import DRAW_LOCK, SUIT_COLOURS, draw_suit, font, printable
from .text import SUIT_SYMBOLS

WIDTH, HEIGHT = 640, 360
HEADER_H, FOOTER_H = 72, 30
MARGIN = 16
CARD_W, CARD_H = 84, 118
CARD_GAP = 12
ROW_GAP = 14
ONE_ROW_MAX = 6  # up to this many cards sit in one row; more go in two

FELT = (31, 98, 60)
BAND = (17, 58, 36)
INK = (240, 244, 240)
DIM = (170, 200, 180)
TURN = (250, 204, 21)

# The words on the picture that change with the language; perro(s), tanto(s) and chicas
# are the game's own words in both.
WORDS = {
    "es": {"stock": "mazo", "empty": "mesa limpia"},
    "en": {"stock": "stock", "empty": "empty table"},
}

CACHE_SIZE = 256


def _card_text(card: Card | str) -> str:
    return str(card if isinstance(card, Card) else Card.parse(card))


@dataclass(frozen=True, slots=True)
class TablePicture:
    """What the table picture shows; plain values only, so it hashes for the cache.

    cards: the cards on the table, as Card or "7h"; kept as a sorted tuple of "7h" strings
    (the picture sorts them by rank anyway, so the order they came in does not matter).
    sides: the two sides' labels. points: each side's points in this chica. chicas: chicas
    won. stock: cards left to deal. turn: the side whose turn it is (marked), or None.
    caption: one short line for the footer (the last play, say), or "".
    lang: "es" or "en", for the few words on the picture (mazo/stock, mesa limpia).
    """

    cards: tuple[str, ...] = ()
    sides: tuple[str, str] = ("", "")
    points: tuple[int, int] = (0, 0)
    chicas: tuple[int, int] = (0, 0)
    stock: int = 0
    turn: int | None = None
    caption: str = ""
    lang: str = "es"

    def __post_init__(self) -> None:
        cards = sorted(Card.parse(_card_text(c)) for c in self.cards)
        object.__setattr__(self, "cards", tuple(str(c) for c in cards))
        object.__setattr__(self, "sides", (str(self.sides[0]), str(self.sides[1])))
        object.__setattr__(self, "points", (int(self.points[0]), int(self.points[1])))
        object.__setattr__(self, "chicas", (int(self.chicas[0]), int(self.chicas[1])))
        object.__setattr__(self, "stock", int(self.stock))
        if self.lang not in WORDS:
            object.__setattr__(self, "lang", "es")
        if self.turn not in (None, 0, 1):
            raise ValueError(f"turn must be 0, 1 or None, not {self.turn!r}")


# --------------------------------------------------------------------------- drawing


SHADOW_DX, SHADOW_DY = 2, 3
SHADOW_ALPHA = 70


@lru_cache(maxsize=40)
def _card_sprite(card: Card) -> Image.Image:
    """A portrait card with its shadow, (CARD_W + 2) × (CARD_H + 3) RGBA: rank and small suit
    in the top-left corner (what stays in sight when cards overlap), a big suit lower right."""
    s = 3  # supersampling
    w, h = CARD_W * s, CARD_H * s
    face = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=9 * s, fill=CARD_EDGE)
    draw.rounded_rectangle((s, s, w - 1 - s, h - 1 - s), radius=8 * s, fill=CARD_WHITE)
    colour = SUIT_COLOURS[card.suit]
    # Corner index within the left 38 px, so an overlap step of 40 px keeps it whole.
    paste_text(face, card.rank_name, colour, (4 * s, 6 * s, 34 * s, 44 * s), min_squeeze=0.8)
    draw_suit(draw, card.suit, (8 * s, 50 * s, 30 * s, 72 * s))
    draw_suit(draw, card.suit, (36 * s, 62 * s, 78 * s, 104 * s))
    face = face.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    sprite = Image.new("RGBA", (CARD_W + SHADOW_DX, CARD_H + SHADOW_DY), (0, 0, 0, 0))
    shadow = Image.new("RGBA", face.size, (0, 0, 0, SHADOW_ALPHA))
    sprite.paste(shadow, (SHADOW_DX, SHADOW_DY), face.getchannel("A"))
    sprite.alpha_composite(face)
    return sprite


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=BAND)
    draw.rectangle((0, HEIGHT - FOOTER_H, WIDTH, HEIGHT), fill=BAND)
    draw.line((WIDTH // 2, 12, WIDTH // 2, HEADER_H - 12), fill=FELT, width=2)
    return image


def card_positions(count: int) -> list[tuple[int, int]]:
    """Top-left corners of `count` cards on the felt, in reading order (row by row)."""
    if count == 0:
        return []
    rows = [count] if count <= ONE_ROW_MAX else [(count + 1) // 2, count // 2]
    felt_top, felt_bottom = HEADER_H, HEIGHT - FOOTER_H
    block_h = len(rows) * CARD_H + (len(rows) - 1) * ROW_GAP
    y = felt_top + (felt_bottom - felt_top - block_h) // 2
    width = WIDTH - 2 * MARGIN
    positions = []
    for n in rows:
        step = CARD_W + CARD_GAP
        if n > 1:
            step = min(step, (width - CARD_W) / (n - 1))
        row_w = CARD_W + (n - 1) * step
        x0 = (WIDTH - row_w) / 2
        positions.extend((round(x0 + i * step), y) for i in range(n))
        y += CARD_H + ROW_GAP
    return positions


def _plural(n: int, one: str) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {one}s"


def _told(points: int) -> str:
    """26 → "2 perros 3 tantos" (nothing for less than a tanto)."""
    perros, tantos = perros_tantos(points)
    parts = []
    if perros:
        parts.append(_plural(perros, "perro"))
    if tantos:
        parts.append(_plural(tantos, "tanto"))
    return " ".join(parts)


@lru_cache(maxsize=64)
def _suit_glyph(suit: int, size: int, fill: tuple[int, int, int]) -> Image.Image:
    """A suit symbol `size` px square in `fill`, smooth-edged, for a line of text."""
    big = Image.new("RGBA", (size * 4, size * 4), (0, 0, 0, 0))
    draw_suit(ImageDraw.Draw(big), suit, (0, 0, size * 4, size * 4), fill=(*fill, 255))
    return big.resize((size, size), Image.Resampling.LANCZOS)


_SUIT_SPLIT = re.compile(f"([{SUIT_SYMBOLS}])")

Run = str | int  # a run of text, or a suit symbol (0..3) drawn as a shape


def _runs(text: str, size: int) -> list[Run]:
    """Split a line into text runs (what the font can draw) and suit symbols."""
    runs: list[Run] = []
    for part in _SUIT_SPLIT.split(text):
        if len(part) == 1 and part in SUIT_SYMBOLS:
            runs.append(SUIT_SYMBOLS.index(part))
        elif part:
            runs.append(printable(part, size))
    return runs


def _suit_px(size: int) -> int:
    return max(6, round(size * 0.72))


@lru_cache(maxsize=2048)
def _run_width(run: Run, size: int) -> float:
    if isinstance(run, int):
        return _suit_px(size) + 2
    fnt, stroke = font(size)
    return fnt.getlength(run) + 2 * stroke


@lru_cache(maxsize=2048)
def _layout(text: str, size: int, max_w: float | None) -> tuple[tuple[Run, ...], float]:
    """The runs of `text`, cut at the end with an ellipsis to fit `max_w`, and their width."""
    runs = _runs(text, size)
    width = sum(_run_width(r, size) for r in runs)
    if max_w is not None and width > max_w:
        ellipsis = _run_width("…", size)
        while runs and width + ellipsis > max_w:
            last = runs.pop()
            if isinstance(last, str) and len(last) > 1:
                runs.append(last[:-1].rstrip())
            width = sum(_run_width(r, size) for r in runs)
        runs.append("…")
        width += ellipsis
    return tuple(runs), width


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int) -> tuple[Image.Image, int, int]:
    """`text` drawn once as an alpha mask, and where its left edge and baseline fall in it."""
    fnt, stroke = font(size)
    ascent, descent = fnt.getmetrics() if hasattr(fnt, "getmetrics") else (size, 0)
    pad = 2 + stroke
    width = int(fnt.getlength(text)) + 2 * stroke + 2 * pad + 1
    mask = Image.new("L", (width, ascent + descent + 2 * pad), 0)
    ImageDraw.Draw(mask).text(
        (pad, pad + ascent),
        text,
        font=fnt,
        fill=255,
        anchor="ls",
        stroke_width=stroke,
        stroke_fill=255,
    )
    return mask, pad, pad + ascent


def _line(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    align: str = "l",
    valign: str = "a",
    max_w: float | None = None,
) -> float:
    """Draw one line of `text` at `xy` ("l"eft/"r"ight/"m"iddle × "a"scender top/"m"iddle/
    baseline "s"), suit symbols drawn as shapes; cut to `max_w`. Returns the width drawn."""
    runs, width = _layout(text, size, max_w)
    fnt, _ = font(size)
    ascent, descent = fnt.getmetrics() if hasattr(fnt, "getmetrics") else (size, 0)
    x = {"l": xy[0], "r": xy[0] - width, "m": xy[0] - width / 2}[align]
    base = {"a": xy[1] + ascent, "m": xy[1] + (ascent - descent) / 2, "s": xy[1]}[valign]
    for run in runs:
        if isinstance(run, int):
            px = _suit_px(size)
            glyph = _suit_glyph(run, px, fill)
            image.paste(glyph, (round(x + 1), round(base - px)), glyph)
        else:
            mask, left, baseline = _text_mask(run, size)
            image.paste(fill, (round(x) - left, round(base) - baseline), mask)
        x += _run_width(run, size)
    return width


def _draw_side(
    image: Image.Image, draw: ImageDraw.ImageDraw, picture: TablePicture, side: int
) -> None:
    """One side's score, left-aligned for side 0, right-aligned for side 1.

    Line 1: the label (yellow with a marker when it is this side's turn) and the chicas.
    Line 2: the points, big, and how they are told ("2 perros 3 tantos").
    """
    half = WIDTH // 2 - MARGIN - 10
    right = side == 1
    x = WIDTH - MARGIN if right else MARGIN
    sign = -1 if right else 1
    align = "r" if right else "l"
    on_turn = picture.turn == side
    lx = x
    if on_turn:  # a small triangle pointing at the label
        draw.polygon([(lx, 12), (lx, 26), (lx + sign * 9, 19)], fill=TURN)
        lx += sign * 14
    chicas = f"chicas {picture.chicas[side]}"
    label = picture.sides[side] or f"#{side + 1}"
    room = half - abs(lx - x) - 12
    chicas_w = _layout(chicas, 15, None)[1]
    label_w = _line(
        image, (lx, 8), label, 18, TURN if on_turn else INK, align=align, max_w=room - chicas_w
    )
    _line(image, (lx + sign * (label_w + 12), 10), chicas, 15, DIM, align=align)
    points_w = _line(image, (x, 62), str(picture.points[side]), 32, INK, align=align, valign="s")
    _line(
        image,
        (x + sign * (points_w + 10), 60),
        _told(picture.points[side]),
        16,
        DIM,
        align=align,
        valign="s",
        max_w=half - points_w - 10,
    )


def _draw_header(image: Image.Image, picture: TablePicture) -> None:
    """The score band, on `image` whose top-left is the picture's (the whole or the band)."""
    draw = ImageDraw.Draw(image)
    _draw_side(image, draw, picture, 0)
    _draw_side(image, draw, picture, 1)


def _draw_empty(image: Image.Image, lang: str, top: int) -> None:
    """ "mesa limpia" in the middle of the felt; `image` starts `top` px down the picture."""
    mid = (HEADER_H + HEIGHT - FOOTER_H) // 2
    _line(image, (WIDTH // 2, mid - top), WORDS[lang]["empty"], 22, DIM, align="m", valign="m")


def _draw_footer(image: Image.Image, picture: TablePicture, top: int) -> None:
    """The stock and the caption; `image` starts `top` px down the picture."""
    footer_y = HEIGHT - FOOTER_H // 2 - top
    stock = f"{WORDS[picture.lang]['stock']} {picture.stock}"
    stock_w = _line(image, (MARGIN, footer_y), stock, 15, DIM, valign="m")
    if picture.caption:
        _line(
            image,
            (WIDTH - MARGIN, footer_y),
            picture.caption,
            15,
            INK,
            align="r",
            valign="m",
            max_w=WIDTH - 3 * MARGIN - stock_w,
        )


def _render_rgb(picture: TablePicture) -> Image.Image:
    """The whole picture composed in RGB: the reference the palette picture must match."""
    image = _background().copy()
    _draw_header(image, picture)
    cards = [Card.parse(c) for c in picture.cards]
    if cards:
        for card, (x, y) in zip(cards, card_positions(len(cards)), strict=True):
            sprite = _card_sprite(card)
            image.paste(sprite, (x, y), sprite)
    else:
        _draw_empty(image, picture.lang, 0)
    _draw_footer(image, picture, 0)
    return image


# ------------------------------------------------------------- the palette picture
#
# Mapping to the fixed palette is per pixel (no dithering), so a part composed in RGB and
# mapped on its own gives the same indices as the whole picture composed and mapped at
# once. What never changes is mapped once and cached: the background, each card on the
# felt (cards up to 14 never overlap, so each sits on plain felt), the empty felt. Per
# picture only the score band and the footer (28% of the pixels) are drawn and mapped.


def _quantize(image: Image.Image) -> Image.Image:
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1)
def _background_p() -> Image.Image:
    return _quantize(_background())


@lru_cache(maxsize=40)
def _card_tile(card: Card) -> Image.Image:
    """The card with its shadow on plain felt, in the palette (what `_render_rgb` makes of
    the sprite on the felt, pixel for pixel)."""
    sprite = _card_sprite(card)
    tile = Image.new("RGB", sprite.size, FELT)
    tile.paste(sprite, (0, 0), sprite)
    return _quantize(tile)


@lru_cache(maxsize=len(WORDS))
def _empty_felt(lang: str) -> Image.Image:
    """The felt with "mesa limpia" (or "empty table"), in the palette."""
    felt = _background().crop((0, HEADER_H, WIDTH, HEIGHT - FOOTER_H))
    _draw_empty(felt, lang, HEADER_H)
    return _quantize(felt)


def _apart(positions: list[tuple[int, int]]) -> bool:
    """Whether no two card sprites at these (reading-order) positions overlap."""
    sprite_w, sprite_h = CARD_W + SHADOW_DX, CARD_H + SHADOW_DY
    for (x0, y0), (x1, y1) in itertools.pairwise(positions):
        if (y1 == y0 and x1 - x0 < sprite_w) or (y1 != y0 and y1 - y0 < sprite_h):
            return False
    return True


def _render(picture: TablePicture) -> Image.Image:
    """The picture in the fixed palette ("P" mode), ready to encode."""
    image = _background_p().copy()
    header = _background().crop((0, 0, WIDTH, HEADER_H))
    _draw_header(header, picture)
    image.paste(_quantize(header), (0, 0))
    cards = [Card.parse(c) for c in picture.cards]
    positions = card_positions(len(cards))
    if not cards:
        image.paste(_empty_felt(picture.lang), (0, HEADER_H))
    elif _apart(positions):
        for card, xy in zip(cards, positions, strict=True):
            image.paste(_card_tile(card), xy)
    else:  # overlapping (15 cards and more): compose the block of cards in RGB
        left = min(x for x, _ in positions)
        top = min(y for _, y in positions)
        right = max(x for x, _ in positions) + CARD_W + SHADOW_DX
        bottom = max(y for _, y in positions) + CARD_H + SHADOW_DY
        block = _background().crop((left, top, right, bottom))
        for card, (x, y) in zip(cards, positions, strict=True):
            sprite = _card_sprite(card)
            block.paste(sprite, (x - left, y - top), sprite)
        image.paste(_quantize(block), (left, top))
    footer = _background().crop((0, HEIGHT - FOOTER_H, WIDTH, HEIGHT))
    _draw_footer(footer, picture, HEIGHT - FOOTER_H)
    image.paste(_quantize(footer), (0, HEIGHT - FOOTER_H))
    return image


def _over(fg: tuple[int, ...], bg: tuple[int, ...], alpha: float) -> tuple[int, int, int]:
    return tuple(round(f * alpha + b * (1 - alpha)) for f, b in zip(fg[:3], bg[:3], strict=True))


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One fixed palette for every table picture: each colour drawn, and ramps for the
    smooth edges between the colours that meet (ink on card, card on felt, text on band).

    Mapping to a fixed palette costs a fraction of what working one out per picture does.
    """
    white = CARD_WHITE[:3]
    shade = _over((0, 0, 0), FELT, SHADOW_ALPHA / 255)
    shaded_white = _over((0, 0, 0), white, SHADOW_ALPHA / 255)
    pairs = [
        (SUIT_COLOURS[0], white),
        (SUIT_COLOURS[1], white),
        (CARD_EDGE, white),
        (CARD_EDGE, FELT),
        (CARD_EDGE, shade),
        (shade, FELT),
        (shaded_white, white),
        (CARD_EDGE, shaded_white),
        (INK, BAND),
        (DIM, BAND),
        (TURN, BAND),
        (DIM, FELT),
        (FELT, BAND),
    ]
    colours: list[tuple[int, int, int]] = []
    for fg, bg in pairs:
        for step in range(9):
            colour = _over(fg, bg, step / 8)
            if colour not in colours:
                colours.append(colour)
    palette = Image.new("P", (1, 1))
    flat = [v for colour in colours for v in colour]
    palette.putpalette(flat + flat[:3] * (256 - len(colours)))  # pad with a used colour
    return palette


PNG_LEVEL = 1  # zlib level: 1 is ~40% faster than 3 for ~10% more bytes (12 KB or so)


def _encode(image: Image.Image) -> bytes:
    """A small PNG of the palette picture (an RGB one is mapped to the palette first)."""
    if image.mode != "P":
        image = _quantize(image)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


def draw_table(picture: TablePicture) -> Image.Image:
    """The table picture as an RGB image, composed in full colour before the palette
    (not cached; for looking at it, and the reference the PNG's picture is held to)."""
    with DRAW_LOCK:
        return _render_rgb(picture)


def render_table_png_uncached(picture: TablePicture) -> bytes:
    """The table picture as PNG bytes, drawn now (the encoding runs outside the lock)."""
    with DRAW_LOCK:
        image = _render(picture)
    return _encode(image)


# ----------------------------------------------------------------------------- cache


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    size: int


class _PngCache:
    """Least-recently-used PNGs by TablePicture; safe to use from several threads."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[TablePicture, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, picture: TablePicture) -> bytes | None:
        with self._lock:
            png = self._items.get(picture)
            if png is None:
                self.misses += 1
            else:
                self.hits += 1
                self._items.move_to_end(picture)
            return png

    def put(self, picture: TablePicture, png: bytes) -> None:
        with self._lock:
            self._items[picture] = png
            self._items.move_to_end(picture)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self.hits, self.misses, len(self._items))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


_cache = _PngCache(CACHE_SIZE)


def render_table_png(picture: TablePicture) -> bytes:
    """The table picture as PNG bytes; an equal picture seen lately costs a dict lookup."""
    png = _cache.get(picture)
    if png is None:
        png = render_table_png_uncached(picture)
        _cache.put(picture, png)
    return png


async def render_table_png_async(picture: TablePicture) -> bytes:
    """`render_table_png`, drawing in a worker thread (a cache hit answers at once)."""
    png = _cache.get(picture)
    if png is None:
        png = await asyncio.to_thread(render_table_png_uncached, picture)
        _cache.put(picture, png)
    return png


def warm_up() -> None:
    """Draw ahead what every picture reuses: the 40 cards, the background, the empty felt,
    the palette and the fonts (about 0.1 s of CPU, once per process; call it in a thread
    at start-up, or let the first pictures pay for it bit by bit)."""
    with DRAW_LOCK:
        for card in full_deck():
            _card_tile(card)
        for lang in WORDS:
            _empty_felt(lang)
        _background_p()
    render_table_png_uncached(
        TablePicture(full_deck()[:12], ("a", "b"), (26, 14), (1, 0), 20, 0, "♥")
    )


def clear_drawing_caches() -> None:
    """Forget every drawn piece the pictures reuse (they depend on the font: a test that
    swaps the font clears them before and after), and the PNGs."""
    for cached in (
        _card_sprite,
        _card_tile,
        _empty_felt,
        _background,
        _background_p,
        _suit_glyph,
        _run_width,
        _layout,
        _text_mask,
    ):
        cached.cache_clear()
    clear_cache()


def cache_info() -> CacheInfo:
    """Hits and misses since the last clear, and how many PNGs are kept."""
    return _cache.info()


def clear_cache() -> None:
    _cache.clear()
