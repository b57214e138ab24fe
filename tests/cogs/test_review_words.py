"""What a review says, read as a player: the result first, whole points, each move once,
the moments that decided a chica only when one did, the reader's own moves only."""

from __future__ import annotations

import pytest

from cogs.infra.card_emojis import CardEmojis
from cogs.review.messages import review_text
from cogs.review.reviews import Ending, Reviewed
from engine import Card, Move, Rules
from engine.ai import teacher
from i18n import t, tn

SEVEN, THREE, FIVE = Card.parse("7h"), Card.parse("3c"), Card.parse("5d")


def decision(index: int, seat: int, loss: float, scores=(14, 30)) -> teacher.Decision:
    return teacher.Decision(
        index=index, seat=seat, chica=0, played=Move(THREE), best=Move(FIVE), loss=loss,
        hand=(THREE, FIVE), table=(SEVEN,), last_played=SEVEN, scores=scores, chicas=(0, 0),
        stock=20,
    )  # fmt: skip


def match(ending: Ending, seat: int = 1, stand_ins=None) -> Reviewed:
    return Reviewed(
        match_id="m1", players=2, rules=Rules(), seed=1, moves=("7H",) * 40,
        names=("<@1>", "<@2>"), sides=("ana", "beto"), seat=seat, ending=ending,
        stand_ins=stand_ins or {},
    )  # fmt: skip


def review(*seats: list[teacher.Decision], moments=(), chicas=((40, 14), (50, 8))):
    return teacher.MatchReview(
        players=2,
        seats=[teacher.SeatReview(list(d), [x.index for x in d]) for d in seats],
        moments=list(moments),
        chicas=list(chicas),
        chica_winners=[0 if a > b else 1 for a, b in chicas],
    )


def lines_of(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_result_comes_first_in_words_with_the_readers_scores_first(lang):
    found = review([decision(0, 0, 0.0)], [decision(1, 1, 14.4), decision(3, 1, 0.3)])
    text = review_text(match(Ending.LOST), found, CardEmojis.text_only(), lang)
    title = lines_of(text)[0]
    assert title == t("review.title.lost", lang, won=0, lost=2) + t(
        "review.chica_scores", lang, scores="14–40, 8–50"
    )
    assert ("Perdiste 0–2" if lang == "es" else "You lost 0–2") in title
    verdict = lines_of(text)[1]  # one sentence: who played better, what her worst move cost
    assert verdict.startswith(t("review.verdict.worse.2", lang))
    assert tn("review.points", lang, 14) in verdict and verdict.endswith(".")
    costly = [line for line in lines_of(text) if line[:3] in ("1. ", "2. ")]
    assert tn("review.points", lang, 14) in costly[0]  # whole points, no decimals
    assert t("review.points_none", lang) in costly[1]
    assert ",4" not in text and ".4 " not in text


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(
    "ending", [Ending.WON_FORFEIT, Ending.LOST_FORFEIT, Ending.NO_RESULT, Ending.STOPPED]
)
def test_a_match_not_played_to_its_end_says_how_it_ended_and_judges_no_luck(lang, ending):
    found = review([decision(0, 0, 2.0)], [decision(1, 1, 3.0)], chicas=())
    text = review_text(match(ending), found, CardEmojis.text_only(), lang)
    assert lines_of(text)[0] == t(f"review.title.{ending}", lang, won=0, lost=0)
    assert t("review.verdict.even.2", lang) not in text  # the cards decided nothing
    assert t("review.decided", lang) not in text  # no chica was decided


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_move_is_told_once_and_only_a_caida_at_the_lock_decided_a_chica(lang):
    left = teacher.Moment(teacher.MomentKind.LEFT_FOR_CAIDA, 5, 1, 0, THREE, loss=6.0)
    found = review([decision(0, 0, 0.0)], [decision(5, 1, 6.0)], moments=[left])
    text = review_text(match(Ending.LOST), found, CardEmojis.text_only(), lang)
    (line,) = [line for line in lines_of(text) if line.startswith("1. ")]
    assert t("review.what.left_for_caida", lang) in line
    assert text.count("3♧") == 1  # her drop, told once
    assert t("review.decided", lang) not in text

    at_lock = teacher.Moment(teacher.MomentKind.CAIDA_AT_LOCK, 9, 0, 1, SEVEN)
    found = review([decision(0, 0, 0.0)], [decision(5, 1, 6.0)], moments=[left, at_lock])
    text = review_text(match(Ending.LOST), found, CardEmojis.text_only(), lang)
    decided = lines_of(text)[lines_of(text).index(t("review.decided", lang)) + 1]
    assert decided.startswith(t("review.moment.caida_at_lock", lang, chica=2, who="<@1>",
                                lock=38, card="7♡")[:9])  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
def test_only_the_moves_the_reader_made_are_hers_to_answer_for(lang):
    """Moves 7 and 9 were the bot's (it had taken her seat), 11 the timer's."""
    hers = [decision(1, 1, 1.0), decision(3, 1, 2.0), decision(5, 1, 0.0)]
    theirs = [decision(7, 1, 30.0), decision(9, 1, 20.0), decision(11, 1, 10.0)]
    found = review([decision(0, 0, 0.0)], hers + theirs)
    stand_ins = {7: "bot", 9: "bot", 11: "timeout"}
    text = review_text(match(Ending.LOST, stand_ins=stand_ins), found, CardEmojis.text_only(), lang)
    you = next(line for line in lines_of(text) if line.startswith(t("review.you", lang) + ":"))
    assert tn("review.moves", lang, 3) in you
    assert tn("review.stood_in.bot", lang, 2) in you
    assert tn("review.stood_in.timeout", lang, 1) in you
    costly = [line for line in lines_of(text) if line[:3] in ("1. ", "2. ", "3. ")]
    assert len(costly) == 2  # her two moves that lost points, not the bot's 30 and 20
    assert tn("review.points", lang, 2) in costly[0]
    assert tn("review.points", lang, 30) not in text and tn("review.points", lang, 20) not in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_one_chica_match_names_no_chica_and_says_the_score_naturally(lang):
    one = review([decision(0, 0, 0.0)], [decision(1, 1, 14.4)], chicas=((40, 14),))
    text = review_text(match(Ending.LOST), one, CardEmojis.text_only(), lang)
    [line] = [line for line in lines_of(text) if line.startswith("1. ")]
    assert (
        "Chica" not in line and ("Cuando iban 30–14" if lang == "es" else "score at 30–14") in line
    )
    two = review([decision(0, 0, 0.0)], [decision(1, 1, 14.4)])
    text = review_text(match(Ending.LOST), two, CardEmojis.text_only(), lang)
    [line] = [line for line in lines_of(text) if line.startswith("1. ")]
    assert line.startswith("1. Chica 1, ")
