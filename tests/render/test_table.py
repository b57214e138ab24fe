"""The table picture: renders for any number of cards, small, cached by content, off the loop."""

from __future__ import annotations

import io
import itertools
import random
import threading

import pytest
from PIL import Image

from engine.cards import Card, full_deck, parse_cards
from render import table
from render.table import (
    CARD_W,
    HEIGHT,
    WIDTH,
    PictureWords,
    TablePicture,
    card_positions,
    render_table_png,
    render_table_png_async,
)


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    table.clear_cache()


def picture(count: int, **changes: object) -> TablePicture:
    cards = random.Random(count).sample(full_deck(), count)
    values: dict[str, object] = {
        "cards": cards,
        "sides": ("Ana & Luis", "Bea & Carlos"),
        "points": (26, 14),
        "chicas": (1, 0),
        "stock": 20,
        "turn": 0,
        "caption": "Ana dejó el 7♥",
    }
    values.update(changes)
    return TablePicture(**values)  # type: ignore[arg-type]


def open_png(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize("count", [0, 1, 12, 20])
def test_a_table_renders_to_a_small_png_of_the_expected_size(count: int) -> None:
    image = open_png(render_table_png(picture(count)))
    assert image.size == (WIDTH, HEIGHT)
    assert image.mode == "P"  # a palette keeps it small
    assert len(render_table_png(picture(count))) < 40_000


def test_cards_change_the_picture() -> None:
    pngs = {render_table_png(picture(n)) for n in (0, 1, 12)}
    other = parse_cards("As 2h 3d 4c 5s 6h 7d Jc Qs Kh Ad 2c")
    pngs.add(render_table_png(picture(12, cards=other)))
    assert len(pngs) == 4


def test_scores_change_the_picture() -> None:
    base = render_table_png(picture(3))
    assert render_table_png(picture(3, points=(28, 14))) != base
    assert render_table_png(picture(3, chicas=(1, 1))) != base
    assert render_table_png(picture(3, turn=1)) != base
    assert render_table_png(picture(3, stock=15)) != base


def test_long_labels_and_captions_are_cut_not_spilled() -> None:
    long = "Maximiliano Fernández de la Torre " * 3
    image = open_png(render_table_png(picture(5, sides=(long, long), caption=long * 2)))
    assert image.size == (WIDTH, HEIGHT)


def test_table_picture_is_plain_hashable_content() -> None:
    a = TablePicture(parse_cards("7h Jd 3c"), ("Ana", "Bea"), (26, 14), (1, 0), 20, 0)
    b = TablePicture(("Jd", "3c", "7h"), ["Ana", "Bea"], [26, 14], [1, 0], 20, 0)  # type: ignore[arg-type]
    assert a == b and hash(a) == hash(b)
    assert a.cards == ("3c", "7h", "Jd")  # sorted by rank, as "7h" strings
    assert a != TablePicture(parse_cards("7h Jd"), ("Ana", "Bea"), (26, 14), (1, 0), 20, 0)
    with pytest.raises(AttributeError):
        a.stock = 3  # type: ignore[misc]


def test_table_picture_rejects_what_is_not_a_table() -> None:
    with pytest.raises(ValueError):
        TablePicture(("7x",))
    with pytest.raises(ValueError):
        TablePicture(turn=2)


def test_the_words_drawn_are_the_callers() -> None:
    assert TablePicture().words == PictureWords()  # Spanish's unless told
    english = PictureWords(stock="stock", empty="empty table", chicas="chicas")
    assert render_table_png(TablePicture(words=english)) != render_table_png(TablePicture())


def test_the_dropped_card_is_kept_only_if_it_is_on_the_table() -> None:
    on_table = TablePicture(parse_cards("7h Jd 3c"), dropped=Card.parse("Jd"))
    assert on_table.dropped == "Jd"
    assert TablePicture(parse_cards("7h Jd 3c"), dropped="Jd") == on_table
    gone = TablePicture(parse_cards("7h 3c"), dropped="Jd")  # taken since: nothing to mark
    assert gone.dropped is None and gone == TablePicture(parse_cards("7h 3c"))
    assert render_table_png(on_table) != render_table_png(TablePicture(parse_cards("7h Jd 3c")))
    with pytest.raises(ValueError):
        TablePicture(parse_cards("7h"), dropped="7x")


def test_points_are_told_in_perros_and_tantos() -> None:
    assert table._told(26) == "2 perros 3 tantos"
    assert table._told(10) == "1 perro"
    assert table._told(2) == "1 tanto"
    assert table._told(1) == ""


@pytest.mark.parametrize("count", range(41))
def test_cards_stay_on_the_felt_and_readable(count: int) -> None:
    positions = card_positions(count)
    assert len(positions) == count
    rows = sorted({y for _, y in positions})
    assert len(rows) == (1 if count <= table.ONE_ROW_MAX else 2) or count == 0
    for x, y in positions:
        assert x >= 0 and x + CARD_W <= WIDTH
        assert y + table.CARD_H + table.SHADOW_DY <= table.FELT_BOTTOM
    if rows:  # room above the first row for the dropped card's lift and ring
        assert rows[0] - table.LIFT - table.RING >= table.FELT_TOP
    if len(rows) == 2:  # the second row leaves the first row's index in sight
        assert rows[1] - rows[0] >= table.CORNER_H
    for row in rows:
        xs = sorted(x for x, y in positions if y == row)
        steps = [b - a for a, b in itertools.pairwise(xs)]
        if count <= 8:
            assert all(step >= CARD_W for step in steps)  # side by side, no overlap
        elif count <= 28:
            assert all(step >= table.CORNER_W for step in steps)  # fanned, every corner seen


def test_the_picture_is_wide_and_short() -> None:
    """On a phone the table message and its picture must leave the hand in view."""
    assert HEIGHT / WIDTH <= 0.5


def test_equal_content_is_rendered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    render = table._render
    monkeypatch.setattr(table, "_render", lambda p: calls.append(p) or render(p))
    first = render_table_png(picture(7))
    again = render_table_png(picture(7))  # another object, equal content
    assert again is first
    assert len(calls) == 1
    assert table.cache_info()[:2] == (1, 1)  # one hit, one miss
    render_table_png(picture(7, points=(28, 14)))
    assert len(calls) == 2


def test_the_cache_forgets_the_oldest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "_cache", table._PngCache(2))
    monkeypatch.setattr(table, "render_table_png_uncached", lambda p: str(p.stock).encode())
    for stock in (1, 2, 1, 3):  # 1 was used again, so 2 goes
        render_table_png(TablePicture(stock=stock))
    assert table.cache_info().size == 2
    assert table._cache.get(TablePicture(stock=2)) is None
    assert table._cache.get(TablePicture(stock=1)) == b"1"


async def test_async_render_runs_in_a_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    threads = []
    render = table._render
    monkeypatch.setattr(
        table, "_render", lambda p: threads.append(threading.get_ident()) or render(p)
    )
    png = await render_table_png_async(picture(12))
    assert threads and threads[0] != threading.get_ident()
    assert png == table.render_table_png_uncached(picture(12))
    assert await render_table_png_async(picture(12)) is png  # a cache hit: no thread at all
    assert render_table_png(picture(12)) is png
    assert len(threads) == 2  # the async render and the uncached one above


def test_warm_up_draws_every_card() -> None:
    table.clear_drawing_caches()
    table.warm_up()
    assert table._card_tile.cache_info().currsize == 40
    sizes = {table._card_tile(card, False).size for card in full_deck()}
    assert sizes == {(CARD_W + table.SHADOW_DX, table.CARD_H + table.SHADOW_DY)}
    assert {table._card_tile(card, False).mode for card in full_deck()} == {"P"}


def drawn_texts(monkeypatch: pytest.MonkeyPatch, picture: TablePicture) -> list[str]:
    """Every line of text the picture draws, in drawing order."""
    table.clear_drawing_caches()  # the bands drawn before would not be drawn again
    texts: list[str] = []
    line = table._line
    monkeypatch.setattr(
        table,
        "_line",
        lambda image, xy, text, *a, **k: texts.append(text) or line(image, xy, text, *a, **k),
    )
    table.render_table_png_uncached(picture)
    return texts


def test_the_chicas_won_are_told_in_words_as_the_text_does(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = drawn_texts(monkeypatch, picture(5, chicas=(1, 0)))
    assert "chicas 1" in texts and "chicas 0" in texts
    assert not any("★" in text for text in texts)


def test_every_player_of_a_side_is_named_however_long_a_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    long = "Maximiliano_Fernández_del_Castillo"
    pictured = picture(5, sides=("ana + carla", f"{long} + beto"), turn=1)
    label, size = table.drawn_label(pictured, 1)
    assert label.startswith("Maximiliano") and label.endswith("… + beto")  # beto stays
    assert size == table.MIN_LABEL_PX and size * 360 / WIDTH >= 11  # readable on a phone
    assert table.drawn_label(pictured, 0) == ("ana + carla", table.LABEL_PX)  # fits: as is
    one = table.drawn_label(picture(5, sides=("ana_maria_de_los_angeles", "Bea")), 0)[0]
    assert one.startswith("ana_maria_de_los") and one.endswith("…")  # more than "ana_maria_…"
    assert label in drawn_texts(monkeypatch, pictured)
