"""Puzzles: one best move by the margin, checked by a brute-force solver of our own over
the engine's games, and nothing shown that the solver seat could not know."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine import Card, EventKind, Game, Move, Rules
from engine.ai import puzzles
from engine.ai.evaluate import WIN
from engine.ai.puzzles import MARGIN, Difficulty, Puzzle, Theme
from engine.ai.teacher import Turn, rank_move, replay
from engine.cards import full_deck
from tests.engine.conftest import engine_settings, rule_sets

HAND_ENDS = {EventKind.CARTON, EventKind.DOS_POR_DARLAS}


def brute_force(game: Game, side: int, memo: dict) -> float:
    """The value for `side` of the rest of the hand, both sides playing their best: the
    points `side` nets over the other from here (cartón included), ±WIN for a chica won or
    lost. Written over the engine's own Game, apart from the solver the puzzles use."""
    key = (
        tuple(sorted(c.rank for c in game.hands[0])),
        tuple(sorted(c.rank for c in game.hands[1])),
        tuple(sorted(c.rank for c in game.table)),
        None if game.last_played is None else game.last_played.rank,
        game.scores,
        game.captured,
        game.to_play,
        game.caida_streaks,
        game.last_capturer,
    )
    if key in memo:
        return memo[key]
    values = [after(game, move, side, memo) for move in game.legal_moves()]
    value = max(values) if game.to_play % 2 == side else min(values)
    memo[key] = value
    return value


def after(game: Game, move: Move, side: int, memo: dict) -> float:
    played = game.copy()
    events = played.play(move)
    chica = next((e for e in events if e.kind is EventKind.CHICA), None)
    if chica is not None:
        return WIN if chica.side == side else -WIN
    if any(e.kind in HAND_ENDS for e in events):
        return played.points[side] - played.points[1 - side]
    return brute_force(played, side, memo)


def move_values(puzzle: Puzzle) -> dict:
    """Every distinct move's value by brute force, net of the score now (as Choice has it)."""
    game = puzzle.game()
    side = puzzle.seat
    now = game.points[side] - game.points[1 - side]
    memo: dict = {}
    values = {}
    for move in game.legal_moves():
        value = after(game, move, side, memo)
        values[rank_move(move)] = value if abs(value) >= WIN else value - now
    return values


def public_outside(turn: Turn, turns_of_hand: list[Turn]) -> tuple[int, ...]:
    """What the seat can count: 40 cards less its hand, the table and every card seen
    captured this hand (the capture events, all public)."""
    seen = Counter(c.rank for c in turn.game.hands[turn.seat])
    seen.update(c.rank for c in turn.game.table)
    for earlier in turns_of_hand:
        for event in earlier.events:
            if event.kind is EventKind.CAPTURE:
                seen.update(c.rank for c in (event.card, *event.takes))
    return tuple(0 if rank == 0 else 4 - seen[rank] for rank in range(11))


def check(puzzle: Puzzle, turns: list[Turn]) -> None:
    # One best move by the margin, the same values as the brute force.
    values = move_values(puzzle)
    ranked = sorted(values.values(), reverse=True)
    assert ranked[0] - ranked[1] >= MARGIN
    assert values[rank_move(puzzle.best.move)] == ranked[0]
    assert {rank_move(c.move): c.value for c in puzzle.choices} == values
    assert puzzle.margin == ranked[0] - ranked[1]
    # What it shows is what the seat saw then, and what it could count.
    index = int(puzzle.source.rsplit(":", 1)[1])
    turn = turns[index]
    assert turn.game.stock == [] and turn.game.players == 2
    assert sorted(puzzle.hand) == sorted(turn.game.hands[turn.seat])
    assert list(puzzle.table) == turn.game.table
    assert puzzle.last_played == turn.game.last_played
    assert (puzzle.scores, puzzle.captured) == (turn.game.scores, turn.game.captured)
    hand = (turn.chica, turn.game.hand_number)
    this_hand = [t for t in turns[:index] if (t.chica, t.game.hand_number) == hand]
    assert puzzle.outside == public_outside(turn, this_hand)
    assert len(puzzle.hand) >= puzzles.MIN_HAND
    assert len(puzzle.hand) + sum(puzzle.outside) <= puzzles.MAX_CARDS_LEFT


@engine_settings()
@given(seed=st.integers(0, 10**9), rules=rule_sets)
def test_every_puzzle_has_one_best_move_by_the_margin_and_shows_only_what_its_seat_knew(
    seed, rules
):
    moves = puzzles.bots_game(seed, rules)
    found = puzzles.from_match(2, rules, seed, moves, f"bots:{seed}", keep=2)
    turns = list(replay(2, rules, seed, moves))
    for puzzle in found:
        check(puzzle, turns)
        assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_bots_games_give_puzzles_of_every_difficulty_and_several_themes():
    found = list(puzzles.from_bots(range(12)))
    assert len(found) >= 20
    assert set(Counter(p.difficulty for p in found)) == set(Difficulty)
    assert len({p.theme for p in found}) >= 3
    assert len({p.puzzle_id for p in found}) == len(found)


def test_a_move_is_looked_up_by_rank_and_anything_else_is_no_move():
    puzzle = next(puzzles.from_bots([3]))
    best = puzzle.best.move
    same_rank = next(c for c in full_deck() if c.rank == best.card.rank and c not in puzzle.table)
    if same_rank in puzzle.hand or same_rank is best.card:
        assert puzzle.choice_for(best) == puzzle.best
    outsider = next(c for c in full_deck() if c not in puzzle.hand)
    assert puzzle.choice_for(Move(outsider)) is None
    table_card = puzzle.table[0]
    bogus = Move(puzzle.hand[0], frozenset({table_card}))
    if frozenset({table_card}) not in puzzle.options(puzzle.hand[0]):
        assert puzzle.choice_for(bogus) is None
    for choice in puzzle.choices:
        assert puzzle.choice_for(choice.move) == choice


def caida_turn() -> Turn:
    """Seat 0 to play in the last deal: the opponent just dropped a 5, the table holds
    5 and Q; seat 0 holds 5, K, 2 and knows the opponent holds 3, 4, J."""
    game = Game.from_position(
        Rules(),
        [["5c", "Kc", "2c"], ["3s", "4s", "Js"]],
        ["Qd", "5h"],
        scores=(10, 12),
        to_play=0,
        dealer=1,
        last_played="5h",
        stock=[],
        captured=(14, 14),
    )
    seen = Counter(c.rank for c in [*game.hands[0], *game.hands[1], *game.table])
    gone = tuple(0 if rank == 0 else 4 - seen[rank] for rank in range(11))  # all else captured
    return Turn(0, game, gone, None, None, Move(Card.parse("Kc")), 0, ())


def test_a_caida_on_the_table_is_the_theme_caida():
    puzzle = puzzles.puzzle_at(caida_turn(), "test")
    assert puzzle is not None
    assert puzzle.theme is Theme.CAIDA
    assert rank_move(puzzle.best.move) == (5, (5,))


def test_a_seat_that_could_not_know_the_deal_makes_no_puzzle():
    turn = caida_turn()
    forgetful = Turn(0, turn.game, (0,) * 11, None, None, turn.move, 0, ())
    assert puzzles.puzzle_at(forgetful, "test") is None


def test_difficulty_follows_how_often_the_fast_levels_miss():
    assert puzzles.difficulty_of((0.0, 0.0)) is Difficulty.EASY
    assert puzzles.difficulty_of((0.25, 0.0)) is Difficulty.EASY
    assert puzzles.difficulty_of((0.5, 0.0)) is Difficulty.MEDIUM
    assert puzzles.difficulty_of((1.0, 0.5)) is Difficulty.HARD
