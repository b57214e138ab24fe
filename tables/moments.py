"""First-time moments: the situations a newcomer cannot discover by trial (a caída to
make, a sum, an escalera, a limpia, the last deal's cartón count, the 38 lock), found in
what one player sees, each with a one-line tip.

`moments(view)` is pure and reads only a `PlayerView`: the player's own hand and what
the whole table sees (the table, the card just dropped, scores, piles, the stock's size).
It never reads another hand or the stock's cards, so it says the same whatever the unseen
cards are (the tests deal them differently). A tip says what is *possible* ("a caída is
possible: the 6 was just dropped and you hold a 6"), never which card to play.

The guided first chica shows the tip of each moment the first time it comes up; a
player's first real games do too (unless turned off in their preferences). Which moments
a player has seen is kept per player (Storage.mark_moments_seen), so each is told once.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from engine import Card, Game, Move, Rules
from engine.moves import capture_options

from .lessons import Line


class Moment(StrEnum):
    """A first-time moment; its tip's catalog key is f"tip.{moment}"."""

    CAIDA = "caida"  # the card just dropped can be fallen on with a card in the hand
    LIMPIA = "limpia"  # a capture would leave the table empty
    SUM = "sum"  # a capture by sum
    ESCALERA = "escalera"  # a capture would take an escalera
    CARTON = "carton"  # the hand's last deal: the cartón is counted at its end
    LOCK = "lock"  # a side is at the lock: only a caída scores for it


@dataclass(frozen=True)
class PlayerView:
    """What one player sees: their own hand and the public table. Nothing else."""

    rules: Rules
    seat: int
    players: int
    to_play: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]  # in the order it lies (a caída takes the card just dropped)
    last_played: Card | None
    scores: tuple[int, int]
    captured: tuple[int, int]  # cards captured per side this hand (public: piles are seen)
    stock: int  # cards left to deal

    @classmethod
    def of(cls, game: Game, seat: int) -> PlayerView:
        return cls(
            rules=game.rules,
            seat=seat,
            players=game.players,
            to_play=game.to_play,
            hand=tuple(sorted(game.hands[seat])),
            table=tuple(game.table),
            last_played=game.last_played,
            scores=game.scores,
            captured=game.captured,
            stock=len(game.stock),
        )


@dataclass(frozen=True)
class Tip:
    """A moment present now, its tip (a catalog line) and, for a play, one move that makes
    it (a possibility to describe, not advice)."""

    moment: Moment
    line: Line
    move: Move | None = None


def _capture_tips(view: PlayerView) -> list[Tip]:
    """The caída, limpia, sum and escalera the player's cards can make, the first of each."""
    table = list(view.table)
    found: dict[Moment, Tip] = {}
    last = view.last_played
    for card in view.hand:
        for takes in capture_options(card, table, last, view.rules.sum_cards):
            move = Move(card, takes)
            base = tuple(sorted(c for c in takes if c.rank <= card.rank))
            escalera = tuple(sorted(c for c in takes if c.rank > card.rank))
            caida = last is not None and last in takes and last.rank == card.rank
            if last is not None and caida and Moment.CAIDA not in found:
                line = Line("tip.caida", cards={"card": (last,)})
                found[Moment.CAIDA] = Tip(Moment.CAIDA, line, move)
            if len(takes) == len(table) and Moment.LIMPIA not in found:
                line = Line("tip.limpia", cards={"card": (card,)})
                found[Moment.LIMPIA] = Tip(Moment.LIMPIA, line, move)
            if all(c.rank != card.rank for c in base) and Moment.SUM not in found:
                line = Line("tip.sum", cards={"card": (card,), "base": base})
                found[Moment.SUM] = Tip(Moment.SUM, line, move)
            if escalera and Moment.ESCALERA not in found:
                line = Line("tip.escalera", cards={"card": (card,), "cards": escalera})
                found[Moment.ESCALERA] = Tip(Moment.ESCALERA, line, move)
    return [found[moment] for moment in Moment if moment in found]


def moments(view: PlayerView) -> list[Tip]:
    """The moments present for the player at their turn (none at another's), in the order
    of `Moment`."""
    if view.to_play != view.seat:
        return []
    tips = _capture_tips(view)
    if view.stock == 0:
        count = view.captured[view.seat % 2]
        tips.append(Tip(Moment.CARTON, Line("tip.carton", numbers={"count": count})))
    lock = view.rules.lock_at
    if lock is not None and max(view.scores) >= lock:
        tips.append(Tip(Moment.LOCK, Line("tip.lock", numbers={"lock": lock})))
    return tips


def first_time(view: PlayerView, seen: Collection[str]) -> list[Tip]:
    """The moments present that the player has not seen yet (`seen`: moment names)."""
    return [tip for tip in moments(view) if str(tip.moment) not in seen]
