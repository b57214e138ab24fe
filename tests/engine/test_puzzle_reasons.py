"""A puzzle's reason: every claim it makes holds in the analysis, and the analysis is the
solver's (each line's tú − rival is its choice's value, and the brute force's)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Rules
from engine.ai.evaluate import WIN
from engine.ai.puzzle_reasons import Line, Reason, ReasonKind, contrast, lines_of
from engine.ai.puzzles import Puzzle, bots_game, from_match
from engine.ai.teacher import rank_move
from tests.engine.test_puzzles import move_values


def holds(reason: Reason, better: Line, worse: Line) -> bool:
    """The reason's claim, checked in the two lines."""
    kind = reason.kind
    if kind is ReasonKind.WINS_CHICA:
        return better.chica == 0 and worse.chica != 0
    if kind is ReasonKind.SAVES_CHICA:
        return worse.chica == 1 and better.chica != 1
    if kind is ReasonKind.RIVAL_CAIDA:
        return reason.card in worse.caidas[1] and len(worse.caidas[1]) > len(better.caidas[1])
    if kind is ReasonKind.CAIDA:
        return reason.card in better.caidas[0] and len(better.caidas[0]) > len(worse.caidas[0])
    if kind is ReasonKind.LIMPIA:
        return better.limpias[0] > worse.limpias[0]
    if kind is ReasonKind.TAKES_CARTON:
        return better.carton(0) == reason.points > 0 == worse.carton(0)
    if kind is ReasonKind.DENIES_CARTON:
        return worse.carton(1) == reason.points > 0 == better.carton(1)
    if kind is ReasonKind.SMALLER_CARTON:
        return 0 < better.carton(1) == reason.points < reason.other_points == worse.carton(1)
    if kind is ReasonKind.BIGGER_CARTON:
        return better.carton(0) == reason.points > reason.other_points == worse.carton(0) > 0
    return kind is ReasonKind.COUNT


def check(puzzle: Puzzle) -> None:
    lines = lines_of(puzzle.game(), [choice.move for choice in puzzle.choices])
    brute = move_values(puzzle)
    for choice, line in zip(puzzle.choices, lines, strict=True):
        assert line.net == choice.value  # the line is the solver's
        assert brute[rank_move(choice.move)] == line.net  # and the brute force's
        if line.chica is None:
            assert abs(line.net) < WIN
    best = lines[0]
    assert holds(puzzle.reasons[0], best, lines[1])
    for index, line in enumerate(lines[1:], start=1):
        assert holds(puzzle.reasons[index], best, line)
        assert puzzle.reasons[index] == contrast(best, line)
    # Said of the best itself: the reason against the next best.
    assert puzzle.reason_against(puzzle.best) == puzzle.reasons[0]
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle  # kept with its reasons


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_every_reason_holds_in_the_analysis_and_the_analysis_is_the_solvers(seed):
    for puzzle in from_match(2, Rules(), seed, bots_game(seed), f"bots:{seed}"):
        check(puzzle)


def test_cuencas_scoring_is_the_one_the_reasons_use():
    cuenca = Rules.preset("cuenca").with_options(chicas_to_win=1)
    found = [
        puzzle
        for seed in range(8)
        for puzzle in from_match(2, cuenca, seed, bots_game(seed, cuenca), f"bots:{seed}")
    ]
    assert found
    for puzzle in found:
        assert puzzle.rules == cuenca
        check(puzzle)


def test_the_reasons_are_varied_not_one_sentence_for_all():
    kinds = {
        puzzle.reasons[0].kind
        for seed in range(12)
        for puzzle in from_match(2, Rules(), seed, bots_game(seed), f"bots:{seed}")
    }
    assert len(kinds) >= 4 and kinds != {ReasonKind.COUNT}
