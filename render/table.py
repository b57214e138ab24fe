"""The picture of the table: the cards on it, sorted by rank, and the scores.

`TablePicture` holds plain values only (it is frozen and hashes), so equal tables share one
rendering: `render_table_png` keeps the last few PNGs by content, and
`render_table_png_async` draws in a worker thread so the event loop never waits on Pillow.
A picture drawn afresh is cheap too (a few tenths of a millisecond of CPU): its PNG is
spliced from bands of rows deflated apart, and the bands that do not change from move to
move (the score band for given names, points and turn, the footer, the plain felt) are
kept, as is each card drawn on the felt; see "the PNG, by bands" below.

Layout (640 × 300, wide and short: on a phone Discord shows it about 360 px wide, and the
table message with its picture must leave room for the hand below): a score band on top
(side labels, points with perros and tantos, "chicas 1"), the felt with the cards in one row
(apart up to eight, then fanned: each card's corner stays in sight) and in two fanned rows
beyond fourteen, the second over the lower half of the first; and a footer with the cards
left in the stock and a caption. Text is sized for the phone: at 360 px wide the names and
points are at least 11 px tall. The card the last player dropped (the one a caída would
fall on) is lifted and ringed in amber.
"""

from __future__ import annotations

import asyncio
import re
import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.cards import Card, full_deck
from engine.tally import perros_tantos

from .faces import CARD_EDGE, CARD_WHITE, paste_text
from .shapes import DRAW_LOCK, SUIT_COLOURS, draw_suit, font, printable
from .text import EMOJI_SUITS, SUIT_SYMBOLS

WIDTH, HEIGHT = 640, 300
HEADER_H, FOOTER_H = 86, 30
MARGIN = 16
CARD_W, CARD_H = 72, 101
CARD_GAP = 8
CORNER_W = 36  # a card's index (rank and small suit) lies within its left CORNER_W px...
CORNER_H = 66  # ...and its top CORNER_H px: a fanned card covers no more of the one below
ONE_ROW_MAX = 14  # up to this many cards sit in one row; more go in two
FELT_TOP, FELT_BOTTOM = HEADER_H, HEIGHT - FOOTER_H
LIFT = 8  # the dropped card sits this much higher than its row
RING = 3  # and has an amber ring this thick around it

# Text sizes (px), so that at 360 px wide (a phone) names and points stay 11 px or taller.
LABEL_PX, POINTS_PX, SMALL_PX, FOOTER_PX, EMPTY_PX = 30, 46, 21, 20, 28
MIN_LABEL_PX = 22  # a long label is drawn smaller, down to this (12 px on a phone)
PARTNERS = " + "  # between the names of a side's players, in a label ("ana + beto")

FELT = (31, 98, 60)
BAND = (17, 58, 36)
INK = (240, 244, 240)
DIM = (170, 200, 180)
TURN = (250, 204, 21)
MARK = (255, 140, 26)  # the ring of the card just dropped: amber, apart from the turn's yellow


@dataclass(frozen=True, slots=True)
class PictureWords:
    """The words drawn on the picture, in its reader's language (the caller takes them from
    the catalog; Spanish's by default): the stock, the empty felt, the chicas won."""

    stock: str = "mazo"
    empty: str = "mesa vacía"
    chicas: str = "chicas"


# PNGs kept for pictures drawn again as they were (a table posted anew, a replay): a live
# table's publisher draws only a picture that changed, so a few suffice (about 9 KB each).
CACHE_SIZE = 32


def _card_text(card: Card | str) -> str:
    return str(card if isinstance(card, Card) else Card.parse(card))


@dataclass(frozen=True, slots=True)
class TablePicture:
    """What the table picture shows; plain values only, so it hashes for the cache.

    cards: the cards on the table, as Card or "7h"; kept as a sorted tuple of "7h" strings
    (the picture sorts them by rank anyway, so the order they came in does not matter).
    sides: the two sides' labels, each its players' names joined by PARTNERS (a label too
    long is shortened name by name, so that every player stays named). points: each
    side's points in this chica. chicas: chicas won (drawn "chicas 1"). stock: cards left
    to deal. turn: the side whose turn it is (marked), or None.
    caption: one short line for the footer (the last play, say), or "".
    words: the few words on the picture (mazo, mesa vacía, chicas) in the reader's language.
    dropped: the card the last player dropped on the table (the one a caída would fall
    on), marked on the picture; None, or a card not on the table, marks nothing.
    """

    cards: tuple[str, ...] = ()
    sides: tuple[str, str] = ("", "")
    points: tuple[int, int] = (0, 0)
    chicas: tuple[int, int] = (0, 0)
    stock: int = 0
    turn: int | None = None
    caption: str = ""
    words: PictureWords = PictureWords()
    dropped: Card | str | None = None

    def __post_init__(self) -> None:
        cards = sorted(Card.parse(_card_text(c)) for c in self.cards)
        object.__setattr__(self, "cards", tuple(str(c) for c in cards))
        dropped = None if self.dropped is None else _card_text(self.dropped)
        object.__setattr__(self, "dropped", dropped if dropped in self.cards else None)
        object.__setattr__(self, "sides", (str(self.sides[0]), str(self.sides[1])))
        object.__setattr__(self, "points", (int(self.points[0]), int(self.points[1])))
        object.__setattr__(self, "chicas", (int(self.chicas[0]), int(self.chicas[1])))
        object.__setattr__(self, "stock", int(self.stock))
        if self.turn not in (None, 0, 1):
            raise ValueError(f"turn must be 0, 1 or None, not {self.turn!r}")


# --------------------------------------------------------------------------- drawing


SHADOW_DX, SHADOW_DY = 2, 3
SHADOW_ALPHA = 70


def _card_sprite(card: Card, marked: bool) -> Image.Image:
    """The card's sprite, (CARD_W + 2) × (CARD_H + 3) RGBA with its shadow; `marked` (the
    card just dropped): on an amber ring RING px wider on every side, the card's shadow
    falling on it. A marked sprite is made when needed, the card's kept sprite laid on the
    kept ring (0.15 ms): drawing one took 4.7 ms, and keeping all 40 took 1.4 MB."""
    plain = _plain_card_sprite(card)
    if not marked:
        return plain
    sprite = _ring_sprite().copy()
    sprite.alpha_composite(plain, (RING, RING))
    return sprite


@lru_cache(maxsize=40)
def _plain_card_sprite(card: Card) -> Image.Image:
    return _draw_card_sprite(card)


@lru_cache(maxsize=1)
def _ring_sprite() -> Image.Image:
    """The amber ring around the card just dropped, with its shadow."""
    s = 3  # supersampling
    w, h = (CARD_W + 2 * RING) * s, (CARD_H + 2 * RING) * s
    ring = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(ring).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=(8 + RING) * s, fill=(*MARK, 255)
    )
    return _with_shadow(ring.resize((w // s, h // s), Image.Resampling.LANCZOS))


def _with_shadow(face: Image.Image) -> Image.Image:
    sprite = Image.new("RGBA", (face.width + SHADOW_DX, face.height + SHADOW_DY), (0, 0, 0, 0))
    shadow = Image.new("RGBA", face.size, (0, 0, 0, SHADOW_ALPHA))
    sprite.paste(shadow, (SHADOW_DX, SHADOW_DY), face.getchannel("A"))
    sprite.alpha_composite(face)
    return sprite


def _sprite_height(marked: bool) -> int:
    return SPRITE_H + (2 * RING if marked else 0)


def _draw_card_sprite(card: Card) -> Image.Image:
    """A portrait card with its shadow: rank and small suit in the top-left corner (what
    stays in sight when cards overlap), a big suit lower right."""
    s = 3  # supersampling
    w, h = CARD_W * s, CARD_H * s
    face = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=8 * s, fill=CARD_EDGE)
    draw.rounded_rectangle((s, s, w - 1 - s, h - 1 - s), radius=7 * s, fill=CARD_WHITE)
    colour = SUIT_COLOURS[card.suit]

    def box(
        left: float, top: float, right: float, bottom: float
    ) -> tuple[float, float, float, float]:
        return (left * s, top * s, right * s, bottom * s)

    # The index within CORNER_W × CORNER_H, so a fanned card keeps it in sight.
    paste_text(face, card.rank_name, colour, box(3, 5, 33, 42), min_squeeze=0.8)
    draw_suit(draw, card.suit, box(7, 45, 27, 64))
    draw_suit(draw, card.suit, box(31, 55, 67, 91))
    return _with_shadow(face.resize((w // s, h // s), Image.Resampling.LANCZOS))


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=BAND)
    draw.rectangle((0, HEIGHT - FOOTER_H, WIDTH, HEIGHT), fill=BAND)
    draw.line((WIDTH // 2, 12, WIDTH // 2, HEADER_H - 12), fill=FELT, width=2)
    return image


def card_positions(count: int) -> list[tuple[int, int]]:
    """Top-left corners of `count` cards on the felt, in drawing order (row by row, left to
    right; a card drawn later covers the right of the one before, and a second row covers
    the lower part of the first, below CORNER_H)."""
    if count == 0:
        return []
    rows = [count] if count <= ONE_ROW_MAX else [(count + 1) // 2, count // 2]
    block_h = (len(rows) - 1) * CORNER_H + CARD_H + SHADOW_DY
    # centred on the felt, leaving room above for the dropped card's lift
    y = FELT_TOP + (FELT_BOTTOM - FELT_TOP - block_h + LIFT) // 2
    width = WIDTH - 2 * MARGIN
    positions: list[tuple[int, int]] = []
    for n in rows:
        step: float = CARD_W + CARD_GAP
        if n > 1:
            step = min(step, (width - CARD_W) / (n - 1))
        row_w = CARD_W + (n - 1) * step
        x0 = (WIDTH - row_w) / 2
        positions.extend((round(x0 + i * step), y) for i in range(n))
        y += CORNER_H
    return positions


class Placed(NamedTuple):
    """A card's sprite where it goes on the picture (top-left of the sprite)."""

    card: Card
    marked: bool
    x: int
    y: int


def _placements(picture: TablePicture) -> list[Placed]:
    """The cards' sprites in drawing order, the dropped one ringed, and lifted if it is in
    the first row (in the second, a lift would cover the index of a card above)."""
    cards = [Card.parse(c) for c in picture.cards]
    positions = card_positions(len(cards))
    placed = []
    for card, (x, y) in zip(cards, positions, strict=True):
        if str(card) == picture.dropped:
            lift = LIFT if y == positions[0][1] else 0
            placed.append(Placed(card, True, x - RING, y - RING - lift))
        else:
            placed.append(Placed(card, False, x, y))
    return placed


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


# Symbols drawn as shapes in a line of text: the suits, as written by render.text or as
# emoji characters.
_SYMBOLS = {
    symbol: suit for symbols in (SUIT_SYMBOLS, EMOJI_SUITS) for suit, symbol in enumerate(symbols)
}
_SYMBOL_SPLIT = re.compile(f"([{''.join(_SYMBOLS)}])")

Run = str | int  # a run of text, or a suit symbol drawn as a shape (0..3)


def _runs(text: str, size: int) -> list[Run]:
    """Split a line into text runs (what the font can draw) and suit symbols."""
    runs: list[Run] = []
    for part in _SYMBOL_SPLIT.split(text):
        if len(part) == 1 and part in _SYMBOLS:
            runs.append(_SYMBOLS[part])
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
    """`text` drawn once as an alpha mask, and where the text's left edge and baseline fall
    in it (outside it, when the mask is cropped past them)."""
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
    # kept cropped to the ink: a name's mask is a quarter smaller without its empty rows
    left, top, _, _ = box = mask.getbbox() or (0, 0, 1, 1)
    return mask.crop(box), pad - left, pad + ascent - top


class _FullColour:
    """Text and shapes drawn on a full-colour image (the reference picture)."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image

    def text(self, mask: Image.Image, xy: tuple[int, int], fill: tuple[int, int, int]) -> None:
        self.image.paste(fill, xy, mask)

    def glyph(self, glyph: Image.Image, xy: tuple[int, int]) -> None:
        self.image.paste(glyph, xy, glyph)

    def polygon(self, points: list[tuple[int, int]], fill: tuple[int, int, int]) -> None:
        ImageDraw.Draw(self.image).polygon(points, fill=fill)


# A text mask's coverage → 255 where the text covers the pixel at all, else 0.
_COVERED = [0] + [255] * 255


def _mapped(image: Image.Image, lut: list[int]) -> Image.Image:
    """`image.point(lut)` for a table of 256 ints, without Image.point's rounding of every
    entry on each call (which cost more than the mapping)."""
    return image._new(image.im.point(lut, None))


class _Indexed:
    """A strip drawn straight in the palette's indices, for a band of the PNG: what the
    full-colour picture maps to, pixel for pixel, at a fraction of the cost.

    The strip is `ground` where text goes (the score band, the footer, the plain felt), and
    mapping to the palette is per pixel: so a text pixel, `fill` blended over `ground` by
    its coverage, always maps to the same index, looked up in 256 entries worked out once.
    Drawing in full colour and mapping the strip took about 1 ms for the score band."""

    def __init__(self, top: int, bottom: int, ground: tuple[int, int, int]) -> None:
        """The rows `top` to `bottom` of the picture's background."""
        strip = _background_rows(top, bottom)
        self.image = Image.frombytes("L", strip.size, strip.tobytes())
        self.ground = ground

    def text(self, mask: Image.Image, xy: tuple[int, int], fill: tuple[int, int, int]) -> None:
        indices = _mapped(mask, _blend_indices(fill, self.ground))
        self.image.paste(indices, xy, _mapped(mask, _COVERED))

    def glyph(self, glyph: Image.Image, xy: tuple[int, int]) -> None:
        patch = Image.new("RGB", glyph.size, self.ground)
        patch.paste(glyph, (0, 0), glyph)
        indices = Image.frombytes("L", patch.size, _quantize(patch).tobytes())
        self.image.paste(indices, xy, _mapped(glyph.getchannel("A"), _COVERED))

    def polygon(self, points: list[tuple[int, int]], fill: tuple[int, int, int]) -> None:
        ImageDraw.Draw(self.image).polygon(points, fill=_blend_indices(fill, self.ground)[255])

    def band(self) -> Band:
        return _band(Image.frombytes("P", self.image.size, self.image.tobytes()))


Canvas = _FullColour | _Indexed


@lru_cache(maxsize=16)
def _blend_indices(fill: tuple[int, int, int], ground: tuple[int, int, int]) -> list[int]:
    """The palette index of `fill` pasted over `ground` at each coverage 0..255, blended
    and mapped as the full-colour picture is."""
    strip = Image.new("RGB", (256, 1), ground)
    strip.paste(fill, (0, 0), Image.frombytes("L", (256, 1), bytes(range(256))))
    return list(_quantize(strip).tobytes())


def _line(
    canvas: Canvas,
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
            canvas.glyph(_suit_glyph(run, px, fill), (round(x + 1), round(base - px)))
        else:
            mask, left, baseline = _text_mask(run, size)
            canvas.text(mask, (round(x) - left, round(base) - baseline), fill)
        x += _run_width(run, size)
    return width


def _shortened(name: str) -> str:
    """The name one character shorter, ending in an ellipsis: "Maximiliano…" → "Maximilian…"."""
    return name.removesuffix("…")[:-1].rstrip(" _-.") + "…"


@lru_cache(maxsize=256)
def _fitted_label(label: str, max_w: float) -> tuple[str, int]:
    """A side's label and its text size, fitted to `max_w`: at LABEL_PX, else a size
    smaller (not below MIN_LABEL_PX, still readable on a phone), else with its longest names
    shortened one character at a time, so that every player of the side stays in sight
    ("Maximiliano_Fern… + beto"), not only the first."""
    for size in range(LABEL_PX, MIN_LABEL_PX - 1, -2):
        if _layout(label, size, None)[1] <= max_w:
            return label, size
    names = label.split(PARTNERS)
    while True:
        text = PARTNERS.join(names)
        if _layout(text, MIN_LABEL_PX, None)[1] <= max_w or all(len(n) <= 2 for n in names):
            return text, MIN_LABEL_PX
        widths = [_layout(name, MIN_LABEL_PX, None)[1] for name in names]
        longest = widths.index(max(widths))
        names[longest] = _shortened(names[longest])


TURN_MARK_W = 18  # the turn's triangle and the gap after it, before the label


def _label_room(picture: TablePicture, side: int) -> int:
    """How wide a side's label may be: half the picture, less the turn's marker."""
    return WIDTH // 2 - MARGIN - 10 - (TURN_MARK_W if picture.turn == side else 0)


def drawn_label(picture: TablePicture, side: int) -> tuple[str, int]:
    """A side's label as the picture draws it (shortened to fit, see `_fitted_label`), and
    its text size."""
    return _fitted_label(picture.sides[side] or f"#{side + 1}", _label_room(picture, side))


def _draw_side(canvas: Canvas, picture: TablePicture, side: int) -> None:
    """One side's score, left-aligned for side 0, right-aligned for side 1.

    Line 1: the label, every player's name (yellow with a marker when it is this side's
    turn). Below it, the points, big, and beside them two small lines: the chicas won
    ("chicas 1", as the table's text says it) and how the points are told ("2 perros 3
    tantos").
    """
    half = WIDTH // 2 - MARGIN - 10
    right = side == 1
    x = WIDTH - MARGIN if right else MARGIN
    sign = -1 if right else 1
    align = "r" if right else "l"
    on_turn = picture.turn == side
    lx = x
    if on_turn:  # a small triangle pointing at the label
        canvas.polygon([(lx, 11), (lx, 31), (lx + sign * 12, 21)], TURN)
        lx += sign * TURN_MARK_W
    label, size = drawn_label(picture, side)
    colour = TURN if on_turn else INK
    room = _label_room(picture, side)
    _line(canvas, (lx, 32), label, size, colour, align=align, valign="s", max_w=room)
    points = str(picture.points[side])
    points_w = _line(canvas, (x, 78), points, POINTS_PX, INK, align=align, valign="s")
    beside = x + sign * (points_w + 10)
    chicas = f"{picture.words.chicas} {picture.chicas[side]}"
    _line(canvas, (beside, 56), chicas, SMALL_PX, DIM, align=align, valign="s")
    _line(
        canvas,
        (beside, 77),
        _told(picture.points[side]),
        SMALL_PX,
        DIM,
        align=align,
        valign="s",
        max_w=half - points_w - 10,
    )


def _draw_header(canvas: Canvas, picture: TablePicture) -> None:
    """The score band, on `canvas` whose top-left is the picture's (the whole or the band)."""
    _draw_side(canvas, picture, 0)
    _draw_side(canvas, picture, 1)


def _draw_empty(canvas: Canvas, empty: str, top: int) -> None:
    """ "mesa vacía" in the middle of the felt; `canvas` starts `top` px down the picture."""
    mid = (FELT_TOP + FELT_BOTTOM) // 2
    _line(canvas, (WIDTH // 2, mid - top), empty, EMPTY_PX, DIM, align="m", valign="m")


def _draw_footer(canvas: Canvas, picture: TablePicture, top: int) -> None:
    """The stock and the caption; `canvas` starts `top` px down the picture."""
    footer_y = HEIGHT - FOOTER_H // 2 - top
    stock = f"{picture.words.stock} {picture.stock}"
    stock_w = _line(canvas, (MARGIN, footer_y), stock, FOOTER_PX, DIM, valign="m")
    if picture.caption:
        _line(
            canvas,
            (WIDTH - MARGIN, footer_y),
            picture.caption,
            FOOTER_PX,
            INK,
            align="r",
            valign="m",
            max_w=WIDTH - 3 * MARGIN - stock_w,
        )


def _render_rgb(picture: TablePicture) -> Image.Image:
    """The whole picture composed in RGB: the reference the palette picture must match."""
    image = _background().copy()
    canvas = _FullColour(image)
    _draw_header(canvas, picture)
    if picture.cards:
        for placed in _placements(picture):
            sprite = _card_sprite(placed.card, placed.marked)
            image.paste(sprite, (placed.x, placed.y), sprite)
    else:
        _draw_empty(canvas, picture.words.empty, 0)
    _draw_footer(canvas, picture, 0)
    return image


def _over(fg: tuple[int, ...], bg: tuple[int, ...], alpha: float) -> tuple[int, int, int]:
    red, green, blue = (
        round(f * alpha + b * (1 - alpha)) for f, b in zip(fg[:3], bg[:3], strict=True)
    )
    return red, green, blue


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
        (MARK, FELT),
        (MARK, shade),
        (MARK, white),
        (CARD_EDGE, MARK),
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


def _quantize(image: Image.Image) -> Image.Image:
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


# ------------------------------------------------------------------ the PNG, by bands
#
# Mapping to the fixed palette is per pixel (no dithering), so a part composed in RGB and
# mapped on its own gives the same indices as the whole picture composed and mapped at
# once. And a zlib stream may be made of pieces deflated apart (each flushed to a byte
# boundary, none looking back past its own start) with one Adler-32 over all of them.
#
# So the picture is a stack of bands, each deflated on its own: the score band, the felt
# (plain, or a row of cards), the footer. What does not change from move to move is
# drawn, mapped and deflated once and kept: the score band for given names, points and
# turn (in a game it flips between two while the points stand), the footer, the plain
# felt, each card on the felt, the empty table. Per picture what is left is mostly the
# row(s) of cards: paste the cards' ready tiles on the felt and deflate that.

PNG_LEVEL = 1  # zlib level: 1 is ~40% faster than 3 for ~10% more bytes (12 KB or so)
SPRITE_H = CARD_H + SHADOW_DY
_ADLER_BASE = 65521


class Band(NamedTuple):
    """Some whole rows of the picture as PNG scanlines, deflated on their own."""

    deflated: bytes  # raw deflate, ending on a byte boundary, not final
    adler: int  # Adler-32 of the scanlines
    length: int  # bytes of scanlines (rows × (1 + WIDTH))


def _scanlines(strip: Image.Image) -> bytes:
    """The rows of a palette strip as PNG scanlines: a 0 (no filter) before each row."""
    lined = Image.new("P", (strip.width + 1, strip.height), 0)
    lined.paste(strip, (1, 0))
    return lined.tobytes()


def _band(strip: Image.Image) -> Band:
    """A strip the full width of the picture ("P", or RGB to map) as a deflated band."""
    if strip.mode != "P":
        strip = _quantize(strip)
    data = _scanlines(strip)
    deflate = zlib.compressobj(PNG_LEVEL, zlib.DEFLATED, -15)
    return Band(
        deflate.compress(data) + deflate.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(data), len(data)
    )


def _adler_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from theirs (zlib's
    adler32_combine)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    return sum1 | (sum2 << 16)


@lru_cache(maxsize=1024)
def _header_band(
    sides: tuple[str, str],
    points: tuple[int, int],
    chicas: tuple[int, int],
    turn: int | None,
    words: PictureWords,
) -> Band:
    header = _Indexed(0, HEADER_H, BAND)
    drawn = TablePicture(sides=sides, points=points, chicas=chicas, turn=turn, words=words)
    _draw_header(header, drawn)
    return header.band()


@lru_cache(maxsize=256)
def _footer_band(words: PictureWords, stock: int, caption: str) -> Band:
    footer = _Indexed(FELT_BOTTOM, HEIGHT, BAND)
    _draw_footer(footer, TablePicture(stock=stock, caption=caption, words=words), FELT_BOTTOM)
    return footer.band()


@lru_cache(maxsize=64)
def _felt_band(rows: int) -> Band:
    return _band(_background().crop((0, FELT_TOP, WIDTH, FELT_TOP + rows)))


@lru_cache(maxsize=8)
def _empty_band(empty: str) -> Band:
    """The felt with "mesa vacía" (or "empty table"…)."""
    felt = _Indexed(FELT_TOP, FELT_BOTTOM, FELT)
    _draw_empty(felt, empty, FELT_TOP)
    return felt.band()


@lru_cache(maxsize=12)
def _background_rows(top: int, bottom: int) -> Image.Image:
    """Rows `top` to `bottom` of the plain background, in the palette: a band to draw the
    text on (_Indexed), or felt for a row of cards to go on."""
    return _quantize(_background().crop((0, top, WIDTH, bottom)))


@lru_cache(maxsize=80)
def _card_tile(card: Card, marked: bool) -> Image.Image:
    """The card with its shadow on plain felt, in the palette (what `_render_rgb` makes of
    the sprite on the felt, pixel for pixel)."""
    sprite = _card_sprite(card, marked)
    tile = Image.new("RGB", sprite.size, FELT)
    tile.paste(sprite, (0, 0), sprite)
    return _quantize(tile)


def _card_strip(row: list[Placed], top: int, bottom: int) -> Image.Image:
    """The felt from `top` to `bottom` with the cards on it: ready tiles side by side when
    none covers another, else the sprites composed in RGB and mapped."""
    tiles = [_card_tile(p.card, p.marked) for p in row]
    apart = all(b.x >= a.x + tile.width for a, b, tile in zip(row, row[1:], tiles, strict=False))
    if apart:
        strip = _background_rows(FELT_TOP, FELT_TOP + bottom - top).copy()  # plain felt
        for placed, tile in zip(row, tiles, strict=True):
            strip.paste(tile, (placed.x, placed.y - top))
        return strip
    strip = _background().crop((0, top, WIDTH, bottom))
    for placed in row:
        sprite = _card_sprite(placed.card, placed.marked)
        strip.paste(sprite, (placed.x, placed.y - top), sprite)
    return strip


Part = Band | Image.Image  # a band ready, or a strip still to deflate


def _render(picture: TablePicture) -> list[Part]:
    """The picture's bands top to bottom: the kept ones ready, the rows of cards as strips
    (deflated by `_encode`, outside the drawing lock)."""
    words = picture.words
    header = _header_band(picture.sides, picture.points, picture.chicas, picture.turn, words)
    parts: list[Part] = [header]
    if not picture.cards:
        parts.append(_empty_band(words.empty))
    else:
        # rows of cards, merged where their sprites overlap (a second, fanned row does)
        rows: list[tuple[int, int, list[Placed]]] = []
        for placed in _placements(picture):
            top, bottom = placed.y, placed.y + _sprite_height(placed.marked)
            if rows and top < rows[-1][1]:
                row_top, row_bottom, row = rows[-1]
                rows[-1] = (min(row_top, top), max(row_bottom, bottom), [*row, placed])
            else:
                rows.append((top, bottom, [placed]))
        y = FELT_TOP
        for top, bottom, row in rows:
            if top > y:
                parts.append(_felt_band(top - y))
            parts.append(_card_strip(row, top, bottom))
            y = bottom
        if y < FELT_BOTTOM:
            parts.append(_felt_band(FELT_BOTTOM - y))
    parts.append(_footer_band(words, picture.stock, picture.caption))
    return parts


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=1)
def _png_head() -> bytes:
    """The PNG signature, header and palette: the same for every table picture."""
    ihdr = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", ihdr)
        + _chunk(b"PLTE", bytes(_palette().getpalette() or ()))
    )


def _encode(parts: list[Part] | Image.Image) -> bytes:
    """The PNG of the bands (a whole image, "P" or RGB, is one band)."""
    if isinstance(parts, Image.Image):
        parts = [parts]
    bands = [part if isinstance(part, Band) else _band(part) for part in parts]
    if sum(band.length for band in bands) != HEIGHT * (WIDTH + 1):
        raise ValueError("the bands do not cover the picture, row for row")
    adler = bands[0].adler
    for band in bands[1:]:
        adler = _adler_combine(adler, band.adler, band.length)
    # zlib header (deflate, 32 KB window, fastest), the bands, a final empty block, Adler-32
    stream = b"".join(
        [b"\x78\x01", *(band.deflated for band in bands), b"\x03\x00", struct.pack(">I", adler)]
    )
    return _png_head() + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")


def draw_table(picture: TablePicture) -> Image.Image:
    """The table picture as an RGB image, composed in full colour before the palette
    (not cached; for looking at it, and the reference the PNG's picture is held to)."""
    with DRAW_LOCK:
        return _render_rgb(picture)


def render_table_png_uncached(picture: TablePicture) -> bytes:
    """The table picture as PNG bytes, drawn now (the rows of cards are deflated outside
    the drawing lock)."""
    with DRAW_LOCK:
        parts = _render(picture)
    return _encode(parts)


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
    """Draw ahead what every picture reuses: the 40 cards, the background, the plain and
    the empty felt, the palette and the fonts (about 0.1 s of CPU, once per process; call
    it in a thread at start-up, or let the first pictures pay for it bit by bit)."""
    with DRAW_LOCK:
        for card in full_deck():
            _card_tile(card, False)
        _empty_band(PictureWords().empty)
        _background_rows(FELT_TOP, FELT_TOP + SPRITE_H)
        _png_head()
    render_table_png_uncached(
        TablePicture(
            tuple(str(card) for card in full_deck()[:12]), ("a", "b"), (26, 14), (1, 0), 20, 0, "♥"
        )
    )


def clear_drawing_caches() -> None:
    """Forget every drawn piece the pictures reuse (they depend on the font: a test that
    swaps the font clears them before and after), and the PNGs."""
    for cached in (
        _plain_card_sprite,
        _ring_sprite,
        _card_tile,
        _background_rows,
        _header_band,
        _footer_band,
        _felt_band,
        _empty_band,
        _background,
        _blend_indices,
        _suit_glyph,
        _run_width,
        _layout,
        _fitted_label,
        _text_mask,
    ):
        cached.cache_clear()
    clear_cache()


def cache_info() -> CacheInfo:
    """Hits and misses since the last clear, and how many PNGs are kept."""
    return _cache.info()


def clear_cache() -> None:
    _cache.clear()
