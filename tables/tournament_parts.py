"""The pieces of a tournament that its formats share: entries, pairings, rounds,
standings, and the knockout bracket (tables/tournament.py and tournament_formats.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

GROUP_SIZE = 4


class Format(StrEnum):
    KNOCKOUT = "knockout"
    SWISS = "swiss"
    GROUPS = "groups"


class Stage(StrEnum):
    """What a round is part of."""

    KNOCKOUT = "knockout"
    SWISS = "swiss"
    GROUP = "group"
    REPECHAJE = "repechaje"  # the thirds of the groups, for the last places in the knockout

    @property
    def advances(self) -> bool:
        """Its winners go on and its losers are out (a knockout, the repechaje); in the
        others every entry plays on."""
        return self in (Stage.KNOCKOUT, Stage.REPECHAJE)


class How(StrEnum):
    """How a match was decided."""

    PLAYED = "played"  # played out (or stopped and settled for the side ahead: STOPPED)
    BYE = "bye"  # no opponent: won without playing
    NO_SHOW = "no_show"  # the loser never made a play in time
    GAVE_UP = "gave_up"  # the loser gave the match up at the table
    WITHDREW = "withdrew"  # the loser withdrew from the tournament
    STOPPED = "stopped"  # the table was stopped from outside: the side ahead goes on

    @property
    def is_walkover(self) -> bool:
        """Won without the loser playing it out."""
        return self in (How.NO_SHOW, How.GAVE_UP, How.WITHDREW)


@dataclass
class Entry:
    """One player (singles) or one fixed pair; a bot entry has no members."""

    number: int  # 1, 2, ... in order of sign-up: the entry's id for its tournament
    members: list[int]  # user ids, in seat order
    names: list[str]
    bot_level: str | None = None  # a bot entry: its bots' level
    withdrawn: bool = False  # left after the start: it loses its matches from then on

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def key(self) -> str:
        """What names the entry for good (its number changes when one before it leaves):
        "u<first member's id>", or "b<bot name>" (bot names are unique in a tournament)."""
        return f"u{self.members[0]}" if self.members else f"b{self.names[0]}"


@dataclass
class Pairing:
    """A match of a round between entries `a` and `b` (None: a bye, won by `a`)."""

    a: int
    b: int | None
    group: int | None = None  # the group of a group-stage match
    table_id: str = ""  # the table's session id (and recorded match id), once chosen
    thread_id: int | None = None  # the thread the table plays in, once made
    opened_at: float | None = None  # when its table started
    winner: int | None = None  # the entry that won
    chicas: list[int] = field(default_factory=lambda: [0, 0])  # a's, b's
    points: list[int] = field(default_factory=lambda: [0, 0])
    walkover: bool = False  # won because the other side never showed up, gave up, or withdrew
    how: str = ""  # a How, once decided ("" in a state saved before it was kept)

    @property
    def decided_how(self) -> How | None:
        """How it was decided (None: not yet); older saves only knew `walkover`."""
        if self.winner is None:
            return None
        if self.how:
            return How(self.how)
        if self.b is None:
            return How.BYE
        return How.NO_SHOW if self.walkover else How.PLAYED

    @property
    def done(self) -> bool:
        return self.winner is not None

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.b is None:
            return None
        return self.b if self.winner == self.a else self.a

    def entries(self) -> tuple[int, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)


@dataclass
class Round:
    number: int  # 1, 2, ...
    stage: Stage
    pairings: list[Pairing]

    @property
    def done(self) -> bool:
        return all(pairing.done for pairing in self.pairings)


@dataclass
class Standing:
    entry: int
    played: int = 0
    wins: int = 0
    chicas_won: int = 0
    chicas_lost: int = 0
    points: int = 0

    @property
    def chica_difference(self) -> int:
        return self.chicas_won - self.chicas_lost


def bracket(seeded: list[int]) -> list[Pairing]:
    """A knockout round of `seeded` entries (best first), padded to a power of two with
    byes for the best seeds, in bracket order: the best meets the worst, and the two best
    can only meet in the final (the winners of pairings 1–2, 3–4... meet next)."""
    size = 1 << max(1, math.ceil(math.log2(max(len(seeded), 2))))
    order = [1, 2]
    while len(order) < size:
        order = [seed for first in order for seed in (first, 2 * len(order) + 1 - first)]
    pairings = []
    for better, worse in zip(order[::2], order[1::2], strict=True):
        b = seeded[worse - 1] if worse <= len(seeded) else None
        pairings.append(Pairing(seeded[better - 1], b))
    return pairings
