"""`Bot`: a computer opponent at one of five levels (`BotLevel`), and the fast levels'
choosers, which decide from what a seat sees (view.py) with the judgement of
policies.py; the expert's is search.py's."""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum

from ..game import Game
from ..moves import IllegalMove, Move
from ..rules import Rules
from .memory import Memory, Watcher
from .policies import greedy_score, normal_value, pick_best, unseen_by
from .search import choose_expert, opponent_style
from .sim import Position, RankMove
from .view import SeatView

DEFAULT_BUDGET_MS = 150


class BotLevel(StrEnum):
    """How a computer player plays (see `Bot`). Each member equals its value, the string
    saved for a seat's bot."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    EXPERT = "expert"
    ORACLE = "oracle"

    @classmethod
    def offered(cls) -> tuple[BotLevel, ...]:
        """The levels offered to players; random and oracle are yardsticks (bench/)."""
        return (cls.EASY, cls.NORMAL, cls.EXPERT)

    @property
    def searches(self) -> bool:
        """It searches over the hidden cards for its whole budget (`Bot.budget_ms`) rather
        than answering in well under a millisecond."""
        return self in (BotLevel.EXPERT, BotLevel.ORACLE)

    @property
    def watches(self) -> bool:
        """It takes in every play of the game, every seat's, before it chooses."""
        return self is BotLevel.EXPERT


Choose = Callable[[SeatView, random.Random], RankMove]


class Bot:
    """A computer player. `choose(game)` returns a legal Move for `game.to_play`.

    random: any legal move. easy: greedy, the most points now and then the most cards.
    normal: one move ahead against the likely replies (policies.py). expert: search over
    the hidden cards (search.py). oracle: the expert's search seeing every card — a
    yardstick, it cheats. `budget_ms` sizes the expert's (and oracle's) search.

    Every level but the oracle decides only from what its seat may know (view.py): the
    position, plus what it remembers of the hand (memory.py). The expert remembers what
    everyone at the table saw: at each choice it first watches, on a copy of its own
    replayed from the seed, every play of the game (`Game.moves`) it has not seen yet —
    all of them the first time, so a Bot new at the table, or made after a restart,
    knows as much as one that sat there from the start. The other levels remember the
    cards they saw captured at their own turns; so keep one Bot per seat for a whole
    game. A Bot plays soundly on a game that does not know its plays (`moves` None, e.g.
    `Game.from_position`), only knowing less: the expert then remembers as the others do.

    A choice depends only on the level, the seed, the budget, the game and that memory
    (the expert's time limits aside, search.Clock: they cut a search short only on a
    machine slower than the budget's rate): a fresh Bot with the same arguments chooses
    the same move.

    `answer_style=False` keeps the expert from playing against the style it has read
    (search.py): it still reads the hands. bench/arena.py compares the two; `answered`
    counts the choices that played against a read style.
    """

    def __init__(
        self,
        level: BotLevel | str = BotLevel.NORMAL,
        seed: int = 0,
        budget_ms: float | None = None,
        answer_style: bool = True,
    ) -> None:
        try:
            self.level = BotLevel(level)
        except ValueError:
            raise ValueError(
                f"unknown level {level!r}; choose one of {', '.join(BotLevel)}"
            ) from None
        self.seed = seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.answer_style = answer_style
        self.answered = 0
        self.memory = Memory()
        self._watcher: Watcher | None = None  # the game so far, as the expert watched it
        self._astray: tuple[int, Rules, int] | None = None  # a game whose plays mislead

    def __repr__(self) -> str:
        return f"Bot({str(self.level)!r}, seed={self.seed}, budget_ms={self.budget_ms})"

    @property
    def searches(self) -> bool:
        """Its choices take a search's time (see `BotLevel.searches`)."""
        return self.level.searches

    def choose(self, game: Game) -> Move:
        if self.level.watches:
            self._catch_up(game)
        gone = self.memory.recall(game) if game.winner is None else None
        view = SeatView(
            game,
            oracle=self.level == BotLevel.ORACLE,
            gone=gone,
            lacking=self.memory.lacking(game),
            reading=self.memory.reading(game),
        )
        rng = random.Random(f"{self.level}|{self.seed}|{view.key}")
        move = to_move(view, self._chooser()(view, rng))
        self.memory.record(game, move)
        return move

    def _catch_up(self, game: Game) -> None:
        """Watch the plays of `game` not seen yet; from its first play when it is another
        game, or not the one this Bot watched (fewer or other plays). A game whose plays
        do not lead to it (changed by hand, a damaged save) is not watched at all."""
        moves = game.moves
        if moves is None:
            return
        match = (game.players, game.rules, game.seed)
        watcher = self._watcher
        seen = () if watcher is None else watcher.game.moves or ()
        if watcher is not None:
            watched = watcher.game
            if (watched.players, watched.rules, watched.seed) != match or (
                moves[: len(seen)] != seen
            ):
                watcher, seen = None, ()
        if watcher is None:
            if match == self._astray:
                return
            self.memory = Memory()
            watcher = self._watcher = Watcher(*match, memory=self.memory)
        try:
            for move in moves[len(seen) :]:
                watcher.play(move)
        except IllegalMove:
            pass
        if not watcher.is_at(game):
            self._watcher, self._astray = None, match
            self.memory = Memory()

    def _chooser(self) -> Choose:
        match self.level:
            case BotLevel.RANDOM:
                return choose_random
            case BotLevel.EASY:
                return choose_easy
            case BotLevel.NORMAL:
                return choose_normal
        oracle = self.level == BotLevel.ORACLE

        def expert(view: SeatView, rng: random.Random) -> RankMove:
            if self.answer_style and opponent_style(view) is not None:
                self.answered += 1
            return choose_expert(view, rng, self.budget_ms, oracle, answer_style=self.answer_style)

        return expert


def choose_random(view: SeatView, rng: random.Random) -> RankMove:
    return rng.choice(view.moves())


def own_position(view: SeatView) -> Position:
    """This deal with only our own hand filled in (others' sizes as they are)."""
    hands = [[0] * 11 for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    pos = view.position(hands)
    pos.sizes = list(view.sizes)
    return pos


def choose_easy(view: SeatView, rng: random.Random) -> RankMove:
    """Greedy: the most points now, then the most cards; anything else at random."""
    pos = own_position(view)
    return pick_best([(greedy_score(pos, move), move) for move in pos.moves()], rng)


def choose_normal(view: SeatView, rng: random.Random) -> RankMove:
    """One move ahead, with the reply the unseen cards make likely (see
    policies.normal_value)."""
    pos = own_position(view)
    unseen = unseen_by(pos, pos.seat)
    return pick_best([(normal_value(pos, move, unseen), move) for move in pos.moves()], rng)


def to_move(view: SeatView, choice: RankMove) -> Move:
    """The engine Move for a move by rank, played with our lowest card of that rank."""
    rank, takes = choice
    card = next(c for c in view.cards if c.rank == rank)
    if not takes:
        return Move(card)
    wanted = sorted(takes)
    for option in view.game_options(card):
        if sorted(c.rank for c in option) == wanted:
            return Move(card, option)
    raise AssertionError(f"no capture of {sorted(takes)} with {card}")
