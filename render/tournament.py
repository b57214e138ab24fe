"""A tournament's picture: its knockout bracket, its groups, its standings, its champion,
in the table's colours.

`BracketPicture` holds plain values (frozen, hashable); `draw_bracket` makes the PNG. The
picture is 640 px wide like the table's and reads on a phone at any size (64 or 96
entries): it runs top to bottom, one section per knockout round from the first to the
final (the rounds not played yet drawn as empty slots, "winner of …", so the path to the
final shows from round 1), two matches a row, names at 22 px (13 px on a 400 px screen).
In each match the winner is in full ink and the loser dimmed, each side's chicas right of
its name, and a match not played out says how it went ("w.o.", "se rindió", a bye). A bot
is marked with a drawn robot (no font has 🤖): a name starting "🤖 " gets the mark. Groups
are drawn as a grid of small tables, Swiss as one standings list; the champion's band
closes the picture with a drawn cup.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .shapes import DRAW_LOCK, font, printable
from .table import BAND, DIM, FELT, INK, TURN

WIDTH = 640
MARGIN = 14
TITLE_PX, HEAD_PX, NAME_PX, SMALL_PX = 28, 24, 22, 18
TITLE_H = 48
HEAD_H = 38  # a section's heading
BOX_H = 64  # a match: two lines of names
BOX_GAP = 10
COLUMNS = 2  # matches a row
ROW_H = 34  # a line of the standings
GROUP_COLUMNS = 2
BOT = "🤖"


@dataclass(frozen=True)
class Match:
    """A match as drawn: the two names (b None: a bye), who won (0, 1, None: not yet),
    the score in chicas, a's first ("1–0", "" when none), and how it was decided when it
    was not played out ("w.o.", "se rindió"; drawn beside the loser; for a bye, beside
    the empty side)."""

    a: str
    b: str | None
    winner: int | None
    score: str = ""
    note: str = ""
    slot: bool = False  # a match of a round still to come: its names say where they come from
    known: tuple[bool, bool] = (True, True)  # in a slot: which side's entry is known already


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
    champion: str | None = None  # the champion's band at the bottom (words and name)
    groups: tuple[tuple[str, tuple[Standing, ...]], ...] = ()  # (group's name, its table)
    groups_title: str = ""
    bye: str = "—"  # the empty side of a bye


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
           fill: tuple[int, int, int], width: float) -> float:  # fmt: skip
    """Draw `text` cut to `width`; returns the width it took."""
    face, stroke = font(size)
    shown = _fit(text, size, width)
    draw.text(xy, shown, font=face, fill=fill, stroke_width=stroke, stroke_fill=fill)
    return float(face.getlength(shown))


def _name(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int], width: float) -> float:  # fmt: skip
    """A name, a bot's with the drawn robot where its 🤖 is (at the start, or after
    words: "Gana el torneo: 🤖 Rosita"); returns the width it took."""
    x, y = xy
    if BOT not in text:
        return _write(draw, xy, text, size, fill, width)
    before, _, after = text.partition(BOT)
    used = _write(draw, xy, before, size, fill, width) if before else 0.0
    used += _robot(draw, x + used, y + size * 0.15, size * 0.8, fill)
    after = after.replace(BOT + " ", "").replace(BOT, "").lstrip()
    return used + _write(draw, (x + used, y), after, size, fill, width - used)


def _robot(draw: ImageDraw.ImageDraw, x: float, y: float, size: float,
           fill: tuple[int, int, int]) -> float:  # fmt: skip
    """A small robot's head (a bot's mark); returns the width it takes with its gap."""
    head = (x, y + size * 0.25, x + size, y + size)
    draw.rounded_rectangle(head, radius=size * 0.2, outline=fill, width=max(2, int(size / 9)))
    eye = size * 0.12
    for cx in (x + size * 0.32, x + size * 0.68):
        cy = y + size * 0.58
        draw.ellipse((cx - eye, cy - eye, cx + eye, cy + eye), fill=fill)
    draw.line((x + size / 2, y + size * 0.25, x + size / 2, y), fill=fill, width=2)
    draw.ellipse((x + size / 2 - 3, y - 3, x + size / 2 + 3, y + 3), fill=fill)
    return size + 6


def _cup(draw: ImageDraw.ImageDraw, x: float, y: float, size: float) -> float:
    """A trophy (the champion's band); returns the width it takes with its gap."""
    w = size
    draw.chord((x, y - w * 0.45, x + w, y + w * 0.55), 0, 180, fill=TURN)
    draw.rectangle((x + w * 0.42, y + w * 0.5, x + w * 0.58, y + w * 0.75), fill=TURN)
    draw.rectangle((x + w * 0.22, y + w * 0.75, x + w * 0.78, y + w * 0.88), fill=TURN)
    for side in (x - w * 0.12, x + w * 0.82):
        draw.arc((side, y, side + w * 0.3, y + w * 0.35), 0, 360, fill=TURN, width=3)
    return w + 12


def _rows(count: int, per_row: int) -> int:
    return -(-count // per_row)


def _rounds_height(picture: BracketPicture) -> int:
    return sum(
        HEAD_H + _rows(len(matches), COLUMNS if len(matches) > 1 else 1) * (BOX_H + BOX_GAP)
        for _, matches in picture.rounds
    )


def _group_height(table: tuple[Standing, ...]) -> int:
    return HEAD_H + len(table) * ROW_H + BOX_GAP


def _groups_height(picture: BracketPicture) -> int:
    total = 0
    groups = picture.groups
    for start in range(0, len(groups), GROUP_COLUMNS):
        total += max(_group_height(table) for _, table in groups[start : start + GROUP_COLUMNS])
    return total + (HEAD_H if groups else 0)


def draw_bracket(picture: BracketPicture) -> bytes:
    """The PNG of a tournament: its knockout rounds, its groups, its standings."""
    rounds_h = _rounds_height(picture)
    groups_h = _groups_height(picture)
    standings_h = (len(picture.standings) + 1) * ROW_H + BOX_GAP if picture.standings else 0
    footer_h = 52 if picture.champion else 0
    height = TITLE_H + 6 + groups_h + standings_h + rounds_h + footer_h + MARGIN
    with DRAW_LOCK:
        image = Image.new("RGB", (WIDTH, height), FELT)
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, WIDTH, TITLE_H), fill=BAND)
        _write(draw, (MARGIN, 9), picture.title, TITLE_PX, INK, WIDTH - 2 * MARGIN)
        top = TITLE_H + 6
        if picture.groups:
            _draw_groups(draw, picture, top)
            top += groups_h
        if picture.standings:
            _draw_standings(draw, picture, top)
            top += standings_h
        if picture.rounds:
            _draw_rounds(draw, picture, top)
            top += rounds_h
        if picture.champion:
            draw.rectangle((0, top, WIDTH, top + footer_h), fill=BAND)
            cup = _cup(draw, MARGIN + 4, top + 12, 28)
            _name(draw, (MARGIN + cup, top + 10), picture.champion, TITLE_PX, TURN,
                  WIDTH - 2 * MARGIN - cup)  # fmt: skip
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _draw_rounds(draw: ImageDraw.ImageDraw, picture: BracketPicture, top: int) -> None:
    for name, matches in picture.rounds:
        _write(draw, (MARGIN, top + 6), name, HEAD_PX, TURN, WIDTH - 2 * MARGIN)
        top += HEAD_H
        per_row = COLUMNS if len(matches) > 1 else 1
        box_w = (WIDTH - MARGIN * (per_row + 1)) / per_row
        for index, match in enumerate(matches):
            row, column = divmod(index, per_row)
            left = MARGIN + column * (box_w + MARGIN)
            y = top + row * (BOX_H + BOX_GAP)
            _draw_match(draw, picture, match, (left, y, left + box_w, y + BOX_H))
        top += _rows(len(matches), per_row) * (BOX_H + BOX_GAP)


def _draw_match(draw: ImageDraw.ImageDraw, picture: BracketPicture, match: Match,
                box: tuple[float, float, float, float]) -> None:  # fmt: skip
    left, y, right, _ = box
    outline = DIM if match.slot else None
    draw.rounded_rectangle(box, radius=8, fill=FELT if match.slot else BAND, outline=outline)
    scores = match.score.split("–") if match.score else ["", ""]
    names = (match.a, match.b if match.b is not None else picture.bye)
    for line, who in enumerate(names):
        won = match.winner == line
        lost = match.winner is not None and not won
        empty = line == 1 and match.b is None
        unknown = match.slot and not match.known[line]
        colour = DIM if lost or empty or unknown else INK
        side_note = match.note if (lost or (empty and match.note)) else ""
        right_text = side_note or (scores[line] if len(scores) == 2 else "")
        right_w = 0.0
        if right_text:
            face, _ = font(SMALL_PX)
            right_w = min(float(face.getlength(printable(right_text, SMALL_PX))), 120.0)
            shade = TURN if won and not side_note else DIM
            _write(draw, (right - 8 - right_w, y + 7 + line * 29), right_text, SMALL_PX, shade,
                   right_w + 1)  # fmt: skip
        width = right - left - 16 - (right_w + 8 if right_text else 0)
        size = SMALL_PX if unknown else NAME_PX
        _name(draw, (left + 8, y + 4 + line * 29), who, size, colour, width)


def _draw_groups(draw: ImageDraw.ImageDraw, picture: BracketPicture, top: int) -> None:
    wins, _ = picture.columns
    _write(draw, (MARGIN, top + 6), picture.groups_title, HEAD_PX, TURN, WIDTH - 2 * MARGIN)
    top += HEAD_H
    box_w = (WIDTH - MARGIN * (GROUP_COLUMNS + 1)) / GROUP_COLUMNS
    groups = picture.groups
    for start in range(0, len(groups), GROUP_COLUMNS):
        row = groups[start : start + GROUP_COLUMNS]
        height = max(_group_height(table) for _, table in row)
        for column, (name, table) in enumerate(row):
            left = MARGIN + column * (box_w + MARGIN)
            box = (left, top, left + box_w, top + height - BOX_GAP)
            draw.rounded_rectangle(box, radius=8, fill=BAND)
            # (a group's box is half the width: its matches won only, the chicas are in
            # the message's standings)
            _write(draw, (left + 8, top + 6), name, HEAD_PX, TURN, box_w - 60)
            _write(draw, (left + box_w - 34, top + 10), wins[:1].upper(), SMALL_PX, DIM, 30)
            for index, standing in enumerate(table):
                y = top + HEAD_H + index * ROW_H
                colour = INK if standing.place <= 3 else DIM
                _write(draw, (left + 8, y), f"{standing.place}.", NAME_PX, colour, 26)
                _name(draw, (left + 34, y), standing.name, NAME_PX, colour, box_w - 74)
                _write(draw, (left + box_w - 34, y), str(standing.wins), NAME_PX, colour, 30)
        top += height


def _draw_standings(draw: ImageDraw.ImageDraw, picture: BracketPicture, top: int) -> None:
    wins, chicas = picture.columns
    _write(draw, (WIDTH - 230, top + 7), wins, SMALL_PX, DIM, 104)
    _write(draw, (WIDTH - 120, top + 7), chicas, SMALL_PX, DIM, 110)
    for index, row in enumerate(picture.standings, start=1):
        y = top + index * ROW_H
        if index % 2:
            draw.rectangle((0, y, WIDTH, y + ROW_H), fill=BAND)
        colour = TURN if row.place == 1 else INK
        _write(draw, (MARGIN, y + 4), f"{row.place}.", NAME_PX, colour, 44)
        _name(draw, (MARGIN + 48, y + 4), row.name, NAME_PX, colour, WIDTH - 300)
        _write(draw, (WIDTH - 230, y + 4), str(row.wins), NAME_PX, INK, 70)
        _write(draw, (WIDTH - 120, y + 6), row.chicas, SMALL_PX, INK, 110)
