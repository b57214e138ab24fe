"""Reading a player's plays (engine/ai/reading.py): each style is a chance over the moves,
the style of a player is learnt from the deals it played, and the hand a player really
holds reads as likelier than a hand drawn at random."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from engine import Bot, Game, Move, Rules
from engine.ai.memory import Memory
from engine.ai.reading import STYLES, Reading, style_odds, watched_play
from engine.ai.sim import counts
from engine.ai.view import SeatView
from tests.engine.conftest import engine_settings, rule_sets
from tests.engine.test_bots import BUDGET, random_states


@engine_settings()
@given(st.sampled_from([2, 4]), rule_sets, st.integers(0, 2**32 - 1))
def test_each_style_is_a_chance_over_the_moves(players: int, rules: Rules, seed: int) -> None:
    """Under each style, the chances of the moves a hand could make add up to 1, and a
    move the hand could not make has none."""
    game = random_states(players, 1, seed=seed)[-1]
    game.rules = rules
    seat = game.to_play
    held = counts(game.hands[seat])
    by_rank: dict[tuple, list[float]] = {}
    for move in game.legal_moves():
        play = watched_play(game, move, [0] * 11)
        by_rank[play.move] = list(style_odds(play, play.position(), list(held), {}))
    for style in range(len(STYLES)):
        assert math.isclose(sum(odds[style] for odds in by_rank.values()), 1.0)
    foreign = next(r for r in range(1, 11) if not held[r])
    play = watched_play(game, game.legal_moves()[0], [0] * 11)
    missing = list(held)
    missing[play.move[0]] = 0
    missing[foreign] += 1
    assert style_odds(play, play.position(), missing, {}) == (0.0,) * len(STYLES)


def watched_chica(players: list[str], seed: int) -> tuple[Memory, Game]:
    """A memory shown every play of a 2-player chica between the two levels, and the
    game just before its last play (while the last hand is still watched)."""
    game = Game.new(2, Rules(), seed=seed)
    bots = [Bot(level, seed=seat, budget_ms=BUDGET) for seat, level in enumerate(players)]
    memory = Memory()
    before = game.copy()
    while not game.chica_history:
        before = game.copy()
        move = bots[game.to_play].choose(game)
        memory.observe(game, move)
        game.play(move)
    return memory, before


def test_the_style_of_each_player_is_learnt_from_its_deals() -> None:
    """Shown a chica of the easy level (greedy) against the normal one, the memory takes
    seat 0 for greedy and seat 1 for normal, surely enough to model them so."""
    memory, game = watched_chica(["easy", "normal"], seed=3)
    reading = memory.reading(game)
    assert reading is not None
    greedy, normal = reading.styles
    assert greedy[STYLES.index("greedy")] > 0.9
    assert normal[STYLES.index("normal")] > 0.9
    assert (reading.style_of(0), reading.style_of(1)) == ("greedy", "normal")


def test_a_style_is_taken_only_when_the_plays_show_it_clearly() -> None:
    """The search models the opponent by its style only past SURE; a player who fits no
    style (ANY), or two alike, is played as a perfect player."""
    fit = ((True, True, False, False),) * 2
    split = Reading((), ((0.5, 0.5, 0.0, 0.0), (0.05, 0.0, 0.0, 0.95)), fit)
    assert split.style_of(0) is None and split.style_of(1) is None
    assert Reading((), ((0.0, 0.95, 0.0, 0.05),), fit).style_of(0) == "greedy"
    assert (
        Reading((), ((0.0, 0.95, 0.0, 0.05),), ((True, False, False, False),)).style_of(0) is None
    )


def reading_of(choose: Callable[[Game], Move], seed: int) -> Reading:
    """What a memory that watched a 2-player chica of the expert (seat 0) against
    `choose` (seat 1) reads just before its last play."""
    game = Game.new(2, Rules(), seed=seed)
    expert = Bot("expert", seed=0, budget_ms=BUDGET)
    memory = Memory()
    before = game
    while not game.chica_history:
        before = game.copy()
        move = expert.choose(game) if game.to_play == 0 else choose(game)
        memory.observe(game, move)
        game.play(move)
    reading = memory.reading(before)
    assert reading is not None
    return reading


def test_a_player_likeliest_greedy_but_often_off_it_is_not_answered() -> None:
    """A greedy player who makes a random move a third of the time is read as greedy far
    rather than normal or any, but too many of its plays miss greedy's best moves to
    answer it as greedy; the easy level itself is answered."""
    easy, wild = Bot("easy", seed=1), Bot("random", seed=2)
    coin = random.Random(3)
    reading = reading_of(lambda game: (wild if coin.random() < 0.3 else easy).choose(game), 4)
    assert reading.styles[1][STYLES.index("greedy")] > 0.9
    assert reading.style_of(1) is None
    assert reading_of(Bot("easy", seed=1).choose, 4).style_of(1) == "greedy"


def test_a_player_who_captures_greedily_but_drops_with_care_is_not_answered() -> None:
    """A player who captures as the easy level does, but chooses its drops as the normal
    level would, misses none of greedy's best moves; yet greedy would drop at random, so
    it is not answered as greedy."""
    easy, normal = Bot("easy", seed=1), Bot("normal", seed=2)

    def careful(game: Game) -> Move:
        return (easy if any(m.takes for m in game.legal_moves()) else normal).choose(game)

    reading = reading_of(careful, 6)
    assert reading.styles[1][STYLES.index("greedy")] > 0.9
    assert reading.style_of(1) is None


def test_the_hand_a_player_holds_reads_likelier_than_a_drawn_one() -> None:
    """In chicas of the normal level, the reading of a seat that watches every play finds
    its opponent's real hand at least as likely as most hands drawn from the unseen
    cards, and on average likelier; the hands it draws hold more of the real one."""
    rng = random.Random(5)
    at_least_median = positions = 0
    log_ratios = 0.0
    shared_read = shared_blind = 0
    for seed in range(3):
        game = Game.new(2, Rules(), seed=seed)
        bots = [Bot("normal", seed=0), Bot("normal", seed=1)]
        memory = Memory()  # seat 0's knowledge: every play so far, as it watches them
        while not game.chica_history:
            reading = memory.reading(game)
            if game.to_play == 0 and reading is not None and reading.reads(1):
                view = SeatView(game, gone=memory.recall(game), reading=reading)
                truth = counts(game.hands[1])
                drawn = [view.sample(rng).hands[1] for _ in range(20)]
                chances = sorted(reading.chance(1, hand) for hand in drawn)
                real = reading.chance(1, truth)
                at_least_median += real >= chances[len(chances) // 2]
                log_ratios += math.log(real * len(chances) / sum(chances))
                positions += 1
                read = view.sample(rng, read_drop=True).hands[1]
                shared_read += sum(min(a, b) for a, b in zip(read, truth, strict=True))
                shared_blind += sum(min(a, b) for a, b in zip(drawn[0], truth, strict=True))
            move = bots[game.to_play].choose(game)
            memory.observe(game, move)
            game.play(move)
    assert positions > 100
    assert at_least_median > 0.85 * positions
    assert log_ratios / positions > 0.3
    assert shared_read > shared_blind


def test_a_reading_with_no_plays_changes_no_draw() -> None:
    """At a deal's first play nothing is read yet: the reading weighs no hand."""
    game = Game.new(2, Rules(), seed=2)
    reading = Reading((), ((1.0, 0.0, 0.0, 0.0),) * 2, ((True, True, False, False),) * 2)
    read = SeatView(game, gone=[0] * 11, lacking=[[False] * 11] * 2, reading=reading)
    plain = SeatView(game, gone=[0] * 11, lacking=[[False] * 11] * 2)
    assert not read.reads_opponent
    rng_a, rng_b = random.Random(1), random.Random(1)
    assert read.sample(rng_a, True).hands == plain.sample(rng_b, True).hands
