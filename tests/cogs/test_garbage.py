"""A move leaves nothing for the garbage collector: what a click and the picture it sends
built is freed when they are done. After a restart a thousand clicks a minute left their
interactions and pictures in reference cycles, and the young generation's collections
paused the bot for 30-60 ms."""

from __future__ import annotations

import gc
import io
from collections.abc import Awaitable, Callable

import discord

from tests.cogs.helpers import only_session, play_one_turn, table_message


async def left_for_the_collector(action: Callable[[], Awaitable[object]]) -> list[object]:
    """What `action` left that only the garbage collector would free."""
    gc.collect()
    gc.disable()
    try:
        await action()
        gc.set_debug(gc.DEBUG_SAVEALL)  # the unreachable objects are kept, to look at
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


async def a_game_and_a_move(world) -> None:
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    await play_one_turn(world, world.ana, only_session(world.env))
    assert table_message(world, only_session(world.env)).attachments  # pictures were sent


async def test_a_click_leaves_no_interaction_for_the_collector(world):
    garbage = await left_for_the_collector(lambda: a_game_and_a_move(world))
    clicks = [
        o
        for o in garbage
        if isinstance(o, discord.Interaction) and o.type == discord.InteractionType.component
    ]
    assert clicks == []


async def test_a_picture_sent_leaves_no_buffer_for_the_collector(world):
    garbage = await left_for_the_collector(lambda: a_game_and_a_move(world))
    assert [o for o in garbage if isinstance(o, io.BytesIO)] == []
