"""The terminal game (engine/cli.py), driven by scripted input."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Card, Game, Rules
from engine.cli import Table, greedy_move, main, points_text, run
from tests.engine.conftest import capture_with, drop, end_of_deal, end_of_hand, position

ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """Scripted input (a list of lines, then EOF) and the output, as text."""

    def __init__(self, lines=()):
        self.lines = list(lines)
        self.out: list[str] = []
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.out.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def write(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)

    def after(self, marker: str) -> str:
        """The output after the last prompt that was answered with `marker`'s line."""
        return self.text.split(marker, 1)[1]


def choice_position() -> Game:
    """You (seat 0) hold 7h, 5d, Kc; the table holds 7s, 3c, 4d: 7h has two captures."""
    return position(hands=[["7h", "5d", "Kc"], ["2s", "Js", "Qs"]], table=["7s", "3c", "4d"])


def play_lines(lines, game=None) -> tuple[Terminal, Game]:
    terminal = Terminal(lines)
    game = game or choice_position()
    run(game, terminal.read, terminal.write, random.Random(1))
    return terminal, game


# ------------------------------------------------------------------- wrong input
@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("zz", "'zz' is not a card or a command"),
        ("8h", "Cuarenta has no 8, 9 or 10"),
        ("10d", "Cuarenta has no 8, 9 or 10"),
        ("Qs", "You don't have Qs. Your hand: 5d 7h Kc"),
        ("Q", "You have no Q. Your hand: 5d 7h Kc"),
        ("7h 3", "7h has 2 captures: choose 1 to 2, or `7h drop`."),
        ("7h 5s", "7h cannot take 5s. It can:"),
        ("7h 3c 5s", "7h cannot take 3c 5s. It can:"),
        ("7h x", "'x' is not a card. Write the cards to take like `7h 3s 4d`"),
        ("5d 1", "5d cannot capture anything here. Play `5d` to drop it."),
    ],
)
def test_wrong_input_gets_a_message_and_a_new_prompt(line, message):
    terminal, game = play_lines([line])
    assert message in terminal.text
    assert terminal.prompts == ["Your play> ", "Your play> "]  # asked again (then EOF)
    assert game.hands[0] == [Card.parse(c) for c in ("7h", "5d", "Kc")]  # nothing played
    assert terminal.out[-1] == "Bye."


def test_a_card_that_cannot_take_what_is_named_lists_what_it_can():
    terminal, _ = play_lines(["7h 5s"])
    assert "  1) take 7s" in terminal.text
    assert "  2) take 3c 4d" in terminal.text


def test_help_and_moves():
    terminal, _ = play_lines(["help", "moves"])
    assert "Commands:" in terminal.text
    assert "7h drop" in terminal.text
    assert "  5d: drop" in terminal.text
    assert "  7h 1: take 7s" in terminal.text
    assert "  7h 2: take 3c 4d" in terminal.text
    assert "  Kc: drop" in terminal.text


def test_quit_leaves_at_once():
    terminal, game = play_lines(["quit", "7h 1"])
    assert terminal.out[-1] == "Bye."
    assert len(game.hands[0]) == 3


# ------------------------------------------------------------------- playing cards
def test_several_captures_ask_which():
    terminal, game = play_lines(["7h", "9", "2"])
    assert "7h can capture in 2 ways:" in terminal.text
    assert "Please answer a number from 1 to 2" in terminal.text
    assert "You played 7h and took 3c 4d." in terminal.text
    assert [str(c) for c in game.table if c.rank == 7] == ["7s"]


def test_the_capture_by_number_or_by_cards():
    terminal, _ = play_lines(["7h 1"])
    assert "You played 7h and took 7s." in terminal.text
    terminal, _ = play_lines(["7H 3C 4D"])
    assert "You played 7h and took 3c 4d." in terminal.text
    terminal, _ = play_lines(["7h 4 3"])  # ranks alone: suits never matter
    assert "You played 7h and took 3c 4d." in terminal.text


def test_drop_even_when_a_capture_exists():
    terminal, _ = play_lines(["7h drop"])
    assert "You dropped 7h." in terminal.text
    terminal, _ = play_lines(["7h", "d"])
    assert "You dropped 7h." in terminal.text


def test_going_back_from_the_question():
    terminal, game = play_lines(["7h", "", "kc"])
    assert "You dropped Kc." in terminal.text
    assert Card.parse("7h") in game.hands[0]


def test_a_card_with_one_capture_takes_it_and_a_bare_rank_plays():
    game = position(hands=[["5d", "Kc"], ["2s", "Qs"]], table=["5s", "6c"])
    terminal, game = play_lines(["5"], game)
    assert "You played 5d and took 5s 6c. ¡Limpia! +2" in terminal.text
    assert game.scores[0] == 2


def test_the_computer_plays_and_says_what_it_did():
    game = position(hands=[["5d", "Kc"], ["5s", "Qs"]], table=["Ah"])
    terminal, game = play_lines(["5d"], game)
    assert "You dropped 5d." in terminal.text
    assert "Computer played 5s and took 5d. ¡Caída! +2" in terminal.text
    assert game.scores == (0, 2)


def test_the_status_shows_scores_table_and_hand():
    game = position(hands=[["5d", "Kc"], ["5s", "Qs"]], table=["Ah", "Jd"], scores=(26, 12))
    terminal, _ = play_lines([], game)
    assert "You         2 perros 3 tantos (26)" in terminal.text
    assert "Computer    1 perro 1 tanto (12)" in terminal.text
    assert "Table: Ah Jd" in terminal.text
    assert "Your hand: 5d Kc" in terminal.text


# ------------------------------------------------------------------- words for events
def test_scoring_events_in_words():
    game = position(
        rules=Rules.preset("cuenca"), hands=[["5h", "Qc"], ["5d", "Kc"]], table=[], to_play=0
    )
    table = Table(game)
    drop(game, "5h")
    lines = table.tell(game.play(capture_with(game, "5d")))
    assert lines == ["Computer played 5d and took 5h. ¡Caída! +2 ¡Limpia! +2"]


def test_rondas_carton_and_chica_in_words():
    game, events = end_of_deal(["7h 7s 7d 2c 3c", "Ah 2h 3h 4h 5h"], scores=(38, 20))
    assert Table(game).tell(events) == [
        "Computer dropped Kc.",
        "— Deal 4 of 4. —",
        "You: ¡Ronda! (three of a rank) (no points: 38 que no juega)",
    ]
    game, events = end_of_hand((24, 12), scores=(30, 8))
    lines = Table(game).tell(events)
    assert lines[:4] == [
        "Computer dropped Kc.",
        "Cartón: You captured 24 cards: +10",
        "*** You win the chica (You 40, Computer 8)! ***",
        "*** ¡Zapatería! The other side had fewer than 10 points. ***",
    ]
    assert lines[4] == "*** You win the match! Chicas: You 1, Computer 0 ***"


def test_dos_por_darlas_and_doble_ronda_in_words():
    game, events = end_of_hand((18, 18), table="2s 3s")
    assert "Dos por darlas: You (18 cards, no cartón): +2" in Table(game).tell(events)
    game, events = end_of_deal(["Ah 2h 3h 4h 5h", "Qh Qs Qd Qc 3c"], scores=(12, 8))
    lines = Table(game).tell(events)
    assert "Computer: ¡Doble ronda! (four of a rank) wins the chica" in lines
    assert "*** Computer wins the chica (You 12, Computer 40)! ***" in lines
    assert "— New hand: You deal. —" in lines


def test_caidas_in_a_row_in_words():
    game = position(
        Rules(caidas_seguidas=2),
        hands=[["5d", "6d", "Qc"], ["5h", "6h", "Kc"]],
        table=["Ks"],
        to_play=1,
        dealer=0,
        scores=(12, 8),
    )
    table = Table(game)
    drop(game, "5h")
    assert table.tell(game.play(capture_with(game, "5d"))) == [
        "You played 5d and took 5h. ¡Caída! +2 (1 in a row)"
    ]
    drop(game, "6h")
    lines = table.tell(game.play(capture_with(game, "6d")))
    assert lines[:3] == [
        "You played 6d and took 6h. ¡Caída! +2 (2 in a row)",
        "You: ¡2 caídas seguidas! (2 caídas in a row) wins the chica",
        "*** You win the chica (You 40, Computer 8)! ***",
    ]


def test_four_players_names():
    game = Game.new(4, seed=2)
    table = Table(game)
    assert [table.seat(s) for s in range(4)] == ["You", "Rival 1", "Partner", "Rival 2"]
    assert table.wins(1) == "The rivals win"
    assert table.wins(0) == "Your team wins"


@pytest.mark.parametrize(
    ("points", "text"),
    [(0, "0 tantos (0)"), (2, "1 tanto (2)"), (10, "1 perro (10)"), (26, "2 perros 3 tantos (26)")],
)
def test_points_in_perros_and_tantos(points, text):
    assert points_text(points) == text


# ------------------------------------------------------------------- the computer
def test_greedy_prefers_a_caida_then_a_limpia_then_more_cards():
    game = position(hands=[["Qc", "5d"], ["5h", "Kc"]], table=["Ad", "3s", "2s"], to_play=1)
    drop(game, "5h")
    move = greedy_move(game)
    assert (str(move.card), game.is_caida(move)) == ("5d", True)
    game = position(hands=[["7h", "4d"], ["Kc"]], table=["3s", "4s"])
    assert sorted(str(c) for c in greedy_move(game).takes) == ["3s", "4s"]  # the limpia
    game = position(hands=[["Kh", "Qd"], ["Kc"]], table=["3s"])
    assert greedy_move(game).takes == frozenset()
    assert not greedy_move(game).card.is_number


# ------------------------------------------------------------------- whole matches
def autoplayer(terminal: Terminal):
    """Answer every prompt like a player who always plays the first card of the hand."""

    def read(prompt: str) -> str:
        terminal.out.append(prompt)
        if prompt.startswith("Which"):
            return "1"
        hand_lines = [line for line in terminal.out if line.startswith("Your hand:")]
        return hand_lines[-1].split(":")[1].split()[0]

    return read


@pytest.mark.parametrize(
    "argv",
    [
        ["--seed", "5"],
        ["--seed", "6", "--players", "4", "--rules", "Cuenca", "--chicas", "1"],
    ],
)
def test_a_whole_match_to_the_end(argv):
    terminal = Terminal()
    assert main(argv, autoplayer(terminal), terminal.write) == 0
    text = terminal.text
    assert "wins the match!" in text or "win the match!" in text
    assert "— New hand:" in text
    assert "Your play> " in text
    players = "4 players" if "4" in argv else "2 players"
    assert terminal.out[0].startswith(f"Cuarenta · {players}")


def test_flags_set_the_rules_and_the_seed():
    first, second = Terminal(["quit"]), Terminal(["quit"])
    main(
        ["--players", "4", "--rules", "cuenca", "--chicas", "1", "--seed", "3"],
        first.read,
        first.write,
    )
    main(
        ["--players", "4", "--rules", "cuenca", "--chicas", "1", "--seed", "3"],
        second.read,
        second.write,
    )
    assert first.out[0] == "Cuarenta · 4 players · Cuenca rules · first to 1 chica"
    assert first.out == second.out  # the same seed, the same game
    with pytest.raises(SystemExit):
        main(["--players", "3"], first.read, first.write)
    with pytest.raises(SystemExit):
        main(["--chicas", "0"], first.read, first.write)


def test_flags_for_the_house_rules():
    terminal = Terminal(["quit"])
    main(
        ["--carton-at-lock", "--caidas-seguidas", "4", "--seed", "3"], terminal.read, terminal.write
    )
    assert terminal.out[0] == (
        "Cuarenta · 2 players · Quito rules + cartón at the lock + 4 caídas in a row win · "
        "first to 2 chicas"
    )
    terminal = Terminal(["quit"])
    main(["--rules", "cuenca", "--caidas-seguidas", "3"], terminal.read, terminal.write)
    assert terminal.out[0].startswith("Cuarenta · 2 players · Cuenca rules + 3 caídas in a row")
    with pytest.raises(SystemExit):
        main(["--caidas-seguidas", "1"], terminal.read, terminal.write)


def test_a_whole_match_under_the_house_rules():
    terminal = Terminal()
    argv = ["--seed", "8", "--carton-at-lock", "--caidas-seguidas", "2", "--chicas", "1"]
    assert main(argv, autoplayer(terminal), terminal.write) == 0
    assert "win the match!" in terminal.text or "wins the match!" in terminal.text
    assert "(2 caídas in a row) wins the chica" in terminal.text  # this seed's chica


def test_python_dash_m_engine():
    result = subprocess.run(
        [sys.executable, "-m", "engine", "--seed", "1"],
        input="zz\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0
    assert "Your hand:" in result.stdout
    assert "'zz' is not a card or a command" in result.stdout
    assert result.stdout.rstrip().endswith("Bye.")
