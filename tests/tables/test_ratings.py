"""The rating model: who counts, which way ratings move, and the bots' calibration."""

from dataclasses import replace

import pytest

from db import MatchOutcome, MatchRecord, PlayerResult, Skill
from tables import ratings

A, B, C, D = 1, 2, 3, 4


def seat(user, index, won, bot_level=None):
    return PlayerResult(user, index, index % 2, won, 0, 0, 0, 0, 0, 0, 0, 0, bot_level=bot_level)


def match(*users, winner_side=0, levels=None) -> MatchRecord:
    """Seats in order (None: a bot, of `levels[i]` or normal); side 0 = seats 0 and 2."""
    levels = levels or {}
    results = [
        seat(user, i, i % 2 == winner_side, levels.get(i, "normal" if user is None else None))
        for i, user in enumerate(users)
    ]
    return MatchRecord(
        match_id="m",
        guild_id=5,
        channel_id=6,
        finished_at=1.0,
        rules="quito",
        players=len(users),
        with_bots=None in users,
        winner_side=winner_side,
        results=results,
    )


def test_a_win_raises_and_a_loss_lowers_in_one_against_one():
    rated = ratings.rater(match(A, B))({})
    assert rated[A].before == rated[B].before == ratings.NEWCOMER
    assert rated[A].after.mu > ratings.NEWCOMER.mu > rated[B].after.mu
    assert ratings.shown_change(rated[A].before.conservative, rated[A].after.conservative) > 0
    assert ratings.shown_change(rated[B].before.conservative, rated[B].after.conservative) < 0
    assert rated[A].opponents == rated[B].opponents == ratings.NEWCOMER.conservative


def test_two_against_two_moves_both_partners_the_same_way():
    strong = Skill(30.0, 3.0)
    rated = ratings.rater(match(A, B, C, D, winner_side=1))({A: strong})
    assert set(rated) == {A, B, C, D}
    assert rated[A].before == strong
    for loser in (A, C):
        assert rated[loser].after.mu < rated[loser].before.mu
    for winner in (B, D):
        assert rated[winner].after.mu > rated[winner].before.mu
    # the opponents' strength is their mean conservative value
    assert rated[B].opponents == pytest.approx((strong.conservative + 0.0) / 2)


def test_bots_are_not_rated_and_count_at_their_fixed_skill():
    easy = ratings.rater(match(A, None, levels={1: "easy"}))({})
    expert = ratings.rater(match(A, None, levels={1: "expert"}))({})
    assert set(easy) == set(expert) == {A}
    # beating an expert is worth more than beating an easy bot
    assert expert[A].after.mu > easy[A].after.mu
    assert expert[A].opponents == ratings.BOT_SKILLS["expert"].conservative


def test_an_upset_moves_more_than_an_expected_result():
    strong, weak = Skill(35.0, 3.0), Skill(15.0, 3.0)
    expected = ratings.rater(match(A, B))({A: strong, B: weak})
    upset = ratings.rater(match(A, B, winner_side=1))({A: strong, B: weak})
    gain_expected = expected[A].after.mu - strong.mu
    loss_upset = strong.mu - upset[A].after.mu
    assert 0 < gain_expected < loss_upset


@pytest.mark.parametrize(
    ("changes", "rated"),
    [
        ({}, True),
        ({"casual": True}, False),
        ({"outcome": MatchOutcome.ABANDONED}, False),
        ({"outcome": MatchOutcome.FORFEIT}, True),
    ],
)
def test_which_matches_are_rated(changes, rated):
    assert ratings.is_rated(replace(match(A, B), **changes)) is rated


def test_a_match_of_bots_alone_is_not_rated():
    assert not ratings.is_rated(match(None, None))


def test_the_bots_fixed_skills_follow_the_measured_win_rates():
    """Each pairing's predicted match win rate is near the measured one (made a match of
    two chicas), and the levels are in order."""
    skills = ratings.BOT_SKILLS
    assert skills["easy"].mu < skills["normal"].mu < skills["expert"].mu
    for (better, worse), chica in ratings.MEASURED_CHICA_WIN_RATES.items():
        measured = chica * chica * (3 - 2 * chica)
        predicted = ratings.predict_win(skills[better], skills[worse])
        assert abs(predicted - measured) < 0.1, (better, worse, predicted, measured)


def test_shown_numbers():
    assert ratings.shown(0.0) == ratings.BASE
    assert ratings.shown_change(1.0, 2.0) == ratings.SCALE
    assert ratings.is_provisional(ratings.PROVISIONAL_MATCHES - 1)
    assert not ratings.is_provisional(ratings.PROVISIONAL_MATCHES)
