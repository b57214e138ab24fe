"""The public table carries a picture of the table, unless the server turns it off."""

from __future__ import annotations

import discord

from tests.cogs.helpers import only_session, play_one_turn, table_message


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


async def test_an_unchanged_table_is_not_uploaded_again(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    runtime = world.env.bot.services.runtime
    before = len(world.env.http_requests)
    runtime.table(only_session(world.env).session_id).publisher.publish()  # same state again
    await world.env.settle()  # the edit carries the text only, no new picture
    edit = world.env.http_requests[before]
    assert edit.method == "PATCH" and "attachments" not in (edit.json or {})
