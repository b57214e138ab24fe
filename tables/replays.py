"""Replays of recorded matches: the seed and the move list rebuild every step.

Step 0 is the table after the first deal; step k the table after the match's k-th move.
A Replay is built once per match (every move played through once: a few milliseconds for a
two-chica match) and keeps a copy of the game every SNAPSHOT_EVERY moves, so any step is
a copy plus a few moves. It also knows where each hand and each chica begins.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from db import MatchLog
from engine import Event, EventKind, Game, Move, Rules

from .session import Phase, Seat, TableSession, event_to_log

SNAPSHOT_EVERY = 32
CACHED_REPLAYS = 64  # replays kept built, the most recently used
STAND_IN_LEVEL = "normal"  # the level a replay names for a bot that played for a player


@dataclass(frozen=True)
class Step:
    """The game after a step, and what the step's move (or the first deal) told;
    `was_locked`: the mover's side was at the lock before it (a limpia scored nothing)."""

    number: int
    game: Game
    events: list[Event]
    was_locked: bool = False


@dataclass(frozen=True)
class Replay:
    log: MatchLog
    snapshots: tuple[Game, ...]  # snapshots[i]: the game after i * SNAPSHOT_EVERY moves
    opening: tuple[Event, ...]
    hand_starts: tuple[int, ...]  # the steps at which a hand begins (0 included)
    chica_starts: tuple[int, ...]  # the steps at which a chica begins (0 included)

    @classmethod
    def build(cls, log: MatchLog) -> Replay:
        """Play the match through once. ValueError (IllegalMove) for a log that does not
        replay: damaged, or of rules the engine no longer plays the same way."""
        game = new_game(log)
        opening = tuple(game.opening_events)
        snapshots, hands, chicas = [game.copy()], [0], [0]
        for number, text in enumerate(log.moves, start=1):
            hand, chica = game.hand_number, len(game.chica_history)
            game.play(Move.parse(text))
            if number % SNAPSHOT_EVERY == 0:
                snapshots.append(game.copy())
            if game.winner is None and len(game.chica_history) != chica:
                chicas.append(number)
            if game.winner is None and game.hand_number != hand:
                hands.append(number)
        return cls(log, tuple(snapshots), opening, tuple(hands), tuple(chicas))

    @property
    def last(self) -> int:
        """The last step: the table after the last move."""
        return len(self.log.moves)

    def clamp(self, number: int) -> int:
        return min(max(number, 0), self.last)

    def step(self, number: int) -> Step:
        """The table at step `number` (clamped to the match)."""
        number = self.clamp(number)
        if number == 0:
            return Step(0, self.snapshots[0].copy(), list(self.opening))
        base = (number - 1) // SNAPSHOT_EVERY
        game = self.snapshots[base].copy()
        for text in self.log.moves[base * SNAPSHOT_EVERY : number - 1]:
            game.play(Move.parse(text))
        was_locked = game.locked(game.to_play % 2)
        events = game.play(Move.parse(self.log.moves[number - 1]))
        return Step(number, game, events, was_locked)

    def next_hand(self, number: int) -> int | None:
        """The step at which the next hand begins, None in the last hand."""
        return next((start for start in self.hand_starts if start > number), None)

    def next_chica(self, number: int) -> int | None:
        return next((start for start in self.chica_starts if start > number), None)

    def session_at(self, step: Step, lang: str) -> TableSession:
        """A table as the presenters draw it, at `step`: its seats, game and what was told."""
        log = self.log
        game = step.game
        seats = [
            Seat(user_id=seat.user_id, bot_level=seat.bot_level, name=seat.name)
            for seat in log.seats
        ]
        # A move the player did not choose is told as such: the timer's marked automatic,
        # the bot's named for the bot that played in the player's place.
        made_by = log.stand_ins.get(step.number - 1) if step.number else None
        entries = []
        for event in step.events:
            entry = event_to_log(event)
            if event.kind == EventKind.LIMPIA and step.was_locked:
                entry["locked"] = True
            if event.kind in (EventKind.DROP, EventKind.CAPTURE) and event.seat is not None:
                if made_by == "timeout":
                    entry["by"] = "timeout"
                elif made_by == "bot":
                    seats[event.seat].bot_level = STAND_IN_LEVEL
            entries.append(entry)
        return TableSession(
            session_id=log.match_id,
            guild_id=log.guild_id,
            channel_id=0,
            host_id=0,
            players=log.players,
            rules_name=log.rules,
            chicas_to_win=game.rules.chicas_to_win,
            bot_level="normal",
            lang=lang,
            turn_seconds=0,
            created_at=log.finished_at,
            seats=list[Seat | None](seats),
            phase=Phase.FINISHED if game.winner is not None else Phase.PLAYING,
            game=game,
            log=entries,
            winner=game.winner,
            seed=log.seed,
            rule_options=log.rule_options,
        )


def new_game(log: MatchLog) -> Game:
    return Game.new(players=log.players, rules=Rules.from_dict(log.rule_options), seed=log.seed)


def chica_scores(log: MatchLog) -> list[tuple[int, int]]:
    """Each finished chica's final score (side A's, side B's), as the table showed it: the
    record keeps only how many chicas each side won, the move log rebuilds the rest (a
    millisecond or two). ValueError for a log that does not replay, as for `Replay.build`."""
    game = new_game(log)
    for text in log.moves:
        game.play(Move.parse(text))
    return list(game.chica_history)


class ReplayCache:
    """The replays built lately, by database and match id (a recorded match never changes;
    the database keeps apart two bots, or two tests, whose match ids meet)."""

    def __init__(self, size: int = CACHED_REPLAYS) -> None:
        self._size = size
        self._replays: OrderedDict[tuple[str, str], Replay] = OrderedDict()

    def get(self, database: str, match_id: str) -> Replay | None:
        replay = self._replays.get((database, match_id))
        if replay is not None:
            self._replays.move_to_end((database, match_id))
        return replay

    def put(self, database: str, replay: Replay) -> None:
        key = (database, replay.log.match_id)
        self._replays[key] = replay
        self._replays.move_to_end(key)
        while len(self._replays) > self._size:
            self._replays.popitem(last=False)
