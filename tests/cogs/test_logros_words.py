"""Logros in words (es, en): at most three named in a line when earned, then "y N más";
each one still to earn says how, with the player's progress where it counts up."""

from __future__ import annotations

import pytest

from cogs.logros.messages import SHOWN_AT_ONCE, earned_text, logros_text
from db import Logro
from i18n import t, tn
from tables.logros import LOGROS, earned_by_counts, progress

ANA = 10**18


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_first_match_names_three_logros_then_how_many_more(lang):
    names = list(LOGROS)[:6]
    line = earned_text([Logro(ANA, name, 1, "m", 0.0) for name in names], lang)
    assert line.count("\n") == 0 and len(line) < 200
    for name in names[:SHOWN_AT_ONCE]:
        assert t(f"logro.{name}", lang) in line
    for name in names[SHOWN_AT_ONCE:]:
        assert t(f"logro.{name}", lang) not in line
    assert line.endswith(tn("logros.more", lang, 3))
    two = earned_text([Logro(ANA, name, 1, "m", 0.0) for name in names[:2]], lang)
    assert tn("logros.more", lang, 1).strip() not in two  # no "y 0 más"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_locked_logro_says_how_to_earn_it_and_the_progress(lang):
    counts = {"wins": 2, "caidas": 140, "matches": 7, "season_matches": 3}
    earned = [Logro(ANA, name, 1, "m", 0.0) for name in ("first_win", "hundred_caidas")]
    text = logros_text(ANA, earned, lang, progress(counts))
    assert len(text) <= 2000
    lines = text.splitlines()
    wins = next(line for line in lines if t("logro.ten_wins", lang) in line)
    assert t("logro.ten_wins.desc", lang) in wins
    assert wins.endswith(t("logros.progress", lang, done=2, needed=10))
    for name in LOGROS:
        if name in ("first_win", "hundred_caidas"):
            continue
        row = next(line for line in lines if t(f"logro.{name}", lang) in line)
        assert t(f"logro.{name}.desc", lang) in row
    assert earned_by_counts(counts) == {"hundred_caidas"}


def test_the_longest_logros_list_fits_one_message():
    full = {"wins": 9, "caidas": 99, "matches": 49, "season_matches": 9}
    for lang in ("es", "en"):
        assert len(logros_text(ANA, [], lang, progress(full))) <= 2000
