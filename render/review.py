"""A costly move of a review, as one picture: the table then, the player's hand below it."""

from __future__ import annotations

import io

from PIL import Image

from .table import FELT_BOTTOM, FELT_TOP, WIDTH, TablePicture, draw_table

PICTURE_WIDTH = 480  # scaled down from the table's 640: it sits in a message with others


def move_picture(table: TablePicture, hand: TablePicture) -> bytes:
    """`table` as drawn (with its caption), and below it only the felt of `hand`: the
    player's own cards, the one they played marked. Nothing of any other hand."""
    above = draw_table(table)
    below = draw_table(hand).crop((0, FELT_TOP, WIDTH, FELT_BOTTOM))
    picture = Image.new("RGB", (WIDTH, above.height + below.height))
    picture.paste(above, (0, 0))
    picture.paste(below, (0, above.height))
    height = round(picture.height * PICTURE_WIDTH / WIDTH)
    small = picture.resize((PICTURE_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()
