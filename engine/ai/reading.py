"""Reading a player's plays: how likely each hidden hand is, given how they played.

Every card a player plays this deal is seen, and so is the table they played onto. A
hidden hand that would have made those plays the natural choices is more likely than
one that makes them look like blunders. `Reading.chance` weighs a hand by the chance
that a player holding it (plus the cards it has played since) made each play of the
deal, under a model of how that player chooses (a *style*):

- NORMAL: as the normal level values moves (policies.normal_value), softly: a move
  worth d points less than the best is exp(-BETA·d) times as likely;
- GREEDY: as the easy level does, the most points now and then the most cards, all but
  GREEDY_SLIP of the time;
- SEARCHER (only with SEARCHER on): a learned model of search players who do not see
  our cards (searcher.py), fitted on the decisions of PIMC players and of the expert;
- ANY: any legal move alike (a player none of the above describes).

Which style a player follows is learnt as the match goes: at the end of each deal,
every card a player held in it has been played, so its plays are scored under each
style with the hand it really held (`Reader.finish`), and the styles that explained the
plays best weigh most in later readings (Bayes, from the prior `style_prior()`).

Once one style clearly fits a player (`Reading.style_of`), the search also plays
against that player's choices rather than a perfect player's (search.py). Clearly: the
style has SURE weight, and it fits in absolute terms, not only better than the others —
of the player's plays where the style's best moves differed from the rest, at most
FIT_MISSES were not among its best (for SEARCHER, which never claims one best move: the
log-chance of the plays is no more than SEARCHER_Z standard deviations below what the
model itself would expect, over FIT_PLAYS informative plays or more). A player the
expert has no model of (a human, another program) may still be likeliest under one
style; answering moves that never come then costs, so such a player is taken for a
perfect one (bench/results/ai.md, issue 26).

Only what the whole table sees is used: the plays, the positions they were made in, and
cards shown by being played. The search uses the reading with 2 players; with 4, the
styles are learnt all the same, but the hidden hands are still weighed by the simpler
reading of drops (memory.py, `lacking`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game import CARDS_PER_DEAL, Game
from ..moves import Move
from ..rules import Rules
from .policies import Memo, greedy_score, normal_value, unseen_by
from .searcher import model
from .sim import Position, RankMove, counts, position_of

STYLES = ("normal", "greedy", "searcher", "any")
STYLE_PRIOR = (0.45, 0.45, 0.0, 0.10)  # without the searcher model
# The searcher model read (SEARCHER) and answered once it fits (SEARCHER_ANSWER). Both off:
# read, it knows a search player's hand better than the styles alone (which weigh it
# below chance: bench/reading_info.py), but neither turned that into chicas over 400
# pairs and more (bench/results/ai.md, issue 48).
SEARCHER = False
SEARCHER_ANSWER = False
SEARCHER_PRIOR = (0.3, 0.3, 0.3, 0.1)
SEARCHER_Z = 2.0  # the plays' log-chance at most this many deviations below its mean
BETA = 10.0
GREEDY_SLIP = 0.05
SURE = 0.9  # a style this likely is taken as the player's (Reading.style_of)…
FIT_PLAYS = 10  # …once this many of its plays told the style's best moves from the others…
FIT_MISSES = 0.05  # …and no more than this share of them were not among its best;
TIES_Z = 2.0  # greedy: among its ties, normal's best chosen no more than chance by this z


@dataclass(frozen=True)
class Play:
    """One play watched this deal, as everyone saw it: the position before it (no hand),
    and the move by rank, its takes sorted."""

    seat: int
    move: RankMove
    table: tuple[int, ...]  # counts by rank
    last: int  # the rank just dropped (0: none)
    points: tuple[int, int]
    captured: tuple[int, int]
    streaks: tuple[int, int]
    gone: tuple[int, ...]  # the ranks seen captured this hand before the play
    sizes: tuple[int, ...]  # the cards each seat held
    dealer: int
    stock_left: int
    rules: Rules

    @property
    def players(self) -> int:
        return len(self.sizes)

    def position(self) -> Position:
        """The position before the play, every hand empty (their sizes kept)."""
        pos = position_of(self, [[0] * 11 for _ in self.sizes])
        pos.sizes = list(self.sizes)
        return pos


def watched_play(game: Game, move: Move, gone: list[int]) -> Play:
    """`move` as everyone at the table saw it made (`game` as it was before it; `gone`:
    the ranks seen captured this hand so far)."""
    return Play(
        seat=game.to_play,
        move=(move.card.rank, tuple(sorted(c.rank for c in move.takes))),
        table=tuple(counts(game.table)),
        last=0 if game.last_played is None else game.last_played.rank,
        points=game.scores,
        captured=game.captured,
        streaks=game.caida_streaks,
        gone=tuple(gone),
        sizes=tuple(len(hand) for hand in game.hands),
        dealer=game.dealer,
        stock_left=len(game.stock),
        rules=game.rules,
    )


def style_odds(play: Play, pos: Position, held: list[int], memo: Memo) -> tuple[float, ...]:
    """The chance of `play` under each style (STYLES), for a player holding `held` (by
    rank) then. `pos` is `play.position()`; its hands are left empty again."""
    judged = _judge(play, pos, held, memo)
    if judged is None:  # not a move this hand could make
        return (0.0,) * len(STYLES)
    return _odds(*judged)


def style_prior() -> tuple[float, ...]:
    """Each style's weight before any play is seen (SEARCHER's none when it is off)."""
    return SEARCHER_PRIOR if SEARCHER else STYLE_PRIOR


def _odds(
    values: list[float], scores: list[int], chosen: int, chances: list[float] | None
) -> tuple[float, ...]:
    anyone = 1.0 / len(values)
    learned = anyone if chances is None else chances[chosen]
    return (_soft_odds(values, chosen), _greedy_odds(scores, chosen), learned, anyone)


Judged = tuple[list[float], list[int], int, list[float] | None]


def _judge(play: Play, pos: Position, held: list[int], memo: Memo) -> Judged | None:
    """The normal level's value and the greedy score of each move `held` could make in
    `pos`, the index of the one played, and each move's chance under the searcher model
    (None when SEARCHER is off); None when it could not make it."""
    seat = play.seat
    pos.hands[seat] = held
    try:
        moves = pos.moves()
        chosen = next((i for i, move in enumerate(moves) if _sorted(move) == play.move), None)
        if chosen is None:
            return None
        unseen = unseen_by(pos, seat)
        values = [normal_value(pos, move, unseen, None, memo) for move in moves]
        scores = [greedy_score(pos, move) for move in moves]
        chances = model().chances(pos, moves, memo, values) if SEARCHER else None
        return values, scores, chosen, chances
    finally:
        pos.hands[seat] = [0] * 11


def _missed(scores: Sequence[float], chosen: int) -> bool | None:
    """Whether the move played was not among the best by `scores` (None: every move was,
    so the play says nothing)."""
    top = max(scores)
    if min(scores) >= top - 1e-9:
        return None
    return scores[chosen] < top - 1e-9


def _sorted(move: RankMove) -> RankMove:
    return move[0], tuple(sorted(move[1]))


def _soft_odds(values: list[float], chosen: int) -> float:
    """The chance of choosing move `chosen`, each move exp(BETA·value) likely."""
    top = max(values)
    weights = [math.exp(BETA * (value - top)) for value in values]
    return weights[chosen] / sum(weights)


def _greedy_odds(scores: list[int], chosen: int) -> float:
    """The chance of choosing move `chosen` when a best-scored move is chosen (at random
    among equals) all but GREEDY_SLIP of the time, and any other move otherwise."""
    best = max(scores)
    ties = scores.count(best)
    if ties == len(scores):
        return 1.0 / ties
    if scores[chosen] == best:
        return (1.0 - GREEDY_SLIP) / ties
    return GREEDY_SLIP / (len(scores) - ties)


@dataclass(frozen=True)
class Reading:
    """What the plays of this deal say of the hidden hands (see the module's docstring)."""

    plays: tuple[Play, ...]
    styles: tuple[tuple[float, ...], ...]  # per seat, each style's weight (sum 1)
    fits: tuple[tuple[bool, ...], ...]  # per seat, whether it fits each style (Reader.fits)
    memo: Memo = field(default_factory=dict, compare=False)  # replies' gains, by position
    positions: dict[int, Position] = field(default_factory=dict, compare=False)  # by play
    # Each (seat, hand) judged so far: late in a deal the hands drawn repeat often.
    judged: dict[tuple[int, tuple[int, ...]], float] = field(default_factory=dict, compare=False)

    def reads(self, seat: int) -> bool:
        return any(play.seat == seat for play in self.plays)

    def style_of(self, seat: int) -> str | None:
        """The style `seat` has shown with SURE weight or more and fits (not ANY), else
        None."""
        for name, weight, fits in zip(STYLES, self.styles[seat], self.fits[seat], strict=True):
            if weight >= SURE and fits and (name != "searcher" or SEARCHER_ANSWER):
                return name
        return None

    def chance(self, seat: int, hand: list[int]) -> float:
        """How likely `seat` was to play as it did this deal, holding `hand` now (relative:
        compare it between hands)."""
        key = (seat, tuple(hand))
        known = self.judged.get(key)
        if known is None:
            known = self.judged[key] = self._chance(seat, hand)
        return known

    def _chance(self, seat: int, hand: list[int]) -> float:
        chances = list(self.styles[seat])
        held = list(hand)
        for index in range(len(self.plays) - 1, -1, -1):
            play = self.plays[index]
            if play.seat != seat:
                continue
            held[play.move[0]] += 1
            pos = self.positions.get(index)
            if pos is None:
                pos = self.positions[index] = play.position()
            odds = style_odds(play, pos, list(held), self.memo)
            chances = [c * o for c, o in zip(chances, odds, strict=True)]
        return sum(chances)


class Reader:
    """Learns each seat's style from the deals it played to the end (see the module)."""

    def __init__(self, players: int) -> None:
        # Per seat and style, the log-chance of the seat's plays (the prior comes in
        # `styles`, so that SEARCHER may be switched while a match is watched).
        self.log_odds = [[0.0] * len(STYLES) for _ in range(players)]
        # Per seat, for normal and greedy: the plays that told that style's best moves
        # from the others (`told`), and those of them that were not among its best
        # (`missed`).
        self.told = [[0, 0] for _ in range(players)]
        self.missed = [[0, 0] for _ in range(players)]
        # Per seat, over the plays where greedy's best moves tie and normal prefers some
        # of them: how often the player chose one of those, less how often a player
        # choosing at random among the ties would (the mean), and that count's variance.
        self.ties = [[0.0, 0.0] for _ in range(players)]
        # Per seat, for the searcher model: the informative plays, the log-chance of the
        # moves played, its expectation and its variance under the model.
        self.learned = [[0, 0.0, 0.0, 0.0] for _ in range(players)]

    def finish(self, plays: list[Play]) -> None:
        """Score a finished deal's plays: each seat that played its whole hand in it."""
        memo: Memo = {}
        for seat, scores in enumerate(self.log_odds):
            mine = [play for play in plays if play.seat == seat]
            if len(mine) != CARDS_PER_DEAL:
                continue  # the chica ended first: part of that hand was never shown
            held = [0] * 11
            for play in reversed(mine):
                held[play.move[0]] += 1
                judged = _judge(play, play.position(), list(held), memo)
                odds = (0.0,) * len(STYLES) if judged is None else _odds(*judged)
                for index, chance in enumerate(odds):
                    scores[index] += math.log(max(chance, 1e-9))
                if judged is not None:
                    values, points, chosen, chances = judged
                    if chances is not None:
                        self._count_learned(seat, chances, chosen)
                    rankings: tuple[Sequence[float], ...] = (values, points)
                    for index, ranking in enumerate(rankings):
                        missed = _missed(ranking, chosen)
                        if missed is not None:
                            self.told[seat][index] += 1
                            self.missed[seat][index] += missed
                    self._count_ties(seat, values, points, chosen)

    def _count_ties(self, seat: int, values: list[float], points: list[int], chosen: int) -> None:
        """Count a play in `ties` when greedy's best moves tie and normal prefers some."""
        ties = [i for i, score in enumerate(points) if score == max(points)]
        if chosen not in ties or len(ties) < 2:
            return
        top = max(values[i] for i in ties)
        preferred = [i for i in ties if values[i] >= top - 1e-9]
        if len(preferred) == len(ties):
            return
        chance = len(preferred) / len(ties)
        counts = self.ties[seat]
        counts[0] += (chosen in preferred) - chance
        counts[1] += chance * (1 - chance)

    def _count_learned(self, seat: int, chances: list[float], chosen: int) -> None:
        """Count a play in `learned` when the model was not sure of it."""
        if max(chances) > 0.99:
            return
        logs = [math.log(max(c, 1e-12)) for c in chances]
        mean = sum(c * x for c, x in zip(chances, logs, strict=True))
        counts = self.learned[seat]
        counts[0] += 1
        counts[1] += logs[chosen]
        counts[2] += mean
        counts[3] += sum(c * x * x for c, x in zip(chances, logs, strict=True)) - mean * mean

    def fits(self) -> tuple[tuple[bool, ...], ...]:
        """Per seat and style (ANY never), whether the seat's plays fit the style closely
        enough to answer it: FIT_PLAYS or more plays told its best moves from the others,
        and at most FIT_MISSES of them were not among its best. Greedy chooses at random
        among its ties (most often drops, where it sees no points): a player who chooses
        among them as the normal level would, far more often than chance (TIES_Z), is no
        greedy player either, whatever its captures (a careful player, most humans)."""
        result = []
        for told, missed, (excess, variance), learned in zip(
            self.told, self.missed, self.ties, self.learned, strict=True
        ):
            normal, greedy = (
                t >= FIT_PLAYS and m <= FIT_MISSES * t for t, m in zip(told, missed, strict=True)
            )
            random_ties = excess <= TIES_Z * math.sqrt(variance)
            plays, got, mean, spread = learned
            searcher = plays >= FIT_PLAYS and got - mean >= -SEARCHER_Z * math.sqrt(spread)
            result.append((normal, greedy and random_ties, searcher, False))
        return tuple(result)

    def styles(self) -> tuple[tuple[float, ...], ...]:
        """Per seat, each style's weight now."""
        prior = style_prior()
        result = []
        for likelihood in self.log_odds:
            scores = [
                s + math.log(p) if p > 0 else -math.inf
                for s, p in zip(likelihood, prior, strict=True)
            ]
            top = max(scores)
            weights = [math.exp(s - top) for s in scores]
            total = sum(weights)
            result.append(tuple(w / total for w in weights))
        return tuple(result)
