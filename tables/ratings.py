"""Skill ratings: openskill's Plackett-Luce model, bots at fixed skills.

A player's skill is a mean and an uncertainty (openskill's mu and sigma); rankings sort by
the conservative value mu − 3σ, shown as one friendly number (`shown`): a newcomer shows
1000 and is provisional for their first PROVISIONAL_MATCHES matches. Bots never move: each
level has a fixed skill, fitted to the win rates the levels were measured at, so a match
with bots rates its humans (in the with-bots ranking) as if against players of that skill.
"""

from __future__ import annotations

from collections.abc import Mapping

from openskill.models import PlackettLuce, PlackettLuceRating

from db import MatchOutcome, MatchRecord, Rated, Rater, Skill

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300: openskill's defaults
NEWCOMER = Skill(MODEL.mu, MODEL.sigma)
PROVISIONAL_MATCHES = 5

# The friendly number: a newcomer (conservative 0) shows BASE; SCALE points per skill unit.
BASE, SCALE = 1000, 20

# Bots' skills, fitted by least squares on the log-odds of MODEL.predict_win to the win
# rates measured per chica by bench/arena.py (2 players, paired chicas: normal beats easy 88.0%
# over 1,000; the expert, which watches every play and reads its opponent, beats easy
# 94.0% and normal 79.3% over 2,000 each), made match win rates for the default two
# chicas (p²(3 − 2p)); normal anchored at a newcomer's mean. A small sigma: the bots'
# play does not change. tests/tables/test_ratings.py checks the fit.
BOT_SIGMA = 1.0
MEASURED_CHICA_WIN_RATES = {
    ("normal", "easy"): 0.880,
    ("expert", "easy"): 0.940,
    ("expert", "normal"): 0.793,
}
BOT_SKILLS = {
    "easy": Skill(15.7, BOT_SIGMA),
    "normal": Skill(25.0, BOT_SIGMA),
    "expert": Skill(30.5, BOT_SIGMA),
}


def shown(conservative: float) -> int:
    """The number players see for a conservative value."""
    return round(BASE + SCALE * conservative)


def shown_change(before: float, after: float) -> int:
    """A change as players see it: the difference of the shown numbers."""
    return shown(after) - shown(before)


def is_provisional(matches: int) -> bool:
    return matches < PROVISIONAL_MATCHES


def is_rated(match: MatchRecord) -> bool:
    """Whether a recorded match moves ratings: played out or forfeited (not abandoned),
    not casual (no hints were available), and with at least one human."""
    return (
        match.outcome != MatchOutcome.ABANDONED
        and not match.casual
        and any(result.user_id is not None for result in match.results)
    )


def predict_win(first: Skill, second: Skill) -> float:
    """The chance that `first` beats `second` in a 1 vs 1 match, by the model."""
    return float(MODEL.predict_win([[_rating(first)], [_rating(second)]])[0])


def _rating(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)


def rate_puzzle(player: Skill | None, puzzle: Skill | None, solved: bool) -> tuple[Skill, Skill]:
    """A counted try at a day's puzzle as a 1 vs 1 game, the player against the puzzle
    (a solved puzzle: the player wins); both newcomers at first. The skills after it, the
    player's then the puzzle's (db.PuzzleRater)."""
    before = [_rating(player or NEWCOMER)], [_rating(puzzle or NEWCOMER)]
    ranks = [1.0, 2.0] if solved else [2.0, 1.0]
    (mine,), (its,) = MODEL.rate(list(before), ranks=ranks)
    return Skill(mine.mu, mine.sigma), Skill(its.mu, its.sigma)


def rater(match: MatchRecord) -> Rater:
    """How the match rates its humans, given their current skills (newcomers missing)."""

    def rate(current: Mapping[int, Skill]) -> dict[int, Rated]:
        seats = sorted(match.results, key=lambda result: result.seat)
        before = [
            current.get(r.user_id, NEWCOMER)
            if r.user_id is not None
            else BOT_SKILLS.get(r.bot_level or "", BOT_SKILLS["normal"])
            for r in seats
        ]
        sides = (0, 1)
        teams = [[_rating(before[i]) for i, r in enumerate(seats) if r.side == s] for s in sides]
        ranks = [1.0 if side == match.winner_side else 2.0 for side in sides]
        after = MODEL.rate(teams, ranks=ranks)
        strength = [
            sum(before[i].conservative for i, r in enumerate(seats) if r.side == s) / len(teams[s])
            for s in sides
        ]
        rated = {}
        places = [0, 0]  # each side's next member in openskill's answer
        for index, result in enumerate(seats):
            new = after[result.side][places[result.side]]
            places[result.side] += 1
            if result.user_id is not None:
                rated[result.user_id] = Rated(
                    before[index], Skill(new.mu, new.sigma), strength[1 - result.side]
                )
        return rated

    return rate
