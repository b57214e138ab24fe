"""RULES.md §2: players, sides, hands, deals and who plays when."""

from __future__ import annotations

import random

import pytest

from engine import Game
from engine.cards import full_deck
from tests.engine.conftest import capture_with, end_of_deal, kinds, position


def all_cards(game: Game) -> list:
    return [c for hand in game.hands for c in hand] + game.table + game.stock


@pytest.mark.parametrize(("players", "stock", "deals"), [(2, 30, 4), (4, 20, 2)])
def test_a_new_match_deals_five_cards_each(players, stock, deals):
    game = Game.new(players, seed=11)
    assert [len(h) for h in game.hands] == [5] * players
    assert len(game.stock) == stock
    assert game.deals_per_hand == deals
    assert game.table == []
    assert sorted(all_cards(game)) == full_deck()
    assert game.to_play == (game.dealer + 1) % players
    assert game.opening_events[0].kind == "deal"
    assert game.opening_events[0].count == 1
    assert game.opening_events[0].seat == game.dealer
    assert (game.chicas, game.captured, game.winner) == ((0, 0), (0, 0), None)
    rondas = [0, 0]
    for event in game.opening_events:
        if event.scores:
            rondas[event.side] += event.points
    assert list(game.scores) == rondas


def test_only_two_or_four_players():
    with pytest.raises(ValueError):
        Game.new(3)


def test_the_first_dealer_is_random_and_the_seed_decides():
    dealers = {Game.new(4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Game.new(2, seed=5) == Game.new(2, seed=5)
    assert Game.new(2, seed=5).hands != Game.new(2, seed=6).hands


def test_partners_sit_opposite():
    game = position(
        hands=[["Qc"], ["Kc"], ["5h"], ["As"]], table=["5s", "Ad", "Qd"], to_play=2, dealer=1
    )
    game.play(capture_with(game, "5h"))  # seat 2: team 0
    assert game.captured == (2, 0)
    game.play(capture_with(game, "As"))  # seat 3: team 1
    assert game.captured == (2, 2)
    assert game.to_play == 0
    events = game.play(capture_with(game, "Qc"))  # seat 0: team 0, a limpia
    assert [(e.kind, e.side, e.seat) for e in events[:2]] == [("capture", 0, 0), ("limpia", 0, 0)]
    assert game.captured == (4, 2)
    assert game.scores == (2, 0)


def test_cards_are_dealt_five_at_a_time_from_the_seat_after_the_dealer():
    dealt = ["Ah 2h 3h 4h 5h", "As 2s 3s 4s 5s", "Ad 2d 3d 4d 5d", "Qc Jc 3c 4c 5c"]
    game, events = end_of_deal(dealt, table="Kd")
    assert [" ".join(map(str, h)) for h in game.hands] == dealt
    assert game.to_play == 0  # the seat after the dealer (3) leads
    assert kinds(events) == ["drop", "deal"]


def test_table_cards_stay_from_one_deal_to_the_next():
    game, _ = end_of_deal(["Ah 2h 3h 4h 5h", "As 2s 3s 4s 5s"], table="6d 7d")
    assert [str(c) for c in game.table] == ["6d", "7d", "Kc"]
    assert game.stock == []


def play_randomly(game: Game, rng: random.Random):
    """Play random legal moves to the end, yielding (seat, dealer, events) for each."""
    while game.winner is None:
        seat, dealer = game.to_play, game.dealer
        events = game.play(rng.choice(game.legal_moves()))
        yield seat, dealer, events


@pytest.mark.parametrize("players", [2, 4])
def test_turns_deals_and_dealers_over_a_whole_match(players):
    game = Game.new(players, seed=3)
    deals_in_hand = 1
    dealer = game.dealer
    expected_seat = (dealer + 1) % players
    hands_seen = 0
    for seat, _dealer, events in play_randomly(game, random.Random(3)):
        assert seat == expected_seat
        expected_seat = (seat + 1) % players
        names = kinds(events)
        if "chica" in names or "carton" in names or "dos_por_darlas" in names:
            if "carton" in names or "dos_por_darlas" in names:
                assert deals_in_hand == 40 // (5 * players)
            hands_seen += 1
            if game.winner is not None:
                break
            # a new hand: the deal passes to the next seat, which plays last
            assert game.dealer == (dealer + 1) % players
            dealer = game.dealer
            deals_in_hand = 1
            assert game.table == []
            expected_seat = (dealer + 1) % players
        elif "deal" in names:
            deals_in_hand += 1
            assert seat == dealer  # the dealer played the last card of the deal
            expected_seat = (dealer + 1) % players
        assert game.to_play == expected_seat
    assert hands_seen >= 2
    assert game.winner in (0, 1)
