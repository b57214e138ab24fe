"""Challenges (accepted, declined, expired) and lobbies that nobody completes."""

from __future__ import annotations

from tests.cogs.helpers import forfeit, message, only_session, services, sessions, table_message


async def test_challenge_accepted_starts_a_game(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    assert not sent.ephemeral and f"<@{world.beto.id}>" in sent.response.content
    accepted = await world.beto.click(sent.response, label="Accept")
    assert "accepted" in accepted.response.content
    session = only_session(world.env)
    assert session.phase == "playing"
    assert sorted(session.human_ids()) == sorted([world.ana.id, world.beto.id])
    assert "CUARENTA" in table_message(world, session).content
    assert services(world.env).runtime.challenges == {}


async def test_challenge_declined(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    declined = await world.beto.click(sent.response, label="Decline")
    assert "declined" in declined.response.content
    assert declined.response.components == []
    assert sessions(world.env) == {}
    rows = list(await world.env.bot.storage.load_sessions())
    assert rows == []


async def test_only_the_challenged_player_can_answer(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    wrong = await world.carla.click(sent.response, label="Accept")
    assert wrong.ephemeral and "not for you" in wrong.response.content
    assert sessions(world.env) == {}
    assert len(services(world.env).runtime.challenges) == 1


async def test_challenge_expires(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    await world.env.advance_time(301)
    expired = message(world.channel, sent.response.id)
    assert "expired" in expired.content
    assert expired.components == []
    assert services(world.env).runtime.challenges == {}


async def test_challenge_from_the_user_menu(world):
    sent = await world.ana.context_menu(world.channel, "Challenge to Cuarenta", world.beto)
    assert f"<@{world.beto.id}>" in sent.response.content
    assert len(services(world.env).runtime.challenges) == 1


async def test_cannot_challenge_yourself(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.ana)
    assert sent.ephemeral and "yourself" in sent.response.content


async def test_lobby_expires_when_nobody_starts_it(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    await world.env.advance_time(601)
    lobby = table_message(world, session)
    assert "closed" in lobby.content and lobby.components == []
    assert only_session(world.env).phase == "cancelled"


async def test_one_table_per_channel(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    again = await world.beto.slash(world.channel, "cuarenta start", mode="bot")
    assert again.ephemeral and "already a table" in again.response.content
    assert len(sessions(world.env)) == 1


async def test_lobby_join_leave_and_host_only_buttons(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    lobby = lambda: table_message(world, session)  # noqa: E731
    await world.beto.click(lobby(), label="Join")
    twice = await world.beto.click(lobby(), label="Join")
    assert twice.ephemeral and "already" in twice.response.content
    full = await world.carla.click(lobby(), label="Join")
    assert full.ephemeral and "full" in full.response.content
    not_host = await world.beto.click(lobby(), label="Start")
    assert not_host.ephemeral and "opened the table" in not_host.response.content
    await world.beto.click(lobby(), label="Leave")
    assert only_session(world.env).seats[1] is None
    await world.ana.click(lobby(), label="Add bot")
    await world.ana.click(lobby(), label="Start")
    assert only_session(world.env).phase == "playing"


async def test_stopping_a_lobby_closes_it(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="1v1")
    session = only_session(world.env)
    await world.ana.slash(world.channel, "cuarenta stop")
    lobby = table_message(world, session)
    assert "closed" in lobby.content and lobby.components == []


async def test_ended_tables_are_forgotten_after_a_day(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    old = only_session(world.env)
    await forfeit(world, world.ana)
    await world.env.advance_time(24 * 3600 + 1)
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    held = sessions(world.env)
    assert old.session_id not in held and len(held) == 1
    assert await world.env.bot.storage.get_session(old.session_id) is None
