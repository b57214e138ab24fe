"""What a seat remembers of the hand between its own turns: the cards already captured.

The game keeps no history, yet every capture happens in plain sight: a player at the
table knows which cards are gone. A Bot that plays a whole game (one Bot object per
seat, as bench/arena.py uses them) rebuilds that knowledge from what it saw at its own
turns, and from nothing else:

- the cards it captured itself;
- the cards that lay on the table after its own move and are gone at its next turn:
  someone captured them;
- with 2 players, where exactly one move happens in between, the rank of the card the
  opponent captured with, when only one rank could have made that capture.

It is reset at each new hand, and whenever the position does not follow from the one
it remembers (another game, a reload, a skipped turn): then the bot knows only the
position, which is still sound, only less informed. A fresh Bot for each move (as a
stateless service would make) therefore plays correctly, just without this memory.
"""

from __future__ import annotations

from ..cards import Card
from ..game import Game
from ..moves import Move, capture_options

RANKS = range(1, 11)


class Memory:
    """Cards known to be captured this hand, by rank, as seen from one seat."""

    def __init__(self) -> None:
        self.gone = [0] * 11
        self._key: tuple | None = None  # (seed, hand, seat, players) of the remembered hand
        self._table: list[Card] = []  # the table as our last move left it
        self._last: Card | None = None  # the card our last move dropped, if it did
        self._captured: tuple[int, int] = (0, 0)  # captured counts after our last move
        self._hand: list[Card] = []  # our hand after our last move
        self._deal = 0  # the deal of our last move

    def recall(self, game: Game) -> list[int]:
        """The ranks known gone at this turn (updates the memory with what changed)."""
        seat = game.to_play
        key = (game.seed, game.hand_number, seat, game.players)
        if key != self._key:
            self._forget(key)
            return list(self.gone)
        before = self._table
        now = game.table
        vanished = [c for c in before if c not in now]
        captured = game.captured
        gained = (captured[0] - self._captured[0]) + (captured[1] - self._captured[1])
        same_deal = game.deal_number == self._deal
        if gained < len(vanished) or (same_deal and sorted(game.hands[seat]) != self._hand):
            self._forget(key)  # not the game we remember
            return list(self.gone)
        for card in vanished:
            self.gone[card.rank] += 1
        if game.players == 2 and vanished and gained == len(vanished) + 1:
            rank = self._capturing_rank(game, vanished)
            if rank:
                self.gone[rank] += 1
        return list(self.gone)

    def record(self, game: Game, move: Move) -> None:
        """Remember our move (call with the game as it was when we chose it)."""
        side = game.to_play % 2
        captured = list(game.captured)
        if move.takes:
            self._table = [c for c in game.table if c not in move.takes]
            self._last = None
            self.gone[move.card.rank] += 1
            for card in move.takes:
                self.gone[card.rank] += 1
            captured[side] += len(move.takes) + 1
        else:
            self._table = [*game.table, move.card]
            self._last = move.card
        self._captured = (captured[0], captured[1])
        self._hand = sorted(c for c in game.hands[game.to_play] if c is not move.card)
        self._deal = game.deal_number

    def _forget(self, key: tuple) -> None:
        self.gone = [0] * 11
        self._key = key
        self._table = []
        self._last = None
        self._captured = (0, 0)
        self._hand = []
        self._deal = 0

    def _capturing_rank(self, game: Game, vanished: list[Card]) -> int:
        """The one rank that could have taken exactly `vanished` from our table, or 0."""
        wanted = sorted(c.rank for c in vanished)
        fits = set()
        for rank in RANKS:
            probe = Card(rank, 0)
            for option in capture_options(probe, self._table, self._last, game.rules.sum_cards):
                if sorted(c.rank for c in option) == wanted:
                    fits.add(rank)
        return fits.pop() if len(fits) == 1 else 0
