"""A tournament at its edges, in simcord: how a match ends and what it then says, the
sweep after a crash or a deleted thread, one tournament and one table per person, who
may cancel, the removal menu, maintenance, "my table", where a tournament may be made."""

from __future__ import annotations

from dataclasses import replace

import pytest

import cogs.tournament.live
from cogs.tournament import ids as tournament_ids
from cogs.tournament.live import LiveTournament, Tournaments
from cogs.tournament.messages import (
    PAGE_VALUE,
    call_done_text,
    forfeit_consequence,
    match_over_lines,
    my_table_text,
)
from i18n import t, tn
from tables.tournament import How, Tournament, TournamentPhase
from tests.cogs.conftest import payload_violations
from tests.cogs.helpers import (
    at_once,
    buttons,
    forfeit,
    forfeit_question,
    in_language,
    services,
)
from tests.cogs.test_tournament import (
    click_id,
    live_tournament,
    message_of,
    open_tournament,
    press,
    thread_of,
)


@pytest.fixture(autouse=True)
def tables_open_at_once(monkeypatch):
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", 0.0)


async def two_player_final(world, manager, **options) -> Tournament:
    """A knockout of ana and beto (the final at once), started, its table open."""
    tournament = await open_tournament(world, manager, format="knockout", size=2, **options)
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(1.0)
    return live_tournament(world)


def in_thread(world, pairing):
    return replace(world, channel=thread_of(world, pairing.thread_id))


def tournaments(world) -> Tournaments:
    return services(world.env).get(Tournaments)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_giving_up_says_what_it_does_first_and_reads_as_given_up(world, manager, lang):
    await in_language(world, lang)
    tournament = await two_player_final(world, manager)
    (pairing,) = tournament.current.pairings
    here = in_thread(world, pairing)
    question, confirm = await forfeit_question(here, world.beto)
    consequence = forfeit_consequence(tournament, pairing.table_id, lang)
    assert consequence == t("tournament.forfeit_out", lang) and consequence in question.content
    await world.beto.click(question, custom_id=confirm)
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    (pairing,) = tournament.current.pairings
    assert pairing.decided_how == How.GAVE_UP and tournament.phase == TournamentPhase.FINISHED
    gave_up = t("tournament.why.gave_up", lang, loser=f"<@{world.beto.id}>")
    no_show = t("tournament.why.no_show", lang, loser=f"<@{world.beto.id}>")
    shown = message_of(world, tournament).content
    assert gave_up in shown
    assert no_show not in shown
    # The final's thread names the champion, after the result.
    said = [m.content for m in here.channel.history()]
    champion = t("tournament.over.champion", lang, entry=f"<@{world.ana.id}>")
    assert any(champion in text for text in said)
    # Both players' records hold the match as what it was: a forfeit, won and lost.
    for member in (world.ana, world.beto):
        history = await world.env.bot.storage.history(member.id, world.guild.id, limit=5)
        assert [h.match_id for h in history] == [pairing.table_id]


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_after_a_match_its_thread_says_what_comes_next(world, manager, lang):
    """A knockout of four: the first semifinal's thread tells the winner they go on and
    their table opens when the other match ends, and the loser that they are out."""
    await in_language(world, lang)
    tournament = await open_tournament(world, manager, format="knockout", size=4, length="one")
    for member in (world.ana, world.beto, world.carla, manager):
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    first = tournament.current.pairings[0]
    loser = tournament.entry(first.b).members[0]
    people = {m.id: m for m in (world.ana, world.beto, world.carla, manager)}
    here = in_thread(world, first)
    await forfeit(here, people[loser])
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    first = tournament.current.pairings[0]
    expected = match_over_lines(tournament, first, lang)
    said = [m.content for m in here.channel.history()]
    assert "\n".join(expected) in said
    assert expected[0] == tn(
        "tournament.over.goes_on", lang, 1, entry=f"<@{tournament.entry(first.a).members[0]}>",
        next=2, link=f"<#{tournament.channel_id}>",
    )  # fmt: skip
    progress = tn("tournament.progress", lang, 2, done=1, next=2)
    assert progress in message_of(world, tournament).content
    call = next(m for m in world.channel.history() if m.id == first.thread_id)
    assert call.content == call_done_text(tournament, first, lang)  # the call: its result
    # The round's last match: the final is paired already, its table opens now.
    second = tournament.current.pairings[1]
    here = in_thread(world, second)
    await forfeit(here, people[tournament.entry(second.b).members[0]])
    await world.env.advance_time(1.0)
    winner = f"<@{live_tournament(world).entry(second.a).members[0]}>"
    now_line = t(
        "tournament.over.goes_on_now", lang, entry=winner, next=2,
        link=f"<#{world.channel.id}>",
    )  # fmt: skip
    assert any(now_line in m.content for m in here.channel.history())


async def test_a_withdrawal_s_walkover_is_applied_by_the_sweep_after_a_crash(
    world, manager, make_bot, monkeypatch
):
    tournament = await two_player_final(world, manager)
    monkeypatch.setattr(LiveTournament, "withdrawn", lambda self, entry: _nothing())
    asked = await press(world, world.ana, tournament, "leave")
    await world.ana.click(asked.response, custom_id=click_id(tournament, "quit"))
    (pairing,) = live_tournament(world).current.pairings
    assert not pairing.done  # the bot died between the withdrawal and its walkover
    monkeypatch.undo()
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", 0.0)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(cogs.tournament.live.SWEEP_SECONDS + 2)
    tournament = live_tournament(world)
    (pairing,) = tournament.current.pairings
    assert pairing.decided_how == How.WITHDREW
    assert pairing.winner == tournament.entry_of(world.beto.id).number
    assert tournament.phase == TournamentPhase.FINISHED


async def _nothing() -> None:
    return None


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_sign_up_nobody_starts_ends_by_itself_and_holds_nobody(world, manager, lang):
    await in_language(world, lang)
    tournament = await open_tournament(world, manager, format="knockout", size=4)
    await press(world, world.ana, tournament, "join")
    await world.env.advance_time(24 * 3600 + cogs.tournament.live.SWEEP_SECONDS + 1)
    tournament = live_tournament(world)
    assert tournament.phase == TournamentPhase.CANCELLED
    assert t("tournament.cancelled", lang, host=f"<@{manager.id}>") in (
        message_of(world, tournament).content
    )
    other = world.guild.create_text_channel("otro")
    opened = await manager.slash(other, "cuarenta tournament", format="knockout")
    assert not opened.ephemeral  # the channel... and ana are free again
    second = next(
        live.tournament for live in tournaments(world).by_id.values() if live.tournament.is_live
    )
    message = next(m for m in other.history() if m.id == second.message_id)
    joined = await world.ana.click(message, custom_id=click_id(second, "join"))
    assert joined.response.content == t("tournament.joined", lang)


async def test_a_deleted_match_thread_opens_the_match_again(world, manager):
    tournament = await two_player_final(world, manager, length="one")
    (pairing,) = tournament.current.pairings
    before = replace(pairing)  # (the live pairing changes in place)
    world.env.backend.delete_channel(before.thread_id)
    session = services(world.env).runtime.table(before.table_id).session
    # The table finds its thread gone at its next step (a turn timing out) and closes;
    # the tournament's sweep opens the match again, in a new thread.
    await world.env.advance_time(session.turn_seconds + 2 * cogs.tournament.live.SWEEP_SECONDS)
    tournament = live_tournament(world)
    (after,) = tournament.current.pairings
    assert after.thread_id not in (None, before.thread_id) and after.table_id != before.table_id
    assert after.opened_at is not None
    if not after.done:  # (its new first deal may decide it at once: a doble ronda)
        assert services(world.env).runtime.table(after.table_id).session.is_live
        await forfeit(in_thread(world, after), world.beto)
        await world.env.advance_time(1.0)
    assert live_tournament(world).phase == TournamentPhase.FINISHED


@pytest.mark.usefixtures("rest_yields")
async def test_three_joins_in_one_tick_sign_up_once(world, manager):
    channels = [world.channel] + [world.guild.create_text_channel(f"t{n}") for n in (2, 3)]
    made = []
    for channel in channels:
        await manager.slash(channel, "cuarenta tournament", format="knockout", size=4)
        made.append(tournaments(world).in_channel(channel.id).tournament)
    messages = [
        next(m for m in channel.history() if m.id == tournament.message_id)
        for channel, tournament in zip(channels, made, strict=True)
    ]
    await at_once(
        world.env,
        *(
            world.ana.click(message, custom_id=click_id(tournament, "join"))
            for message, tournament in zip(messages, made, strict=True)
        ),
    )
    held = [
        live.tournament
        for live in tournaments(world).by_id.values()
        if world.ana.id in live.tournament.people()
    ]
    assert len(held) == 1


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_partner_picker_left_open_cannot_take_someone_already_taken(world, manager, lang):
    await in_language(world, lang)
    pairs = await open_tournament(world, manager, format="knockout", teams="pairs", size=4)
    picker = await press(world, world.ana, pairs, "join")  # the picker, left open
    other = world.guild.create_text_channel("singles")
    await manager.slash(other, "cuarenta tournament", format="knockout", size=4)
    singles = tournaments(world).in_channel(other.id).tournament
    message = next(m for m in other.history() if m.id == singles.message_id)
    await world.beto.click(message, custom_id=click_id(singles, "join"))
    picked = await world.ana.select(
        picker.response,
        [world.beto],
        custom_id=tournament_ids.TOURNAMENT_PARTNER.build(tournament_id=pairs.tournament_id),
    )
    assert picked.ephemeral
    assert picked.response.content == t(
        "refuse.tournament_partner_busy", lang, who=f"<@{world.beto.id}>"
    )
    assert not tournaments(world).get(pairs.tournament_id).tournament.invites


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_player_seated_at_a_table_cannot_join_and_a_lapsed_invitation_holds_nobody(
    world, manager, lang
):
    await in_language(world, lang)
    elsewhere = world.guild.create_text_channel("mesa")
    sent = await world.carla.slash(elsewhere, "cuarenta challenge", user=manager, length="one")
    await manager.click(sent.response, label=t("button.accept", lang))
    pairs = await open_tournament(world, manager, format="knockout", teams="pairs", size=4)
    refused = await press(world, world.carla, pairs, "join")
    assert refused.response.content == t(
        "refuse.tournament_at_table", lang, link=f"<#{elsewhere.id}>"
    )
    picker = await press(world, world.ana, pairs, "join")
    await world.ana.select(
        picker.response,
        [world.beto],
        custom_id=tournament_ids.TOURNAMENT_PARTNER.build(tournament_id=pairs.tournament_id),
    )
    assert live_tournament(world).invites
    await world.env.advance_time(11 * 60)  # the invitation lapses unanswered
    other = world.guild.create_text_channel("singles")
    await world.ana.slash(other, "cuarenta tournament")  # (a look: nothing changes)
    await services(world.env).settings.change(world.guild.id, open_tournaments=True)
    opened = await world.beto.slash(other, "cuarenta tournament", format="knockout", size=2)
    assert not opened.ephemeral
    singles = tournaments(world).in_channel(other.id).tournament
    message = next(m for m in other.history() if m.id == singles.message_id)
    joined = await world.beto.click(message, custom_id=click_id(singles, "join"))
    assert joined.response.content == t("tournament.joined", lang)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_only_a_manager_cancels_a_running_tournament_and_its_tables_stop(
    world, manager, lang
):
    await in_language(world, lang)
    tournament = await two_player_final(world, manager)
    (pairing,) = tournament.current.pairings
    refused = await press(world, world.ana, tournament, "end")
    assert refused.response.content == t("refuse.tournament_running_cancel", lang)
    assert live_tournament(world).phase == TournamentPhase.RUNNING
    ended = await press(world, manager, tournament, "end")
    assert ended.ephemeral and ended.response.content == t("tournament.ended", lang)
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    assert tournament.phase == TournamentPhase.CANCELLED
    assert not services(world.env).runtime.table(pairing.table_id).session.is_live
    assert not buttons(message_of(world, tournament))


@pytest.mark.usefixtures("rest_yields")
async def test_the_sign_up_s_cancel_pressed_as_it_starts_leaves_no_table_playing(world, manager):
    """Cancel and Start in the same instant: either the sign-up is cancelled (no table
    ever opens), or the cancel is refused and the tournament runs: never a cancelled
    tournament with tables playing on."""
    tournament = await open_tournament(world, manager, format="knockout", size=2)
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    message = message_of(world, tournament)
    _, cancel = await at_once(
        world.env,
        manager.click(message, custom_id=click_id(tournament, "start")),
        manager.click(message, custom_id=click_id(tournament, "cancel")),
    )
    await world.env.advance_time(2.0)
    tournament = live_tournament(world)
    live_tables = [s for s in services(world.env).runtime.tables.values() if s.session.is_live]
    if tournament.phase == TournamentPhase.CANCELLED:
        assert not live_tables
    else:
        assert tournament.phase == TournamentPhase.RUNNING and live_tables
        assert cancel.response.content == t("refuse.tournament_running_cancel", "en")


async def test_a_manager_ends_a_sign_up_whose_host_left(world, manager):
    await services(world.env).settings.change(world.guild.id, open_tournaments=True)
    tournament = await open_tournament(world, world.carla, format="knockout", size=4)
    refused = await press(world, world.ana, tournament, "cancel")
    assert refused.response.content == t("refuse.tournament_not_host", "en")
    await press(world, manager, tournament, "cancel")
    assert live_tournament(world).phase == TournamentPhase.CANCELLED


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_removal_menu_reaches_every_entry_by_its_key(world, manager, lang):
    await in_language(world, lang)
    tournament = await open_tournament(world, manager, format="swiss", size=30)
    people = [world.ana, world.beto, world.carla] + [
        world.guild.add_member(world.env.create_user(f"p{n:02}")) for n in range(24)
    ]
    for member in people:
        await press(world, member, tournament, "join")
    remove_id = tournament_ids.TOURNAMENT_REMOVE.build(tournament_id=tournament.tournament_id)
    shown = message_of(world, tournament)
    turn = await manager.select(shown, [f"{PAGE_VALUE}1"], custom_id=remove_id)
    assert turn.ephemeral  # page 2, privately: the entries past the 24th
    last = live_tournament(world).entries[-1]
    removed = await manager.select(turn.response, [last.key], custom_id=remove_id)
    assert removed.ephemeral
    assert last.key not in [e.key for e in live_tournament(world).entries]
    # beto leaves as the host picks him: nobody else is removed in his place.
    others = [e.key for e in live_tournament(world).entries if e.key != f"u{world.beto.id}"]
    shown = message_of(world, tournament)
    await at_once(
        world.env,
        world.beto.click(shown, custom_id=click_id(tournament, "leave")),
        manager.select(shown, [f"u{world.beto.id}"], custom_id=remove_id),
    )
    assert [e.key for e in live_tournament(world).entries] == others


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_maintenance_pauses_a_running_tournament_and_it_goes_on_after(world, manager, lang):
    await in_language(world, lang)
    tournament = await open_tournament(world, manager, format="knockout", size=4, length="one")
    for member in (world.ana, world.beto, world.carla, manager):
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(1.0)
    world.env.bot.owner_id = world.carla.id  # the owner turns maintenance on
    await world.carla.slash(world.channel, "cuarenta admin", action="maintenance_on")
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    assert tournament.is_paused
    assert t("tournament.paused", lang) in message_of(world, tournament).content
    people = {m.id: m for m in (world.ana, world.beto, world.carla, manager)}
    for pairing in tournament.current.pairings:  # the semifinals end during maintenance
        loser = tournament.entry(pairing.b).members[0]
        await forfeit(in_thread(world, pairing), people[loser])
    await world.env.advance_time(cogs.tournament.live.SWEEP_SECONDS + 1)
    tournament = live_tournament(world)
    (final,) = tournament.current.pairings
    assert final.thread_id is None and final.opened_at is None  # held: no empty thread
    winner = tournament.entry(final.a).members[0]
    mine = await press(world, people[winner], tournament, "mine")
    assert mine.response.content == t("tournament.paused", lang)
    await world.carla.slash(world.channel, "cuarenta admin", action="maintenance_off")
    await world.env.advance_time(1.0)
    tournament = live_tournament(world)
    (final,) = tournament.current.pairings
    assert not tournament.is_paused and final.thread_id and final.opened_at
    assert t("tournament.paused", lang) not in message_of(world, tournament).content


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_my_table_answers_privately_with_the_thread_the_rival_and_the_deadline(
    world, manager, lang
):
    await in_language(world, lang)
    tournament = await two_player_final(world, manager)
    (pairing,) = tournament.current.pairings
    mine = await press(world, world.ana, tournament, "mine")
    assert mine.ephemeral
    assert mine.response.content == my_table_text(tournament, world.ana.id, lang)
    assert f"<#{pairing.thread_id}>" in mine.response.content
    assert f"<@{world.beto.id}>" in mine.response.content
    deadline = int(pairing.opened_at + tournament.settings.walkover_seconds)
    assert f"<t:{deadline}:t>" in mine.response.content
    outsider = await press(world, world.carla, tournament, "mine")
    assert outsider.ephemeral and outsider.response.content.startswith(
        t("tournament.mine.none", lang, link="")[:8]
    )


async def test_each_match_thread_starts_from_its_call_and_bots_play_bots_without_one(
    world, manager
):
    tournament = await open_tournament(
        world, manager, format="swiss", size=6, length="one", bot_level="easy", rounds=1
    )
    await press(world, world.ana, tournament, "join")
    await press(world, world.beto, tournament, "join")
    await press(world, manager, tournament, "bots")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)
    tournament = live_tournament(world)
    with_people = [p for p in tournament.current.pairings if not tournament.between_bots(p)]
    between_bots = [p for p in tournament.current.pairings if tournament.between_bots(p)]
    assert between_bots and all(p.done and p.thread_id is None for p in between_bots)
    in_channel = {m.id: m for m in world.channel.history()}
    for pairing in with_people:  # the thread's id is its call's: started from it
        call = in_channel[pairing.thread_id]
        assert call.author.bot and "<@" in call.content
    assert not [m for m in in_channel.values() if m.type.value == 18]  # no "started a thread"
    assert len(world.channel.threads) == len(with_people)


async def test_the_command_takes_up_to_96_entries(world, manager):
    tournament = await open_tournament(world, manager, format="groups", teams="pairs", size=96)
    assert tournament.settings.size == 96


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_no_tournament_inside_a_thread_or_a_forum_post(world, manager, lang):
    """(A forum post is a thread to discord.py: the same refusal.)"""
    await in_language(world, lang)
    backend = world.env.backend
    thread = backend.create_thread(world.channel.id, "charla", manager.id)
    here = next(th for th in world.channel.threads if th.id == thread.id)
    refused = await manager.slash(here, "cuarenta tournament", format="knockout")
    assert refused.ephemeral
    assert refused.response.content == t("refuse.tournament_in_thread", lang)
    assert not tournaments(world).by_id


def test_the_validator_sees_every_kind_of_request():
    long = "x" * 2001
    assert payload_violations("POST", "/channels/1/messages", {"content": long})
    assert payload_violations("PATCH", "/channels/1/messages/2", {"content": long})
    callback = {"type": 4, "data": {"content": long}}
    assert payload_violations("POST", "/interactions/1/tok/callback", callback)
    assert payload_violations("POST", "/channels/1/messages/2/threads", {"name": "n" * 101})
    rows = [
        {"type": 1, "components": [{"type": 2, "label": "b", "custom_id": str(i)}]}
        for i in range(6)
    ]
    assert payload_violations("POST", "/channels/1/messages", {"content": "", "components": rows})
    assert not payload_violations("POST", "/channels/1/messages", {"content": "hola"})
