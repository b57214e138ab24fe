"""Tournaments without Discord: sign-up, brackets, Swiss, groups and repechaje, standings."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables import Refusal
from tables.tournament import (
    Format,
    Stage,
    Tournament,
    TournamentPhase,
    TournamentSettings,
    bracket,
)

HOST = 1


def tournament(entries: int = 0, **options) -> Tournament:
    made = Tournament.new(
        guild_id=10, channel_id=20, host_id=HOST, lang="es",
        settings=TournamentSettings(**options), now=0.0,
    )  # fmt: skip
    for user in range(100, 100 + entries):
        made.join(user, f"p{user}")
    return made


def refused(key: str, action) -> None:
    with pytest.raises(Refusal) as caught:
        action()
    assert caught.value.key == key


def play_round(made: Tournament, rng: random.Random, better_wins: bool = False) -> None:
    """Every open match of the current round gets a result (the lower number wins, or
    at random), through its table id as the bot would report it."""
    for number, pairing in enumerate(made.to_open()):
        pairing.table_id = f"t{made.current.number}x{number}"
        pairing.opened_at = 1.0
        side = (0 if pairing.a < pairing.b else 1) if better_wins else rng.randrange(2)
        chicas = [1, 0] if side == 0 else [0, 1]
        made.record_result(pairing.table_id, side, chicas, [40, rng.randrange(40)])
    made.advance()


def play_out(made: Tournament, seed: int = 0, better_wins: bool = False) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        if made.phase != TournamentPhase.RUNNING:
            return
        play_round(made, rng, better_wins)
    raise AssertionError("the tournament never ended")


def test_bracket_gives_byes_to_the_best_and_keeps_the_two_best_apart():
    assert [(p.a, p.b) for p in bracket([1, 2, 3, 4, 5, 6, 7, 8])] == [
        (1, 8), (4, 5), (2, 7), (3, 6),
    ]  # fmt: skip
    assert [(p.a, p.b) for p in bracket([1, 2, 3, 4, 5])] == [
        (1, None), (4, 5), (2, None), (3, None),
    ]  # fmt: skip
    assert [(p.a, p.b) for p in bracket([7, 9])] == [(7, 9)]


def test_an_eight_player_knockout_with_two_bots_crowns_one_champion():
    made = tournament(6)
    assert made.fill_with_bots(HOST) == 2
    bots = [e for e in made.entries if e.is_bot]
    assert len(bots) == 2 and len({n for e in bots for n in e.names}) == 2
    first = made.start(HOST, 0.0)
    assert first.stage == Stage.KNOCKOUT and len(first.pairings) == 4
    assert sorted(n for p in first.pairings for n in p.entries()) == list(range(1, 9))
    play_out(made, better_wins=True)
    assert made.phase == TournamentPhase.FINISHED
    assert [r.stage for r in made.rounds] == [Stage.KNOCKOUT] * 3
    champion, runner_up, *thirds = made.podium()
    halves = [[n for p in first.pairings[i : i + 2] for n in p.entries()] for i in (0, 2)]
    other_half = next(half for half in halves if 1 not in half)  # seeds are drawn at random
    assert champion == 1 and runner_up == min(other_half)
    # No match for third: the two semifinal losers share it.
    semifinal_losers = {p.loser for p in made.rounds[1].pairings}
    assert set(thirds) == semifinal_losers and len(thirds) == 2
    podium = made.final_podium()
    assert podium is not None and podium.third_shared


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(2, 20),
    fmt=st.sampled_from(list(Format)),
    seed=st.integers(0, 10**6),
)
def test_any_number_of_entries_plays_to_a_champion_each_entry_once_a_round(count, fmt, seed):
    made = tournament(count, format=fmt, size=32)
    made.start(HOST, 0.0)
    rng = random.Random(seed)
    while made.phase == TournamentPhase.RUNNING:
        seen = [n for p in made.current.pairings for n in p.entries()]
        assert len(seen) == len(set(seen))  # nobody plays twice in a round
        play_round(made, rng)
    podium = made.podium()
    assert len(set(podium)) == len(podium) >= 2
    if fmt == Format.KNOCKOUT:
        assert not made.eliminated(podium[0]) and all(
            made.eliminated(e.number) for e in made.entries if e.number != podium[0]
        )


def test_swiss_with_an_odd_number_gives_each_bye_once_and_avoids_rematches():
    made = tournament(7, format=Format.SWISS, swiss_rounds=3)
    made.start(HOST, 0.0)
    play_out(made, seed=3)
    byes = [p.a for r in made.rounds for p in r.pairings if p.b is None]
    assert len(byes) == 3 and len(set(byes)) == 3
    met = [frozenset(p.entries()) for r in made.rounds for p in r.pairings if p.b is not None]
    assert len(met) == len(set(met))  # no rematch
    table = made.standings(Stage.SWISS)
    keys = [(s.wins, s.chica_difference, s.points) for s in table]
    assert keys == sorted(keys, reverse=True)
    assert made.podium() == [s.entry for s in table[:3]]


def test_swiss_tie_break_goes_to_the_winner_of_their_match():
    made = tournament(2, format=Format.SWISS, swiss_rounds=1)
    made.start(HOST, 0.0)
    (pairing,) = made.to_open()
    pairing.table_id, pairing.opened_at = "t", 1.0
    made.record_result("t", 1, [1, 1], [30, 30])  # equal chicas and points: b won
    made.advance()
    assert [s.entry for s in made.standings()] == [pairing.b, pairing.a]


def test_groups_then_a_repechaje_then_the_knockout():
    made = tournament(8, format=Format.GROUPS)
    made.start(HOST, 0.0)
    groups = made.groups()
    assert [len(g) for g in groups] == [4, 4]
    play_out(made, seed=5)
    stages = [r.stage for r in made.rounds]
    assert stages[:3] == [Stage.GROUP] * 3 and stages[3] == Stage.REPECHAJE
    assert set(stages[4:]) == {Stage.KNOCKOUT}
    group_matches = [p for r in made.rounds if r.stage == Stage.GROUP for p in r.pairings]
    for group in groups:  # everyone in a group met everyone else in it once
        met = {frozenset(p.entries()) for p in group_matches if p.a in group}
        assert len(met) == 6
    (repechaje,) = [r for r in made.rounds if r.stage == Stage.REPECHAJE]
    thirds = {made.standings(Stage.GROUP, group=i)[2].entry for i in range(2)}
    assert set(repechaje.pairings[0].entries()) == thirds
    first_knockout = next(r for r in made.rounds if r.stage == Stage.KNOCKOUT)
    playing = {n for p in first_knockout.pairings for n in p.entries()}
    assert len(playing) == 5  # 2 winners, 2 seconds, the repechaje's winner
    assert made.podium()[0] in playing


def test_pairs_sign_up_with_a_partner_who_must_accept():
    made = tournament(team_size=2, size=4)
    refused("tournament_needs_partner", lambda: made.join(5, "ana"))
    made.invite(5, "ana", 6, "beto", now=0.0)
    refused("tournament_already_in", lambda: made.invite(6, "beto", 7, "carla", now=1.0))
    refused("tournament_invite_not_yours", lambda: made.answer_invite(5, 5, True, now=1.0))
    entry = made.answer_invite(6, 5, True, now=2.0)
    assert entry is not None and entry.members == [5, 6]
    made.invite(7, "carla", 8, "dani", now=3.0)
    assert made.answer_invite(8, 7, False, now=4.0) is None  # declined: nothing signed
    made.invite(7, "carla", 8, "dani", now=5.0)
    refused("tournament_invite_gone", lambda: made.answer_invite(8, 7, True, now=5.0 + 601))
    made.invite(7, "carla", 9, "eva", now=700.0)  # the lapsed invite no longer holds carla


def test_bad_sign_ups_change_nothing():
    made = tournament(1, size=2)
    refused("tournament_already_in", lambda: made.join(100, "again"))
    refused("tournament_not_host", lambda: made.start(100, 0.0))
    refused("tournament_too_few", lambda: made.start(HOST, 0.0))
    made.join(101, "b")
    refused("tournament_full", lambda: made.join(102, "c"))
    refused("tournament_not_host", lambda: made.fill_with_bots(101))
    version = made.version
    made.start(HOST, 0.0)
    assert made.version > version
    refused("tournament_started", lambda: made.join(103, "late"))
    refused("tournament_started", lambda: made.leave(101))  # started: no quiet leaving
    left = made.withdraw(101)
    assert left.withdrawn
    refused("tournament_not_in", lambda: made.withdraw(101))


def test_only_bots_cannot_start():
    made = tournament(size=2)
    made.fill_with_bots(HOST)
    refused("tournament_only_bots", lambda: made.start(HOST, 0.0))


def test_a_withdrawn_entry_loses_its_next_matches_without_playing():
    made = tournament(4)
    made.start(HOST, 0.0)
    pairing = made.to_open()[0]
    made.withdraw(made.entry(pairing.a).members[0])
    assert pairing not in made.to_open() and pairing.winner == pairing.b and pairing.walkover


def test_a_result_counts_once_and_only_for_a_known_table():
    made = tournament(2)
    made.start(HOST, 0.0)
    (pairing,) = made.to_open()
    pairing.table_id, pairing.opened_at = "abc", 1.0
    refused("tournament_no_match", lambda: made.record_result("zzz", 0, [1, 0], [40, 3]))
    made.record_result("abc", 0, [1, 0], [40, 3])
    refused("tournament_result_known", lambda: made.record_result("abc", 1, [0, 1], [3, 40]))
    assert made.advance() is None and made.phase == TournamentPhase.FINISHED


def test_a_tournament_saves_and_loads_back_the_same_at_every_step():
    made = tournament(5, format=Format.GROUPS)
    made.start(HOST, 0.0)
    rng = random.Random(1)
    while made.phase == TournamentPhase.RUNNING:
        loaded = Tournament.from_dict(json.loads(json.dumps(made.to_dict())))
        assert loaded.to_dict() == made.to_dict()
        play_round(made, rng)
    assert Tournament.from_dict(json.loads(json.dumps(made.to_dict()))).podium() == made.podium()


def test_a_tables_seats_put_each_entry_on_its_side():
    made = tournament(team_size=2, size=2)
    made.invite(5, "ana", 6, "beto", now=0.0)
    made.answer_invite(6, 5, True, now=0.0)
    made.fill_with_bots(HOST)
    made.start(HOST, 0.0)
    (pairing,) = made.to_open()
    pairing.table_id = "tbl"
    session = made.table_for(pairing, channel_id=99, now=0.0)
    humans = made.entry_of(5).number
    side = 0 if pairing.a == humans else 1
    assert [session.seats[i].user_id for i in (side, side + 2)] == [5, 6]
    assert all(session.seats[i].is_bot for i in (1 - side, 3 - side))
    assert session.tournament_id == made.tournament_id and session.phase == "playing"
    assert session.session_id == "tbl" and session.channel_id == 99
