"""What the seat to play may know, and the hidden deals consistent with it.

A bot decides from what its seat may know:

- the visible state: its own hand, the table, the card just dropped (for caídas), the
  scores, each side's caídas in a row (option caidas_seguidas), the chicas, the cards
  captured per side (counts only), the dealer, the deal number, how many cards each
  seat holds and how many are left in the stock;
- `gone`: the ranks it has seen captured this hand, from the Bot's memory of the game
  (memory.py): every play, for the expert; else what it saw at its own turns, nothing
  for a fresh Bot;
- every other card of the deck — in another hand, in the stock, or captured out of its
  sight — is *unseen*. The bot knows how many lie in each place, not which: it treats
  them as shuffled at random among those places (suits never matter, so only ranks
  count), except that the expert reads the plays: with 2 players, how likely each
  opponent hand was to make the plays of the deal, by the style the opponent has shown
  so far (`reading`, reading.py); else the ranks a seat probably lacks, from every drop
  of the deal it watched (`lacking`, memory.py), or from the last drop alone
  (`drop_odds`).

That is sound: nothing in a decision depends on where the unseen cards really are, which
the tests check by dealing them differently. A fresh Bot is conservative: a player who
remembers every capture of the hand knows more, most of all on the last deal.
"""

from __future__ import annotations

import random
from functools import cached_property
from math import comb

from ..cards import Card
from ..game import Game
from ..moves import capture_options
from .reading import Reading
from .sim import (
    RANKS,
    READ_DROP_ODDS,
    Position,
    RankMove,
    counts,
    drop_odds,
    partitions,
    position_of,
)

READING_POOL = 128  # hands drawn at random, then drawn again by how the plays read them


class SeatView:
    """The visible state for the seat to play; with `oracle=True`, every card as well."""

    def __init__(
        self,
        game: Game,
        oracle: bool = False,
        gone: list[int] | None = None,
        lacking: list[list[bool]] | None = None,
        reading: Reading | None = None,
    ) -> None:
        if game.winner is not None:
            raise ValueError("the match is over: there is no move to choose")
        self.game = game if oracle else None
        self.rules = game.rules
        self.players = game.players
        self.seat = game.to_play
        self.side = self.seat % 2
        self.dealer = game.dealer
        self.cards: list[Card] = sorted(game.hands[self.seat])
        self.hand = counts(self.cards)
        self.table_cards = list(game.table)  # in the game's order, as capture_options wants
        self.last_card = game.last_played
        self.table = counts(self.table_cards)
        self.last = 0 if game.last_played is None else game.last_played.rank
        self.points = game.scores
        self.streaks = game.caida_streaks
        self.captured = game.captured
        self.sizes = [len(h) for h in game.hands]
        self.stock_left = len(game.stock)
        self.gone = [0] * 11 if gone is None else list(gone)
        self.lacking = lacking
        self.reading = reading
        self._pool: tuple[list[list[list[int]]], list[float]] | None = None
        self.unseen = [0] + [max(0, 4 - self.hand[r] - self.table[r] - self.gone[r]) for r in RANKS]
        self.parts = partitions(self.rules.sum_cards)
        self.key = "|".join(
            str(part)
            for part in (
                self.seat,
                [c.index for c in self.cards],
                sorted(c.index for c in self.table_cards),
                self.last,
                self.points,
                self.streaks,
                self.captured,
                game.chicas,
                self.dealer,
                game.hand_number,
                game.deal_number,
                self.sizes,
                self.stock_left,
                self.gone,
                self.lacking,
                self.rules,
            )
        )

    # -------------------------------------------------------------- questions
    def moves(self) -> list[RankMove]:
        """The distinct moves of this seat by rank: captures first, then drops."""
        hands = [[0] * 11 for _ in range(self.players)]
        hands[self.seat] = list(self.hand)
        return self.position(hands).moves()

    def game_options(self, card: Card) -> list[frozenset[Card]]:
        """The engine's captures for one of our cards (cards, not ranks)."""
        return capture_options(card, self.table_cards, self.last_card, self.rules.sum_cards)

    # --------------------------------------------------------- hidden worlds
    def position(self, hands: list[list[int]]) -> Position:
        """A Position of this deal with the given hands (counts per seat)."""
        return position_of(self, hands)

    def true_position(self) -> Position:
        """The real deal (oracle only)."""
        assert self.game is not None, "only an oracle sees every hand"
        position = self.position([counts(h) for h in self.game.hands])
        position.last_capturer = -1 if self.game.last_capturer is None else self.game.last_capturer
        return position

    def sample(self, rng: random.Random, read_drop: bool = False) -> Position:
        """A deal with the hidden hands drawn at random from the unseen cards.

        With `read_drop`, what the plays of the deal say weighs the draw. With 2 players
        and a `reading`: the opponent's hand is drawn from READING_POOL random hands, each
        as likely as the reading makes it (`reading_pool`). Otherwise a seat whose drops
        were read (`hand_odds`) gets its hand drawn with those odds: it probably holds
        nothing that could have captured then; the most suspected seats are drawn first.
        """
        if read_drop and self.reads_opponent:
            hands, weights = self.reading_pool(rng)
            if any(weights):
                return self.position([list(hand) for hand in rng.choices(hands, weights)[0]])
        return self._draw(rng, read_drop)

    @property
    def reads_opponent(self) -> bool:
        """With 2 players: the reading has plays of the opponent to read."""
        return self.players == 2 and self.reading is not None and self.reading.reads(1 - self.seat)

    def reading_pool(self, rng: random.Random) -> tuple[list[list[list[int]]], list[float]]:
        """READING_POOL deals drawn at random (with `rng`, the first time: then kept for
        this view), and how likely the reading makes the opponent's hand in each."""
        if self._pool is None:
            assert self.reading is not None
            opponent = 1 - self.seat
            hands = [self._draw(rng, False).hands for _ in range(READING_POOL)]
            weights = [self.reading.chance(opponent, deal[opponent]) for deal in hands]
            self._pool = (hands, weights)
        return self._pool

    def _draw(self, rng: random.Random, read_drop: bool) -> Position:
        left = list(self.unseen)
        hands: list[list[int] | None] = [None] * self.players
        hands[self.seat] = list(self.hand)
        if read_drop:
            for seat, seat_odds in self._read_hands:
                hand = [0] * 11
                for _ in range(self.sizes[seat]):
                    rank = _weighted_rank([left[r] * seat_odds[r] for r in range(11)], rng)
                    hand[rank] += 1
                    left[rank] -= 1
                hands[seat] = hand
        pool = [r for r in RANKS for _ in range(left[r])]
        rng.shuffle(pool)
        start = 0
        for seat in range(self.players):
            if hands[seat] is None:
                size = self.sizes[seat]
                hands[seat] = counts(pool[start : start + size])
                start += size
        return self.position(hands)  # type: ignore[arg-type]

    @cached_property
    def hand_odds(self) -> list[list[float] | None]:
        """Per seat, how likely it holds each rank relative to chance (None: as chance):
        READ_DROP_ODDS for the ranks it probably lacks (`lacking`), or, for a fresh view,
        what the last drop says of the seat that made it (`drop_odds`). Worked out once
        per view: every sampled world reads it."""
        odds: list[list[float] | None] = [None] * self.players
        if self.lacking is not None:
            for seat, ranks in enumerate(self.lacking):
                if seat != self.seat and any(ranks):
                    odds[seat] = [READ_DROP_ODDS if lacks else 1.0 for lacks in ranks]
        elif self.last:
            odds[(self.seat - 1) % self.players] = self.drop_odds()
        return odds

    @cached_property
    def _read_hands(self) -> list[tuple[int, list[float]]]:
        """The seats with `hand_odds`, and those odds, the most suspected first."""
        read = [(seat, odds) for seat, odds in enumerate(self.hand_odds) if odds is not None]
        read.sort(key=lambda pair: -sum(x < 1 for x in pair[1]))
        return read

    def drop_odds(self) -> list[float]:
        """Per rank, how likely the seat that just dropped holds it (see `drop_odds`)."""
        return drop_odds(self.table, self.last, self.parts)

    def enumerate_worlds(
        self, limit: int, read_drop: bool = False
    ) -> list[tuple[float, Position]] | None:
        """With 2 players, every distinct opponent hand and its chance; None past `limit`.

        With `read_drop`, the chances are weighted by what the plays say (see `sample`):
        by the reading, or else by `hand_odds`."""
        if self.players != 2:
            return None
        opponent = 1 - self.seat
        size = self.sizes[opponent]
        reading = self.reading if read_drop and self.reads_opponent else None
        odds = (self.hand_odds[opponent] if read_drop and not reading else None) or [1.0] * 11
        worlds: list[tuple[float, list[int]]] = []
        ranks = [r for r in RANKS if self.unseen[r]]
        hand = [0] * 11

        def fill(index: int, needed: int, weight: float) -> bool:
            """Add every hand completing `hand` from ranks[index:]; False past the limit."""
            if needed == 0:
                worlds.append((weight, list(hand)))
                return len(worlds) <= limit
            if index == len(ranks):
                return True
            rank = ranks[index]
            for take in range(min(needed, self.unseen[rank]), -1, -1):
                hand[rank] = take
                chance = comb(self.unseen[rank], take) * odds[rank] ** take
                if not fill(index + 1, needed - take, weight * chance):
                    return False
            hand[rank] = 0
            return True

        if not fill(0, size, 1.0):
            return None
        if reading is not None:
            read = [(weight * reading.chance(opponent, hand), hand) for weight, hand in worlds]
            if any(weight for weight, _ in read):
                worlds = [(weight, hand) for weight, hand in read if weight]
        total = sum(weight for weight, _ in worlds)
        result = []
        for weight, hand in worlds:
            hands = [list(self.hand), hand] if self.seat == 0 else [hand, list(self.hand)]
            result.append((weight / total, self.position(hands)))
        return result


def _weighted_rank(weights: list[float], rng: random.Random) -> int:
    """A rank drawn with the given weights (index 0 unused)."""
    pick = rng.random() * sum(weights)
    chosen = 0
    for rank in RANKS:
        if weights[rank] > 0:
            chosen = rank
            if pick < weights[rank]:
                break
            pick -= weights[rank]
    return chosen
