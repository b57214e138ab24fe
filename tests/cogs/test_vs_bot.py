"""A whole match against the bot, played through clicks to its end."""

from __future__ import annotations

from tests.cogs.helpers import cog, enabled, only_session


async def play_until_over(world, player, max_clicks: int = 400) -> int:
    """Open the hand from the table and play the first card (and first capture) each turn."""
    env, channel = world.env, world.channel
    clicks = 0
    session = only_session(env)
    while session.phase == "playing":
        table_message = next(m for m in channel.history() if m.id == session.table_message_id)
        opened = await player.click(table_message, custom_id=f"c40:table:{session.session_id}:hand")
        assert opened.ephemeral
        hand = opened.response
        cards = enabled(hand, "card")
        assert cards, f"no playable card on the player's turn: {hand.content}"
        result = await player.click(hand, custom_id=cards[0]["custom_id"])
        takes = enabled(result.response, "take")
        if takes:
            result = await player.click(result.response, custom_id=takes[0]["custom_id"])
        clicks += 1
        assert clicks < max_clicks
        session = cog(env).runtime.sessions[session.session_id]
    return clicks


async def test_a_whole_match_against_the_bot(world):
    started = await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    assert not started.ephemeral
    assert "CUARENTA" in started.response.content
    clicks = await play_until_over(world, world.ana)
    session = only_session(world.env)
    assert session.phase == "finished" and session.winner in (0, 1)
    assert clicks > 10
    final = next(m for m in world.channel.history() if m.id == session.table_message_id)
    assert "🏆" in final.content
    assert enabled(final, "table") and all(
        "rematch" in b["custom_id"] or "rules" in b["custom_id"] for b in enabled(final, "table")
    )
    rows = await world.env.bot.storage.player_stats(world.ana.id, world.guild.id)
    assert rows is not None and rows.matches == 1 and rows.bot_matches == 1
