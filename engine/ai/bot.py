"""`Bot`: a computer opponent at one of five levels (see `LEVELS`), and the fast levels'
choosers, which decide from what a seat sees (view.py) with the judgement of
policies.py; the expert's is search.py's."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..game import Game
from ..moves import Move
from .memory import Memory
from .policies import greedy_score, normal_value, pick_best, unseen_by
from .search import choose_expert
from .sim import Position, RankMove
from .view import SeatView

DEFAULT_BUDGET_MS = 150

LEVELS = ("random", "easy", "normal", "expert", "oracle")
PLAYER_LEVELS = ("easy", "normal", "expert")  # offered to players; the others are yardsticks
WATCHING_LEVELS = ("expert",)  # the levels that take in every play (`Bot.observe`)


class Bot:
    """A computer player. `choose(game)` returns a legal Move for `game.to_play`.

    random: any legal move. easy: greedy, the most points now and then the most cards.
    normal: one move ahead against the likely replies (policies.py). expert: search over
    the hidden cards (search.py). oracle: the expert's search seeing every card — a
    yardstick, it cheats. `budget_ms` sizes the expert's (and oracle's) search.

    Every level but the oracle decides only from what its seat may know (view.py): the
    position, plus the cards it has seen captured this hand when the same Bot has played
    the game so far (memory.py) — so keep one Bot per seat for a whole game; a fresh Bot
    plays soundly too, only without that memory. A choice depends only on the level, the
    seed, the budget, the position and that memory (the expert's wall-clock fuse aside):
    a fresh Bot with the same arguments chooses the same move.
    """

    def __init__(self, level: str = "normal", seed: int = 0, budget_ms: float | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.memory = Memory()

    def __repr__(self) -> str:
        return f"Bot({self.level!r}, seed={self.seed}, budget_ms={self.budget_ms})"

    def choose(self, game: Game) -> Move:
        gone = self.memory.recall(game) if game.winner is None else None
        view = SeatView(
            game,
            oracle=self.level == "oracle",
            gone=gone,
            lacking=self.memory.lacking(game),
            reading=self.memory.reading(game),
        )
        rng = random.Random(f"{self.level}|{self.seed}|{view.key}")
        move = to_move(view, self._policy()(view, rng))
        self.memory.record(game, move)
        return move

    def observe(self, game: Game, move: Move) -> None:
        """Watch a play made at the table, by any seat, ours included (call with the game
        as it was before `move`, for every play). The expert counts every card and reads
        every drop this way, and learns how each player chooses (memory.py, reading.py);
        the other levels remember only what they see at their own turns, and ignore this."""
        if self.level in WATCHING_LEVELS:
            self.memory.observe(game, move)

    def _policy(self) -> Callable[[SeatView, random.Random], RankMove]:
        match self.level:
            case "random":
                return choose_random
            case "easy":
                return choose_easy
            case "normal":
                return choose_normal
        oracle = self.level == "oracle"
        return lambda view, rng: choose_expert(view, rng, self.budget_ms, oracle)


class SeatBot:
    """A Bot at a table that keeps its match as a list of plays (as a saved table does):
    `watching(game, moves)` shows the bot every play it has not seen yet, before it
    chooses. The first time — a bot new at the table, or after a restart — that is the
    match from its first play, replayed from the seed on a copy the bot watches."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._seen: Game | None = None  # the match as far as the bot has watched it
        self._shown = 0  # plays shown so far

    def watching(self, game: Game, moves: list[str]) -> Bot:
        """The bot, having watched every play of `moves`, the plays that made `game`."""
        if self.bot.level not in WATCHING_LEVELS:
            return self.bot
        seen = self._seen
        if seen is None or seen.seed != game.seed or len(moves) < self._shown:
            seen = self._seen = Game.new(game.players, game.rules, game.seed)
            self._shown = 0
        for text in moves[self._shown :]:
            move = Move.parse(text)
            self.bot.observe(seen, move)
            seen.play(move)
        self._shown = len(moves)
        return self.bot


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
