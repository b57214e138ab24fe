"""Before a table opens, the bot checks it may post in the channel, and says what it lacks."""

from __future__ import annotations

import discord

from tests.cogs.helpers import sessions


def closed_channel(world, **denied: bool):
    """A channel where the bot is denied the given permissions."""
    overwrite = discord.PermissionOverwrite(**{name: False for name in denied})
    return world.guild.create_text_channel("closed", overwrites={world.env.bot.user: overwrite})


async def test_start_without_attach_files_names_the_missing_permission(world):
    channel = closed_channel(world, attach_files=True)
    result = await world.ana.slash(channel, "cuarenta start", mode="bot", bot_level="easy")
    assert result.ephemeral
    assert "Attach Files" in result.response.content
    assert "permission" in result.response.content
    assert sessions(world.env) == {}


async def test_start_missing_two_permissions_lists_both(world):
    channel = closed_channel(world, send_messages=True, attach_files=True)
    result = await world.ana.slash(channel, "cuarenta start", mode="bot", bot_level="easy")
    assert result.ephemeral
    assert "Send Messages" in result.response.content and "Attach Files" in result.response.content
    assert "these permissions" in result.response.content
    assert sessions(world.env) == {}


async def test_a_challenge_cannot_be_accepted_where_the_bot_cannot_post(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    world.env.backend.get_channel(world.channel.id).overwrites.append(
        _deny(world.env.bot.user.id, discord.Permissions(send_messages=True))
    )
    accepted = await world.beto.click(sent.response, label="Accept")
    assert accepted.ephemeral and "Send Messages" in accepted.response.content
    assert sessions(world.env) == {}
    assert len(world.env.bot.services.runtime.challenges) == 1  # still open


def _deny(member_id: int, permissions: discord.Permissions):
    # simcord has no public call to change a channel's overwrites once it exists
    from simcord.backend.models.channel import Overwrite
    from simcord.enums import OverwriteType

    return Overwrite(
        target_id=member_id, type=OverwriteType.MEMBER, allow=0, deny=permissions.value
    )
