"""Arranged deals: a position set up by hand (a lesson, a test) that a real game could reach.

`Game.from_position` takes any position; `arranged_deal` builds one through it and first
checks that the rules could have led there (`unreachable` says why not): all 40 cards are
somewhere (the hands, the table, the stock, or captured by a side), the stock holds whole
deals, the hands are the sizes the playing order leaves them, a side's captured pile is
empty or holds at least a capture's two cards, the card just dropped lies on the table and
was played in this deal, and the scores are below 40 and of the parity the rules' points
allow. From there the engine plays every move itself, so nothing after the set-up can
break a rule either.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .game import CARDS_PER_DEAL, CHICA_POINTS, Game
from .rules import Rules

DECK_SIZE = 40


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _all_points_even(rules: Rules) -> bool:
    """Every way to score is an even number of points (the cartón's are always even)."""
    values = [2, rules.caida_limpia_points, rules.ronda_points]
    if rules.doble_ronda is not None:
        values.append(rules.doble_ronda)
    return all(value % 2 == 0 for value in values)


def unreachable(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    table: Sequence[Card],
    stock: Sequence[Card],
    captured: tuple[int, int],
    scores: tuple[int, int],
    to_play: int,
    dealer: int,
    last_played: Card | None,
) -> str | None:
    """Why no game under `rules` could reach this position, or None when one could."""
    players = len(hands)
    if players not in (2, 4):
        return "Cuarenta is played by 2 or 4 players"
    if not (0 <= to_play < players and 0 <= dealer < players):
        return "the seat to play and the dealer must be seats of the table"
    placed = [card for hand in hands for card in hand] + list(table) + list(stock)
    if len(set(placed)) != len(placed):
        return "a card appears twice"
    if min(captured) < 0 or sum(captured) + len(placed) != DECK_SIZE:
        return (
            f"the captured piles ({captured[0]} + {captured[1]}) and the cards placed "
            f"({len(placed)}) must make the 40 cards"
        )
    if 1 in captured:
        return "a captured pile holds no cards or at least two (the card played and one taken)"
    per_deal = CARDS_PER_DEAL * players
    if len(stock) % per_deal or len(stock) > DECK_SIZE - per_deal:
        return f"the stock must hold whole deals of {per_deal} cards, after the first"
    order = [(dealer + 1 + offset) % players for offset in range(players)]
    turn = order.index(to_play)
    size = len(hands[to_play])
    if not 1 <= size <= CARDS_PER_DEAL:
        return "the seat to play must hold 1 to 5 cards"
    for position, seat in enumerate(order):
        wanted = size - 1 if position < turn else size
        if len(hands[seat]) != wanted:
            return f"seat {seat} should hold {wanted} cards when seat {to_play} is to play"
    played = per_deal - sum(len(hand) for hand in hands)
    if last_played is not None and (last_played not in table or played == 0):
        return "the card just dropped must lie on the table, dropped in this deal"
    if not all(0 <= score < CHICA_POINTS for score in scores):
        return "each score must be from 0 to 39 (40 ends the chica)"
    if _all_points_even(rules) and any(score % 2 for score in scores):
        return "under these rules every score is even"
    return None


def arranged_deal(
    rules: Rules,
    hands: Sequence[Sequence[Card | str]],
    table: Sequence[Card | str],
    *,
    captured: tuple[int, int],
    stock: Sequence[Card | str] = (),
    scores: tuple[int, int] = (0, 0),
    to_play: int = 0,
    dealer: int | None = None,
    last_played: Card | str | None = None,
    seed: int = 0,
) -> Game:
    """The position as a Game (Game.from_position), after checking a game could reach it:
    ValueError naming what could not be. The stock is dealt in the order given, the seat
    after the dealer first. `dealer` defaults to the seat before `to_play`."""
    players = len(hands)
    cards_in_hands = [[_card(card) for card in hand] for hand in hands]
    on_table = [_card(card) for card in table]
    in_stock = [_card(card) for card in stock]
    just_dropped = None if last_played is None else _card(last_played)
    dealer = (to_play - 1) % max(players, 1) if dealer is None else dealer
    reason = unreachable(
        rules, cards_in_hands, on_table, in_stock, captured, scores, to_play, dealer, just_dropped
    )
    if reason is not None:
        raise ValueError(f"not a reachable position: {reason}")
    return Game.from_position(
        rules,
        cards_in_hands,
        on_table,
        scores=scores,
        to_play=to_play,
        dealer=dealer,
        last_played=just_dropped,
        stock=in_stock,
        captured=captured,
        seed=seed,
    )
