"""The player's card: name, ratings, the rating curve and the record, drawn like the table.

`PlayerCard` holds plain values only, already in the reader's words: the card knows no
storage and no language. Layout (640 px wide like the table picture, so both read
the same on a phone, where Discord shows them about 330 px wide and every text stays 11 px
or taller; as tall as its figures need): a band with the name and the two ratings (this
season's, big, and all time's, each with its rank and what it is below), the felt with the
rating curve over the last matches, then the record in a grid of figures, three to a row,
and up to three lines: the best partner and the toughest rival, the head-to-head, the
latest logros.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .shapes import DRAW_LOCK, font, printable
from .table import BAND, DIM, FELT, INK, TURN

WIDTH = 640
MARGIN = 16
HEADER_H = 128
CURVE_TOP, CURVE_BOTTOM = HEADER_H, 300
GRID_TOP, GRID_ROW_H = 306, 66
GRID_COLUMNS = 3
LINE_H = 32
MAX_LINES = 3
NAME_PX, BIG_PX, VALUE_PX, LABEL_PX = 30, 44, 30, 22
GRID_LINE = (45, 120, 78)
UP, DOWN = (134, 239, 172), (252, 165, 165)


@dataclass(frozen=True)
class Rated:
    """One rating as shown: its number ("1043", or "—" when unrated), its rank ("#2", or
    ""), and what it is ("Temporada diciembre 2026")."""

    value: str
    rank: str
    caption: str


@dataclass(frozen=True)
class PlayerCard:
    """What the card shows. `curve`: shown ratings after each of the last matches, oldest
    first; `figures`: (value, label) pairs for the grid; `lines`: up to three short lines."""

    name: str
    season: Rated
    all_time: Rated
    curve_title: str
    curve: tuple[int, ...]
    figures: tuple[tuple[str, str], ...]
    lines: tuple[str, ...] = ()


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "ls",
    max_w: float | None = None,
) -> float:
    """One line of text (cut with "…" to `max_w`); its width."""
    fnt, stroke = font(size)
    text = printable(text, size)
    if max_w is not None and fnt.getlength(text) > max_w:
        while text and fnt.getlength(text + "…") > max_w:
            text = text[:-1]
        text += "…"
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill)
    return float(fnt.getlength(text))


def _header(draw: ImageDraw.ImageDraw, card: PlayerCard) -> None:
    """The name; this season's rating big on the left, all time's on the right, each with
    its rank beside it and what it is below."""
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=BAND)
    half = WIDTH / 2 - MARGIN - 12
    _text(draw, (MARGIN, 36), card.name, NAME_PX, INK, max_w=WIDTH - 2 * MARGIN)
    width = _text(draw, (MARGIN, 86), card.season.value, BIG_PX, TURN)
    _text(draw, (MARGIN + width + 10, 84), card.season.rank, LABEL_PX, INK)
    right = WIDTH - MARGIN
    rank = _text(draw, (right, 84), card.all_time.rank, LABEL_PX, INK, anchor="rs")
    _text(draw, (right - rank - 10, 86), card.all_time.value, VALUE_PX, INK, anchor="rs")
    taken = _text(draw, (right, 116), card.all_time.caption, LABEL_PX, DIM, "rs", half)
    room = WIDTH - 2 * MARGIN - taken - 24  # the season's caption may use what is left
    _text(draw, (MARGIN, 116), card.season.caption, LABEL_PX, DIM, max_w=room)


def _curve(draw: ImageDraw.ImageDraw, card: PlayerCard) -> None:
    """The rating over the last matches: a line with a dot per match, the highest and
    lowest values at the left, the last one at its dot, green if it went up, red if down."""
    top, bottom = CURVE_TOP + 50, CURVE_BOTTOM - 18
    _text(draw, (MARGIN, CURVE_TOP + 32), card.curve_title, LABEL_PX, DIM, max_w=WIDTH - 2 * MARGIN)
    points = card.curve
    if not points:
        return
    high, low = max(points), min(points)
    span = max(high - low, 10)
    middle = (high + low) / 2
    left, right = MARGIN + 64, WIDTH - MARGIN - 70

    def y(value: float) -> float:
        return (top + bottom) / 2 - (value - middle) / span * (bottom - top)

    _text(draw, (MARGIN, y(high)), str(high), LABEL_PX, DIM, "lm")
    if low != high:
        _text(draw, (MARGIN, y(low)), str(low), LABEL_PX, DIM, "lm")
    for value in (high, low):
        draw.line((left, y(value), right, y(value)), fill=GRID_LINE, width=1)
    step = (right - left) / max(len(points) - 1, 1)
    xy = [(left + i * step, y(value)) for i, value in enumerate(points)]
    colour = UP if points[-1] > points[0] else DOWN if points[-1] < points[0] else TURN
    if len(xy) > 1:
        draw.line(xy, fill=colour, width=4, joint="curve")
    radius = 5 if len(xy) <= 30 else 3
    for x, dot_y in xy:
        draw.ellipse((x - radius, dot_y - radius, x + radius, dot_y + radius), fill=colour)
    last_x, last_y = xy[-1]
    _text(draw, (last_x + 12, last_y), str(points[-1]), LABEL_PX, INK, "lm")


def _rows(card: PlayerCard) -> int:
    return -(-len(card.figures) // GRID_COLUMNS)


def height(card: PlayerCard) -> int:
    """The card's height: its figures' rows and its lines."""
    return GRID_TOP + _rows(card) * GRID_ROW_H + len(card.lines[:MAX_LINES]) * LINE_H + 12


def _grid(draw: ImageDraw.ImageDraw, card: PlayerCard) -> None:
    """The figures, three to a row: the value big, its label small below; then the lines."""
    draw.rectangle((0, CURVE_BOTTOM, WIDTH, height(card)), fill=BAND)
    column = (WIDTH - 2 * MARGIN) / GRID_COLUMNS
    for index, (value, label) in enumerate(card.figures):
        row, col = divmod(index, GRID_COLUMNS)
        x, top = MARGIN + col * column, GRID_TOP + row * GRID_ROW_H
        _text(draw, (x, top + 30), value, VALUE_PX, INK, max_w=column - 10)
        _text(draw, (x, top + 56), label, LABEL_PX, DIM, max_w=column - 10)
    lines_top = GRID_TOP + _rows(card) * GRID_ROW_H
    for number, line in enumerate(card.lines[:MAX_LINES]):
        baseline = lines_top + 24 + number * LINE_H
        _text(draw, (MARGIN, baseline), line, LABEL_PX, INK, max_w=WIDTH - 2 * MARGIN)


def draw_card(card: PlayerCard) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height(card)), FELT)
    draw = ImageDraw.Draw(image)
    with DRAW_LOCK:
        _header(draw, card)
        _curve(draw, card)
        _grid(draw, card)
    return image


def render_card_png(card: PlayerCard) -> bytes:
    """The card as a PNG (a few milliseconds: bench/render.py measures it)."""
    out = io.BytesIO()
    draw_card(card).save(out, "PNG", compress_level=1)
    return out.getvalue()


async def render_card_png_async(card: PlayerCard) -> bytes:
    """`render_card_png` in a worker thread: the event loop never waits on Pillow."""
    return await asyncio.to_thread(render_card_png, card)
