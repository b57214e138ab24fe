"""The Game API: illegal moves, saving and loading, copies, positions."""

from __future__ import annotations

import json
import random

import pytest

from engine import Card, Game, IllegalMove, Move, Rules
from tests.engine.conftest import capture_with, drop, move, position


def test_illegal_moves_are_rejected_and_change_nothing():
    game = position(hands=[["5h", "7d"], ["5d", "Kc"]], table=["5s", "3c", "4c"])
    saved = game.to_dict()
    for bad in [
        move("5d"),  # the other player's card
        move("Qh"),  # not in any hand
        move("5h", "3c"),  # not a capture
        move("7d", "5s"),  # not a capture
        move("7d", "3c 4c 5s"),  # a sum and a match together
        move("5h", "5s 3c"),  # a match plus a card that is no escalera
        move("5h", "5s 5d"),  # a card that is not on the table
    ]:
        with pytest.raises(IllegalMove):
            game.play(bad)
        assert game.to_dict() == saved
    with pytest.raises(IllegalMove, match="not a move"):
        game.play("5h")  # type: ignore[arg-type]
    assert game.to_dict() == saved


def test_of_two_equal_cards_only_the_one_offered_is_accepted():
    game = position(hands=[["5h", "Qc"], ["5d", "Kc"]], table=["5s", "Ad"])
    drop(game, "5h")
    with pytest.raises(IllegalMove):
        game.play(move("5d", "5s"))  # the match must take the 5h just played
    game.play(move("5d", "5h"))
    assert game.scores == (0, 2)


def test_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)


def test_to_dict_is_json_and_round_trips():
    game = Game.new(4, Rules(sum_cards=None, leftovers="last_capturer"), seed=9)
    rng = random.Random(9)
    for _ in range(25):
        game.play(rng.choice(game.legal_moves()))
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again == game
    assert again.to_dict() == game.to_dict()
    assert again.legal_moves() == game.legal_moves()
    chosen = game.legal_moves()[0]
    assert again.play(chosen) == game.play(chosen)
    assert again == game


def test_unknown_save_version():
    data = Game.new(2, seed=1).to_dict()
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        Game.from_dict(data)


def test_copy_is_independent_and_plays_the_same():
    game = Game.new(2, seed=4)
    rng = random.Random(4)
    for _ in range(13):
        game.play(rng.choice(game.legal_moves()))
    saved = game.to_dict()
    other = game.copy()
    assert other == game
    for _ in range(30):
        other.play(rng.choice(other.legal_moves()))
    assert game.to_dict() == saved
    assert other != game
    # Every field of the game is carried by copy() (but a cache of its saved form).
    fresh = game.copy()
    for name in Game.__slots__:
        if name not in ("opening_events", "_texts"):
            assert getattr(fresh, name) == getattr(game, name), name


def test_a_game_keeps_its_plays_and_saves_them():
    game = Game.new(2, seed=5)
    assert game.moves == ()
    rng = random.Random(5)
    played = []
    for _ in range(20):
        played.append(rng.choice(game.legal_moves()))
        game.play(played[-1])
    assert game.moves == tuple(played)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["moves"] == [str(m) for m in played]
    assert Game.from_dict(data).moves == game.moves
    assert "moves" not in game.to_dict(moves=False)
    # The seed and the plays rebuild the game.
    again = Game.new(2, seed=5)
    for played_move in game.moves or ():
        again.play(played_move)
    assert again == game
    # A refused play is not kept.
    with pytest.raises(IllegalMove):
        game.play(Move(Card.parse("Kc"), frozenset([Card.parse("Kd")])))
    assert game.moves == tuple(played)


def test_copies_keep_their_own_plays():
    game = Game.new(4, seed=6)
    rng = random.Random(6)
    for _ in range(10):
        game.play(rng.choice(game.legal_moves()))
    before = game.moves or ()
    first, second = game.copy(), game.copy()
    one, two = game.legal_moves()[0], game.legal_moves()[-1]
    first.play(one)
    second.play(two)
    game.play(two)
    assert first.moves == (*before, one)
    assert second.moves == game.moves == (*before, two)
    third = second.copy()
    second.play(second.legal_moves()[0])
    assert third.moves == (*before, two)
    assert len(second.moves or ()) == len(before) + 2


def test_a_game_that_does_not_know_its_plays():
    """Built from a position, or loaded from a save of before games kept their plays: its
    moves are None, and it saves none."""
    positioned = position(hands=[["4h", "7s"], ["5s", "6s"]], table=["4c", "2s"])
    assert positioned.moves is None
    positioned.play(positioned.legal_moves()[0])
    assert positioned.moves is None and "moves" not in positioned.to_dict()
    game = Game.new(2, seed=7)
    game.play(game.legal_moves()[0])
    old = game.to_dict()
    del old["moves"]
    loaded = Game.from_dict(old)
    assert loaded.moves is None
    assert loaded != game and loaded.to_dict() == old


def test_equal_games_are_not_hashable():
    with pytest.raises(TypeError):
        hash(Game.new(2, seed=1))


def test_from_position_takes_text_or_cards():
    game = Game.from_position(
        Rules(),
        hands=[["7h", Card.parse("Kc")], ["2d"]],
        table=["3s", "4d"],
        scores=(10, 4),
        to_play=0,
        seed=1,
    )
    assert [str(c) for c in game.hands[0]] == ["7h", "Kc"]
    assert game.scores == (10, 4)
    assert game.dealer == 1
    assert game.capture_options(Card.parse("7h")) == [frozenset(map(Card.parse, ["3s", "4d"]))]


def test_from_position_refuses_a_card_twice():
    with pytest.raises(ValueError, match="twice"):
        Game.from_position(Rules(), hands=[["7h"], ["7h"]], table=[])


def test_locked():
    game = position(hands=[["7h"], ["2d"]], table=[], scores=(38, 37))
    assert (game.locked(0), game.locked(1)) == (True, False)
    assert not position(
        Rules(lock_at=None), hands=[["7h"], ["2d"]], table=[], scores=(39, 0)
    ).locked(0)


def test_is_caida():
    game = position(hands=[["5h", "Qc"], ["5d", "Kc"]], table=["Ad"])
    drop(game, "5h")
    assert game.is_caida(capture_with(game, "5d"))
    assert not game.is_caida(Move(Card.parse("5d")))


def test_events_say_who_played_what():
    game = position(hands=[["7h", "Qc"], ["5d", "Kc"]], table=["3s", "4d", "Ks"])
    (event,) = game.play(capture_with(game, "7h"))
    assert (event.kind, event.side, event.seat, str(event.card)) == ("capture", 0, 0, "7h")
    assert [str(c) for c in event.takes] == ["3s", "4d"]
    assert not event.scores
    (event,) = drop(game, "5d")
    assert (event.kind, event.side, event.seat, str(event.card), event.takes) == (
        "drop",
        1,
        1,
        "5d",
        (),
    )
