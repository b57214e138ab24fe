"""Card faces: one square picture per card, for the bot's application emojis.

Emojis show at 20-48 px, so a face carries only what a player reads at a glance: the
rank, big, and the suit drawn as a shape, red for hearts and diamonds, black for spades
and clubs, on a white rounded card with a dark outline on a transparent background, so a
face never relies on the button under it (dark or light theme, grey or blurple). Drawn
four times larger and scaled down, so the edges are smooth.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.cards import Card

from .shapes import DRAW_LOCK, SUIT_COLOURS, draw_suit, font

FACE_SIZE = 128  # Discord shows emojis at up to 128 × 128 (and most often at 22-48 px)
EMOJI_PREFIX = "c40_"
# Bump it whenever the faces change: the bot keeps the version it uploaded (in its
# database), and a start-up that finds another one replaces every card emoji, so servers
# holding the old faces get the new ones. tests/render/test_faces.py holds the faces to a
# digest recorded for this version.
FACE_VERSION = 2
_SCALE = 4  # supersampling factor

CARD_WHITE = (255, 255, 255, 255)
CARD_EDGE = (150, 150, 160, 255)  # the table picture's cards, on green felt
# An emoji's card is outlined darker and thicker: on a white or light grey button (light
# theme) the card's edge must still show, and on a dark one the white card carries the ink.
FACE_OUTLINE = (84, 86, 96, 255)


def emoji_name(card: Card) -> str:
    """The application emoji's name for `card`: "c40_7h" (2-32 of [A-Za-z0-9_]), the same
    for every version of the faces (what reads the messages may rely on it)."""
    return f"{EMOJI_PREFIX}{card}"


def is_card_emoji_name(name: str) -> bool:
    """True for the name of a card's emoji ("c40_7h"; "c40_7h_v2" as a short-lived
    scheme named them)."""
    return re.fullmatch(rf"{EMOJI_PREFIX}[A2-7JQK][shdc](_v\d+)?", name) is not None


def _rounded_card(
    size: tuple[int, int], radius: int, edge: int, outline: tuple[int, int, int, int]
) -> Image.Image:
    """A white card with an `outline` edge, corners rounded, on transparent."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=outline)
    draw.rounded_rectangle(
        (edge, edge, size[0] - 1 - edge, size[1] - 1 - edge),
        radius=max(1, radius - edge),
        fill=CARD_WHITE,
    )
    return image


def paste_text(
    image: Image.Image,
    text: str,
    colour: tuple[int, int, int, int],
    box: tuple[float, float, float, float],
    *,
    min_squeeze: float = 0.7,
) -> None:
    """Draw `text` as big as fits in `box` (left, top, right, bottom), centred.

    The ink is fitted to the box's height; a glyph too wide for it (A, Q, K) is squeezed
    sideways, down to `min_squeeze` of its width, before the whole is made smaller.
    """
    left, top, right, bottom = box
    box_w, box_h = right - left, bottom - top
    fnt, stroke = font(max(8, round(box_h * 1.3)))
    mask = Image.new("L", (1, 1))
    l0, t0, r0, b0 = ImageDraw.Draw(mask).textbbox((0, 0), text, font=fnt, stroke_width=stroke)
    mask = Image.new("L", (round(r0 - l0) + 2, round(b0 - t0) + 2), 0)
    ImageDraw.Draw(mask).text(
        (1 - l0, 1 - t0), text, font=fnt, fill=255, stroke_width=stroke, stroke_fill=255
    )
    ink_w, ink_h = mask.size
    scale = box_h / ink_h
    squeeze = min(1.0, box_w / (ink_w * scale))
    if squeeze < min_squeeze:  # too wide even squeezed: make it smaller too
        scale *= squeeze / min_squeeze
        squeeze = min_squeeze
    size = (max(1, round(ink_w * scale * squeeze)), max(1, round(ink_h * scale)))
    mask = mask.resize(size, Image.Resampling.LANCZOS)
    x = round(left + (box_w - size[0]) / 2)
    y = round(top + (box_h - size[1]) / 2)
    image.paste(Image.new("RGBA", size, colour), (x, y), mask)


def _draw_face(card: Card) -> Image.Image:
    big = FACE_SIZE * _SCALE
    image = _rounded_card((big, big), radius=big // 7, edge=big // 18, outline=FACE_OUTLINE)
    draw = ImageDraw.Draw(image)
    colour = SUIT_COLOURS[card.suit]
    # Rank on the left, suit on the right: it reads like the text "7♥". The suit is drawn
    # as big as the card allows, so ♠ and ♣ still differ at a button's 22 px.
    paste_text(image, card.rank_name, colour, (big * 0.08, big * 0.14, big * 0.48, big * 0.86))
    side = big * 0.52
    cx, cy = big * 0.715, big * 0.5
    draw_suit(draw, card.suit, (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2))
    return image.resize((FACE_SIZE, FACE_SIZE), Image.Resampling.LANCZOS)


def card_face(card: Card) -> Image.Image:
    """The face of `card`: a FACE_SIZE × FACE_SIZE RGBA picture, drawn now. (Faces are
    drawn only to upload the card emojis, at start-up: keeping the 40 cost 2.6 MB.)"""
    with DRAW_LOCK:
        return _draw_face(card)


@lru_cache(maxsize=40)
def card_face_png(card: Card) -> bytes:
    """`card_face(card)` as PNG bytes, as an application emoji is uploaded."""
    buffer = io.BytesIO()
    card_face(card).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
