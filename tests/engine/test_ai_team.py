"""The 4-player expert plays for its team: what a move leaves on the table counts against
it for the next player (an opponent) and for it for the player after (the partner)."""

from __future__ import annotations

from engine import Game, Rules
from engine.ai.bot import own_position
from engine.ai.policies import normal_best
from engine.ai.view import SeatView
from engine.cards import parse_cards


def seat_zero(hands: list[str], table: str) -> SeatView:
    """The view of seat 0, to play first after the dealer (the last seat)."""
    game = Game.from_position(
        Rules(),
        hands=[parse_cards(hand) for hand in hands],
        table=parse_cards(table),
        to_play=0,
        dealer=len(hands) - 1,
        seed=5,
    )
    return SeatView(game)


def test_the_partner_gains_what_the_opponent_cannot_take() -> None:
    """With 4 players, a table the partner may take from raises the value of our move;
    with 2 players (no partner) nothing changes."""
    view = seat_zero(["Kd Qd", "As 2s", "3s 4s", "6s 7s"], "5c")
    pos = own_position(view)
    assert normal_best(pos, team=True) > normal_best(pos, team=False)
    two = own_position(seat_zero(["Kd Qd", "As 2s"], "5c"))
    assert normal_best(two, team=True) == normal_best(two, team=False)
