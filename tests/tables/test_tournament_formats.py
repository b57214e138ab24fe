"""Tournament formats as classes: one registry, no format branches outside it."""

from __future__ import annotations

import pathlib
import re

from tables.tournament import Format, Stage, TournamentPhase
from tables.tournament_formats import FORMATS, Groups, Knockout, Swiss

from .test_tournament import HOST, play_out, tournament

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_format_has_its_class_in_the_registry():
    assert set(FORMATS) == set(Format)
    assert {type(rules) for rules in FORMATS.values()} == {Knockout, Swiss, Groups}
    assert all(FORMATS[f].format == f for f in Format)


def test_the_format_says_what_is_listed():
    assert Knockout.listed_stage is None
    assert Swiss.listed_stage == Stage.SWISS and not Swiss.grouped
    assert Groups.listed_stage == Stage.GROUP and Groups.grouped


def test_no_format_branches_outside_the_formats():
    """`if format ==` lives nowhere else: a new format is one class and one registry line."""
    checked = [
        *ROOT.joinpath("tables").glob("*.py"),
        *ROOT.joinpath("render").glob("*.py"),
        ROOT / "cogs" / "tournament" / "messages.py",
    ]
    branch = re.compile(r"format\s*(==|!=|is|in)\s|==\s*Format\.|!=\s*Format\.")
    found = [
        f"{path.name}:{number}"
        for path in checked
        if path.name != "tournament_formats.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []


def test_rounds_count_matches_the_rounds_played():
    for format_, count in [(Format.KNOCKOUT, 13), (Format.SWISS, 13), (Format.GROUPS, 13)]:
        made = tournament(count, format=format_, size=32)
        made.start(HOST, 0.0)
        promised = made.swiss_rounds()  # (before the start: of the places, 32)
        play_out(made, seed=3)
        assert made.phase == TournamentPhase.FINISHED
        if format_ != Format.GROUPS:  # groups: an estimate (byes skip rounds)
            assert len(made.rounds) == promised


def test_the_mundial_96_pairs_in_groups_plays_to_a_champion_with_a_repechaje():
    made = tournament(0, format=Format.GROUPS, size=96, team_size=2)
    for number in range(96):
        made.invite(1000 + 2 * number, f"a{number}", 1001 + 2 * number, f"b{number}", 0.0)
        made.answer_invite(1001 + 2 * number, 1000 + 2 * number, True, 0.0)
    assert len(made.entries) == 96 and len(made.groups()) == 24
    made.start(HOST, 0.0)
    play_out(made, seed=5)
    stages = [r.stage for r in made.rounds]
    assert stages[:3] == [Stage.GROUP] * 3 and Stage.REPECHAJE in stages
    podium = made.final_podium()
    assert podium is not None and podium.third_shared
