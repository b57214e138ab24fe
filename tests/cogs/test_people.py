"""People at the table: bot names, teams, taking a seat back, withdrawing a challenge,
turn pings, one-tap play, and fair records."""

from __future__ import annotations

import discord
import pytest

import tables.session
from cogs.infra.clock import now
from i18n import t
from tests.cogs.helpers import (
    buttons,
    current,
    enabled,
    forfeit,
    forfeit_question,
    in_language,
    message,
    only_session,
    open_hand,
    play_one_turn,
    services,
    table_message,
    tap_a_card_that_captures_nothing,
)


def labels(shown) -> list[str]:
    return [b.get("label", "") for b in buttons(shown)]


async def test_bots_have_distinct_names_with_their_level(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="2v2", bot_level="expert")
    lobby = only_session(world.env)
    await world.ana.click(table_message(world, lobby), label="Start")
    session = current(world.env, lobby.session_id)
    bots = [seat for seat in session.seats if seat.is_bot]
    names = {seat.name for seat in bots}
    assert len(bots) == 3 and len(names) == 3 and "" not in names
    content = table_message(world, session).content
    for seat in bots:
        assert f"🤖 {seat.name} (expert)" in content
    feminine = (
        next(n for n in names if n in tables.session.FEMININE_BOT_NAMES)
        if any(n in tables.session.FEMININE_BOT_NAMES for n in names)
        else None
    )
    if feminine is not None:  # Spanish agrees with the name: "Rosita (experta)"
        from cogs.ui.words import seat_name

        index = next(i for i, s in enumerate(session.seats) if s.name == feminine)
        assert seat_name(session, index, "es") == f"🤖 {feminine} (experta)"


async def test_a_player_chooses_a_team_in_a_2v2_lobby(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="2v2")
    lobby = table_message(world, only_session(world.env))
    assert {"Team A", "Team B"} <= set(labels(lobby))
    await world.beto.click(lobby, label="Team B")
    await world.carla.click(lobby, label="Team B")
    session = only_session(world.env)
    assert [s.user_id if s else None for s in session.seats] == [
        world.ana.id,
        world.beto.id,
        None,
        world.carla.id,
    ]
    full = await world.ana.click(lobby, label="Team B")  # team B is full of humans
    assert full.ephemeral and "team is full" in full.response.content
    await world.carla.click(lobby, label="Team A")  # carla swaps sides
    session = only_session(world.env)
    assert session.seats[2].user_id == world.carla.id and session.seats[3] is None
    shown = table_message(world, session).content
    assert f"Team A: <@{world.ana.id}> and <@{world.carla.id}>" in shown  # a list, in words


@pytest.mark.bot_options(bot_pause_seconds=10)
async def test_a_replaced_player_takes_the_seat_back(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session_id = only_session(world.env).session_id
    for _ in range(3):  # three missed turns: a bot takes her seat
        for _ in range(10):
            seat = current(world.env, session_id).current_seat()
            if seat.user_id == world.ana.id and not seat.is_bot:
                break
            await world.env.advance_time(10)
        session = current(world.env, session_id)
        await world.env.advance_time(session.turn_deadline - now() + 0.5)
    session = current(world.env, session_id)
    assert session.was_replaced(world.ana.id)
    await world.env.advance_time(14)  # the table shows the bot in her seat
    table = table_message(world, session)
    hand = await world.ana.click(table, label="My hand")  # not "the game is over"
    assert hand.ephemeral and "bot plays for you" in hand.response.content
    stranger = await world.beto.click(table, label="Take my seat back")
    assert stranger.ephemeral and "nothing to take back" in stranger.response.content
    back = await world.ana.click(table, label="Take my seat back")
    assert back.ephemeral and "Your hand" in back.response.content
    session = current(world.env, session_id)
    assert session.seat_of(world.ana.id) is not None and not session.was_replaced(world.ana.id)
    await world.env.advance_time(11)
    assert "took their seat back" in table_message(world, session).content


async def test_a_challenger_withdraws_and_the_channel_is_free(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    refused = await world.beto.click(sent.response, label="Withdraw")
    assert refused.ephemeral and "Only the challenger" in refused.response.content
    await world.ana.click(sent.response, label="Withdraw")
    shown = message(world.channel, sent.response.id)
    assert "withdrew the challenge" in shown.content and not buttons(shown)
    assert not services(world.env).runtime.challenges
    started = await world.ana.slash(world.channel, "cuarenta start")
    assert not started.ephemeral  # the channel is free at once


async def duel(world):
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    await world.beto.click(sent.response, label="Accept")
    return only_session(world.env)


def pings_for(world, member) -> list:
    return [
        m
        for m in world.channel.history()
        if m.content.startswith(f"<@{member.id}>") and "your turn in Cuarenta." in m.content
    ]


@pytest.mark.parametrize("ping", [True, False])
async def test_a_turn_ping_only_for_who_asked(world, ping):
    await world.beto.slash(world.channel, "cuarenta preferences", turn_ping=ping)
    session = await duel(world)
    seen = []
    for _ in range(4):
        session = current(world.env, session.session_id)
        mover = world.ana if session.current_seat().user_id == world.ana.id else world.beto
        if mover is world.beto:
            seen.append(len(pings_for(world, world.beto)))
        assert not pings_for(world, world.ana)  # off by default
        await play_one_turn(world, mover, session)
    assert seen == [1 if ping else 0] * 2  # one ping on each of his turns, then deleted


async def test_one_tap_is_a_choice_and_back_changes_nothing(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    hand = await open_hand(world, world.ana, session)
    card = enabled(hand, "card")[0]["custom_id"]
    before = current(world.env, session.session_id).to_dict()
    shown = (await world.ana.click(hand, custom_id=card)).response  # a tap shows the choices
    assert any(label.startswith("← Back") for label in labels(shown))
    assert current(world.env, session.session_id).to_dict() == before
    back = (await world.ana.click(shown, label="← Back")).response
    assert "Your hand" in back.content
    assert current(world.env, session.session_id).to_dict() == before
    saved = await world.ana.slash(world.channel, "cuarenta preferences", one_tap=True)
    assert "**One tap**: on" in saved.response.content
    session = current(world.env, session.session_id)
    version = session.version
    await tap_a_card_that_captures_nothing(world, world.ana, session)
    assert current(world.env, session.session_id).plays[0] == 1  # dropped at the first tap
    assert current(world.env, session.session_id).version > version


async def test_cards_that_capture_are_marked(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    for _ in range(6):
        session = current(world.env, only_session(world.env).session_id)
        hand = await open_hand(world, world.ana, session)
        for b in enabled(hand, "card"):
            code = b["custom_id"].split(":")[-1]
            captures = bool(session.options_for(world.ana.id, code, session.version))
            assert (b["style"] == discord.ButtonStyle.success.value) is captures
        await play_one_turn(world, world.ana, session)


async def results_of(world, member):
    """(matches won, lost, abandoned) of `member` in this server, from the records."""
    stats = await world.env.bot.storage.player_stats(member.id, world.guild.id)
    return (0, 0, 0) if stats is None else (stats.wins, stats.losses, stats.abandoned)


async def test_an_early_forfeit_is_recorded_as_abandoned(world):
    await duel(world)
    await forfeit(world, world.ana)
    await world.env.settle()
    assert await results_of(world, world.beto) == (0, 0, 1)  # not a win: abandoned
    assert await results_of(world, world.ana) == (0, 0, 1)


async def test_a_host_who_stops_while_losing_forfeits(world):
    session = await duel(world)
    for _ in range(6):  # both sides play a few times: a real game, not an abandoned one
        session = current(world.env, session.session_id)
        mover = world.ana if session.current_seat().user_id == world.ana.id else world.beto
        await play_one_turn(world, mover, session)
    table = services(world.env).runtime.table(session.session_id)
    table.session.game.points = [10, 20]  # ana (host, side 0) is behind
    await world.ana.slash(world.channel, "cuarenta stop")
    await world.env.settle()
    ended = current(world.env, session.session_id)
    assert ended.ended_by == "forfeit" and ended.winner == 1
    assert await results_of(world, world.beto) == (1, 0, 0)
    assert await results_of(world, world.ana) == (0, 1, 0)


async def test_a_moderator_stop_records_nothing(world):
    session = await duel(world)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[mods])
    await dora.slash(world.channel, "cuarenta stop")
    await world.env.settle()
    assert current(world.env, session.session_id).ended_by == "stopped"
    assert await results_of(world, world.ana) == (0, 0, 0)


async def test_start_with_no_options_plays_the_bot(world):
    started = await world.ana.slash(world.channel, "cuarenta start")
    session = only_session(world.env)
    assert session.phase == "playing" and session.seats[1].is_bot
    assert not started.ephemeral


async def test_a_ping_discord_refuses_does_not_stop_the_game(world):
    await world.beto.slash(world.channel, "cuarenta preferences", turn_ping=True)
    session = await duel(world)
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=None)
    for _ in range(4):
        session = current(world.env, session.session_id)
        mover = world.ana if session.current_seat().user_id == world.ana.id else world.beto
        await play_one_turn(world, mover, session)
    assert current(world.env, session.session_id).plays == [2, 2]  # every turn was played
    assert not pings_for(world, world.beto)
    assert services(world.env).runtime.table(session.session_id).has_next_step()
    world.env.errors.clear()


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_preferences_say_what_each_one_does(world, lang):
    await in_language(world, lang)
    shown = await world.ana.slash(world.channel, "cuarenta preferences")
    off = t("word.off", lang)
    lines = t("prefs.lines", lang, one_tap=off, turn_ping=off, tips=t("word.on", lang))
    assert shown.ephemeral and shown.response.content == t("prefs.show", lang, lines=lines)
    assert len(lines.splitlines()) == 3 and all("(" in line for line in lines.splitlines())


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_forfeit_asks_first_and_an_early_one_says_it_will_not_count(world, lang):
    session = await duel(world)
    await in_language(world, lang)  # her answers
    question, confirm = await forfeit_question(world, world.ana)
    void = t("forfeit.void", lang)
    assert question.content == t("forfeit.confirm", lang, consequence=void)
    assert current(world.env, session.session_id).is_live  # asking changes nothing
    done = await world.ana.click(question, custom_id=confirm)
    assert done.response.content == t("forfeit.done", lang)
    finished = current(world.env, session.session_id)
    assert finished.abandoned_early
    loser = f"<@{world.ana.id}>"
    said = t("table.result_forfeit_void", finished.lang, loser=loser)  # the table's language
    assert said in table_message(world, finished).content


async def test_a_forfeit_after_a_real_start_says_the_side_loses(world):
    session = await duel(world)
    for _ in range(6):  # three plays a side: a forfeit now is a result
        session = current(world.env, session.session_id)
        to_play = session.seats[session.seat_to_play].user_id
        await play_one_turn(world, world.ana if to_play == world.ana.id else world.beto, session)
    question, _ = await forfeit_question(world, world.ana)
    assert question.content == t("forfeit.confirm", "en", consequence=t("forfeit.loses", "en"))


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_2v2_lobby_reads_on_a_phone_and_says_what_is_full_and_what_hints_do(world, lang):
    await in_language(world, lang)
    await world.ana.slash(world.channel, "cuarenta start", mode="2v2")
    session = only_session(world.env)
    team_b = t("button.team_b", lang)
    await world.beto.click(table_message(world, session), label=team_b)
    await world.carla.click(table_message(world, session), label=team_b)
    lobby = table_message(world, session)
    lines = lobby.content.splitlines()
    team = "Equipo" if lang == "es" else "Team"
    assert any(line.startswith(f"{team} A: ") for line in lines)  # a line a team
    assert any(line.startswith(f"{team} B: ") for line in lines)
    styles = {b["label"]: b["style"] for b in buttons(lobby)}
    assert styles[team_b] == 2 and styles[t("button.team_a", lang)] == 3  # full: grey
    full = await world.ana.click(lobby, label=team_b)
    assert full.response.content == t("refuse.team_full", lang, other="A")
    assert t("lobby.hints_casual", lang) not in lobby.content
    await world.ana.click(lobby, custom_id=f"c40:lobby:{session.session_id}:hints")
    assert t("lobby.hints_casual", lang) in table_message(world, session).content
