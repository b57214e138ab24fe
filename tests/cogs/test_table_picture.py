"""The public table carries a picture of the table, unless the server turns it off."""

from __future__ import annotations

import discord

from cogs.ui.pictures import table_picture
from engine import Card
from i18n import t
from render import table
from tests.cogs.helpers import cards_in, only_session, open_hand, play_one_turn, table_message
from tests.render.test_table import drawn_texts


async def test_the_table_has_a_picture_and_a_server_can_turn_it_off(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    attachments = table_message(world, session).attachments
    assert [a.filename for a in attachments] == ["mesa.png"]

    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    saved = await dora.slash(world.channel, "cuarenta config", table_picture=False)
    assert "table picture off" in saved.response.content
    await play_one_turn(world, world.ana, only_session(world.env))
    assert table_message(world, session).attachments == []


async def test_an_unchanged_table_is_not_sent_again_and_new_words_alone_carry_no_picture(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    services = world.env.bot.services
    table = services.runtime.table(only_session(world.env).session_id)
    before = len(world.env.http_requests)
    table.publisher.publish()  # the same state again: the message already shows it
    await world.env.settle()
    assert world.env.http_requests[before:] == []
    await services.openings.set_maintenance(world.env.bot.storage, True)
    table.publisher.publish()  # a notice on top: the text changes, the picture does not
    await world.env.settle()
    (edit,) = world.env.http_requests[before:]
    assert edit.method == "PATCH" and "attachments" not in (edit.json or {})
    assert "maint" in edit.json["content"].lower()


async def test_the_table_text_the_picture_and_the_hand_show_cards_in_one_order(world):
    """The cards on the table read the same in the text, the picture and the hand: the
    engine keeps them in play order, all three show them by rank."""
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    for _ in range(30):  # until the table holds cards played out of rank order
        if session.game.table != sorted(session.game.table):
            break
        await play_one_turn(world, world.ana, session)
        session = only_session(world.env)
    game = session.game
    assert game.table != sorted(game.table), "no unsorted table in 30 turns: pick another game"
    display = world.env.bot.card_emojis
    pictured = [Card.parse(card) for card in table_picture(session).cards]
    shown = t("table.cards", session.lang, cards=" ".join(display.inline(c) for c in pictured))
    assert shown in table_message(world, session).content.splitlines()
    hand = await open_hand(world, world.ana, session)
    in_hand = t("hand.table", session.lang, cards=" ".join(display.inline(c) for c in pictured))
    assert in_hand in hand.content.splitlines()
    assert cards_in(hand) == sorted(game.hands[0])


async def test_the_picture_names_every_player_and_tells_the_chicas_in_words(world, monkeypatch):
    """In 2 vs 2 both partners of a side are on the picture, a long name shortened rather
    than the partner dropped; the chicas won read "chicas 0" as in the text, not "★0"."""
    long = "Maximiliano_Fernández_del_Castillo"
    maxi = world.guild.add_member(world.env.create_user(long))
    await world.ana.slash(world.channel, "cuarenta start", mode="2v2", bot_level="easy")
    lobby = table_message(world, only_session(world.env))
    await maxi.click(lobby, label="Team B")
    await world.beto.click(lobby, label="Team B")
    await world.ana.click(lobby, label="Start")
    session = only_session(world.env)
    picture = table_picture(session)
    labels = [table.drawn_label(picture, side)[0] for side in (0, 1)]
    assert labels[1].startswith("Maximiliano") and labels[1].endswith(" + beto")
    assert labels[0].startswith("ana + ")  # and her bot partner
    drawn = drawn_texts(monkeypatch, picture)
    assert drawn.count("chicas 0") == 2 and not any("★" in text for text in drawn)
    assert "chicas 0" in table_message(world, session).content  # the text's words
