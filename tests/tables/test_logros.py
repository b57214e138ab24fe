"""Logros read from move logs: what each seat and side did, counted as the events tell it;
the moves a timer or a bot made for a player earn that player nothing."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import pytest

from db import LoggedSeat, MatchLog, MatchOutcome
from engine import Event, EventKind, Game, Rules
from tables import logros


def played_match(seed: int, players: int = 2) -> tuple[MatchLog, list[tuple[int, list[Event]]]]:
    """A match played out by random legal moves: its log (humans 10, 11, ...) and each
    play's seat and events (the first deal's as seat -1)."""
    rules = Rules()
    game = Game.new(players, rules, seed)
    rng = random.Random(seed)
    plays: list[tuple[int, list[Event]]] = [(-1, list(game.opening_events))]
    moves = []
    while game.winner is None:
        seat = game.to_play
        move = rng.choice(game.legal_moves())
        moves.append(str(move))
        plays.append((seat, game.play(move)))
    log = MatchLog(
        match_id=f"m{seed}",
        guild_id=1,
        finished_at=1.0,
        rules="quito",
        rule_options=rules.to_dict(),
        players=players,
        seed=seed,
        seats=tuple(LoggedSeat(s, 10 + s, None, f"p{s}") for s in range(players)),
        moves=tuple(moves),
        outcome=MatchOutcome.PLAYED,
        winner_side=game.winner,
    )
    return log, plays


@pytest.mark.parametrize("seed", range(12))
def test_the_feats_are_the_events_counted(seed):
    log, plays = played_match(seed, players=2 + 2 * (seed % 2))
    found = logros.analyse(log)
    for seat in range(log.players):
        caidas = sum(e.kind == EventKind.CAIDA for who, es in plays if who == seat for e in es)
        limpias = sum(e.kind == EventKind.LIMPIA for who, es in plays if who == seat for e in es)
        rondas = sum(e.kind == EventKind.RONDA and e.seat == seat for _, es in plays for e in es)
        assert (found.seats[seat].caidas, found.seats[seat].limpias) == (caidas, limpias)
        assert found.seats[seat].rondas == rondas
        assert found.seats[seat].best_streak <= caidas
    for side in (0, 1):
        cartones = sum(e.kind == EventKind.CARTON and e.side == side for _, es in plays for e in es)
        zapateria = any(
            e.kind == EventKind.ZAPATERIA and e.side == side for _, es in plays for e in es
        )
        assert (found.sides[side].cartones, found.sides[side].zapateria) == (cartones, zapateria)
    earned = logros.earned_in_match(log, found)
    for logged in log.seats:
        won = logged.seat % 2 == log.winner_side
        assert ("first_win" in earned[logged.user_id]) == won
        assert ("first_caida" in earned[logged.user_id]) == (found.seats[logged.seat].caidas > 0)
        assert ("team_win" in earned[logged.user_id]) == (won and log.players == 4)


def test_moves_made_for_a_player_earn_them_nothing():
    log = next(
        log
        for log, plays in map(played_match, range(100))
        if any(e.kind == EventKind.CAIDA for who, es in plays if who == 0 for e in es)
    )
    stand_ins = {index: "timeout" for index in range(len(log.moves))}
    found = logros.analyse(replace(log, stand_ins=stand_ins))
    assert [seat.caidas for seat in found.seats] == [0, 0]
    assert [seat.best_streak for seat in found.seats] == [0, 0]


@dataclass
class Scripted:
    """A game that tells scripted events: each play is (seat, points after, events)."""

    script: list[tuple[int, tuple[int, int], list[Event]]]
    rules: Rules = field(default_factory=Rules)
    opening_events: list[Event] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    to_play: int = 0

    def play(self, move) -> list[Event]:
        seat, points, events = self.script.pop(0)
        self.points = list(points)
        self.to_play = (seat + 1) % 2
        if any(e.kind == EventKind.MATCH for e in events):
            self.winner = events[-1].side
        return events


def scripted_log(script, monkeypatch) -> logros.Analysis:
    game = Scripted(script)
    monkeypatch.setattr(logros.Game, "new", lambda *args: game)
    log = MatchLog("m", 1, 1.0, "quito", Rules().to_dict(), 2, 1, (), ("7h",) * len(script),
                   MatchOutcome.PLAYED, 0)  # fmt: skip
    return logros.analyse(log)


CAIDA = Event(EventKind.CAIDA, 0, 2, 0)
DROP_1 = Event(EventKind.DROP, 1, 0, 1)
CHICA_0 = [Event(EventKind.CHICA, 0), Event(EventKind.MATCH, 0)]


def test_a_chica_won_from_30_behind_and_from_the_lock(monkeypatch):
    found = scripted_log(
        [
            (0, (2, 34), [CAIDA]),  # 32 behind
            (1, (2, 34), [DROP_1]),
            (0, (38, 34), [CAIDA]),  # at the lock
            (1, (38, 38), [DROP_1]),
            (0, (40, 38), [CAIDA, *CHICA_0]),
        ],
        monkeypatch,
    )
    assert found.sides[0].comeback and found.sides[0].lock_win
    assert not found.sides[1].comeback and found.sides[1].chicas_lost == 1
    assert found.seats[0].best_streak == 3  # seat 0's three plays in a row, each a caída


def test_a_close_chica_is_no_comeback_and_a_drop_breaks_a_streak(monkeypatch):
    found = scripted_log(
        [
            (0, (2, 20), [CAIDA]),
            (1, (2, 20), [DROP_1]),
            (0, (2, 20), [Event(EventKind.DROP, 0, 0, 0)]),
            (1, (2, 20), [DROP_1]),
            (0, (40, 20), [CAIDA, *CHICA_0]),
        ],
        monkeypatch,
    )
    assert not found.sides[0].comeback and not found.sides[0].lock_win
    assert found.seats[0].best_streak == 1 and found.seats[0].caidas == 2


def test_counts_reach_their_logros():
    counts = {"wins": 10, "caidas": 99, "matches": 50, "season_matches": 9}
    assert logros.earned_by_counts(counts) == {"ten_wins", "fifty_matches"}


def test_the_other_sides_caida_breaks_a_run(monkeypatch):
    found = scripted_log(
        [
            (0, (2, 0), [CAIDA]),
            (1, (2, 2), [Event(EventKind.CAIDA, 1, 2, 1)]),
            (0, (4, 2), [CAIDA]),
            (1, (4, 2), [DROP_1]),
            (0, (40, 2), [CAIDA, *CHICA_0]),
        ],
        monkeypatch,
    )
    assert found.seats[0].best_streak == 2 and found.seats[1].best_streak == 1
