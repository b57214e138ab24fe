"""A tournament's picture: its knockout bracket, or its standings, in the table's colours.

`BracketPicture` holds plain values (frozen, hashable); `draw_bracket` makes the PNG. The
picture is 640 px wide like the table's, with text sized for a phone (at 360 px wide a
name is still 13 px tall): each round of a knockout is a column of matches, the winner of
each in full ink and the loser dimmed, and a list of entries by place for Swiss and groups.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .shapes import DRAW_LOCK, font, printable
from .table import BAND, DIM, FELT, INK, TURN

WIDTH = 640
MARGIN = 14
TITLE_PX, NAME_PX, SMALL_PX = 28, 24, 20
TITLE_H = 48
BOX_H = 64  # a match: two lines of names
BOX_GAP = 12
ROW_H = 36  # a line of the standings


@dataclass(frozen=True)
class Match:
    """A match as drawn: the two names (b None: a bye), who won (0, 1, None: playing)
    and the score in chicas ("1–0", "" when none)."""

    a: str
    b: str | None
    winner: int | None
    score: str = ""


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    wins: int
    chicas: str  # "3–1"


@dataclass(frozen=True)
class BracketPicture:
    title: str
    rounds: tuple[tuple[str, tuple[Match, ...]], ...] = ()  # (round's name, its matches)
    standings: tuple[Standing, ...] = ()
    columns: tuple[str, str] = ("", "")  # the standings' headings: matches won, chicas
    champion: str | None = None  # drawn in the champion's colour at the bottom


def _fit(text: str, size: int, width: float) -> str:
    """`text`, shortened with "…" until it fits `width` px."""
    face, _ = font(size)
    text = printable(text, size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
           fill: tuple[int, int, int], width: float) -> None:  # fmt: skip
    face, stroke = font(size)
    draw.text(xy, _fit(text, size, width), font=face, fill=fill, stroke_width=stroke,
              stroke_fill=fill)  # fmt: skip


def draw_bracket(picture: BracketPicture) -> bytes:
    """The PNG of a tournament's bracket (knockout rounds) and/or standings."""
    tallest = max((len(matches) for _, matches in picture.rounds), default=0)
    bracket_h = TITLE_PX + tallest * (BOX_H + BOX_GAP) if picture.rounds else 0
    standings_h = (len(picture.standings) + 2) * ROW_H if picture.standings else 0
    footer_h = 46 if picture.champion else 0
    height = TITLE_H + bracket_h + standings_h + footer_h + MARGIN
    with DRAW_LOCK:
        image = Image.new("RGB", (WIDTH, height), FELT)
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, WIDTH, TITLE_H), fill=BAND)
        _write(draw, (MARGIN, 9), picture.title, TITLE_PX, INK, WIDTH - 2 * MARGIN)
        top = TITLE_H + 6
        if picture.rounds:
            _draw_rounds(draw, picture, top)
            top += bracket_h
        if picture.standings:
            _draw_standings(draw, picture, top)
            top += standings_h
        if picture.champion:
            draw.rectangle((0, top, WIDTH, top + footer_h), fill=BAND)
            _write(draw, (MARGIN, top + 9), picture.champion, TITLE_PX, TURN, WIDTH - 2 * MARGIN)
        out = io.BytesIO()
        image.save(out, format="PNG")
    return out.getvalue()


def _draw_rounds(draw: ImageDraw.ImageDraw, picture: BracketPicture, top: int) -> None:
    columns = len(picture.rounds)
    column_w = (WIDTH - MARGIN) / columns
    for column, (name, matches) in enumerate(picture.rounds):
        left = MARGIN + column * column_w
        _write(draw, (left, top), name, SMALL_PX, DIM, column_w - MARGIN)
        # Later rounds have fewer matches: each sits between the two it comes from.
        slot = (len(picture.rounds[0][1]) / max(len(matches), 1)) * (BOX_H + BOX_GAP)
        for index, match in enumerate(matches):
            y = top + TITLE_PX + index * slot + (slot - BOX_H - BOX_GAP) / 2
            box = (left, y, left + column_w - MARGIN, y + BOX_H)
            draw.rounded_rectangle(box, radius=8, fill=BAND)
            names = (match.a, match.b if match.b is not None else "—")
            score_w = 46 if match.score else 0
            for line, who in enumerate(names):
                won = match.winner == line
                lost = match.winner is not None and not won
                colour = DIM if lost or (line == 1 and match.b is None) else INK
                width = column_w - MARGIN - 16 - score_w
                _write(draw, (left + 8, y + 4 + line * 30), who, NAME_PX, colour, width)
            if match.score:
                _write(draw, (box[2] - score_w, y + 19), match.score, SMALL_PX, TURN, score_w)


def _draw_standings(draw: ImageDraw.ImageDraw, picture: BracketPicture, top: int) -> None:
    wins, chicas = picture.columns
    _write(draw, (WIDTH - 200, top + 7), wins, SMALL_PX, DIM, 76)
    _write(draw, (WIDTH - 120, top + 7), chicas, SMALL_PX, DIM, 110)
    for index, row in enumerate(picture.standings, start=1):
        y = top + index * ROW_H
        if index % 2:
            draw.rectangle((0, y, WIDTH, y + ROW_H), fill=BAND)
        colour = TURN if row.place == 1 else INK
        _write(draw, (MARGIN, y + 5), f"{row.place}.", NAME_PX, colour, 40)
        _write(draw, (MARGIN + 44, y + 5), row.name, NAME_PX, colour, WIDTH - 260)
        _write(draw, (WIDTH - 200, y + 5), str(row.wins), NAME_PX, INK, 70)
        _write(draw, (WIDTH - 120, y + 7), row.chicas, SMALL_PX, INK, 110)
