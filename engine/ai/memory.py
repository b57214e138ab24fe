"""What a seat remembers of the hand between its own turns: the cards already captured.

The game keeps no history, yet every capture happens in plain sight: a player at the
table knows which cards are gone. A Bot that plays a whole game (one Bot object per
seat, as bench/arena.py uses them) rebuilds that knowledge from what it saw at its own
turns, and from nothing else. At each turn it compares the position with the one it
saw at its previous turn:

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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card
from ..game import Game
from ..moves import Move, capture_options

RANKS = range(1, 11)


@dataclass(frozen=True)
class _Turn:
    """What we saw when we chose a move."""

    key: tuple
    deal: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    captured: tuple[int, int]
    chosen: Move


class Memory:
    """Cards known to be captured this hand, by rank, as seen from one seat."""

    def __init__(self) -> None:
        self.gone = [0] * 11
        self._key: tuple | None = None  # (seed, hand, seat, players) of the remembered hand
        self._turn: _Turn | None = None  # our previous turn, not yet compared with now

    def recall(self, game: Game) -> list[int]:
        """The ranks known gone at this turn (taking in what changed since our previous
        turn; calling it again on the same position changes nothing)."""
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
