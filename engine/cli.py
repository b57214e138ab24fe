"""Cuarenta in the terminal: `python -m engine` plays a match against the computer.

    python -m engine                      # 2 players, Quito rules, a match to 2 chicas
    python -m engine --players 4 --rules cuenca --chicas 1 --seed 7
    python -m engine --carton-at-lock --caidas-seguidas 4   # two house rules (RULES.md §6)

You sit at seat 0 (in a 4-player game your partner, seat 2, is a computer too). Type a
card from your hand (`7h`) to play it: it drops when it captures nothing, it takes its
capture when it has one, and when it has several you choose (`7h 2`, or the number at
the question). `7h drop` drops it anyway; `7h 3s 4d` names the cards to take. `help`
lists the commands, `quit` leaves.

`run` takes the input and output as callables, so that tests can script a whole match.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from .cards import Card
from .events import Event, EventKind
from .game import Game
from .moves import Move
from .rules import Rules
from .tally import perros_tantos

Read = Callable[[str], str]
Write = Callable[[str], None]

HUMAN = 0
RANKS = "A234567JQK"

HELP = """\
Commands:
  7h          play the 7 of hearts: it takes its capture, or drops if it has none;
              with several captures you are asked which one (`7` alone plays a 7)
  7h 2        play 7h and take its capture number 2
  7h 3s 4d    play 7h and take the 3s and the 4d (suits don't matter: 7h 3 4 too)
  7h drop     drop 7h on the table even if it could capture
  moves       list every move you can make
  show        show the table, your hand and the scores again
  help        this text
  quit        leave the game
Cards: rank then suit. Ranks A 2 3 4 5 6 7 J Q K, suits s h d c (any case).
A capture takes one card of the same rank, or two number cards that add up to your card,
then the escalera: the next ranks in a row (... 6 7 J Q K). A caída (taking, by rank, the
card just played) and a limpia (leaving the table empty) score 2 each. First to 40 wins
the chica; a perro is 10 points, a tanto 2."""


# --------------------------------------------------------------------- the computer
def greedy_move(game: Game, rng: random.Random | None = None) -> Move:
    """A simple computer player: the move that scores and takes the most right now.

    A caída or limpia is worth more than cards; among equal moves, a random one (or the
    first without `rng`). It looks at nothing hidden: only the table and its own hand.
    """
    moves = game.legal_moves()
    table_size = len(game.table)
    best: list[Move] = []
    best_value = -1
    for move in moves:
        value = 0
        if move.takes:
            value = 10 + len(move.takes)
            if game.is_caida(move):
                value += 30
            if len(move.takes) == table_size:
                value += 20
        else:
            # keep sums and matches for later: drop a face card before a number card
            value = 1 if not move.card.is_number else 0
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best) if rng is not None else best[0]


# ------------------------------------------------------------------------ words
def cards_text(cards: Sequence[Card] | frozenset[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards, key=lambda c: c.index)) or "(empty)"


def points_text(points: int) -> str:
    """26 → '2 perros 3 tantos (26)'."""
    perros, tantos = perros_tantos(points)
    parts = []
    if perros:
        parts.append(f"{perros} perro{'s' if perros != 1 else ''}")
    if tantos or not perros:
        parts.append(f"{tantos} tanto{'s' if tantos != 1 else ''}")
    return f"{' '.join(parts)} ({points})"


class Table:
    """Names the seats and sides of one game and tells its events in words."""

    def __init__(self, game: Game, human: int = HUMAN) -> None:
        self.game = game
        self.human = human
        self._finals: list[tuple[int, int]] = []  # final scores of chicas being told
        if game.players == 2:
            self.seat_names = {human: "You", 1 - human: "Computer"}
        else:
            self.seat_names = {
                human: "You",
                (human + 1) % 4: "Rival 1",
                (human + 2) % 4: "Partner",
                (human + 3) % 4: "Rival 2",
            }

    def seat(self, seat: int | None) -> str:
        return self.seat_names.get(seat, "?") if seat is not None else "?"

    def side(self, side: int | None) -> str:
        mine = side == self.human % 2
        if self.game.players == 2:
            return "You" if mine else "Computer"
        return "Your team" if mine else "The rivals"

    def wins(self, side: int | None) -> str:
        """'You win' / 'Computer wins' / 'Your team wins'."""
        name = self.side(side)
        return f"{name} win" if name in ("You", "The rivals") else f"{name} wins"

    def both(self, pair: Sequence[int]) -> str:
        """(12, 40) → 'You 12, Computer 40' (the human's side first)."""
        mine = self.human % 2
        return f"{self.side(mine)} {pair[mine]}, {self.side(1 - mine)} {pair[1 - mine]}"

    def _zero(self, event: Event) -> str:
        lock = self.game.rules.lock_at
        return f"no points: {lock} que no juega" if lock is not None else "no points"

    def tell(self, events: Sequence[Event]) -> list[str]:
        """The events of one play (or a deal), just played, as lines of table talk."""
        chicas = sum(1 for event in events if event.kind == EventKind.CHICA)
        self._finals = list(self.game.chica_history[len(self.game.chica_history) - chicas :])
        lines: list[str] = []
        play_line: str | None = None
        caida = False
        for event in events:
            kind = event.kind
            if kind == EventKind.DROP:
                play_line = f"{self.seat(event.seat)} dropped {event.card}."
            elif kind == EventKind.CAPTURE:
                play_line = (
                    f"{self.seat(event.seat)} played {event.card} and took "
                    f"{cards_text(event.takes)}."
                )
            elif kind == EventKind.CAIDA:
                caida = True
                play_line = f"{play_line} ¡Caída! +{event.points}"
                if event.count:  # under caidas_seguidas: the side's caídas in a row
                    play_line = f"{play_line} ({event.count} in a row)"
            elif kind == EventKind.LIMPIA:
                if event.points:
                    play_line = f"{play_line} ¡Limpia! +{event.points}"
                elif caida:
                    play_line = f"{play_line} ¡Limpia! (no more points with the caída)"
                else:
                    play_line = f"{play_line} ¡Limpia! ({self._zero(event)})"
            else:
                if play_line is not None:
                    lines.append(play_line)
                    play_line = None
                line = self._tell_other(event)
                if line:
                    lines.append(line)
        if play_line is not None:
            lines.append(play_line)
        return lines

    def _tell_other(self, event: Event) -> str | None:
        kind = event.kind
        game = self.game
        if kind == EventKind.DEAL:
            if event.count == 1:
                dealer = self.seat(event.seat)
                return f"— New hand: {dealer} deal{'' if dealer == 'You' else 's'}. —"
            return f"— Deal {event.count} of {game.deals_per_hand}. —"
        if kind == EventKind.RONDA:
            gain = f"+{event.points}" if event.points else f"({self._zero(event)})"
            return f"{self.seat(event.seat)}: ¡Ronda! (three of a rank) {gain}"
        if kind == EventKind.DOBLE_RONDA:
            if game.rules.doble_ronda is None:
                return f"{self.seat(event.seat)}: ¡Doble ronda! (four of a rank) wins the chica"
            gain = f"+{event.points}" if event.points else f"({self._zero(event)})"
            return f"{self.seat(event.seat)}: ¡Doble ronda! (four of a rank) {gain}"
        if kind == EventKind.CAIDAS_SEGUIDAS:
            return (
                f"{self.seat(event.seat)}: ¡{event.count} caídas seguidas! "
                f"({event.count} caídas in a row) wins the chica"
            )
        if kind == EventKind.CARTON:
            gain = f"+{event.points}" if event.points else f"({self._zero(event)})"
            return f"Cartón: {self.side(event.side)} captured {event.count} cards: {gain}"
        if kind == EventKind.DOS_POR_DARLAS:
            gain = f"+{event.points}" if event.points else f"({self._zero(event)})"
            return (
                f"Dos por darlas: {self.side(event.side)} ({event.count} cards, no cartón): {gain}"
            )
        if kind == EventKind.CHICA:
            final = self._finals.pop(0) if self._finals else None
            score = f" ({self.both(final)})" if final else ""
            return f"*** {self.wins(event.side)} the chica{score}! ***"
        if kind == EventKind.ZAPATERIA:
            return "*** ¡Zapatería! The other side had fewer than 10 points. ***"
        if kind == EventKind.MATCH:
            return f"*** {self.wins(event.side)} the match! Chicas: {self.both(game.chicas)} ***"
        return None

    def status(self) -> list[str]:
        """The scores, the table and the human's hand."""
        game = self.game
        mine = self.human % 2
        lines = []
        for side in (mine, 1 - mine):
            lines.append(
                f"{self.side(side):<11} {points_text(game.scores[side]):<24} "
                f"chicas {game.chicas[side]} · captured {game.captured[side]}"
            )
        lines.append(
            f"Deal {game.deal_number} of {game.deals_per_hand} · "
            f"dealer: {self.seat(game.dealer)} · stock: {len(game.stock)} cards"
        )
        just = game.last_played
        hint = ""
        if just is not None and just in game.table and game.to_play == self.human:
            article = "an" if just.rank_name == "A" else "a"
            hint = f"   ({just} was just played: {article} {just.rank_name} takes it for a caída)"
        lines.append(f"Table: {cards_text(game.table)}{hint}")
        lines.append(f"Your hand: {cards_text(game.hands[self.human])}")
        return lines


def option_text(game: Game, move: Move) -> str:
    """'3d 4c → J (3 cards) · ¡Limpia!' — what a capture takes and scores."""
    text = f"take {cards_text(move.takes)}"
    extras = []
    if game.is_caida(move):
        extras.append("¡Caída!")
    if len(move.takes) == len(game.table):
        extras.append("¡Limpia!")
    return text + (" · " + " ".join(extras) if extras else "")


# ------------------------------------------------------------------------ input
class Answer(Exception):
    """A message for the player instead of a move: the input was not a legal play."""


def parse_play(game: Game, text: str, read: Read, write: Write) -> Move | None:
    """The move `text` asks for, or None to go back to the prompt. Raises Answer."""
    words = text.split()
    hand = game.hands[HUMAN]
    card = card_in_hand(words[0], hand)
    captures = [m for m in game.legal_moves() if m.card is card and m.takes]
    rest = [w.lower() for w in words[1:]]
    if rest == ["drop"]:
        return Move(card)
    if not rest:
        if not captures:
            return Move(card)
        if len(captures) == 1:
            return captures[0]
        return ask_capture(game, card, captures, read, write)
    if not captures:
        raise Answer(f"{card} cannot capture anything here. Play `{card}` to drop it.")
    if len(rest) == 1 and rest[0].isdigit():
        number = int(rest[0])
        if 1 <= number <= len(captures):
            return captures[number - 1]
        raise Answer(
            f"{card} has {len(captures)} capture{'s' if len(captures) > 1 else ''}: "
            f"choose 1 to {len(captures)}, or `{card} drop`.\n" + options_list(game, captures)
        )
    return capture_by_cards(game, card, captures, rest)


def card_in_hand(word: str, hand: list[Card]) -> Card:
    """The card `word` names (`7h`, or a bare rank like `7`: suits never matter)."""
    if len(word) == 1 and word.upper() in RANKS:
        rank = RANKS.index(word.upper()) + 1
        for card in hand:
            if card.rank == rank:
                return card
        raise Answer(f"You have no {word.upper()}. Your hand: {cards_text(hand)}")
    try:
        card = Card.parse(word)
    except ValueError:
        no_such = " (Cuarenta has no 8, 9 or 10)" if word[:1] in "89" or word[:2] == "10" else ""
        raise Answer(
            f"{word!r} is not a card or a command{no_such}. Cards are rank then suit, like "
            "7h or Jd (ranks A 2 3 4 5 6 7 J Q K, suits s h d c); type help for the commands."
        ) from None
    if card not in hand:
        raise Answer(f"You don't have {card}. Your hand: {cards_text(hand)}")
    return card


def capture_by_cards(game: Game, card: Card, captures: list[Move], words: list[str]) -> Move:
    """`7h 3s 4d` or `7h 3 4`: the capture that takes those ranks (suits never matter)."""
    wanted: list[int] = []
    for word in words:
        if len(word) == 1 and word.upper() in RANKS:
            wanted.append(RANKS.index(word.upper()) + 1)
            continue
        try:
            wanted.append(Card.parse(word).rank)
        except ValueError:
            raise Answer(
                f"{word!r} is not a card. Write the cards to take like `{card} 3s 4d`, "
                f"or the capture's number like `{card} 1`."
            ) from None
    for move in captures:
        if sorted(c.rank for c in move.takes) == sorted(wanted):
            return move
    raise Answer(f"{card} cannot take {' '.join(words)}. It can:\n" + options_list(game, captures))


def options_list(game: Game, captures: list[Move]) -> str:
    return "\n".join(f"  {n}) {option_text(game, m)}" for n, m in enumerate(captures, 1))


def ask_capture(
    game: Game, card: Card, captures: list[Move], read: Read, write: Write
) -> Move | None:
    """Several captures: ask which. None when the player goes back."""
    write(f"{card} can capture in {len(captures)} ways:")
    write(options_list(game, captures))
    write(f"  d) drop {card} instead")
    while True:
        answer = read(f"Which one? (1-{len(captures)}, d, or Enter to go back) ").strip().lower()
        if not answer:
            return None
        if answer in ("d", "drop"):
            return Move(card)
        if answer.isdigit() and 1 <= int(answer) <= len(captures):
            return captures[int(answer) - 1]
        write(f"Please answer a number from 1 to {len(captures)}, d to drop, or Enter.")


def moves_list(game: Game) -> str:
    lines = []
    for card in sorted(game.hands[HUMAN], key=lambda c: c.index):
        captures = [m for m in game.legal_moves() if m.card is card and m.takes]
        if not captures:
            lines.append(f"  {card}: drop")
        for number, move in enumerate(captures, 1):
            label = f"{card} {number}" if len(captures) > 1 else str(card)
            lines.append(f"  {label}: {option_text(game, move)}")
    return "Your moves (any card can also be dropped with `<card> drop`):\n" + "\n".join(lines)


# ---------------------------------------------------------------------- the game
def rules_text(rules: Rules) -> str:
    """'Quito rules', 'Cuenca rules' (whatever the number of chicas), or 'Custom rules';
    then the house rules the flags add: 'Quito rules + cartón at the lock'."""
    base = rules.with_options(
        chicas_to_win=Rules().chicas_to_win, carton_at_lock=False, caidas_seguidas=None
    )
    parts = [f"{(base.preset_name() or 'custom').capitalize()} rules"]
    if rules.carton_at_lock:
        parts.append("cartón at the lock")
    if rules.caidas_seguidas is not None:
        parts.append(f"{rules.caidas_seguidas} caídas in a row win")
    return " + ".join(parts)


def run(game: Game, read: Read, write: Write, rng: random.Random | None = None) -> Game:
    """Play `game` to its end (or until the player quits) with seat 0 as the human."""
    table = Table(game)
    rng = rng or random.Random(game.seed)
    write(
        f"Cuarenta · {game.players} players · "
        f"{rules_text(game.rules)} · "
        f"first to {game.rules.chicas_to_win} chica{'s' if game.rules.chicas_to_win > 1 else ''}"
    )
    write("Type a card from your hand to play it, or help.")
    for line in table.tell(game.opening_events):
        write(line)
    show = True
    while game.winner is None:
        if game.to_play != HUMAN:
            move = greedy_move(game, rng)
            for line in table.tell(game.play(move)):
                write(line)
            show = True
            continue
        if show:
            write("")
            for line in table.status():
                write(line)
            show = False
        try:
            text = read("Your play> ").strip()
        except EOFError:
            write("Bye.")
            return game
        command = text.lower()
        if not command:
            continue
        if command in ("quit", "exit"):
            write("Bye.")
            return game
        if command in ("help", "?", "h"):
            write(HELP)
            continue
        if command in ("show", "table", "hand", "score", "scores"):
            show = True
            continue
        if command in ("moves", "m"):
            write(moves_list(game))
            continue
        try:
            chosen = parse_play(game, text, read, write)
        except Answer as answer:
            write(str(answer))
            continue
        if chosen is None:
            show = True
            continue
        for line in table.tell(game.play(chosen)):
            write(line)
        show = True
    return game


def main(argv: Sequence[str] | None = None, read: Read = input, write: Write = print) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Play Cuarenta in the terminal against the computer."
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 4), default=2, help="4: you and a computer partner"
    )
    parser.add_argument(
        "--rules", choices=Rules.PRESETS, default="quito", type=str.lower, help="the rule set"
    )
    parser.add_argument(
        "--chicas", type=int, default=None, metavar="N", help="chicas to win the match (2)"
    )
    parser.add_argument(
        "--carton-at-lock",
        action="store_true",
        help="a side at the lock (38) still scores its cartón at the end of a hand",
    )
    parser.add_argument(
        "--caidas-seguidas",
        type=int,
        default=None,
        metavar="N",
        help="N caídas in a row by one side win the chica (off by default)",
    )
    parser.add_argument("--seed", type=int, default=None, help="the same seed, the same game")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)
    if args.chicas is not None:
        if args.chicas < 1:
            parser.error("--chicas must be at least 1")
        rules = rules.with_options(chicas_to_win=args.chicas)
    if args.caidas_seguidas is not None and args.caidas_seguidas < 2:
        parser.error("--caidas-seguidas must be at least 2")
    rules = rules.with_options(
        carton_at_lock=args.carton_at_lock, caidas_seguidas=args.caidas_seguidas
    )
    game = Game.new(args.players, rules, seed=args.seed)
    try:
        run(game, read, write)
    except KeyboardInterrupt:
        write("\nBye.")
    return 0
