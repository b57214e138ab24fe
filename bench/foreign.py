"""Computer opponents the expert has never modelled, for bench/arena.py only (never the bot).

The expert's reading (engine/ai/reading.py) knows two styles, the easy level's and the
normal level's. These play otherwise, each from its own seat's knowledge only: its hand,
what is on the table, and the ranks it has seen captured this hand (every seat sees
every capture). None of them uses the engine's judgement of moves (policies.py,
search.py, evaluate.py): only the rules (the rank-count model of sim.py).

- `pimc`: a determinized search of its own. It draws the hidden hands at random from the
  cards it has not seen (SAMPLES deals), searches each by negamax with alpha-beta,
  DEPTH plies deep (to the end of the deal when few cards are left), valuing a leaf as
  the points and captured cards of its side against the other's, and plays the move
  with the best sum over the deals.
- `careful`: never leaves a caída chance it can see. It takes the capture that scores
  most (then takes most cards); with no capture it drops a rank nobody else can hold
  (all of it seen), else the rank the others are least likely to hold.
- `noisy`: greedy like a beginner (the most points now, then the most cards), but makes
  a random legal move NOISE of the time.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Game, Move
from engine.ai.bot import to_move
from engine.ai.sim import Position, RankMove
from engine.ai.view import SeatView

FOREIGN = ("pimc", "careful", "noisy")
SAMPLES = 20
DEPTH = 3
SOLVE_LEFT = 6  # cards left in all hands at or under which pimc searches to the deal's end
CARD_VALUE = 0.3  # a captured card, in points, at a pimc leaf (the cartón race)
NOISE = 0.3


class Foreign:
    """One foreign player for a whole chica (or match): `choose(game)` like a Bot's."""

    def __init__(self, style: str, seed: int) -> None:
        if style not in FOREIGN:
            raise ValueError(f"unknown foreign style {style!r}; one of {FOREIGN}")
        self.style = style
        self.seed = seed
        self._replay: Game | None = None  # the game as this seat watched it
        self._gone = [0] * 11  # the ranks seen captured in the replay's hand

    def choose(self, game: Game) -> Move:
        view = SeatView(game, gone=self._watch(game))
        rng = random.Random(f"{self.style}|{self.seed}|{view.key}")
        moves = view.moves()
        if len(moves) == 1:
            return to_move(view, moves[0])
        if self.style == "noisy":
            choice = rng.choice(moves) if rng.random() < NOISE else _greedy(view, moves, rng)
        elif self.style == "careful":
            choice = _careful(view, moves, rng)
        else:
            choice = _pimc(view, moves, rng)
        return to_move(view, choice)

    def _watch(self, game: Game) -> list[int]:
        """The ranks seen captured this hand: the plays of `game` not watched yet are
        replayed, counting what each capture takes."""
        moves = game.moves or ()
        replay = self._replay
        if replay is None or len(replay.moves or ()) > len(moves):
            replay = self._replay = Game.new(game.players, game.rules, game.seed)
            self._gone = [0] * 11
        for move in moves[len(replay.moves or ()) :]:
            hand = replay.hand_number
            if move.takes:
                for card in (move.card, *move.takes):
                    self._gone[card.rank] += 1
            replay.play(move)
            if replay.hand_number != hand:
                self._gone = [0] * 11
        return list(self._gone)


def _score(pos: Position, move: RankMove) -> tuple[int, int]:
    """Points now, then cards taken (a capture before any drop)."""
    rank, takes = move
    return pos.gain(rank, takes), len(takes) + (1 if takes else 0)


def _own(view: SeatView) -> Position:
    hands = [[0] * 11 for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    return view.position(hands)


def _greedy(view: SeatView, moves: list[RankMove], rng: random.Random) -> RankMove:
    pos = _own(view)
    scored = [(_score(pos, move), move) for move in moves]
    top = max(score for score, _ in scored)
    return rng.choice([move for score, move in scored if score == top])


def _careful(view: SeatView, moves: list[RankMove], rng: random.Random) -> RankMove:
    captures = [move for move in moves if move[1]]
    if captures:
        return _greedy(view, captures, rng)
    unseen = view.unseen  # held by another seat, or in the stock
    fewest = min(unseen[rank] for rank, _ in moves)
    return rng.choice([move for move in moves if unseen[move[0]] == fewest])


def _pimc(view: SeatView, moves: list[RankMove], rng: random.Random) -> RankMove:
    left = sum(view.sizes)
    depth = left if left <= SOLVE_LEFT else DEPTH
    side = view.seat & 1
    totals = [0.0] * len(moves)
    for _ in range(SAMPLES):
        pos = view.sample(rng)
        for index, move in enumerate(moves):
            undo = pos.play(*move)
            totals[index] += _negamax(pos, depth - 1, -1e9, 1e9, side)
            pos.undo(undo)
    best = max(totals)
    return rng.choice([move for move, total in zip(moves, totals, strict=True) if total == best])


def _negamax(pos: Position, depth: int, alpha: float, beta: float, side: int) -> float:
    """The value for `side` of `pos` (after our move), searched `depth` plies more."""
    if depth <= 0 or pos.sizes[pos.seat] == 0 or max(pos.pts) >= 40:
        return _leaf(pos, side)
    mine = pos.seat & 1 == side
    best = -1e9 if mine else 1e9
    for move in pos.moves():
        undo = pos.play(*move)
        value = _negamax(pos, depth - 1, alpha, beta, side)
        pos.undo(undo)
        if mine:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _leaf(pos: Position, side: int) -> float:
    if pos.pts[side] >= 40:
        return 1000.0
    if pos.pts[1 - side] >= 40:
        return -1000.0
    points = pos.pts[side] - pos.pts[1 - side]
    return points + CARD_VALUE * (pos.cap[side] - pos.cap[1 - side])
