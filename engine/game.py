"""A Cuarenta match: deals, turns, scoring, chicas (RULES.md §2–§6).

The game owns its randomness: each hand's shuffle is derived from the game's seed and the
hand's number, so a saved game needs no random-generator state to go on identically. It
also keeps its plays (`moves`): the seed and those rebuild it, play by play, which is
how a computer player that was not at the table from the start learns what everyone
there saw (engine/ai/bot.py).
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import attrgetter
from typing import Any

from .cards import _DECK, Card, full_deck
from .events import Event, EventKind, make_event
from .moves import (
    DROPS,
    IllegalMove,
    Move,
    capture_options,
    captures_for_rank,
    make_move,
    rank_buckets,
    sum_needs,
)
from .rules import Rules

CARDS_PER_DEAL = 5
CHICA_POINTS = 40
ZAPATERIA_BELOW = 10
CARTON_CARDS = 20
CAIDA_POINTS = 2
LIMPIA_POINTS = 2
DOS_POR_DARLAS = 2
SAVE_VERSION = 1

# The kinds made on the hot path, bound once (a module global is quicker to read).
_CAPTURE = EventKind.CAPTURE
_LIMPIA = EventKind.LIMPIA
# Events that depend only on the seat and the card, shared: [seat][card.index].
_DROP_EVENTS = [
    [Event(EventKind.DROP, seat % 2, 0, seat, card) for card in _DECK] for seat in range(4)
]
_CAIDA_EVENTS = [
    [Event(EventKind.CAIDA, seat % 2, CAIDA_POINTS, seat, card) for card in _DECK]
    for seat in range(4)
]
_by_index = attrgetter("index")
# A saved game's plays, parsed once per distinct text (Moves are immutable values).
_parse_move = lru_cache(maxsize=4096)(Move.parse)


def carton_points(cards: int) -> int:
    """20 cards → 6, each card over 20 adds 1, rounded up to even: 21 → 8, 23 → 10."""
    over = cards - CARTON_CARDS
    return 6 + (over + 1) // 2 * 2


def side_of(seat: int) -> int:
    """Seats 0 and 2 are side 0; seats 1 and 3 are side 1."""
    return seat % 2


class Game:
    """The state of one match, changed only through `play`."""

    __slots__ = (
        "_moves",
        "_ply",
        "_texts",
        "caida_streaks",
        "captured_cards",
        "chica_history",
        "chicas_won",
        "deal_number",
        "dealer",
        "hand_number",
        "hands",
        "last_capturer",
        "last_played",
        "opening_events",
        "players",
        "points",
        "rules",
        "seed",
        "stock",
        "table",
        "to_play",
        "winner",
    )

    def __init__(self, players: int, rules: Rules, seed: int) -> None:
        if players not in (2, 4):
            raise ValueError("Cuarenta is played by 2 or 4 players")
        self.players = players
        self.rules = rules
        self.seed = seed
        self.hand_number = 0
        self.deal_number = 0
        self.dealer = 0
        self.to_play = 1 % players
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.table: list[Card] = []
        self.stock: list[Card] = []
        self.captured_cards = [0, 0]
        self.points = [0, 0]
        # Option caidas_seguidas: each side's caídas in a row in this chica (counted only
        # under that option; a tuple, so that copies share it).
        self.caida_streaks = (0, 0)
        self.last_played: Card | None = None
        self.last_capturer: int | None = None
        self.chicas_won = [0, 0]
        self.winner: int | None = None
        self.chica_history: list[tuple[int, int]] = []
        self.opening_events: list[Event] = []
        # The plays since the first deal (None: not known, see `moves`). Copies share the
        # list: a game's plays are its first `_ply` items, and the list is only ever
        # appended to, by a game whose plays are all of it (see `play`).
        self._moves: list[Move] | None = None
        self._ply = 0
        # Those plays as text, for `to_dict`: (the list they are of, the texts so far).
        self._texts: tuple[list[Move], list[str]] | None = None

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, players: int = 2, rules: Rules | None = None, seed: int | None = None) -> Game:
        """A new match with a random first dealer, the first hand dealt.

        The events of that first deal (rondas announced) are in `opening_events`.
        """
        game = cls(players, rules or Rules(), _fresh_seed() if seed is None else seed)
        game._moves = []
        game.dealer = random.Random(f"{game.seed}:dealer").randrange(players)
        game.opening_events = game._start_hand()
        return game

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: list[list[Card]],
        table: list[Card],
        scores: list[int] | tuple[int, int] = (0, 0),
        to_play: int = 0,
        dealer: int | None = None,
        last_played: Card | None = None,
        stock: list[Card] | None = None,
        captured: list[int] | tuple[int, int] = (0, 0),
        seed: int | None = None,
        chicas: list[int] | tuple[int, int] = (0, 0),
        streaks: list[int] | tuple[int, int] = (0, 0),
    ) -> Game:
        """A game in the middle of a deal, as given. Cards may be Card or text like "7h".

        It does not know how the deal came to be: its `moves` are None."""
        players = len(hands)
        game = cls(players, rules, _fresh_seed() if seed is None else seed)
        game.hands = [[_card(c) for c in hand] for hand in hands]
        game.table = [_card(c) for c in table]
        game.stock = [_card(c) for c in (stock or [])]
        game.points = list(scores)
        game.captured_cards = list(captured)
        game.chicas_won = list(chicas)
        game.caida_streaks = (streaks[0], streaks[1])
        game.to_play = to_play
        game.dealer = (to_play - 1) % players if dealer is None else dealer
        game.last_played = None if last_played is None else _card(last_played)
        game.hand_number = 1
        deals = 40 // (CARDS_PER_DEAL * players)
        game.deal_number = deals - len(game.stock) // (CARDS_PER_DEAL * players)
        all_cards = [c for h in game.hands for c in h] + game.table + game.stock
        if len(set(all_cards)) != len(all_cards):
            raise ValueError("a card appears twice in the position")
        return game

    # ------------------------------------------------------------- public view
    @property
    def captured(self) -> tuple[int, int]:
        return (self.captured_cards[0], self.captured_cards[1])

    @property
    def scores(self) -> tuple[int, int]:
        """Points per side in the current chica."""
        return (self.points[0], self.points[1])

    @property
    def chicas(self) -> tuple[int, int]:
        """Chicas won per side in this match."""
        return (self.chicas_won[0], self.chicas_won[1])

    @property
    def moves(self) -> tuple[Move, ...] | None:
        """Every play of the match so far, in order, from the first deal of `Game.new`: the
        players, rules and seed and these rebuild the game. None when the game does not
        know them: built with `from_position`, or loaded from a save that did not keep
        them (a game goes on from a state, not its history)."""
        history = self._moves
        return None if history is None else tuple(history[: self._ply])

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def deals_per_hand(self) -> int:
        return 40 // (CARDS_PER_DEAL * self.players)

    def locked(self, side: int) -> bool:
        """True when `side` is at or over `lock_at`: only caídas score for it."""
        lock = self.rules.lock_at
        return lock is not None and self.points[side] >= lock

    def capture_options(self, card: Card) -> list[frozenset[Card]]:
        """The captures `card` could make on the current table (ignores whose card it is)."""
        return capture_options(card, self.table, self.last_played, self.rules.sum_cards)

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to play: each card's drop, then its captures."""
        if self.winner is not None:
            return []
        hand = self.hands[self.to_play]
        if not self.table:
            return [DROPS[card.index] for card in hand]
        buckets = rank_buckets(self.table)
        needs = sum_needs(self.rules.sum_cards)
        last = self.last_played
        moves: list[Move] = []
        for card in hand:
            moves.append(DROPS[card.index])
            rank = card.rank
            if buckets[rank] is None and not needs[rank]:
                continue  # no match, and no sum makes this rank
            for takes in captures_for_rank(rank, buckets, last, needs):
                moves.append(make_move(card, takes))
        return moves

    def is_caida(self, move: Move) -> bool:
        last = self.last_played
        return last is not None and last in move.takes and last.rank == move.card.rank

    # --------------------------------------------------------------------- play
    def play(self, move: Move) -> list[Event]:
        """Apply `move` for the seat to play and return what happened.

        Raises IllegalMove (leaving the game unchanged) for anything not in legal_moves().
        """
        if self.winner is not None:
            raise IllegalMove("the match is over")
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}")
        seat = self.to_play
        hand = self.hands[seat]
        card = move.card
        takes = move.takes
        if card not in hand:
            raise IllegalMove(f"{card} is not in the hand of seat {seat}")
        if takes and takes not in self.capture_options(card):
            raise IllegalMove(f"{card} cannot take {sorted(map(str, takes))}")
        history = self._moves
        if history is not None:
            ply = self._ply
            if len(history) != ply:  # a copy has played on from here: a list of our own
                history = self._moves = history[:ply]
            history.append(move)
            self._ply = ply + 1
        side = seat & 1
        hand.remove(card)
        seguidas = self.rules.caidas_seguidas
        if not takes:
            self.table.append(card)
            self.last_played = card
            events = [_DROP_EVENTS[seat][card.index]]
            if seguidas is not None:
                self._count_streak(side, caida=False)
        else:
            last = self.last_played
            caida = last is not None and last.rank == card.rank and last in takes
            streak = 0 if seguidas is None else self._count_streak(side, caida)
            table = [c for c in self.table if c not in takes]
            self.table = table
            self.captured_cards[side] += len(takes) + 1
            self.last_capturer = side
            self.last_played = None
            ordered = tuple(sorted(takes, key=_by_index))  # by rank, then suit
            events = [make_event(_CAPTURE, side, 0, seat, card, ordered)]
            if caida or not table:
                points = self.points
                lock = self.rules.lock_at
                locked = lock is not None and points[side] >= lock
                gained = 0
                if caida:
                    events.append(
                        make_event(EventKind.CAIDA, side, CAIDA_POINTS, seat, card, (), streak)
                        if streak
                        else _CAIDA_EVENTS[seat][card.index]
                    )
                    gained = CAIDA_POINTS
                if not table:
                    if locked:
                        limpia = 0
                    elif caida:  # the two together score caida_limpia_points
                        limpia = self.rules.caida_limpia_points - CAIDA_POINTS
                    else:
                        limpia = LIMPIA_POINTS
                    events.append(make_event(_LIMPIA, side, limpia, seat, card))
                    gained += limpia
                points[side] += gained
                if points[side] >= CHICA_POINTS:
                    self._end_chica(side, events, by_points=True)
                    return events
                if seguidas is not None and streak >= seguidas:
                    self._win_outright(EventKind.CAIDAS_SEGUIDAS, side, seat, events, streak)
                    return events
        # Pass the turn; deal again, or end the hand, when every hand is empty.
        self.to_play = to_play = (seat + 1) % self.players
        if not self.hands[to_play]:
            if self.stock:
                events.extend(self._deal())
            else:
                self._end_hand(events)
        return events

    def _count_streak(self, side: int, caida: bool) -> int:
        """Option caidas_seguidas: count a play of `side` and return its streak. A play that
        is not a caída breaks the side's streak; a caída breaks the other side's."""
        streak = self.caida_streaks[side] + 1 if caida else 0
        other = 0 if caida else self.caida_streaks[1 - side]
        self.caida_streaks = (streak, other) if side == 0 else (other, streak)
        return streak

    def _win_outright(
        self, kind: EventKind, side: int, seat: int, events: list[Event], count: int = 0
    ) -> None:
        """A doble ronda or a streak of caídas: the side wins the chica at once (its score
        is brought up to 40, never a zapatería)."""
        points = max(0, CHICA_POINTS - self.points[side])
        self.points[side] += points
        events.append(make_event(kind, side, points, seat, None, (), count))
        self._end_chica(side, events, by_points=False)

    def _deal(self) -> list[Event]:
        """Deal 5 cards to each seat, starting after the dealer, then announce rondas."""
        players = self.players
        for offset in range(1, players + 1):
            seat = (self.dealer + offset) % players
            self.hands[seat] = self.stock[:CARDS_PER_DEAL]
            del self.stock[:CARDS_PER_DEAL]
        self.deal_number += 1
        self.last_played = None
        self.to_play = (self.dealer + 1) % players
        events = [make_event(EventKind.DEAL, None, 0, self.dealer, None, (), self.deal_number)]
        self._announce_rondas(events)
        return events

    def _announce_rondas(self, events: list[Event]) -> None:
        locked_before = (self.locked(0), self.locked(1))
        for offset in range(1, self.players + 1):
            seat = (self.dealer + offset) % self.players
            side = seat % 2
            ranks = [card.rank for card in self.hands[seat]]
            most = max(map(ranks.count, ranks), default=0)
            if most == 4 and self.rules.doble_ronda is None:
                self._win_outright(EventKind.DOBLE_RONDA, side, seat, events)
                return
            if most >= 3:
                kind = EventKind.DOBLE_RONDA if most == 4 else EventKind.RONDA
                value = self.rules.doble_ronda if most == 4 else self.rules.ronda_points
                points = 0 if locked_before[side] else int(value or 0)
                self.points[side] += points
                events.append(Event(kind, side, points, seat))
                if self.points[side] >= CHICA_POINTS:
                    self._end_chica(side, events, by_points=True)
                    return

    def _end_hand(self, events: list[Event]) -> None:
        """Count the cartón, then start the next hand (or end the chica)."""
        if self.rules.leftovers == "last_capturer" and self.last_capturer is not None:
            self.captured_cards[self.last_capturer] += len(self.table)
            self.table = []
        counts = self.captured_cards
        non_dealer = (self.dealer + 1) % 2
        if counts[0] != counts[1] and max(counts) >= CARTON_CARDS:
            side = 0 if counts[0] > counts[1] else 1
            kind, value = EventKind.CARTON, carton_points(counts[side])
        else:
            side = non_dealer if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
            kind, value = EventKind.DOS_POR_DARLAS, DOS_POR_DARLAS
        points = 0 if self.locked(side) and not self.rules.carton_at_lock else value
        self.points[side] += points
        events.append(Event(kind, side, points, count=counts[side]))
        if self.points[side] >= CHICA_POINTS:
            self._end_chica(side, events, by_points=True)
            return
        self.dealer = (self.dealer + 1) % self.players
        events.extend(self._start_hand())

    def _start_hand(self) -> list[Event]:
        self.hand_number += 1
        deck = full_deck()
        random.Random(f"{self.seed}:{self.hand_number}").shuffle(deck)
        self.stock = deck
        self.table = []
        self.hands = [[] for _ in range(self.players)]
        self.captured_cards = [0, 0]
        self.last_capturer = None
        self.deal_number = 0
        return self._deal()

    def _end_chica(self, side: int, events: list[Event], by_points: bool) -> None:
        self.chicas_won[side] += 1
        self.chica_history.append((self.points[0], self.points[1]))
        events.append(Event(EventKind.CHICA, side))
        zapateria = by_points and self.points[1 - side] < ZAPATERIA_BELOW
        if zapateria:
            events.append(Event(EventKind.ZAPATERIA, side))
        if zapateria or self.chicas_won[side] >= self.rules.chicas_to_win:
            self.winner = side
            events.append(Event(EventKind.MATCH, side))
            return
        self.points = [0, 0]
        self.caida_streaks = (0, 0)
        self.dealer = (self.dealer + 1) % self.players
        events.extend(self._start_hand())

    # ------------------------------------------------------------ persistence
    def to_dict(self, *, moves: bool = True) -> dict[str, Any]:
        """A JSON-serialisable snapshot; Game.from_dict(g.to_dict()) == g.

        The streaks are saved only under caidas_seguidas, so that a game under the other
        options saves exactly what it did before the option existed; the plays (`moves`,
        as text) only when the game knows them, and `moves=False` leaves them out for a
        caller that keeps them itself (a table: tables/session.py)."""
        data = {
            "version": SAVE_VERSION,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hand_number": self.hand_number,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "to_play": self.to_play,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "table": [str(c) for c in self.table],
            "stock": [str(c) for c in self.stock],
            "captured": list(self.captured_cards),
            "scores": list(self.points),
            "chicas": list(self.chicas_won),
            "winner": self.winner,
            "last_played": None if self.last_played is None else str(self.last_played),
            "last_capturer": self.last_capturer,
            "chica_history": [list(s) for s in self.chica_history],
        }
        if self.rules.caidas_seguidas is not None:
            data["caida_streaks"] = list(self.caida_streaks)
        history = self._moves
        if moves and history is not None:
            data["moves"] = self._move_texts(history)
        return data

    def _move_texts(self, history: list[Move]) -> list[str]:
        """`str` of each play, written once: a game saved after every play (as the tests
        do) writes only the new ones."""
        texts = self._texts
        if texts is None or texts[0] is not history:
            texts = self._texts = (history, [])
        written = texts[1]
        if len(written) < self._ply:
            written.extend(map(str, history[len(written) : self._ply]))
        return written[: self._ply]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """The game `to_dict` saved. Without "moves" (a game saved before games kept them,
        or by `to_dict(moves=False)`) its `moves` are None."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unknown saved-game version {data.get('version')!r}")
        game = cls(data["players"], Rules.from_dict(data["rules"]), data["seed"])
        game.hand_number = data["hand_number"]
        game.deal_number = data["deal_number"]
        game.dealer = data["dealer"]
        game.to_play = data["to_play"]
        game.hands = [[Card.parse(c) for c in hand] for hand in data["hands"]]
        game.table = [Card.parse(c) for c in data["table"]]
        game.stock = [Card.parse(c) for c in data["stock"]]
        game.captured_cards = list(data["captured"])
        game.points = list(data["scores"])
        game.chicas_won = list(data["chicas"])
        game.winner = data["winner"]
        last = data["last_played"]
        game.last_played = None if last is None else Card.parse(last)
        game.last_capturer = data["last_capturer"]
        game.chica_history = [tuple(s) for s in data["chica_history"]]
        streaks = data.get("caida_streaks", (0, 0))
        game.caida_streaks = (streaks[0], streaks[1])
        moves = data.get("moves")
        if moves is not None:
            game._moves = [_parse_move(text) for text in moves]
            game._ply = len(moves)
        return game

    def copy(self) -> Game:
        """An independent copy (for search); cheaper than a to_dict round trip. It shares
        the list of plays until one of the two plays on (see `_moves`)."""
        other = _new_game(type(self))  # (a subclass's copy is of its class: puzzle_reasons)
        other.players = self.players
        other.rules = self.rules
        other.seed = self.seed
        other.hand_number = self.hand_number
        other.deal_number = self.deal_number
        other.dealer = self.dealer
        other.to_play = self.to_play
        other.hands = [hand[:] for hand in self.hands]
        other.table = self.table[:]
        other.stock = self.stock[:]
        other.captured_cards = self.captured_cards[:]
        other.points = self.points[:]
        other.caida_streaks = self.caida_streaks
        other.last_played = self.last_played
        other.last_capturer = self.last_capturer
        other.chicas_won = self.chicas_won[:]
        other.winner = self.winner
        other.chica_history = self.chica_history[:]
        other.opening_events = []
        other._moves = self._moves
        other._ply = self._ply
        other._texts = None
        return other

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and self.to_dict(moves=False) == other.to_dict(moves=False)
            and self.moves == other.moves
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game players={self.players} scores={self.points} chicas={self.chicas_won} "
            f"to_play={self.to_play} table={' '.join(map(str, self.table))}>"
        )


_new_game = object.__new__


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**63)
