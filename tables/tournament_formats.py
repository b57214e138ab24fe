"""Tournament formats, each a class behind one interface (as a python-chess variant is):

- `Knockout`: a bracket, byes for the best seeds when the entries are not a power of two;
- `Swiss`: N rounds, each pairing entries of like score who have not met (a maximum-weight
  matching, networkx), a bye to the lowest entry without one when their number is odd;
- `Groups`: groups of four play each other once, then the first two of each group and the
  winners of a repechaje between the thirds play a knockout (as the Mundial de 40 does).

`Tournament` (tables/tournament.py) asks `FORMATS[its format]` how to pair its first and
next rounds, who is on its podium and what it lists; a new format is a class and a line in
FORMATS, with no branch elsewhere.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

import networkx as nx

from .tournament_parts import GROUP_SIZE, Entry, Format, Pairing, Round, Stage, Standing, bracket


class Played(Protocol):
    """What a format reads of a tournament."""

    @property
    def rounds(self) -> list[Round]: ...
    @property
    def entries(self) -> list[Entry]: ...
    @property
    def seed(self) -> int: ...
    @property
    def started(self) -> bool: ...
    @property
    def places(self) -> int: ...  # the most entries it takes
    @property
    def rounds_asked(self) -> int: ...  # Swiss rounds asked for (0: as many as needed)

    def entry(self, number: int) -> Entry: ...
    def standings(self, stage: Stage | None = None, group: int | None = None) -> list[Standing]: ...


@dataclass(frozen=True)
class Podium:
    """Champion, runner-up and third place; `thirds` holds two entries when third place
    is shared (the two semifinal losers of a knockout with no match for third)."""

    champion: int
    runner_up: int | None
    thirds: tuple[int, ...] = ()

    @property
    def third_shared(self) -> bool:
        return len(self.thirds) > 1

    def entries(self) -> list[int]:
        places = [self.champion]
        if self.runner_up is not None:
            places.append(self.runner_up)
        return places + list(self.thirds)


class FormatRules:
    """One tournament format: how its rounds are paired, its podium, what it lists."""

    format: ClassVar[Format]
    listed_stage: ClassVar[Stage | None] = None  # the standings its message lists (None: none)
    grouped: ClassVar[bool] = False  # the standings are listed by group

    def first_round(self, played: Played, seeded: list[int]) -> tuple[Stage, list[Pairing]]:
        raise NotImplementedError

    def next_round(self, played: Played, current: Round) -> tuple[Stage, list[Pairing]] | None:
        """The next round's stage and pairings, or None: the tournament is over."""
        raise NotImplementedError

    def podium(self, played: Played) -> Podium | None:
        return knockout_podium(played)

    def rounds_count(self, played: Played) -> int:
        """How many rounds it plays (an estimate before the draw, for its description)."""
        return knockout_rounds(len(played.entries) if played.started else played.places)

    def groups(self, played: Played) -> list[list[int]]:
        """The groups the entries are drawn into (one group of all, but in Groups)."""
        return [[entry.number for entry in played.entries]]

    def knocked_out(self, played: Played) -> set[int]:
        """The entries out of it by their results (withdrawals aside): lost where the
        losers are out."""
        return losers_where_losers_go(played)

    def is_last_round(self, played: Played, current: Round) -> bool:
        """`current` is the tournament's last round (a knockout's final, Swiss's last)."""
        return current.stage == Stage.KNOCKOUT and len(current.pairings) == 1


class Knockout(FormatRules):
    format = Format.KNOCKOUT

    def first_round(self, played: Played, seeded: list[int]) -> tuple[Stage, list[Pairing]]:
        return Stage.KNOCKOUT, bracket(seeded)

    def next_round(self, played: Played, current: Round) -> tuple[Stage, list[Pairing]] | None:
        return next_knockout_round(current)


class Swiss(FormatRules):
    format = Format.SWISS
    listed_stage = Stage.SWISS

    def first_round(self, played: Played, seeded: list[int]) -> tuple[Stage, list[Pairing]]:
        return Stage.SWISS, swiss_pairings(played)

    def next_round(self, played: Played, current: Round) -> tuple[Stage, list[Pairing]] | None:
        if sum(r.stage == Stage.SWISS for r in played.rounds) >= self.rounds_count(played):
            return None
        return Stage.SWISS, swiss_pairings(played)

    def rounds_count(self, played: Played) -> int:
        """As set (at most one against each other entry), or as many as a knockout of as
        many entries (of the places, before the start)."""
        entries = len(played.entries) if played.started else played.places
        if played.rounds_asked:  # at most a round robin (odd: each with one bye)
            return min(played.rounds_asked, max(1, entries - 1 + entries % 2))
        return knockout_rounds(entries)

    def is_last_round(self, played: Played, current: Round) -> bool:
        return sum(r.stage == Stage.SWISS for r in played.rounds) >= self.rounds_count(played)

    def podium(self, played: Played) -> Podium | None:
        table = [s.entry for s in played.standings(Stage.SWISS)]
        if not table:
            return None
        return Podium(table[0], table[1] if len(table) > 1 else None, tuple(table[2:3]))


class Groups(FormatRules):
    format = Format.GROUPS
    listed_stage = Stage.GROUP
    grouped = True

    def first_round(self, played: Played, seeded: list[int]) -> tuple[Stage, list[Pairing]]:
        return Stage.GROUP, self._group_round(played, 1)

    def next_round(self, played: Played, current: Round) -> tuple[Stage, list[Pairing]] | None:
        if current.stage == Stage.KNOCKOUT:
            return next_knockout_round(current)
        if current.stage == Stage.GROUP:
            group_rounds = sum(r.stage == Stage.GROUP for r in played.rounds)
            if group_rounds < self._group_rounds(played):
                return Stage.GROUP, self._group_round(played, group_rounds + 1)
            thirds = self._places(played, 3)
            if len(thirds) >= 2:
                return Stage.REPECHAJE, bracket(thirds)
        # The groups are over (no repechaje), or the repechaje is: the knockout.
        return Stage.KNOCKOUT, bracket(self._knockout_seeds(played))

    def rounds_count(self, played: Played) -> int:
        entries = len(played.entries) if played.started else played.places
        groups = max(1, math.ceil(entries / GROUP_SIZE))
        largest = math.ceil(entries / groups)
        group_rounds = largest - 1 if largest % 2 == 0 else largest
        qualified = 2 * groups + (groups // 2 if largest >= 3 and groups >= 2 else 0)
        repechaje = 1 if largest >= 3 and groups >= 2 else 0
        return group_rounds + repechaje + knockout_rounds(qualified)

    def knocked_out(self, played: Played) -> set[int]:
        """Lost in the knockout or the repechaje, or not among the first three of its
        group once the group stage is over."""
        out = losers_where_losers_go(played)
        later = [r for r in played.rounds if r.stage != Stage.GROUP]
        if not later:
            return out
        going_on = {n for r in later for p in r.pairings for n in p.entries()}
        going_on |= set(self._places(played, 1) + self._places(played, 2))
        return out | {entry.number for entry in played.entries} - going_on

    def groups(self, played: Played) -> list[list[int]]:
        """The groups of four (snake by seed), as entry numbers."""
        seeded = [entry.number for entry in played.entries]
        random.Random(played.seed).shuffle(seeded)
        count = max(1, math.ceil(len(seeded) / GROUP_SIZE))
        groups: list[list[int]] = [[] for _ in range(count)]
        for index, number in enumerate(seeded):
            lap, place = divmod(index, count)
            groups[place if lap % 2 == 0 else count - 1 - place].append(number)
        return groups

    def _group_rounds(self, played: Played) -> int:
        largest = max(len(group) for group in self.groups(played))
        return largest - 1 if largest % 2 == 0 else largest

    def _group_round(self, played: Played, number: int) -> list[Pairing]:
        """Round `number` of every group's round robin (the circle method)."""
        pairings = []
        for index, group in enumerate(self.groups(played)):
            members: list[int | None] = list(group)
            if len(members) % 2:
                members.append(None)
            size = len(members)
            turn = (number - 1) % (size - 1)
            rotated = [
                members[0],
                *(members[1:][-turn:] + members[1:][:-turn] if turn else members[1:]),
            ]
            for i in range(size // 2):
                a, b = rotated[i], rotated[size - 1 - i]
                if a is None and b is None:
                    continue
                if a is None:
                    a, b = b, None
                assert a is not None
                pairings.append(Pairing(a, b, group=index))
        return pairings

    def _places(self, played: Played, place: int) -> list[int]:
        """The entries at `place` (1 = first) of each group, in group order."""
        found = []
        for index in range(len(self.groups(played))):
            table = played.standings(Stage.GROUP, group=index)
            if len(table) >= place:
                found.append(table[place - 1].entry)
        return found

    def _knockout_seeds(self, played: Played) -> list[int]:
        """Group winners, then the seconds, then the repechaje's winners."""
        repechaje = [
            p.winner
            for r in played.rounds
            if r.stage == Stage.REPECHAJE
            for p in r.pairings
            if p.winner is not None
        ]
        return self._places(played, 1) + self._places(played, 2) + repechaje


FORMATS: dict[Format, FormatRules] = {
    rules.format: rules for rules in (Knockout(), Swiss(), Groups())
}


# ---------------------------------------------------------------- shared steps
def knockout_rounds(entries: int) -> int:
    return max(1, math.ceil(math.log2(max(entries, 2))))


def next_knockout_round(current: Round) -> tuple[Stage, list[Pairing]] | None:
    winners = [p.winner for p in current.pairings if p.winner is not None]
    if len(winners) <= 1:
        return None
    pairs = zip(winners[::2], winners[1::2], strict=True)  # (a power of two)
    return Stage.KNOCKOUT, [Pairing(a, b) for a, b in pairs]


def losers_where_losers_go(played: Played) -> set[int]:
    return {
        p.loser
        for r in played.rounds
        if r.stage.advances
        for p in r.pairings
        if p.loser is not None
    }


def knockout_podium(played: Played) -> Podium | None:
    """The final's winner and loser; third place shared by the semifinals' losers (no
    match is played for it)."""
    knockout = [r for r in played.rounds if r.stage == Stage.KNOCKOUT]
    if not knockout:
        return None
    final = knockout[-1].pairings[0]
    if final.winner is None:
        return None
    thirds: Sequence[int] = ()
    if len(knockout) >= 2:
        thirds = [p.loser for p in knockout[-2].pairings if p.loser is not None]
    return Podium(final.winner, final.loser, tuple(thirds))


def swiss_pairings(played: Played) -> list[Pairing]:
    """Entries of like score against each other, no rematch when any pairing avoids one;
    when their number is odd, a bye to the lowest entry that has not had one."""
    table = played.standings(Stage.SWISS)
    active = [s.entry for s in table if not played.entry(s.entry).withdrawn]
    pairings: list[Pairing] = []
    if len(active) % 2:
        had_bye = {p.a for r in played.rounds for p in r.pairings if p.b is None}
        lowest = next((n for n in reversed(active) if n not in had_bye), active[-1])
        active.remove(lowest)
        pairings.append(Pairing(lowest, None))
    met = {frozenset((p.a, p.b)) for r in played.rounds for p in r.pairings if p.b is not None}
    rank = {entry: index for index, entry in enumerate(active)}
    wins = {s.entry: s.wins for s in table}
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(active)
    for i, a in enumerate(active):
        for b in active[i + 1 :]:
            rematch = frozenset((a, b)) in met
            gap = abs(wins[a] - wins[b]) * 100 + abs(rank[a] - rank[b])
            graph.add_edge(a, b, weight=100_000 - gap - (50_000 if rematch else 0))
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    ordered = sorted((min(e, key=rank.__getitem__), max(e, key=rank.__getitem__)) for e in matched)
    ordered.sort(key=lambda pair: rank[pair[0]])
    return [Pairing(a, b) for a, b in ordered] + pairings
