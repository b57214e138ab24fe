"""Commands appear without knowing about syncing: the bot syncs globally when they changed.

The hash of the last successful global sync is kept in the database, so a restart with the
same commands uploads nothing, a changed command is uploaded at the next start, and a sync
Discord refused is tried again at the next start.
"""

from __future__ import annotations

import logging
import re

import discord
import pytest

from bot import SYNCED_COMMANDS_KEY

GLOBAL_COMMANDS = r"/applications/\d+/commands"
GUILD_COMMANDS = r"/applications/\d+/guilds/\d+/commands"


def syncs(env, pattern: str = GLOBAL_COMMANDS) -> int:
    """How many bulk uploads of commands (PUT) the bot made to `pattern` (a regex)."""
    return sum(
        1
        for request in env.http_requests
        if request.method == "PUT" and re.fullmatch(pattern, request.path)
    )


def with_extra_command(bot):
    """`bot` with one more global command than the cog defines: a changed definition."""

    @discord.app_commands.command(name="extra", description="Added by a new release")
    async def extra(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hi", ephemeral=True)

    bot.tree.add_command(extra)
    return bot


@pytest.mark.bot_options(sync_global=False)
async def test_commands_sync_when_new_and_again_only_when_they_changed(simcord_env, make_bot):
    assert syncs(simcord_env) == 1  # a new database: never synced
    stored = await simcord_env.bot.storage.get_bot_state(SYNCED_COMMANDS_KEY)
    assert stored

    await simcord_env.restart_bot(make_bot(sync_global=False))
    assert syncs(simcord_env) == 1  # same commands: nothing uploaded

    await simcord_env.restart_bot(with_extra_command(make_bot(sync_global=False)))
    assert syncs(simcord_env) == 2
    changed = await simcord_env.bot.storage.get_bot_state(SYNCED_COMMANDS_KEY)
    assert changed != stored
    uploaded = [r for r in simcord_env.http_requests if r.method == "PUT"][-1]
    assert "extra" in {command["name"] for command in uploaded.json}

    await simcord_env.restart_bot(make_bot(sync_global=False))  # the command removed again
    assert syncs(simcord_env) == 3
    assert await simcord_env.bot.storage.get_bot_state(SYNCED_COMMANDS_KEY) == stored


@pytest.mark.bot_options(sync_global=False)
async def test_sync_global_forces_an_upload_of_unchanged_commands(simcord_env, make_bot):
    await simcord_env.restart_bot(make_bot(sync_global=True))
    assert syncs(simcord_env) == 2


@pytest.mark.bot_options(sync_global=False)
async def test_a_refused_sync_is_logged_and_retried_at_the_next_start(
    simcord_env, make_bot, caplog
):
    simcord_env.inject_error("PUT", "/applications/*/commands", status=400, code=50035)
    with caplog.at_level(logging.ERROR, logger="cuarenta"):
        await simcord_env.restart_bot(with_extra_command(make_bot(sync_global=False)))
    assert "could not sync the commands globally" in caplog.text
    assert simcord_env.bot.is_ready()  # it runs on with the commands Discord has
    assert syncs(simcord_env) == 2  # the refused try is logged as a request too
    await simcord_env.restart_bot(with_extra_command(make_bot(sync_global=False)))
    assert syncs(simcord_env) == 3
    uploaded = [r for r in simcord_env.http_requests if r.method == "PUT"][-1]
    assert "extra" in {command["name"] for command in uploaded.json}


@pytest.mark.bot_options(sync_global=False)
async def test_an_answer_that_cannot_be_read_does_not_stop_the_bot(simcord_env, make_bot, caplog):
    """Seen with a fake Discord that answers the upload without descriptions."""
    bot = with_extra_command(make_bot(sync_global=False))

    async def unreadable(*args, **kwargs):
        raise KeyError("description")

    bot.tree.sync = unreadable  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="cuarenta"):
        await simcord_env.restart_bot(bot)
    assert "could not sync the commands globally" in caplog.text
    assert simcord_env.bot.is_ready()


@pytest.mark.bot_options(sync_global=False, dev_guild_id=0)
async def test_a_development_server_syncs_at_every_start(simcord_env, make_bot):
    guild = simcord_env.create_guild("dev")
    await simcord_env.restart_bot(make_bot(sync_global=False, dev_guild_id=guild.id))
    await simcord_env.restart_bot(make_bot(sync_global=False, dev_guild_id=guild.id))
    assert syncs(simcord_env, GUILD_COMMANDS) == 2
    assert syncs(simcord_env) == 1  # the global commands only once, at the first start


@pytest.mark.bot_options(sync_global=False, upload_emojis=True, shard_count=2, shard_ids=[1])
async def test_a_process_without_shard_0_neither_syncs_nor_uploads(simcord_env, make_bot):
    assert not simcord_env.bot.leads
    assert syncs(simcord_env) == 0
    assert not [r for r in simcord_env.http_requests if r.method == "POST" and "emojis" in r.path]
    assert simcord_env.bot.card_emojis.is_text_only  # nothing uploaded yet to use
