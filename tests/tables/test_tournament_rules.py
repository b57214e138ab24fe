"""Tournament rules at their edges, without Discord: one tournament per person at any
instant, removal by entry, lapsed sign-ups and invitations, cancelling, withdrawals, a
match given up, bots' names, third place."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from db import MatchOutcome
from engine import Rules
from engine.cards import full_deck
from tables import EndReason, Phase, Refusal
from tables.results import match_record
from tables.tournament import (
    INVITE_SECONDS,
    SIGNUP_SECONDS,
    Format,
    How,
    Tournament,
    TournamentPhase,
)

from .test_deal_wins import stacked
from .test_tournament import HOST, play_out, refused, tournament

MANAGER = 7


def busy_in(others: list[Tournament], now: float | None = None):
    """The cogs' check: taken by another tournament of the server (asked in the change)."""
    return lambda user: any(user in other.people(now) for other in others)


# --------------------------------------------------------- one tournament a person
def test_three_joins_in_one_tick_leave_the_player_in_one_tournament():
    rooms = [tournament(0) for _ in range(3)]
    joined = []
    for room in rooms:  # each change asks the others inside itself, one after another
        others = [other for other in rooms if other is not room]
        try:
            room.join(500, "ana", now=0.0, busy=busy_in(others, 0.0))
            joined.append(room)
        except Refusal as refusal:
            assert refusal.key == "tournament_already_in"
    assert len(joined) == 1
    assert sum(500 in room.people(0.0) for room in rooms) == 1


def test_a_partner_picker_left_open_cannot_take_a_partner_signed_up_elsewhere():
    pairs = tournament(0, team_size=2)
    elsewhere = tournament(0, team_size=2)
    pairs.check_sign_up([500], 0.0)  # ana opens the picker: she is free then
    elsewhere.invite(600, "beto", 501, "carla", 1.0)  # meanwhile carla is asked elsewhere
    refused(
        "tournament_already_in",
        lambda: pairs.invite(500, "ana", 501, "carla", 2.0, busy=busy_in([elsewhere], 2.0)),
    )
    assert pairs.invites == []


def test_accepting_checks_both_again():
    pairs = tournament(0, team_size=2)
    singles = tournament(0)
    pairs.invite(500, "ana", 501, "carla", 0.0)
    singles.join(500, "ana", now=1.0)  # (in a change that did not ask the pair tournament)
    refused(
        "tournament_already_in",
        lambda: pairs.answer_invite(501, 500, True, 2.0, busy=busy_in([singles], 2.0)),
    )


def test_a_lapsed_invitation_holds_nobody():
    pairs = tournament(0, team_size=2)
    pairs.invite(500, "ana", 501, "carla", 0.0)
    later = INVITE_SECONDS + 1.0
    assert {500, 501} <= pairs.people(0.0)
    assert pairs.people(later) == set()
    other = tournament(0)
    other.join(501, "carla", now=later, busy=busy_in([pairs], later))
    # and in its own tournament, both may sign up again
    pairs.invite(501, "carla", 500, "ana", later)
    assert [i.inviter for i in pairs.invites] == [501]


def test_an_eliminated_or_withdrawn_player_is_free_for_another_tournament():
    made = tournament(4)
    made.start(HOST, 0.0)
    made.withdraw(100)
    assert 100 not in made.people() and 101 in made.people()


# ------------------------------------------------------------ removal by entry
@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 96), data=st.data())
def test_removal_names_the_entry_not_its_place(count, data):
    made = tournament(0, size=96)
    made.fill_with_bots(HOST)
    made.entries = made.entries[:count]
    for user in range(count // 2):  # some people too
        made.entries[user].members, made.entries[user].bot_level = [900 + user], None
    target = data.draw(st.sampled_from(made.entries))
    key, names = target.key, list(target.names)
    gone_before = data.draw(st.sampled_from([e for e in made.entries if e is not target]))
    made._remove(gone_before)  # someone leaves in the same instant, before the click lands
    removed = made.remove_entry(HOST, key)
    assert removed.names == names and all(e.key != key for e in made.entries)
    assert [e.number for e in made.entries] == list(range(1, count - 1))
    refused("tournament_no_entry", lambda: made.remove_entry(HOST, key))  # a second click


def test_only_the_host_or_a_manager_removes():
    made = tournament(3)
    key = made.entries[1].key
    refused("tournament_not_host", lambda: made.remove_entry(100, key))
    assert made.remove_entry(MANAGER, key, manager=True).members == [101]


# ---------------------------------------------------------- expiry and cancelling
def test_a_sign_up_nobody_starts_expires():
    made = tournament(3)
    refused("tournament_not_expired", lambda: made.expire_signup(SIGNUP_SECONDS - 1))
    made.expire_signup(SIGNUP_SECONDS)
    assert made.phase == TournamentPhase.CANCELLED and made.people() == set()
    timed = tournament(1, starts_at=100.0)
    assert timed.signup_expires_at > 100.0


def test_managers_cancel_any_tournament_and_its_open_tables_are_named():
    made = tournament(4)
    made.start(HOST, 0.0)
    for index, pairing in enumerate(made.to_open()):
        pairing.table_id, pairing.opened_at = f"t{index}", 1.0
    refused("tournament_running_cancel", lambda: made.cancel(HOST))  # a stale Cancel
    refused("tournament_not_host", lambda: made.cancel(100))
    assert made.is_running
    assert sorted(made.cancel(MANAGER, manager=True)) == ["t0", "t1"]
    assert made.phase == TournamentPhase.CANCELLED
    refused("tournament_over", lambda: made.cancel(MANAGER, manager=True))
    signup = tournament(2)
    assert signup.cancel(HOST) == [] and signup.phase == TournamentPhase.CANCELLED


# ------------------------------------------------------------------ withdrawals
def test_a_withdrawal_s_walkover_is_found_again_after_a_crash():
    made = tournament(4)
    made.start(HOST, 0.0)
    for index, pairing in enumerate(made.to_open()):
        pairing.table_id, pairing.opened_at = f"t{index}", 1.0
    entry = made.withdraw(100)
    pairing = next(p for p in made.current.pairings if entry.number in p.entries())
    saved = Tournament.from_dict(made.to_dict())  # the crash: only the withdrawal was saved
    side = pairing.entries().index(entry.number)
    assert saved.walkovers_due() == [(pairing.table_id, side)]
    # the sweep walks the table over; its result says how
    saved.record_result(pairing.table_id, 1 - side, [0, 0], [0, 0], walkover=True)
    assert saved.walkovers_due() == []
    assert saved.pairing_of(pairing.table_id).decided_how == How.WITHDREW


# --------------------------------------------------------- a match given up
def tournament_table(made: Tournament, seed: int = 3):
    made.start(HOST, 0.0)
    pairing = made.to_open()[0]
    pairing.table_id, pairing.thread_id, pairing.opened_at = "tab1", 55, 1.0
    with stacked({}):
        session = made.table_for(pairing, 55, 1.0)
    return pairing, session


def test_a_player_who_gives_up_gave_up_and_it_counts_for_both():
    made = tournament(2)
    pairing, session = tournament_table(made)
    assert not session.too_early_to_count  # the question says it counts
    loser = session.seats[0]
    session.forfeit(loser.user_id, 2.0)  # before anyone played: still a real result
    assert session.ended_by == EndReason.FORFEIT and not session.abandoned_early
    record = match_record(session, 3.0)
    assert record is not None and record.outcome == MatchOutcome.FORFEIT
    assert {r.won for r in record.results} == {True, False}
    decided = made.record_table(session)
    assert decided.decided_how == How.GAVE_UP and decided.winner == pairing.b


def test_a_side_that_never_showed_up_is_a_no_show():
    made = tournament(2)
    _, session = tournament_table(made)
    session.walk_over(1, 600.0)
    saved = type(session).from_dict(session.to_dict())
    assert made.record_table(saved).decided_how == How.NO_SHOW


def test_a_stopped_table_goes_to_the_side_ahead():
    made = tournament(2)
    _, session = tournament_table(made)
    session.stop(5.0)
    assert session.phase == Phase.STOPPED
    assert made.record_table(session).decided_how == How.STOPPED
    refused("tournament_result_known", lambda: made.record_table(session))


def test_a_tournament_table_won_by_its_first_deal_is_over_and_recorded():
    """One chica, a doble ronda dealt at once: the table is over from its start."""
    made = tournament(2)
    made.start(HOST, 0.0)
    pairing = made.to_open()[0]
    pairing.table_id, pairing.opened_at = "tab1", 1.0
    deck: list[object] = [c for c in full_deck() if c.rank != 5]
    deck[0:0] = [c for c in full_deck() if c.rank == 5]
    with stacked({1: deck}):
        session = made.table_for(pairing, 55, 1.0)
    assert session.phase == Phase.FINISHED and Rules().doble_ronda is None
    assert match_record(session, 2.0) is not None
    assert made.record_table(session).decided_how == How.PLAYED
    made.advance()
    assert made.phase == TournamentPhase.FINISHED


# -------------------------------------------------------------------- bots
def test_bots_never_take_a_member_s_name():
    made = tournament(0, size=12)
    for user, name in enumerate(["lucho", "ROSITA", "Mariana", "Bot 5"]):
        made.join(800 + user, name)
    made.fill_with_bots(HOST)
    names = [n.casefold() for e in made.entries for n in e.names]
    assert len(names) == len(set(names)) == 12


# ----------------------------------------------------------------- third place
@pytest.mark.parametrize("fmt", [Format.KNOCKOUT, Format.GROUPS])
def test_third_place_is_shared_by_the_semifinal_losers(fmt):
    made = tournament(16, format=fmt, size=16)
    made.start(HOST, 0.0)
    play_out(made, seed=random.randrange(1000))
    podium = made.final_podium()
    assert podium is not None and podium.third_shared and len(podium.thirds) == 2
    semis = [r for r in made.rounds if len(r.pairings) == 2][-1]
    assert set(podium.thirds) == {p.loser for p in semis.pairings}


def test_swiss_third_place_is_the_third_of_the_standings():
    made = tournament(8, format=Format.SWISS)
    made.start(HOST, 0.0)
    play_out(made, seed=2)
    podium = made.final_podium()
    assert podium is not None and not podium.third_shared
    assert podium.thirds == (made.standings()[2].entry,)


def test_after_the_groups_the_fourths_are_out_and_free_the_thirds_play_on():
    made = tournament(16, format=Format.GROUPS, size=16)
    made.start(HOST, 0.0)
    rng = random.Random(1)
    while made.current.stage.value == "group":
        for index, pairing in enumerate(made.to_open()):
            pairing.table_id, pairing.opened_at = f"r{made.current.number}x{index}", 1.0
            made.record_result(pairing.table_id, rng.randrange(2), [1, 0], [40, 1])
        made.advance()
    fourths = {made.standings(made.current.stage.GROUP, group=g)[3].entry for g in range(4)}
    thirds = {made.standings(made.current.stage.GROUP, group=g)[2].entry for g in range(4)}
    assert made.out() == fourths
    fourth_people = {u for n in fourths for u in made.entry(n).members}
    assert not fourth_people & made.people()
    assert all(not made.eliminated(n) for n in thirds)


# -------------------------------------------------- maintenance, deleted threads
def test_a_pause_holds_the_openings_and_the_show_up_clocks():
    made = tournament(8)
    made.start(HOST, 0.0)
    first, *rest = made.to_open()
    first.table_id, first.thread_id, first.opened_at = "t0", 5, 100.0
    deadline = made.show_up_deadline(first)
    made.pause(200.0)
    assert made.to_open() == [] and made.show_up_deadline(first) is None
    assert not made.walkovers_allowed()
    saved = Tournament.from_dict(made.to_dict())  # a restart during the pause
    assert saved.is_paused and saved.to_open() == []
    saved.resume(500.0)
    again = saved.pairing_of("t0")
    assert saved.show_up_deadline(again) == deadline + 300.0
    assert len(saved.to_open()) == len(rest) and saved.walkovers_allowed()
    refused("tournament_not_started", lambda: tournament(2).pause(1.0))


def test_a_match_whose_thread_was_deleted_opens_again():
    made = tournament(4)
    made.start(HOST, 0.0)
    pairing, other = made.to_open()
    pairing.table_id, pairing.thread_id, pairing.opened_at = "t0", 5, 1.0
    other.table_id, other.thread_id, other.opened_at = "t1", 6, 1.0
    made.record_result("t1", 0, [1, 0], [40, 0])
    made.reopen("t0")
    assert made.to_open() == [pairing] and pairing.thread_id is None
    refused("tournament_result_known", lambda: made.reopen("t1"))
    refused("tournament_no_match", lambda: made.reopen("nothing"))
