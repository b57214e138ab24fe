"""Properties over random complete matches (2 and 4 players, any combination of options).

Each test plays whole matches with random legal moves and checks one property at every
step. The number of matches comes from the Hypothesis profile (see conftest.py).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from engine import Card, Event, Game, IllegalMove, Move, Rules
from engine.cards import full_deck
from engine.game import carton_points
from tests.engine.conftest import OPTION_VALUES, engine_settings, rule_sets

MAX_MOVES = 20_000  # a random match takes some hundreds of moves

matches = st.tuples(
    st.sampled_from([2, 4]),
    rule_sets,
    st.integers(0, 2**63 - 1),  # the game's seed: shuffles and first dealer
    st.integers(0, 2**32 - 1),  # the seed of the random player
)


def test_the_random_rule_sets_try_every_option():
    """Every Rules field is in OPTION_VALUES, with Quito's value first; every combination
    of the values is a valid rule set, the presets among them."""
    assert list(OPTION_VALUES) == [f.name for f in fields(Rules)]
    quito = Rules.preset("quito")
    assert all(values[0] == getattr(quito, name) for name, values in OPTION_VALUES.items())
    combinations = [
        Rules(**dict(zip(OPTION_VALUES, values, strict=True)))
        for values in itertools.product(*OPTION_VALUES.values())
    ]
    assert len(set(combinations)) == len(combinations)
    assert {Rules.preset(name) for name in Rules.PRESETS} <= set(combinations)


def walk(players: int, rules: Rules, seed: int, chooser: int) -> Iterator[tuple[Game, Move, list]]:
    """Play a random match, yielding (game after the move, move, events) at every step.

    The first item has move None and the opening events."""
    game = Game.new(players, rules, seed=seed)
    rng = random.Random(chooser)
    yield game, None, game.opening_events
    for _ in range(MAX_MOVES):
        if game.winner is not None:
            return
        move = rng.choice(game.legal_moves())
        yield game, move, game.play(move)
    raise AssertionError(f"no winner after {MAX_MOVES} moves")


# -------------------------------------------------------------- a reference for captures
def reference_captures(card: Card, table: list[Card], rules: Rules) -> set[tuple[int, ...]]:
    """Every capture `card` can make, as sorted ranks, straight from RULES.md §3."""
    counts = Counter(c.rank for c in table)
    bases: list[list[int]] = []
    if counts[card.rank]:
        bases.append([card.rank])
    if card.rank <= 7:
        most = rules.sum_cards or 40

        def sums(remaining: int, top: int, taken: list[int]) -> None:
            if remaining == 0:
                if len(taken) >= 2:
                    bases.append(list(taken))
                return
            if len(taken) == most:
                return
            for rank in range(min(top, remaining), 0, -1):
                if taken.count(rank) < counts[rank]:
                    sums(remaining - rank, rank, [*taken, rank])

        sums(card.rank, card.rank - 1, [])
    escalera = []
    rank = card.rank + 1
    while rank <= 10 and counts[rank]:
        escalera.append(rank)
        rank += 1
    return {tuple(sorted(base + escalera)) for base in bases}


def rank_tuple(cards) -> tuple[int, ...]:
    return tuple(sorted(c.rank for c in cards))


@engine_settings()
@given(matches)
def test_the_40_cards_are_never_created_or_lost(match):
    captured: list[set[Card]] = [set(), set()]
    hand_number = None
    table: list[Card] = []
    for game, move, events in walk(*match):
        if game.hand_number != hand_number:  # a new hand: every card is dealt again
            hand_number = game.hand_number
            captured = [set(), set()]
        else:
            for event in events:
                if event.kind == "capture":
                    captured[event.side].update((event.card, *event.takes))
            ended = any(e.kind in ("carton", "dos_por_darlas") for e in events)
            if ended and game.rules.leftovers == "last_capturer":
                # the match ended with this hand: the table went to the last capturer
                left = set(table) - move.takes
                if move.is_drop:
                    left.add(move.card)
                captured[game.last_capturer].update(left)
        in_play = [c for hand in game.hands for c in hand] + game.table + game.stock
        assert sorted([*in_play, *captured[0], *captured[1]]) == full_deck()
        assert game.captured == (len(captured[0]), len(captured[1]))
        table = list(game.table)


@engine_settings()
@given(matches)
def test_legal_moves_are_exactly_the_legal_captures_and_play_refuses_the_rest(match):
    rng = random.Random(match[3] + 1)
    for game, _move, _events in walk(*match):
        if game.winner is not None:
            assert game.legal_moves() == []
            break
        moves = game.legal_moves()
        hand = game.hands[game.to_play]
        table_ids = {id(c) for c in game.table}
        assert len(set(moves)) == len(moves)
        for card in hand:
            mine = [m for m in moves if m.card is card]
            assert mine[0] == Move(card)  # the drop first
            captures = [rank_tuple(m.takes) for m in mine[1:]]
            assert all(m.takes and {id(c) for c in m.takes} <= table_ids for m in mine[1:])
            assert len(captures) == len(set(captures))  # one move per distinct capture
            assert set(captures) == reference_captures(card, game.table, game.rules)
            last = game.last_played
            for m in mine[1:]:
                if last is not None and last in game.table and last.rank == card.rank:
                    assert last in m.takes or rank_tuple(m.takes)[0] < card.rank
                assert game.is_caida(m) == (
                    last is not None and last in m.takes and last.rank == card.rank
                )
        assert {m.card for m in moves} == set(hand)
        # Some moves that are not in legal_moves(): each is refused and changes nothing.
        saved = game.to_dict()
        for bad in illegal_candidates(game, rng):
            assert bad not in moves
            try:
                game.play(bad)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"play accepted {bad}, not in legal_moves()")
            assert game.to_dict() == saved


def illegal_candidates(game: Game, rng: random.Random) -> list[Move]:
    """A few moves for the seat to play that legal_moves() does not hold."""
    hand = game.hands[game.to_play]
    others = [c for seat, h in enumerate(game.hands) if seat != game.to_play for c in h]
    bad = [Move(c) for c in others[:2]]
    if game.stock:
        bad.append(Move(game.stock[0]))
    legal = set(game.legal_moves())
    if game.table and hand:
        for _ in range(3):
            card = rng.choice(hand)
            takes = frozenset(rng.sample(game.table, rng.randint(1, len(game.table))))
            if Move(card, takes) not in legal:
                bad.append(Move(card, takes))
        # the same ranks as a legal capture, but another physical card of one rank
        for move in legal:
            for taken in move.takes:
                twins = [c for c in game.table if c.rank == taken.rank and c not in move.takes]
                if twins:
                    bad.append(Move(move.card, (move.takes - {taken}) | {twins[0]}))
                    break
    return bad


def scoring_by_chica(events: list[Event], totals: list[int], finished: list[tuple[int, int]]):
    """Add the scoring events to `totals`; a "chica" event closes a chica into `finished`."""
    for event in events:
        if event.scores:
            totals[event.side] += event.points
        elif event.kind == "chica":
            finished.append((totals[0], totals[1]))
            totals[0] = totals[1] = 0


@engine_settings()
@given(matches)
def test_scores_are_the_sum_of_the_scoring_events(match):
    totals = [0, 0]
    finished: list[tuple[int, int]] = []
    for game, _move, events in walk(*match):
        scoring_by_chica(events, totals, finished)
        assert game.chica_history == finished
        if game.winner is None:
            assert list(game.scores) == totals
        else:
            assert game.scores == finished[-1]
            assert max(finished[-1]) >= 40
        for event in events:
            if event.kind == "caida":
                assert event.points == 2
            elif event.kind == "limpia":
                assert event.points in (0, 2, game.rules.caida_limpia_points - 2)
            elif event.kind == "ronda":
                assert event.points in (0, game.rules.ronda_points)
            elif event.kind == "carton":
                assert event.count >= 20
                assert event.points in (0, carton_points(event.count))
            elif event.kind == "dos_por_darlas":
                assert event.points in (0, 2)
            elif event.kind == "caidas_seguidas":
                assert event.count == game.rules.caidas_seguidas


@engine_settings()
@given(matches)
def test_at_the_lock_only_caidas_score(match):
    """...and what wins the chica outright, and the cartón under carton_at_lock."""
    rules = match[1]
    lock = rules.lock_at if rules.lock_at is not None else 10**9
    totals = [0, 0]
    for _game, _move, events in walk(*match):
        # Points scored together (a play's caída and limpia, one deal's rondas) are judged
        # on the score before them; the cartón on the score after the last play.
        before = list(totals)
        for event in events:
            if event.kind in ("capture", "deal", "carton", "dos_por_darlas"):
                before = list(totals)
            if event.kind == "chica":
                totals = [0, 0]
                before = [0, 0]
                continue
            if not event.scores:
                continue
            locked = before[event.side] >= lock
            count = event.kind in ("carton", "dos_por_darlas")
            if count:
                assert (event.points == 0) == (locked and not rules.carton_at_lock), event
            elif locked and event.kind != "caida":
                outright = event.kind == "caidas_seguidas" or (
                    event.kind == "doble_ronda" and rules.doble_ronda is None
                )
                assert event.points == 0 or outright, (event, before)
            totals[event.side] += event.points


@engine_settings()
@given(matches)
def test_caidas_in_a_row_win_the_chica_as_caidas_seguidas_says(match):
    """A reference count of each side's caídas in a row, straight from RULES.md §6: every
    caída tells the count, and the chica ends when the count reaches the option."""
    needed = match[1].caidas_seguidas
    streaks = [0, 0]
    totals = [0, 0]
    for game, _move, events in walk(*match):
        by_streak = False
        for index, event in enumerate(events):
            kind = event.kind
            side = event.side
            if kind in ("drop", "capture") and needed is not None:
                caida = index + 1 < len(events) and events[index + 1].kind == "caida"
                streaks[side] = streaks[side] + 1 if caida else 0
                if caida:
                    streaks[1 - side] = 0
            elif kind == "caida":
                assert event.count == streaks[side]
            elif kind == "caidas_seguidas":
                assert streaks[side] == needed
                assert event.points == 40 - totals[side] > 0  # not already won on points
                by_streak = True
            elif kind == "zapateria":
                assert not by_streak
            elif kind == "chica":
                streaks = [0, 0]
                totals = [0, 0]
            if event.scores:
                totals[side] += event.points
        # A streak that reached the option has ended its chica, on points or by the streak.
        assert needed is None or max(streaks) < needed
        if game.winner is None:
            assert game.caida_streaks == (streaks[0], streaks[1])


@engine_settings()
@given(matches)
def test_saving_and_loading_at_every_step(match):
    rng = random.Random(match[3] + 2)
    for game, _move, _events in walk(*match):
        data = game.to_dict()
        loaded = Game.from_dict(json.loads(json.dumps(data)))
        assert loaded == game
        assert loaded.to_dict() == data
        copied = game.copy()
        assert copied == game
        if game.winner is None and rng.random() < 0.2:
            # the loaded game and the copy go on exactly like the original
            move = rng.choice(game.legal_moves())
            assert loaded.legal_moves() == game.legal_moves() == copied.legal_moves()
            twin = game.copy()
            expected = twin.play(move)
            assert loaded.play(move) == expected
            assert copied.play(move) == expected
            assert loaded == twin == copied
            assert game.to_dict() == data  # the original is untouched


@engine_settings()
@given(matches)
def test_every_match_ends_with_a_winner(match):
    rules = match[1]
    for game, _move, events in walk(*match):  # noqa: B007 (the game after the last move)
        last_events = events
    assert game.winner in (0, 1)
    assert game.is_over
    kinds = [e.kind for e in last_events]
    assert kinds[-1] == "match"
    assert last_events[-1].side == game.winner
    assert game.chicas[game.winner] >= rules.chicas_to_win or "zapateria" in kinds
    assert game.chicas[1 - game.winner] < rules.chicas_to_win
    assert game.legal_moves() == []
    # Every chica was played to its end (a streak or a doble ronda can end one early).
    assert len(game.chica_history) == sum(game.chicas)
    assert all(max(final) >= 40 for final in game.chica_history)
