"""The table as a picture (render.TablePicture), from a table's state; a picture as a
message's file."""

from __future__ import annotations

import io

import discord

from i18n import t
from render.table import PARTNERS, TablePicture
from tables import TableSession
from tables.picture_words import picture_words

from .words import level_word


def table_picture(session: TableSession) -> TablePicture:
    """The picture of the table: its cards, the sides' names and scores, whose turn."""
    game = session.game
    assert game is not None
    lang = session.lang
    final = game.chica_history[-1] if game.winner is not None and game.chica_history else None

    def name(index: int) -> str:
        seat = session.seats[index]
        if seat is None:
            return t("picture.player", lang, seat=index + 1)
        if seat.is_replaced:
            return t(
                "picture.bot_for", lang, name=seat.name or t("picture.player", lang, seat=index + 1)
            )
        if seat.is_bot and seat.name:
            return t("picture.bot_named", lang, name=seat.name)
        if seat.is_bot:
            return t("picture.bot", lang, level=level_word(seat, lang))
        return seat.name or t("picture.player", lang, seat=index + 1)

    # Every player of a side, named apart: the picture shortens the longest names to fit.
    sides = tuple(
        PARTNERS.join(name(i) for i in range(side, session.players, 2)) for side in (0, 1)
    )
    turn = session.seat_to_play
    return TablePicture(
        cards=tuple(str(card) for card in game.table),
        sides=sides,  # type: ignore[arg-type]
        points=final or game.scores,
        chicas=game.chicas,
        stock=len(game.stock),
        turn=None if turn is None else turn % 2,
        words=picture_words(lang),
        dropped=game.last_played,  # the card a caída would fall on, marked
    )


class _PictureFile(discord.File):
    """A discord.File that leaves no reference cycle behind. discord.py stubs its buffer's
    close() while sending and puts it back after (File.close): the buffer's own bound method
    in the buffer's __dict__, a cycle only the garbage collector frees, with the picture's
    bytes. At a move a second per table, that was a thousand pictures a minute, and the young
    generation's collections of the bot grew to 30-60 ms."""

    __slots__ = ()

    def close(self) -> None:
        super().close()
        vars(self.fp).pop("close", None)  # the class's close: the same method, no cycle


def picture_file(png: bytes, filename: str, description: str | None = None) -> discord.File:
    """A PNG to attach to a message."""
    return _PictureFile(io.BytesIO(png), filename, description=description)
