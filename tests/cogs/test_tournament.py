"""Tournaments in simcord, as a server runs one: sign-up, rounds in threads, a champion."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

import cogs.tournament.live
from cogs.tournament import ids as tournament_ids
from cogs.tournament.live import Tournaments
from cogs.tournament.messages import entry_words
from i18n import t, tn
from tables.tournament import Tournament, TournamentPhase
from tests.cogs.helpers import (
    at_once,
    buttons,
    card_text,
    forfeit,
    in_language,
    play_one_turn,
    play_until_over,
    services,
)


@pytest.fixture(autouse=True)
def tables_open_at_once(monkeypatch):
    """A round's tables open one after another with no pause: simcord lets a short
    virtual pause pass in real time, which made each round cost a second a table."""
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", 0.0)


def live_tournament(world) -> Tournament:
    (live,) = services(world.env).get(Tournaments).by_id.values()
    return live.tournament


def message_of(world, tournament: Tournament):
    return next(m for m in world.channel.history() if m.id == tournament.message_id)


def thread_of(world, thread_id: int):
    return next(th for th in world.channel.threads if th.id == thread_id)


def click_id(tournament: Tournament, action: str) -> str:
    return tournament_ids.TOURNAMENT.build(
        tournament_id=tournament.tournament_id, action=tournament_ids.TournamentAction(action)
    )


async def press(world, member, tournament: Tournament, action: str):
    """`member` presses a button of the tournament's message."""
    return await member.click(message_of(world, tournament), custom_id=click_id(tournament, action))


async def open_tournament(world, host, **options):
    opened = await host.slash(world.channel, "cuarenta tournament", **options)
    assert not opened.ephemeral, opened.response.content
    return live_tournament(world)


async def sign_up(world, tournament, *members):
    for member in members:
        joined = await member.click(
            message_of(world, tournament), custom_id=click_id(tournament, "join")
        )
        assert joined.ephemeral and joined.response.content == t("tournament.joined", "en")


async def settle_round(world, player_by_id, played_through: set[str]) -> None:
    """Every open match of the current round ends: the first match with a person is played
    through the players' hands, every other one given up by a person; bot matches play
    by themselves."""
    tournament = live_tournament(world)
    for pairing in list(tournament.current.pairings):
        if pairing.done:
            continue
        table = services(world.env).runtime.table(pairing.table_id)
        thread = thread_of(world, pairing.thread_id)
        here = replace(world, channel=thread)
        people = [player_by_id[s.user_id] for s in table.session.seats if s.user_id is not None]
        if not people:
            continue
        if not played_through:
            played_through.add(pairing.table_id)
            await play_until_over(here, people, pairing.table_id)
        else:
            await forfeit(here, people[0])
    await world.env.advance_time(1.0)


@pytest.mark.parametrize("lang", ["es"])  # (the English words: the bad-input tests)
async def test_a_knockout_of_eight_with_two_bots_is_played_to_a_champion(world, manager, lang):
    await in_language(world, lang)
    eva, fede = (world.guild.add_member(world.env.create_user(n)) for n in ("eva", "fede"))
    tournament = await open_tournament(
        world, manager, format="knockout", size=8, length="one", bot_level="easy"
    )
    shown = message_of(world, tournament).content
    assert t("tournament.title", lang, how="")[:12] in shown
    people = [manager, world.ana, world.beto, world.carla, eva, fede]
    for member in people:
        await press(world, member, tournament, "join")
    filled = await manager.click(
        message_of(world, tournament), custom_id=click_id(tournament, "bots")
    )
    assert filled.response.content == t("tournament.filled.other", lang, count=2)
    await press(world, manager, tournament, "start")
    await world.env.advance_time(10.0)  # the round's tables open, a second apart

    tournament = live_tournament(world)
    first = tournament.current
    assert len(first.pairings) == 4
    for pairing in first.pairings:  # two bots meet with no thread: decided at once
        assert (pairing.thread_id is None) == tournament.between_bots(pairing)
        assert pairing.done or not tournament.between_bots(pairing)
    for pairing in [p for p in first.pairings if p.thread_id]:  # one thread, one table
        thread = thread_of(world, pairing.thread_id)
        tables = [m for m in thread.history() if m.author.bot and m.components]
        assert len(tables) == 1
        assert t("tournament.thread_name", lang, number=1, match="")[:7] in thread.name

    by_id = {member.id: member for member in people}
    played_through: set[str] = set()
    for _ in range(6):
        if live_tournament(world).phase == TournamentPhase.FINISHED:
            break
        await settle_round(world, by_id, played_through)
        await world.env.advance_time(10.0)
    tournament = live_tournament(world)
    assert tournament.phase == TournamentPhase.FINISHED
    final = message_of(world, tournament).content
    champion = tournament.podium()[0]
    champion_words = entry_words(tournament.entry(champion), lang)
    assert t("tournament.champion", lang, entry=champion_words) in final
    assert len(tournament.rounds) == 3 and not buttons(message_of(world, tournament))
    assert [a.filename for a in message_of(world, tournament).attachments] == ["torneo.png"]
    # Every person's matches are in their history, marked as the tournament's.
    for member in people:
        played = [
            p for r in tournament.rounds for p in r.pairings
            if p.b is not None and member.id in (
                tournament.entry(p.a).members + tournament.entry(p.b).members
            )
        ]  # fmt: skip
        history = await world.env.bot.storage.history(member.id, world.guild.id, limit=10)
        assert {h.match_id for h in history} == {p.table_id for p in played}
        assert all(h.tournament_id == tournament.tournament_id for h in history)
    (played,) = played_through  # its replay says it was the tournament's
    table = services(world.env).runtime.table(played)
    player = by_id[next(s.user_id for s in table.session.seats if s.user_id is not None)]
    shown = await player.slash(world.channel, "cuarenta history")
    replays = [  # a match forfeited before its first move has no replay: its button is off
        b
        for b in buttons(shown.response)
        if b.get("label", "").startswith("🎬") and not b.get("disabled")
    ]
    opened = await player.click(shown.response, custom_id=replays[0]["custom_id"])
    assert t("table.of_tournament", lang) in opened.response.content.splitlines()[0]
    assert await world.env.bot.storage.tournament_titles(
        tournament.entry(champion).members[0] if tournament.entry(champion).members else 0,
        world.guild.id,
    ) == (1 if tournament.entry(champion).members else 0)


async def test_a_pair_signs_up_when_the_partner_accepts(world, manager):
    tournament = await open_tournament(world, manager, format="swiss", teams="pairs", size=4)
    asked = await world.ana.click(
        message_of(world, tournament), custom_id=click_id(tournament, "join")
    )
    assert asked.ephemeral and asked.response.content == t("tournament.pick_partner", "en")
    picked = await world.ana.select(
        asked.response,
        [world.beto],
        custom_id=tournament_ids.TOURNAMENT_PARTNER.build(tournament_id=tournament.tournament_id),
    )
    assert picked.ephemeral
    invite = next(m for m in world.channel.history() if f"<@{world.beto.id}>" in m.content)
    stranger = await world.carla.click(invite, label=t("button.accept", "en"))
    assert stranger.ephemeral
    assert stranger.response.content == t("refuse.tournament_invite_not_yours", "en")
    accepted = await world.beto.click(invite, label=t("button.accept", "en"))
    assert not accepted.ephemeral
    tournament = live_tournament(world)
    assert [e.members for e in tournament.entries] == [[world.ana.id, world.beto.id]]
    twice = await world.beto.click(
        message_of(world, tournament), custom_id=click_id(tournament, "join")
    )
    assert twice.response.content == t("refuse.tournament_already_in", "en")


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_bad_input_gets_a_private_answer_and_changes_nothing(world, manager, lang):
    await in_language(world, lang)
    refused = await world.ana.slash(world.channel, "cuarenta tournament", format="knockout")
    assert refused.ephemeral
    assert refused.response.content == t("refuse.tournament_not_allowed", lang)
    tournament = await open_tournament(world, manager, format="knockout", size=2)
    again = await manager.slash(world.channel, "cuarenta tournament", format="swiss")
    assert (
        again.ephemeral
        and t("refuse.tournament_here", lang, link="")[:10] in again.response.content
    )
    message = message_of(world, tournament)
    for member, action, key in [
        (world.ana, "start", "tournament_not_host"),
        (manager, "start", "tournament_too_few"),
        (world.ana, "leave", "tournament_not_in"),
        (world.ana, "bots", "tournament_not_host"),
    ]:
        answer = await member.click(message, custom_id=click_id(tournament, action))
        assert answer.ephemeral and answer.response.content == t(f"refuse.{key}", lang), action
    await world.ana.click(message, custom_id=click_id(tournament, "join"))
    twice = await world.ana.click(message, custom_id=click_id(tournament, "join"))
    assert twice.response.content == t("refuse.tournament_already_in", lang)
    await world.beto.click(message, custom_id=click_id(tournament, "join"))
    full = await world.carla.click(message, custom_id=click_id(tournament, "join"))
    assert full.response.content == t("refuse.tournament_full", lang)
    assert [e.members for e in live_tournament(world).entries] == [[world.ana.id], [world.beto.id]]


async def test_a_restart_mid_round_resumes_with_nothing_lost_or_doubled(
    world, manager, make_bot, monkeypatch
):
    """The bot dies after the round's first table opened and before the second: after the
    restart the second opens, the first is not opened again, and the sign-up message is
    the same one."""
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", 3600.0)  # the 2nd never opens
    tournament = await open_tournament(world, manager, format="knockout", size=4, length="one")
    for member in (world.ana, world.beto, world.carla, manager):
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "start")
    before = live_tournament(world)
    assert [p.opened_at is not None for p in before.current.pairings] == [True, False]
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(1.0)
    after = live_tournament(world)
    assert after.message_id == before.message_id
    assert all(p.opened_at is not None for p in after.current.pairings)
    assert after.current.pairings[0].table_id == before.current.pairings[0].table_id
    assert len(world.channel.threads) == 2  # none made twice
    for pairing in after.current.pairings:
        tables = [m for m in thread_of(world, pairing.thread_id).history() if m.components]
        assert len(tables) == 1


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_side_that_never_plays_loses_by_walkover(world, manager, lang):
    await in_language(world, lang)
    tournament = await open_tournament(world, manager, format="knockout", size=2, deadline=3)
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(1.0)
    (pairing,) = live_tournament(world).current.pairings
    here = replace(world, channel=thread_of(world, pairing.thread_id))
    session = services(world.env).runtime.table(pairing.table_id).session
    for _ in range(4):  # ana plays when it is her turn; beto never does
        if session.current_seat().user_id == world.ana.id:
            await play_one_turn(here, world.ana, session)
            break
        await world.env.advance_time(session.turn_seconds + 1)
    assert session.showed_up(session.seat_of(world.ana.id) % 2)
    await world.env.advance_time(3 * 60 + cogs.tournament.live.SWEEP_SECONDS + 1)
    tournament = live_tournament(world)
    (pairing,) = tournament.rounds[-1].pairings
    ana = tournament.entry_of(world.ana.id).number
    assert pairing.walkover and pairing.winner == ana
    assert tournament.phase == TournamentPhase.FINISHED
    walkover = t(
        "tournament.decided",
        lang,
        verdict=t("tournament.goes_on", lang, winner=f"<@{world.ana.id}>"),
        why=t("tournament.why.no_show", lang, loser=f"<@{world.beto.id}>"),
    )
    assert walkover in message_of(world, tournament).content


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_no_tournament_where_the_bot_cannot_open_threads_or_in_maintenance(
    world, manager, lang
):
    await in_language(world, lang)
    overwrite = discord.PermissionOverwrite(create_public_threads=False)
    closed = world.guild.create_text_channel("closed", overwrites={world.env.bot.user: overwrite})
    refused = await manager.slash(closed, "cuarenta tournament", format="knockout")
    perms = t("perm.create_public_threads", lang)
    assert refused.response.content == t("refuse.tournament_threads", lang, perms=perms)
    services(world.env).openings.maintenance = True
    refused = await manager.slash(world.channel, "cuarenta tournament", format="knockout")
    assert refused.ephemeral and refused.response.content == t(
        "refuse.maintenance", lang, reason=""
    )
    assert not services(world.env).get(Tournaments).by_id


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_without_options_it_shows_this_channels_tournament_or_the_champions(
    world, manager, lang
):
    await in_language(world, lang)
    none = await world.ana.slash(world.channel, "cuarenta tournament")
    assert none.ephemeral and t("tournament.past_none", lang) in none.response.content
    tournament = await open_tournament(world, manager, format="knockout", size=2)
    here = await world.ana.slash(world.channel, "cuarenta tournament")
    assert str(tournament.message_id) in here.response.content
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(1.0)
    (pairing,) = live_tournament(world).current.pairings
    await forfeit(replace(world, channel=thread_of(world, pairing.thread_id)), world.beto)
    await world.env.advance_time(1.0)
    past = await world.carla.slash(world.channel, "cuarenta tournament")
    assert f"<@{world.ana.id}>" in past.response.content
    assert t("tournament.past", lang) in past.response.content
    stats = await world.ana.slash(world.channel, "cuarenta stats")
    assert tn("stats.titles", lang, 1) in card_text(stats)
    history = await world.ana.slash(world.channel, "cuarenta history")
    assert t("history.tournament", lang) in history.response.content  # the match is marked


async def play_out_by_giving_up(world, people) -> Tournament:
    """Every match with a person ends by one of them giving up (the other side goes on);
    bot matches play themselves."""
    by_id = {member.id: member for member in people}
    for _ in range(40):
        tournament = live_tournament(world)
        if tournament.phase != TournamentPhase.RUNNING:
            return tournament
        for pairing in list(tournament.current.pairings):
            table = services(world.env).runtime.tables.get(pairing.table_id)
            if pairing.done or table is None or not table.session.is_live:
                continue
            humans = [by_id[s.user_id] for s in table.session.seats if s.user_id is not None]
            if humans:
                await forfeit(
                    replace(world, channel=thread_of(world, pairing.thread_id)), humans[0]
                )
        await world.env.advance_time(5.0)
    raise AssertionError("the tournament never ended")


async def test_a_tournament_of_four_pairs_is_played_to_a_champion(world, manager):
    dani = world.guild.add_member(world.env.create_user("dani"))
    tournament = await open_tournament(
        world, manager, format="knockout", teams="pairs", size=4, length="one", bot_level="easy"
    )
    for inviter, partner in ((world.ana, world.beto), (world.carla, dani)):
        asked = await press(world, inviter, tournament, "join")
        await inviter.select(
            asked.response,
            [partner],
            custom_id=tournament_ids.TOURNAMENT_PARTNER.build(
                tournament_id=tournament.tournament_id
            ),
        )
        invite = [m for m in world.channel.history() if f"<@{partner.id}>" in m.content][-1]
        await partner.click(invite, label=t("button.accept", "en"))
    await press(world, manager, tournament, "bots")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)
    first = live_tournament(world).current
    for pairing in first.pairings:  # four seats, partners facing each other across
        if live_tournament(world).between_bots(pairing):
            continue  # (two bot pairs meet with no table)
        session = services(world.env).runtime.table(pairing.table_id).session
        assert session.players == 4
        a, b = (live_tournament(world).entry(n) for n in pairing.entries())
        assert [session.seats[i].user_id for i in (0, 2)] == (a.members or [None, None])
        assert [session.seats[i].user_id for i in (1, 3)] == (b.members or [None, None])
    tournament = await play_out_by_giving_up(world, [world.ana, world.beto, world.carla, dani])
    assert tournament.phase == TournamentPhase.FINISHED and len(tournament.podium()) >= 2


async def test_swiss_with_an_odd_number_of_entries_in_simcord(world, manager):
    tournament = await open_tournament(world, manager, format="swiss", rounds=3, length="one")
    for member in (world.ana, world.beto, world.carla):
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "start")
    tournament = await play_out_by_giving_up(world, [world.ana, world.beto, world.carla])
    byes = [p.a for r in tournament.rounds for p in r.pairings if p.b is None]
    assert len(tournament.rounds) == 3 and sorted(byes) == [1, 2, 3]  # each one bye
    met = [frozenset(p.entries()) for r in tournament.rounds for p in r.pairings if p.b]
    assert len(met) == len(set(met)) == 3  # no rematch
    shown = message_of(world, tournament).content
    assert t("tournament.standings", "en") in shown
    assert "1. <@" in shown or "1. 🤖" in shown  # the standings, by place


async def test_groups_then_a_repechaje_then_the_knockout_in_simcord(world, manager):
    """Six entries: two groups of three, the two thirds in a repechaje, then a knockout."""
    dani = world.guild.add_member(world.env.create_user("dani"))
    people = [world.ana, world.beto, world.carla, manager, dani]
    tournament = await open_tournament(
        world, manager, format="groups", size=6, length="one", bot_level="easy"
    )
    for member in people:
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "bots")
    await press(world, manager, tournament, "start")
    tournament = await play_out_by_giving_up(world, people)
    stages = [r.stage for r in tournament.rounds]
    assert stages[:3] == ["group"] * 3 and stages[3] == "repechaje"
    assert set(stages[4:]) == {"knockout"} and tournament.podium()


async def test_a_restart_in_sign_up_and_between_rounds_loses_nothing(world, manager, make_bot):
    tournament = await open_tournament(world, manager, format="knockout", size=4, length="one")
    await press(world, world.ana, tournament, "join")
    old_message = message_of(world, tournament)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(1.0)
    joined = await world.beto.click(old_message, custom_id=click_id(tournament, "join"))
    assert joined.response.content == t("tournament.joined", "en")  # the old buttons work
    for member in (world.carla, manager):
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)
    first = live_tournament(world).current
    people = {m.id: m for m in (world.ana, world.beto, world.carla, manager)}
    for pairing in first.pairings:  # the round ends; the bot dies before the next opens
        table = services(world.env).runtime.table(pairing.table_id)
        loser = next(s.user_id for s in table.session.seats if s.user_id)
        await forfeit(replace(world, channel=thread_of(world, pairing.thread_id)), people[loser])
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(cogs.tournament.live.SWEEP_SECONDS + 5.0)
    tournament = live_tournament(world)
    assert len(tournament.rounds) == 2 and tournament.current.pairings[0].opened_at
    assert len(world.channel.threads) == 3  # two in round 1, the final: nothing twice


async def test_two_tournaments_run_side_by_side_in_two_channels(world, manager):
    other = world.guild.create_text_channel("torneos")
    first = await open_tournament(world, manager, format="knockout", size=2)
    opened = await manager.slash(other, "cuarenta tournament", format="swiss", size=2)
    assert not opened.ephemeral
    assert len(services(world.env).get(Tournaments).by_id) == 2
    await press(world, world.ana, first, "join")
    second = next(
        live.tournament
        for live in services(world.env).get(Tournaments).by_id.values()
        if live.tournament.channel_id == other.id
    )
    message = next(m for m in other.history() if m.id == second.message_id)
    elsewhere = await world.ana.click(message, custom_id=click_id(second, "join"))
    assert elsewhere.response.content == t("refuse.tournament_other", "en")
    joined = await world.beto.click(message, custom_id=click_id(second, "join"))
    assert joined.response.content == t("tournament.joined", "en")


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_withdrawing_after_the_start_asks_first_and_hands_the_match_over(
    world, manager, lang
):
    await in_language(world, lang)
    tournament = await open_tournament(world, manager, format="knockout", size=2)
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(1.0)
    asked = await press(world, world.ana, tournament, "leave")
    assert asked.ephemeral and asked.response.content == t("tournament.leave_confirm", lang)
    assert live_tournament(world).phase == TournamentPhase.RUNNING  # nothing yet
    outsider = await press(world, world.carla, tournament, "leave")
    assert outsider.response.content == t("refuse.tournament_not_in", lang)
    confirmed = await world.ana.click(asked.response, custom_id=click_id(tournament, "quit"))
    assert confirmed.response.content == t("tournament.withdrew", lang)
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    (pairing,) = tournament.rounds[0].pairings
    assert tournament.phase == TournamentPhase.FINISHED
    assert pairing.winner == tournament.entry_of(world.beto.id).number
    table = services(world.env).runtime.table(pairing.table_id)
    assert (
        not table.session.is_live
        and table.session.winner == table.session.seat_of(world.beto.id) % 2
    )


async def test_a_tournament_starts_by_itself_at_its_time_if_enough_signed_up(world, manager):
    tournament = await open_tournament(world, manager, format="knockout", size=4, starts_in=5)
    await press(world, world.ana, tournament, "join")
    await world.env.advance_time(5 * 60 + cogs.tournament.live.SWEEP_SECONDS + 1)
    waiting = live_tournament(world)  # one entry at its time: it waits for the host
    assert waiting.phase == TournamentPhase.SIGNUP and waiting.settings.starts_at is None
    assert (
        t("tournament.host_starts", "en", host=f"<@{manager.id}>")
        in message_of(world, waiting).content
    )

    other = world.guild.create_text_channel("otro")
    opened = await manager.slash(other, "cuarenta tournament", format="swiss", starts_in=2)
    assert not opened.ephemeral
    timed = next(
        live.tournament
        for live in services(world.env).get(Tournaments).by_id.values()
        if live.tournament.channel_id == other.id
    )
    message = next(m for m in other.history() if m.id == timed.message_id)
    for member in (world.beto, world.carla):
        await member.click(message, custom_id=click_id(timed, "join"))
    await world.env.advance_time(2 * 60 + cogs.tournament.live.SWEEP_SECONDS + 2)
    started = services(world.env).get(Tournaments).get(timed.tournament_id).tournament
    assert started.phase == TournamentPhase.RUNNING
    assert all(p.opened_at for p in started.current.pairings if p.b is not None)


async def test_a_stale_partner_pick_after_a_cancel_changes_nothing(world, manager):
    tournament = await open_tournament(world, manager, format="knockout", teams="pairs", size=4)
    asked = await press(world, world.ana, tournament, "join")
    await press(world, manager, tournament, "cancel")
    late = await world.ana.select(
        asked.response,
        [world.beto],
        custom_id=tournament_ids.TOURNAMENT_PARTNER.build(tournament_id=tournament.tournament_id),
    )
    assert late.ephemeral and late.response.content == t("refuse.tournament_over", "en")
    assert not live_tournament(world).invites and not live_tournament(world).entries
    assert (
        t("tournament.cancelled", "en", host=f"<@{manager.id}>")
        in message_of(world, live_tournament(world)).content
    )


@pytest.mark.usefixtures("rest_yields")
async def test_two_clicks_at_once_sign_up_once_and_start_once(world, manager):
    tournament = await open_tournament(world, manager, format="knockout", size=4, length="one")
    message = message_of(world, tournament)
    await at_once(
        world.env,
        world.ana.click(message, custom_id=click_id(tournament, "join")),
        world.ana.click(message, custom_id=click_id(tournament, "join")),
    )
    await press(world, world.beto, tournament, "join")
    assert [e.members for e in live_tournament(world).entries] == [[world.ana.id], [world.beto.id]]
    message = message_of(world, tournament)
    first, second = await at_once(
        world.env,
        manager.click(message, custom_id=click_id(tournament, "start")),
        manager.click(message, custom_id=click_id(tournament, "start")),
    )
    await world.env.advance_time(2.0)
    started = live_tournament(world)
    assert len(started.rounds) == 1 and len(world.channel.threads) == 1
    answers = [r.response.content for r in (first, second) if r.response is not None]
    assert t("refuse.tournament_started", "en") in answers


@pytest.mark.usefixtures("rest_yields")
async def test_leaving_as_the_tournament_starts_never_withdraws_without_asking(world, manager):
    """Leave and Start in the same instant: she is either off the list before the start,
    or told it started (and may withdraw, after the question); never withdrawn unasked."""
    tournament = await open_tournament(world, manager, format="knockout", size=4, length="one")
    for member in (world.ana, world.beto, world.carla):
        await press(world, member, tournament, "join")
    message = message_of(world, tournament)
    left, _ = await at_once(
        world.env,
        world.ana.click(message, custom_id=click_id(tournament, "leave")),
        manager.click(message, custom_id=click_id(tournament, "start")),
    )
    started = live_tournament(world)
    assert started.phase == TournamentPhase.RUNNING
    ana = started.entry_of(world.ana.id)
    if ana is None:
        assert left.response.content == t("tournament.left", "en")
    else:
        assert not ana.withdrawn
        assert left.response.content == t("refuse.tournament_started", "en")
