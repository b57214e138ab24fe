"""Card faces: 40 distinct square pictures, red for hearts and diamonds, black otherwise."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine.cards import Card, full_deck
from render.faces import FACE_SIZE, card_face, card_face_png, emoji_name


def red_share(image: Image.Image) -> float:
    """Share of the inked (non-white, opaque) pixels that are clearly red."""
    inked = red = 0
    data = image.tobytes()
    for i in range(0, len(data), 4):
        r, g, b, a = data[i : i + 4]
        if a < 200 or min(r, g, b) > 200 or (abs(r - g) < 20 and abs(g - b) < 20 and r > 120):
            continue  # transparent, white, or the grey edge
        inked += 1
        red += r > 140 and g < 90 and b < 90
    return red / inked


def test_every_face_is_square_of_the_right_size_and_distinct() -> None:
    pictures = [card_face(card) for card in full_deck()]
    assert all(p.size == (FACE_SIZE, FACE_SIZE) and p.mode == "RGBA" for p in pictures)
    assert len({p.tobytes() for p in pictures}) == 40


def test_faces_are_cards_on_a_transparent_background() -> None:
    face = card_face(Card.parse("7h"))
    assert face.getpixel((0, 0))[3] == 0  # rounded corner: see-through
    assert face.getpixel((FACE_SIZE // 2, 4))[3] == 255  # the card itself: opaque


@pytest.mark.parametrize("card", full_deck(), ids=str)
def test_red_suits_are_red_and_black_suits_are_black(card: Card) -> None:
    share = red_share(card_face(card))
    if card.suit_name in "hd":
        assert share > 0.9
    else:
        assert share < 0.01


def test_png_is_the_face_and_small_enough_for_an_emoji() -> None:
    for card in full_deck():
        png = card_face_png(card)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(png) < 256 * 1024  # Discord's emoji limit
        decoded = Image.open(io.BytesIO(png)).convert("RGBA")
        assert decoded.tobytes() == card_face(card).tobytes()


def test_card_face_hands_out_copies() -> None:
    face = card_face(Card.parse("Ks"))
    face.paste((0, 0, 0, 0), (0, 0, FACE_SIZE, FACE_SIZE))
    assert card_face(Card.parse("Ks")).getpixel((FACE_SIZE // 2, FACE_SIZE // 2))[3] == 255


def test_emoji_names_are_valid_and_unique() -> None:
    names = [emoji_name(card) for card in full_deck()]
    assert emoji_name(Card.parse("7h")) == "c40_7h"
    assert all(re.fullmatch(r"[A-Za-z0-9_]{2,32}", name) for name in names)
    assert len(set(names)) == 40
