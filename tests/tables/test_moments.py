"""First-time moments: found from what one player sees, never from hidden cards (the
unseen cards dealt differently give the same moments), and each tip describes a play the
rules allow."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Card, Game, Move, Rules
from engine.cards import parse_cards
from i18n import LANGUAGES
from tables.moments import Moment, PlayerView, first_time, moments


def played(seed: int, players: int, plays: int) -> Game:
    game = Game.new(players, Rules(), seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if game.winner is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def dealt_again(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game as `seat` sees it, the cards it cannot see (other hands, the stock)
    shuffled among their places."""
    hidden = [c for s, hand in enumerate(game.hands) if s != seat for c in hand] + game.stock
    rng.shuffle(hidden)
    hands = []
    for s, hand in enumerate(game.hands):
        if s == seat:
            hands.append(list(hand))
        else:
            hands.append(hidden[: len(hand)])
            del hidden[: len(hand)]
    return Game.from_position(
        game.rules,
        hands,
        list(game.table),
        scores=game.scores,
        to_play=game.to_play,
        dealer=game.dealer,
        last_played=game.last_played,
        stock=hidden,
        captured=game.captured,
    )


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 4]),
    plays=st.integers(0, 80),
    shuffle=st.integers(0, 2**32),
)
def test_moments_never_depend_on_hidden_cards(seed, players, plays, shuffle):
    game = played(seed, players, plays)
    if game.winner is not None:
        return
    for seat in range(players):
        other = dealt_again(game, seat, random.Random(shuffle))
        assert PlayerView.of(other, seat) == PlayerView.of(game, seat)
        assert moments(PlayerView.of(other, seat)) == moments(PlayerView.of(game, seat))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]), plays=st.integers(0, 80))
def test_every_tip_describes_a_legal_play(seed, players, plays):
    game = played(seed, players, plays)
    if game.winner is not None:
        return
    seat = game.to_play
    assert moments(PlayerView.of(game, (seat + 1) % players)) == []  # not their turn
    legal = game.legal_moves()
    for tip in moments(PlayerView.of(game, seat)):
        for lang in LANGUAGES:
            assert tip.line.text(lang, lambda cards: " ".join(map(str, cards)), str)
        if tip.moment in (Moment.CARTON, Moment.LOCK):
            assert tip.move is None
            continue
        move = tip.move
        assert move is not None and move in legal
        after = game.copy()
        events = after.play(move)
        kinds = {event.kind for event in events}
        if tip.moment == Moment.CAIDA:
            assert "caida" in kinds
        elif tip.moment == Moment.LIMPIA:
            assert "limpia" in kinds
        elif tip.moment == Moment.SUM:
            assert all(c.rank != move.card.rank for c in move.takes)
        else:
            assert any(c.rank == move.card.rank + 1 for c in move.takes)


def view(hand: str, table: str, last: str | None = None, **changes) -> PlayerView:
    base = {
        "rules": Rules(),
        "seat": 0,
        "players": 2,
        "to_play": 0,
        "hand": tuple(parse_cards(hand)),
        "table": tuple(parse_cards(table)),
        "last_played": None if last is None else Card.parse(last),
        "scores": (0, 0),
        "captured": (10, 8),
        "stock": 10,
    }
    return PlayerView(**{**base, **changes})


def test_each_moment_is_found():
    found = moments(view("6h 5c", "6c 2s 3h Kd", last="6c"))
    assert [tip.moment for tip in found] == [Moment.CAIDA, Moment.SUM, Moment.ESCALERA]
    assert found[0].move == Move.parse("6hx6c")
    found = moments(view("5c", "2s 3h 6d"))
    assert [tip.moment for tip in found] == [Moment.LIMPIA, Moment.SUM, Moment.ESCALERA]
    assert found[2].line.cards == {"card": (Card.parse("5c"),), "cards": (Card.parse("6d"),)}
    last_deal = moments(view("Kc", "Qd", stock=0, scores=(38, 20)))
    assert [tip.moment for tip in last_deal] == [Moment.CARTON, Moment.LOCK]
    assert last_deal[0].line.numbers == {"count": 10}
    assert moments(view("Kc", "Qd")) == []


def test_a_dropped_card_taken_by_sum_is_no_caida_moment():
    found = moments(view("7s", "6c Ac Kd", last="6c"))
    assert [tip.moment for tip in found] == [Moment.SUM]


def test_seen_moments_are_not_told_again():
    here = view("5c", "2s 3h 6d")
    assert [tip.moment for tip in first_time(here, {"limpia", "sum"})] == [Moment.ESCALERA]
    assert first_time(here, set(Moment)) == []
