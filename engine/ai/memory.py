"""What a seat remembers of the hand between its own turns: the cards already captured.

Every capture happens in plain sight: a player at the table knows which cards are
gone. A Bot that does not watch every play (the levels below the expert, or any level
on a game that does not know its plays) rebuilds that knowledge from what it saw at its
own turns, when it plays a whole game (one Bot object per seat, as bench/arena.py uses
them), and from nothing else. At each turn it compares the position with the one it saw
at its previous turn:

- the card it played then is the one missing from its hand (or its last card, when a
  deal came in between);
- that card and every card that lay on the table then, if no longer on the table now,
  have been captured: they are gone;
- with 2 players, where exactly one move happens in between, the opponent's capturing
  card is gone too: its rank is known when only one rank could have made that capture.

It is reset at each new hand, and whenever the position does not follow from the one
it remembers (another game, a reload): the bot then knows only the position, which is
still sound, only less informed. A fresh Bot for each move (as a stateless server makes
them) therefore plays correctly, just without this memory. A turn the bot did not play
(someone else moved for it) only makes it miss what was captured meanwhile.

A memory that watches the table (`observe`, called with every play of the hand: the
expert's, through a `Watcher`) needs no such reconstruction: it sees every capture,
capturing card included, and reads every play of the deal as a player does. Someone who
scores less than a card of theirs could have (a drop scores nothing) is rare: nearly
everybody takes what they can, caídas and limpias first. So each rank that could have
done better on the table they played onto is probably not in their hand (`lacking`),
until the next deal refills it. A play that passed up something better with the very
card played was a choice, and says nothing; a rank later played by that seat is no
longer suspected.

It also keeps the plays of the deal as the table saw them, and learns from each finished
deal how each seat chooses its moves (`reading`, reading.py).

A `Watcher` shows a Memory every play of a match as it is replayed from its seed: a game
keeps its plays (Game.moves), so a seat learns at any time what it would know had it
watched from the start (the expert Bot, the teacher).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card
from ..events import Event
from ..game import Game
from ..moves import Move, capture_options
from ..rules import Rules
from .reading import Play, Reader, Reading, watched_play
from .sim import RANKS, captures, counts, partitions


@dataclass(frozen=True)
class _Turn:
    """What we saw when we chose a move."""

    key: tuple[int, int, int, int]
    deal: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    captured: tuple[int, int]
    chosen: Move


def _points(caida: bool, clears: bool, locked: bool) -> int:
    """What a capture scores by caída and limpia, roughly: 2 each, a limpia nothing at the
    lock."""
    return 2 * caida + 2 * (clears and not locked)


def _score(game: Game, move: Move) -> int:
    """What `move` scores (−1 for a drop, below any capture)."""
    if not move.takes:
        return -1
    clears = len(move.takes) == len(game.table)
    return _points(game.is_caida(move), clears, game.locked(game.to_play % 2))


def _best_scores(game: Game) -> list[int]:
    """Per rank, the most a card of that rank could score on the table (−1: nothing)."""
    table = counts(game.table)
    size = len(game.table)
    last = 0 if game.last_played is None else game.last_played.rank
    locked = game.locked(game.to_play % 2)
    parts = partitions(game.rules.sum_cards)
    best = [-1] * 11
    for rank in RANKS:
        for takes in captures(table, rank, parts):
            caida = last == rank and takes[0] == rank
            best[rank] = max(best[rank], _points(caida, len(takes) == size, locked))
    return best


class Memory:
    """Cards known to be captured this hand, by rank, as seen from one seat; for a
    watching seat, also what the plays say of the hidden hands."""

    def __init__(self) -> None:
        self.gone = [0] * 11
        self._key: tuple[int, int, int, int] | None = None  # (seed, hand, seat, players)
        self._turn: _Turn | None = None  # our previous turn, not yet compared with now
        self._watched: tuple[int, int, int] | None = None  # (seed, hand, players) observed
        self._deal = 0  # the deal the suspicions below are about
        self._lacking: list[list[bool]] = []  # per seat and rank: probably not in the hand
        self._plays: list[Play] = []  # the plays of this deal
        self._reader: Reader | None = None  # each seat's style, over the match watched
        self._match: tuple[int, int] | None = None  # (seed, players) of that match

    def observe(self, game: Game, move: Move) -> None:
        """Take in one play made at the table, by any seat (call with the game as it was
        before `move`). Reads only what everyone at the table sees."""
        watched = (game.seed, game.hand_number, game.players)
        if (game.seed, game.players) != self._match or self._reader is None:
            self._match = (game.seed, game.players)
            self._reader = Reader(game.players)
            self._plays = []
        if watched != self._watched:
            self._watched = watched
            self.gone = [0] * 11
            self._deal = -1
        if game.deal_number != self._deal:
            self._deal = game.deal_number
            self._lacking = [[False] * 11 for _ in range(game.players)]
            self._reader.finish(self._plays)
            self._plays = []
        self._plays.append(watched_play(game, move, self.gone))
        lacking = self._lacking[game.to_play]
        rank = move.card.rank
        if move.takes:
            self.gone[rank] += 1
            for card in move.takes:
                self.gone[card.rank] += 1
        if game.table:
            # Each rank's best score on this table (−1: it takes nothing); a seat that
            # scored less than one of its cards could have probably lacks that rank.
            best = _best_scores(game)
            chosen = _score(game, move)
            if best[rank] <= chosen:  # unless it passed up a better play with this card
                for suspect in RANKS:
                    if best[suspect] > chosen:
                        lacking[suspect] = True
        lacking[rank] = False

    def lacking(self, game: Game) -> list[list[bool]] | None:
        """Per seat and rank, whether that seat probably holds none of that rank (see the
        module's docstring); None when this hand was not watched."""
        if self._watched != (game.seed, game.hand_number, game.players):
            return None
        if game.deal_number != self._deal:
            return [[False] * 11 for _ in range(game.players)]
        return [list(ranks) for ranks in self._lacking]

    def reading(self, game: Game) -> Reading | None:
        """What this deal's plays say of the hidden hands; None when it was not watched."""
        if self._reader is None or self._watched != (game.seed, game.hand_number, game.players):
            return None
        plays = tuple(self._plays) if game.deal_number == self._deal else ()
        return Reading(plays, self._reader.styles(), self._reader.fits())

    def recall(self, game: Game) -> list[int]:
        """The ranks known gone at this turn (taking in what changed since our previous
        turn; calling it again on the same position changes nothing)."""
        if self._watched == (game.seed, game.hand_number, game.players):
            return list(self.gone)
        key = (game.seed, game.hand_number, game.to_play, game.players)
        if key != self._key:
            self.gone = [0] * 11
            self._key = key
            self._turn = None
        turn, self._turn = self._turn, None
        if turn is not None and not self._take_in(game, turn):
            self.gone = [0] * 11  # not the game we remember
        return list(self.gone)

    def record(self, game: Game, move: Move) -> None:
        """Remember this turn (call with the game as it was when we chose `move`)."""
        if self._watched == (game.seed, game.hand_number, game.players):
            return  # `observe` takes in every play
        seat = game.to_play
        self._turn = _Turn(
            key=(game.seed, game.hand_number, seat, game.players),
            deal=game.deal_number,
            hand=tuple(game.hands[seat]),
            table=tuple(game.table),
            captured=game.captured,
            chosen=move,
        )

    def _take_in(self, game: Game, turn: _Turn) -> bool:
        """Add what was captured since `turn`; False when the position does not follow."""
        seat = game.to_play
        hand = game.hands[seat]
        if game.deal_number == turn.deal:
            played = list((Counter(turn.hand) - Counter(hand)).elements())
            if len(played) != 1 or len(hand) != len(turn.hand) - 1:
                return False
        elif game.deal_number > turn.deal and len(turn.hand) == 1:
            played = list(turn.hand)
        else:
            return False
        card = played[0]
        now = game.table
        vanished = [c for c in (*turn.table, card) if c not in now]
        side = seat % 2
        ours = game.captured[side] - turn.captured[side]
        theirs = game.captured[1 - side] - turn.captured[1 - side]
        if ours + theirs < len(vanished):
            return False
        for gone in vanished:
            self.gone[gone.rank] += 1
        if game.players == 2 and theirs:
            rank = self._their_capturing_rank(game, turn, card, ours, theirs, vanished)
            if rank:
                self.gone[rank] += 1
        return True

    def _their_capturing_rank(
        self, game: Game, turn: _Turn, card: Card, ours: int, theirs: int, vanished: list[Card]
    ) -> int:
        """With 2 players: the rank the opponent captured with, when only one fits, or 0."""
        if ours == 0:  # we dropped `card`; they faced it on the table
            faced, last = [*turn.table, card], card
        elif turn.chosen.card is card and len(turn.chosen.takes) + 1 == ours:
            faced, last = [c for c in turn.table if c not in turn.chosen.takes], None
        else:
            return 0  # we captured, but not as we chose: what they faced is unclear
        taken = [c for c in vanished if c in faced]
        if not taken or len(taken) + 1 != theirs:
            return 0
        wanted = sorted(c.rank for c in taken)
        fits = set()
        for rank in RANKS:
            probe = Card(rank, 0)
            for option in capture_options(probe, faced, last, game.rules.sum_cards):
                if sorted(c.rank for c in option) == wanted:
                    fits.add(rank)
        return fits.pop() if len(fits) == 1 else 0


class Watcher:
    """A match replayed from its seed, each play shown to `memory` first (Memory.observe):
    what a seat that watched the table from the start knows, at every point of it."""

    def __init__(self, players: int, rules: Rules, seed: int, memory: Memory | None = None):
        self.game = Game.new(players, rules, seed)
        self.memory = Memory() if memory is None else memory

    def play(self, move: Move) -> list[Event]:
        self.memory.observe(self.game, move)
        return self.game.play(move)

    def is_at(self, game: Game) -> bool:
        """The replayed game stands where `game` does, as far as its seat to play can tell:
        its own hand and everything public (nothing of the hidden cards)."""
        mine, seat = self.game, game.to_play
        return (
            mine.to_play == seat
            and sorted(mine.hands[seat]) == sorted(game.hands[seat])
            and mine.table == game.table
            and mine.last_played == game.last_played
            and mine.points == game.points
            and mine.captured_cards == game.captured_cards
            and mine.caida_streaks == game.caida_streaks
            and mine.chicas_won == game.chicas_won
            and mine.winner == game.winner
            and mine.dealer == game.dealer
            and mine.hand_number == game.hand_number
            and mine.deal_number == game.deal_number
            and [len(hand) for hand in mine.hands] == [len(hand) for hand in game.hands]
            and len(mine.stock) == len(game.stock)
        )
