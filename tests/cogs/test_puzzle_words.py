"""What a puzzle says, in simcord (es, en): the rules it is solved by (a one-chica Cuenca
match's puzzle says Cuenca), the reason from the analysis, a wrong answer's own line, the
values labelled tú − rival, and a chica-deciding margin said as such."""

from __future__ import annotations

import pytest

import cogs.puzzles.desk
from cogs.puzzles.messages import answer_lines, reason_words, share_text, why
from engine import Rules
from engine.ai.puzzles import bots_game, from_match
from i18n import t
from tables.puzzles import BOTS_GUILD, stored
from tests.cogs.helpers import in_language
from tests.cogs.test_puzzles import answer, puzzle_shown

CUENCA_1 = Rules.preset("cuenca").with_options(chicas_to_win=1)


def cuenca_puzzles():
    found = []
    for seed in range(6):
        found += from_match(2, CUENCA_1, seed, bots_game(seed, CUENCA_1), f"bots:{seed}")
    return found


CUENCA = cuenca_puzzles()


class Plain:
    """Cards as text (the words, not the emojis, are what these checks read)."""

    def inline(self, card):
        return str(card)


@pytest.fixture(autouse=True)
def no_restocking(monkeypatch):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_one_chica_cuenca_puzzle_says_cuenca_and_why_from_its_analysis(world, lang):
    await in_language(world, lang)
    puzzle = CUENCA[0]
    await world.env.bot.storage.add_puzzles([stored(puzzle, BOTS_GUILD, None)])
    shown = await world.ana.slash(world.channel, "cuarenta puzzle", mode=str(puzzle.difficulty))
    text = shown.response.content
    cuenca = (
        "reglas Cuenca (caída con limpia 4)" if lang == "es" else "Cuenca rules (caída+limpia 4)"
    )
    assert cuenca in text.splitlines()[1]
    assert (await puzzle_shown(world, shown.response))[0].rules == CUENCA_1
    _, _, wrong = await answer(world, world.ana, shown.response, best=False)
    said = wrong.response.content.splitlines()
    display = world.env.bot.services.emojis
    worst = puzzle.choices[-1]
    assert said[1] == why(puzzle, display, lang)
    assert said[2] == reason_words(puzzle.reason_against(worst), worst, display, lang, yours=True)
    assert t("puzzle.values", lang) in said
    assert "98" not in wrong.response.content


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_chica_deciding_margin_is_said_as_such_never_as_points(lang):
    seed = 15  # a bots' game with a puzzle where every play but the best loses the chica
    deciding = next(
        p
        for p in from_match(2, Rules(), seed, bots_game(seed), f"bots:{seed}")
        if p.choices[1].loses and not p.best.wins
    )
    assert deciding.margin > 100  # the solver's internal win value, never to be told
    line = why(deciding, Plain(), lang)
    assert str(round(deciding.margin)) not in line
    assert line == reason_words(deciding.reasons[0], deciding.choices[1], Plain(), lang)
    assert deciding.reasons[0].kind == "saves_chica"
    lines = answer_lines(deciding, deciding.choices[-1], Plain(), lang)
    assert t("puzzle.value.loss", lang) in "\n".join(lines)
    assert not any(str(round(deciding.margin)) in text for text in lines)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_shared_result_never_gives_the_answer_away(lang):
    for puzzle in CUENCA:
        for solved, streak in ((True, 9), (True, 1), (False, 0)):
            said = share_text(8, solved, streak, str(puzzle.difficulty), lang)
            assert "<@8>" in said and len(said) < 200
            assert t(f"puzzle.difficulty.{puzzle.difficulty}", lang) in said
            for choice in puzzle.choices:  # no card of the puzzle, no play, no value
                assert str(choice.move.card) not in said and choice.move.card.rank_name not in said
            assert (str(streak) in said) == (streak > 1)
