"""Suit symbols drawn as shapes, and the fonts: nothing comes from a file downloaded at run time.

Suits are polygons and ellipses (no font needs ♠♥♦♣ glyphs). Text uses a bold system
DejaVu/Liberation font when the machine has one, else the font Pillow carries inside
itself (`ImageFont.load_default(size=...)`, Pillow ≥ 10.1), drawn with a stroke to make it bold.
"""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

RED = (200, 16, 36, 255)
BLACK = (24, 24, 28, 255)
SUIT_COLOURS = (BLACK, RED, RED, BLACK)  # s h d c

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# FreeType faces are not safe to use from two threads at once, and pictures are drawn in
# worker threads: whoever draws text holds this lock (re-entrant, so drawing may nest).
DRAW_LOCK = threading.RLock()

_BOLD_FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/liberation/LiberationSans-Bold.ttf",
    "/Library/Fonts/Arial Bold.ttf",
    "C:/Windows/Fonts/arialbd.ttf",
)


@lru_cache(maxsize=1)
def _bold_font_path() -> str | None:
    for path in _BOLD_FONT_PATHS:
        if Path(path).is_file():
            return path
    return None


@lru_cache(maxsize=64)
def font(size: int) -> tuple[Font, int]:
    """A bold-looking font of about `size` pixels, and the stroke width to draw it with.

    The stroke is 0 for a real bold font and a few pixels for Pillow's built-in regular
    font (drawn with a stroke of its own colour, it reads as bold).
    """
    path = _bold_font_path()
    if path is not None:
        try:
            return ImageFont.truetype(path, size), 0
        except OSError:
            pass
    try:
        return ImageFont.load_default(size=size), max(1, size // 36)
    except (TypeError, ValueError, OSError):  # very old Pillow or no FreeType: bitmap font
        return ImageFont.load_default(), 0


def draw_suit(
    draw: ImageDraw.ImageDraw,
    suit: int,
    box: tuple[float, float, float, float],
    fill: tuple[int, int, int, int] | None = None,
) -> None:
    """Draw suit 0..3 (s h d c) filling `box` = (left, top, right, bottom)."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    colour = fill if fill is not None else SUIT_COLOURS[suit]

    def pt(x: float, y: float) -> tuple[float, float]:
        return (left + x * w, top + y * h)

    def circle(cx: float, cy: float, r: float) -> None:
        draw.ellipse(
            (left + (cx - r) * w, top + (cy - r) * h, left + (cx + r) * w, top + (cy + r) * h),
            fill=colour,
        )

    if suit == 1:  # heart: two lobes and a point at the bottom
        _heart(pt, circle, draw, colour, span=(0.0, 1.0), flip=False)
    elif suit == 0:  # spade: a heart upside down, on a stem
        _heart(pt, circle, draw, colour, span=(0.0, 0.8), flip=True)
        draw.polygon([pt(0.5, 0.5), pt(0.3, 1.0), pt(0.7, 1.0)], fill=colour)
    elif suit == 2:  # diamond: a rhombus with slightly hollow sides
        draw.polygon(
            [
                pt(0.5, 0.0),
                pt(0.7, 0.28),
                pt(0.9, 0.5),
                pt(0.7, 0.72),
                pt(0.5, 1.0),
                pt(0.3, 0.72),
                pt(0.1, 0.5),
                pt(0.3, 0.28),
            ],
            fill=colour,
        )
    else:  # club: three balls on a stem
        r = 0.225
        circle(0.5, 0.25, r)
        circle(0.26, 0.57, r)
        circle(0.74, 0.57, r)
        circle(0.5, 0.5, 0.14)
        draw.polygon([pt(0.5, 0.5), pt(0.28, 1.0), pt(0.72, 1.0)], fill=colour)


def _heart(pt, circle, draw: ImageDraw.ImageDraw, colour, *, span, flip: bool) -> None:
    """Two lobes and a point, the lobes on top (or at the bottom if `flip`), within `span` of y."""
    y0, y1 = span

    def y(v: float) -> float:  # v in 0..1 from the lobes' top to the point
        return y0 + (1.0 - v if flip else v) * (y1 - y0)

    r = 0.255
    ry = r / (y1 - y0)
    circle(0.27, y(ry), r)
    circle(0.73, y(ry), r)
    draw.polygon(
        [pt(0.02, y(ry + 0.06)), pt(0.5, y(ry)), pt(0.98, y(ry + 0.06)), pt(0.5, y(1.0))],
        fill=colour,
    )


_TOFU = "\uffff"  # a code point no font draws: what a missing glyph looks like


@lru_cache(maxsize=4096)
def _has_glyph(size: int, char: str) -> bool:
    fnt, _ = font(size)
    if not isinstance(fnt, ImageFont.FreeTypeFont):
        return char.isascii() and char.isprintable()
    return bytes(fnt.getmask(char)) != bytes(fnt.getmask(_TOFU)) or char.isspace()


def printable(text: str, size: int) -> str:
    """`text` with what `font(size)` cannot draw replaced: "José" stays "José" where the
    font has é, else becomes "Jose"; a character with no plain form is dropped."""
    out = []
    for char in text:
        if _has_glyph(size, char):
            out.append(char)
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append("".join(c for c in base if _has_glyph(size, c)))
    return "".join(out)
