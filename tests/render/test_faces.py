"""Card faces: 40 distinct square pictures, red for hearts and diamonds, black otherwise."""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image, features

from engine.cards import Card, full_deck
from render import shapes
from render.faces import (
    FACE_SIZE,
    FACE_VERSION,
    card_face,
    card_face_png,
    emoji_name,
    is_card_emoji_name,
)

GOLDEN = Path(__file__).parent / "golden"
BUTTON_PX = 22  # an emoji on a Discord button
DARK_BUTTONS = [(0x2B, 0x2D, 0x31), (0x31, 0x33, 0x38), (0x4E, 0x50, 0x58), (0x58, 0x65, 0xF2)]
LIGHT_BUTTONS = [(0xFF, 0xFF, 0xFF), (0xEB, 0xED, 0xEF)]


def red_share(image: Image.Image) -> float:
    """Share of the inked (non-white, opaque) pixels that are clearly red."""
    inked = red = 0
    data = image.crop((10, 10, FACE_SIZE - 10, FACE_SIZE - 10)).tobytes()  # inside the outline
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


def test_emoji_names_are_valid_unique_and_the_same_for_every_version() -> None:
    names = [emoji_name(card) for card in full_deck()]
    assert emoji_name(Card.parse("7h")) == "c40_7h"  # what reads the messages relies on it
    assert all(re.fullmatch(r"[A-Za-z0-9_]{2,32}", name) for name in names)
    assert len(set(names)) == 40
    assert all(is_card_emoji_name(name) for name in names)


@pytest.mark.parametrize("name", ["c40_7h", "c40_Ks_v1", "c40_Ad_v12"])
def test_card_emojis_of_any_version_are_recognised(name: str) -> None:
    assert is_card_emoji_name(name)


@pytest.mark.parametrize("name", ["c40_8h", "c40_7x", "c40_7h_v", "c40_7h_old", "x_c40_7h", "c40"])
def test_other_emojis_are_not_card_emojis(name: str) -> None:
    assert not is_card_emoji_name(name)


def luminance(colour: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    red, green, blue = colour[:3]
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def on_button(card: Card, background: tuple[int, int, int]) -> Image.Image:
    """The face as Discord shows it on a button: 22 px, over the button's colour."""
    face = card_face(card).resize((BUTTON_PX, BUTTON_PX), Image.Resampling.LANCZOS)
    shown = Image.new("RGB", face.size, background)
    shown.paste(face, (0, 0), face)
    return shown


@pytest.mark.parametrize("background", DARK_BUTTONS + LIGHT_BUTTONS, ids=str)
@pytest.mark.parametrize("card", [Card.parse("Ks"), Card.parse("7c")], ids=str)
def test_black_suits_read_on_dark_and_light_buttons(
    card: Card, background: tuple[int, int, int]
) -> None:
    """The card's edge stands out from any button (WCAG's 3:1 for shapes), and the black
    suit sits on the card's white, not on the button."""
    shown = on_button(card, background)
    middle = BUTTON_PX // 2
    edge = [shown.getpixel((x, middle)) for x in range(3)]  # the card's left edge
    assert max(contrast(pixel, background) for pixel in edge) >= 3
    suit = shown.crop((BUTTON_PX // 2, 4, BUTTON_PX - 3, BUTTON_PX - 4))  # the right half
    colours = [colour for _, colour in suit.getcolors(maxcolors=BUTTON_PX**2) or []]
    darkest = min(colours, key=luminance)
    lightest = max(colours, key=luminance)
    assert contrast(darkest, lightest) >= 7  # black ink on white card
    assert contrast(lightest, (255, 255, 255)) < 1.2  # ...and that white is the card's


def test_spades_and_clubs_differ_at_button_size() -> None:
    spade = on_button(Card.parse("As"), DARK_BUTTONS[0]).convert("L")
    club = on_button(Card.parse("Ac"), DARK_BUTTONS[0]).convert("L")
    difference = sum(abs(a - b) for a, b in zip(spade.tobytes(), club.tobytes(), strict=True))
    assert difference >= 2000  # 8 pixels' worth of black against white; the v1 faces: 1812


def test_a_change_of_faces_comes_with_a_new_version() -> None:
    """Existing servers get new faces only through new emoji names: a face change must bump
    FACE_VERSION (and record the new digest here, in golden/faces.json)."""
    recorded = json.loads((GOLDEN / "faces.json").read_text())
    here = {
        "pillow": Image.__version__,
        "freetype": features.version("freetype2"),
        "font": shapes._bold_font_path(),
    }
    if any(recorded[key] != value for key, value in here.items()):
        pytest.skip(f"faces recorded with {recorded}, here {here}: pixels may differ")
    digest = hashlib.sha256(b"".join(card_face(card).tobytes() for card in full_deck()))
    assert (recorded["version"], recorded["sha256"]) == (FACE_VERSION, digest.hexdigest()), (
        "the faces changed: bump render.faces.FACE_VERSION and record the new digest"
    )
