"""One table in one channel: its lobby, then its game, then its result."""

from __future__ import annotations

import random
import secrets
import sys
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

from engine import BotLevel, Card, Event, EventKind, Game, Move, Rules

from .challenge import Challenge
from .house_rules import rules_from_saved
from .refusal import Refusal

BOT_LEVELS = BotLevel.offered()  # the levels a table's bots may play at
DEFAULT_TURN_SECONDS = 90
MIN_TURN_SECONDS = 20
MAX_TURN_SECONDS = 600
MAX_MISSED_TURNS = 3
LOBBY_SECONDS = 600
LOG_SIZE = 12
ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
HAND_PAUSE_SECONDS = 20  # after a hand or a chica ends, before the next hand's first bot move
EARLY_FORFEIT_PLAYS = 3  # a side that gave up before each side played this many: abandoned
# The computer players' names, (name, feminine): Ecuadorian first names, distinct at a table.
BOT_NAMES: tuple[tuple[str, bool], ...] = (
    ("Rosita", True),
    ("Lucho", False),
    ("Carmita", True),
    ("Panchito", False),
    ("Mariana", True),
    ("Don Jorge", False),
    ("Lupita", True),
    ("Wilson", False),
)
FEMININE_BOT_NAMES = frozenset(name for name, feminine in BOT_NAMES if feminine)
HAND_ENDS = frozenset({EventKind.CARTON, EventKind.DOS_POR_DARLAS, EventKind.CHICA})


class Phase(StrEnum):
    """Where a table is: lobby → playing → finished, or cancelled (from the lobby) or
    stopped (from outside the game, from either). Saved as the value, the string it equals."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    STOPPED = "stopped"


class EndReason(StrEnum):
    """Why a table ended (TableSession.ended_by)."""

    MATCH = "match"  # played out: the engine named the winner
    FORFEIT = "forfeit"  # a side gave up
    STOPPED = "stopped"  # stopped from outside the game (TableSession.stop)
    CANCELLED = "cancelled"  # the host cancelled the lobby, or everyone left it
    EXPIRED = "expired"  # the lobby waited too long


class LogKind(StrEnum):
    """What the table itself adds to its log, besides the engine's events (EventKind)."""

    TIMEOUT = "timeout"  # a player's turn ran out; a move was played for them
    REPLACED = "replaced"  # ... too many times: a bot took their seat
    RECLAIMED = "reclaimed"  # the replaced player took their seat back
    FORFEIT = "forfeit"
    STOPPED = "stopped"


MadeBy = Literal["player", "bot", "timeout"]


class LogEntry(TypedDict):
    """One line of the table's recent events: an engine event as plain data, or a note."""

    kind: EventKind | LogKind
    seat: NotRequired[int | None]
    side: NotRequired[int | None]
    points: NotRequired[int]
    card: NotRequired[str]  # as Card.__str__ writes it
    takes: NotRequired[list[str]]
    count: NotRequired[int]
    by: NotRequired[MadeBy]  # a drop or capture not chosen by the player: "bot", "timeout"
    locked: NotRequired[bool]  # a limpia worth nothing because its side was at the lock


class HandSummary(TypedDict):
    """How the last hand (or chica) ended, shown until the next hand's first play.

    captured: cards each side took in that hand; chica: the final score of the chica it
    ended, or None if the chica goes on; points: what each side scored in that hand
    (absent in a state saved before it was kept)."""

    captured: list[int]
    chica: list[int] | None
    points: NotRequired[list[int]]


def log_kind(value: str) -> EventKind | LogKind:
    """The kind a saved log entry names ("drop", "timeout"…). ValueError if unknown."""
    try:
        return EventKind(value)
    except ValueError:
        return LogKind(value)


def new_session_id() -> str:
    """A short random id that fits in a button's custom_id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(8))


@dataclass
class Seat:
    """A seat at the table: a human (user_id) or a bot (bot_level set).

    A human replaced by a bot after missing turns keeps their user_id (for the record)
    and gains a bot_level.
    """

    user_id: int | None = None
    bot_level: str | None = None
    missed: int = 0
    name: str = ""  # the player's display name, for the table picture
    played: bool = False  # the player made a move themselves (a tournament's walkover)

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def is_replaced(self) -> bool:
        """A human's seat that a bot plays for now (after missed turns)."""
        return self.is_bot and self.user_id is not None

    def plays_as(self, user_id: int) -> bool:
        return not self.is_bot and self.user_id == user_id


@dataclass
class SeatStats:
    caidas: int = 0
    limpias: int = 0
    rondas: int = 0


@dataclass(slots=True)
class TableSession:
    """Lobby → playing → finished (or cancelled / stopped). Every change goes through here."""

    session_id: str
    guild_id: int | None
    channel_id: int
    host_id: int
    players: int
    rules_name: str
    chicas_to_win: int
    bot_level: str
    lang: str
    turn_seconds: int
    created_at: float
    seats: list[Seat | None]
    phase: Phase = Phase.LOBBY
    game: Game | None = None
    version: int = 0
    log: list[LogEntry] = field(default_factory=list)
    stats: list[SeatStats] = field(default_factory=list)
    zapaterias: list[int] = field(default_factory=lambda: [0, 0])
    turn_started_at: float | None = None
    table_message_id: int | None = None
    lobby_message_id: int | None = None
    winner: int | None = None
    ended_by: EndReason | None = None
    seed: int = 0
    rule_options: dict[str, Any] | None = None  # house rules (Rules.to_dict()); None: the preset
    plays: list[int] = field(default_factory=lambda: [0, 0])  # plays made by each side
    moves: list[str] = field(default_factory=list)  # every move, str(Move): seed + these = game
    hints_on: bool = False  # the host let players ask for hints (always on against bots)
    hints_used: bool = False  # a player was shown a hint
    rating_changes: dict[str, int] = field(default_factory=dict)  # user id -> rating change
    summary: HandSummary | None = None  # the hand that just ended, until the next first play
    paused_until: float | None = None  # between hands: bots wait until then, or "next hand"
    # The moves of a player's seat that the player did not choose: move index -> who made
    # it (the timer, or the bot that took the seat). A review rates the player's own moves.
    stand_ins: dict[int, MadeBy] = field(default_factory=dict)
    # What each side scored so far in this hand; None: unknown (saved before it was kept).
    hand_points: list[int] | None = field(default_factory=lambda: [0, 0])
    tournament_id: str | None = None  # a match of this tournament
    walked_over: bool = False  # ended by a walkover (never showed up, withdrew), not given up

    # ------------------------------------------------------------------ lobby
    @classmethod
    def open_lobby(
        cls,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        players: int,
        rules_name: str,
        chicas_to_win: int,
        bot_level: str,
        lang: str,
        turn_seconds: int,
        now: float,
        host_name: str = "",
        session_id: str | None = None,
        rules: Rules | None = None,
    ) -> TableSession:
        """A lobby for `rules_name`: a preset, or any name (e.g. "house") given its `rules`."""
        if players not in (2, 4):
            raise Refusal("bad_players")
        if bot_level not in BOT_LEVELS:
            raise Refusal("bad_bot_level")
        if rules is None:
            Rules.preset(rules_name)
        seats: list[Seat | None] = [None] * players
        seats[0] = Seat(user_id=host_id, name=host_name)
        return cls(
            session_id=session_id or new_session_id(),
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            players=players,
            rules_name=rules_name,
            chicas_to_win=chicas_to_win,
            bot_level=bot_level,
            lang=lang,
            turn_seconds=turn_seconds,
            created_at=now,
            seats=seats,
            seed=secrets.randbits(48),
            rule_options=None if rules is None else rules.to_dict(),
        )

    @classmethod
    def from_challenge(
        cls, challenge: Challenge, *, bot_level: str, turn_seconds: int, now: float
    ) -> TableSession:
        """The table of an accepted challenge, already playing: the challenger hosts it,
        the challenged sits down, and the game starts. `bot_level` is the level of a bot
        that takes over a seat whose player misses too many turns."""
        options = challenge.rule_options
        session = cls.open_lobby(
            guild_id=challenge.guild_id,
            channel_id=challenge.channel_id,
            host_id=challenge.challenger_id,
            players=2,
            rules_name=challenge.rules_name,
            rules=rules_from_saved(options) if options else None,
            chicas_to_win=challenge.chicas_to_win,
            bot_level=bot_level,
            lang=challenge.lang,
            turn_seconds=turn_seconds,
            now=now,
            host_name=challenge.challenger_name,
        )
        session.join(challenge.challenged_id, challenge.challenged_name)
        session.start(None, now)
        return session

    @property
    def rules(self) -> Rules:
        if self.rule_options is not None:
            rules = rules_from_saved(self.rule_options)
        else:
            rules = Rules.preset(self.rules_name)
        return rules.with_options(chicas_to_win=self.chicas_to_win)

    @property
    def hints_available(self) -> bool:
        """A player may ask for a hint: in a game against bots, or if the host allowed it."""
        return self.hints_on or len(self.human_ids()) == 1

    @property
    def casual(self) -> bool:
        """A friendly match, not rated and kept out of the rankings: the host allowed hints
        (a game between people), or a player used one (a game against the bots too)."""
        return self.hints_on or self.hints_used

    def note_hint(self) -> None:
        """A player was shown a hint: the match becomes casual."""
        self.hints_used = True

    def toggle_hints(self, user_id: int) -> None:
        """The host allows hints at this table, or takes them back, before the game starts."""
        self._require_lobby()
        self._require_host(user_id)
        self.hints_on = not self.hints_on
        self.version += 1

    def set_rating_changes(self, changes: dict[int, int]) -> None:
        """Each human's rating change, told at the match end once the result is rated."""
        self.rating_changes = {str(user): delta for user, delta in changes.items()}
        self.version += 1

    def change_rules(self, user_id: int, rules_name: str, rules: Rules) -> None:
        """The host picks another rule set before the game starts."""
        self._require_lobby()
        self._require_host(user_id)
        self.rules_name, self.rule_options = rules_name, rules.to_dict()
        self.version += 1

    @property
    def lobby_expires_at(self) -> float:
        return self.created_at + LOBBY_SECONDS

    @property
    def is_live(self) -> bool:
        return self.phase in (Phase.LOBBY, Phase.PLAYING)

    def human_ids(self) -> list[int]:
        return [s.user_id for s in self.seats if s is not None and s.user_id is not None]

    def is_full(self) -> bool:
        return all(seat is not None for seat in self.seats)

    def _require_lobby(self) -> None:
        if self.phase != Phase.LOBBY:
            raise Refusal("lobby_closed")

    def _require_host(self, user_id: int) -> None:
        if user_id != self.host_id:
            raise Refusal("host_only")

    def join(self, user_id: int, name: str = "", side: int | None = None) -> None:
        """Take a free seat, on `side` (0: team A, 1: team B) if given.

        A player already seated who asks for the other side moves there, taking a free
        seat or swapping with one of its bots."""
        self._require_lobby()
        current = self.seat_of(user_id)
        if current is not None and (side is None or current % 2 == side):
            raise Refusal("already_seated")
        mine = range(len(self.seats)) if side is None else range(side, len(self.seats), 2)
        free = [i for i in mine if self.seats[i] is None]
        if current is not None:
            free += [i for i in mine if (s := self.seats[i]) is not None and s.user_id is None]
        if not free:
            if side is None:
                raise Refusal("lobby_full")
            raise Refusal("team_full", other="AB"[1 - side])
        if current is None:
            self.seats[free[0]] = Seat(user_id=user_id, name=name)
        else:
            self.seats[current], self.seats[free[0]] = self.seats[free[0]], self.seats[current]

    def leave(self, user_id: int) -> None:
        """Leave the lobby; when the host leaves, the next human hosts, or it closes."""
        self._require_lobby()
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal("not_seated")
        self.seats[seat] = None
        if user_id == self.host_id:
            others = self.human_ids()
            if others:
                self.host_id = others[0]
            else:
                self.phase, self.ended_by = Phase.CANCELLED, EndReason.CANCELLED

    def rematch(self, host_id: int, host_name: str, now: float) -> TableSession:
        """A new table like this finished one, opened by one of its players: the same
        options and bots; it starts at once when the bots fill it, else waits as a lobby."""
        if self.is_live:
            raise Refusal("lobby_closed")
        if host_id not in self.human_ids():
            raise Refusal("not_in_game")
        session = TableSession.open_lobby(
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            host_id=host_id,
            players=self.players,
            rules_name=self.rules_name,
            chicas_to_win=self.chicas_to_win,
            bot_level=self.bot_level,
            lang=self.lang,
            turn_seconds=self.turn_seconds,
            now=now,
            host_name=host_name,
            rules=self.rules,
        )
        rivals = [s for s in self.seats if s is not None and s.is_bot and s.user_id is None]
        for _ in rivals:
            session.add_bot(host_id)
        added = [s for s in session.seats if s is not None and s.is_bot]
        for seat, rival in zip(added, rivals, strict=True):  # a rematch is against the same bots
            seat.name, seat.bot_level = rival.name, rival.bot_level
        if session.is_full():
            session.start(host_id, now)
        return session

    def add_bot(self, user_id: int) -> None:
        self._require_lobby()
        self._require_host(user_id)
        free = [i for i, seat in enumerate(self.seats) if seat is None]
        if not free:
            raise Refusal("lobby_full")
        self.seats[free[0]] = self._new_bot()

    def _new_bot(self) -> Seat:
        """A bot seat with a name no other bot at this table has (the same for a seed)."""
        taken = {seat.name for seat in self.seats if seat is not None and seat.is_bot}
        names = [name for name, _ in BOT_NAMES]
        random.Random(self.seed).shuffle(names)
        name = next((n for n in names if n not in taken), "")
        return Seat(bot_level=self.bot_level, name=name)

    def cancel(self, user_id: int) -> None:
        self._require_lobby()
        self._require_host(user_id)
        self.phase, self.ended_by = Phase.CANCELLED, EndReason.CANCELLED

    def expire(self) -> None:
        self._require_lobby()
        self.phase, self.ended_by = Phase.CANCELLED, EndReason.EXPIRED

    def start(self, user_id: int | None, now: float) -> list[Event]:
        """Start the game; free seats get bots. `user_id` None: started by the system."""
        self._require_lobby()
        if user_id is not None:
            self._require_host(user_id)
        for i, seat in enumerate(self.seats):
            if seat is None:
                self.seats[i] = self._new_bot()
        self.game = Game.new(players=self.players, rules=self.rules, seed=self.seed)
        self.stats = [SeatStats() for _ in range(self.players)]
        self.phase = Phase.PLAYING
        self.version += 1
        events = list(self.game.opening_events)
        self._count_hand_points(events)
        self._record(events, now)
        self._settle_if_won(now)
        return events

    def _settle_if_won(self, now: float) -> None:
        """The deal itself won the match (a doble ronda, or a ronda reaching the chica's
        points): the table ends like any other win. Every path that deals calls this."""
        game = self.game
        if game is not None and game.winner is not None and self.phase == Phase.PLAYING:
            self.winner = game.winner
            self.paused_until = None
            self._finish(EndReason.MATCH, now)

    # ------------------------------------------------------------------- play
    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` plays in (None if they don't, or a bot took it over)."""
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.plays_as(user_id):
                return i
        return None

    def was_replaced(self, user_id: int) -> bool:
        """A bot plays `user_id`'s seat since they missed their turns."""
        return any(s is not None and s.is_replaced and s.user_id == user_id for s in self.seats)

    def _require_playing(self) -> Game:
        if self.phase != Phase.PLAYING or self.game is None:
            raise Refusal("game_over" if self.phase == Phase.FINISHED else "no_game")
        return self.game

    @property
    def seat_to_play(self) -> int | None:
        return self.game.to_play if self.phase == Phase.PLAYING and self.game else None

    def current_seat(self) -> Seat | None:
        seat = self.seat_to_play
        return None if seat is None else self.seats[seat]

    @property
    def bot_moves_next(self) -> bool:
        """The seat to play is a bot's (or one a bot took over), and no pause holds it."""
        seat = self.current_seat()
        return seat is not None and seat.is_bot and self.paused_until is None

    def hand_of(self, user_id: int) -> list[Card]:
        game = self._require_playing()
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal("not_in_game")
        return list(game.hands[seat])

    def _check_turn(self, user_id: int, version: int) -> tuple[Game, int]:
        game = self._require_playing()
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal("not_in_game")
        if version != self.version:
            raise Refusal("stale_hand")
        if game.to_play != seat:
            raise Refusal("not_your_turn")
        return game, seat

    def options_for(self, user_id: int, card_text: str, version: int) -> list[Move]:
        """The captures the player's card can make (empty: it can only be dropped)."""
        game, seat = self._check_turn(user_id, version)
        card = self._card_in_hand(game, seat, card_text)
        return [Move(card, takes) for takes in game.capture_options(card)]

    def play(
        self, user_id: int, card_text: str, choice: str | None, version: int, now: float
    ) -> list[Event]:
        """Play a card: `choice` None (drop if it captures nothing), "d" (drop) or an index.

        Returns the engine's events. Raises Refusal, changing nothing, when not allowed.
        """
        game, seat = self._check_turn(user_id, version)
        card = self._card_in_hand(game, seat, card_text)
        options = game.capture_options(card)
        if choice is None:
            if options:
                raise Refusal("choose_capture")
            move = Move(card)
        elif choice == "d":
            move = Move(card)
        else:
            index = int(choice) if choice.isdigit() else -1
            if not 0 <= index < len(options):
                raise Refusal("stale_hand")
            move = Move(card, options[index])
        player = self.seats[seat]
        assert player is not None
        player.missed, player.played = 0, True
        return self._apply(move, now, made_by="player")

    def _card_in_hand(self, game: Game, seat: int, card_text: str) -> Card:
        try:
            card = Card.parse(card_text)
        except ValueError:
            raise Refusal("stale_hand") from None
        if card not in game.hands[seat]:
            raise Refusal("card_not_in_hand")
        return card

    def apply_bot_move(self, move: Move, version: int, now: float) -> list[Event]:
        """A bot seat's move, computed for `version`; refused if the table moved on."""
        seat = self.current_seat()
        if seat is None or not seat.is_bot or version != self.version:
            raise Refusal("stale_hand")
        return self._apply(move, now, made_by="bot")

    @property
    def turn_deadline(self) -> float | None:
        seat = self.current_seat()
        if seat is None or seat.is_bot or self.turn_started_at is None:
            return None
        return self.turn_started_at + self.turn_seconds

    @property
    def reminder_at(self) -> float | None:
        deadline = self.turn_deadline
        return None if deadline is None else deadline - self.turn_seconds / 3

    def time_out(self, move: Move, version: int, now: float) -> tuple[list[Event], bool]:
        """Play `move` for an idle human; after MAX_MISSED_TURNS a bot takes the seat.

        Returns the events and whether the player was replaced.
        """
        deadline = self.turn_deadline
        if version != self.version or deadline is None or now < deadline:
            raise Refusal("stale_hand")
        index = self.seat_to_play
        seat = self.seats[index]  # type: ignore[index]
        assert seat is not None
        seat.missed += 1
        replaced = seat.missed >= MAX_MISSED_TURNS
        self._note(LogKind.TIMEOUT, index, now)
        if replaced:
            seat.bot_level = self.bot_level
            self._note(LogKind.REPLACED, index, now)
        return self._apply(move, now, made_by="timeout"), replaced

    def reclaim(self, user_id: int, now: float) -> None:
        """A player a bot replaced takes their seat back."""
        self._require_playing()
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.is_replaced and seat.user_id == user_id:
                seat.bot_level, seat.missed = None, 0
                self.version += 1
                if self.seat_to_play == index:
                    self.turn_started_at = max(now, self.paused_until or now)
                self._note(LogKind.RECLAIMED, index, now)
                return
        raise Refusal("not_replaced")

    def next_hand(self, user_id: int | None, version: int, now: float) -> None:
        """End the pause between hands: a player pressed "next hand" (`user_id`), or the
        pause ran out (None)."""
        self._require_playing()
        if user_id is not None and user_id not in self.human_ids():
            raise Refusal("not_in_game")
        if self.paused_until is None or version != self.version:
            raise Refusal("hand_started")
        self.paused_until = None
        self.turn_started_at = now
        self.version += 1

    def forfeit(self, user_id: int, now: float) -> None:
        self._require_playing()
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal("not_in_game")
        self._give_up(seat, now)

    def showed_up(self, side: int) -> bool:
        """A player of `side` made a move themselves (a bot side always has)."""
        seats = [seat for i, seat in enumerate(self.seats) if i % 2 == side and seat is not None]
        return any(seat.played or seat.user_id is None for seat in seats)

    def walk_over(self, side: int, now: float) -> None:
        """`side` never showed up (or withdrew from its tournament): it loses the match."""
        self._require_playing()
        self.walked_over = True
        self._give_up(side, now)

    def _give_up(self, seat: int, now: float) -> None:
        self.winner = 1 - seat % 2
        self._finish(EndReason.FORFEIT, now)
        self._note(LogKind.FORFEIT, seat, now)

    def stop(self, now: float, by: int | None = None) -> None:
        """Stop the table from outside the game: by a moderator (`by` None), or by the host.

        A host who stops a game against other humans while their side is behind gives it
        up: the match is recorded as their forfeit rather than left without a result."""
        if not self.is_live:
            raise Refusal("game_over")
        seat = None if by is None else self.seat_of(by)
        if (
            seat is not None
            and by == self.host_id
            and self.phase == Phase.PLAYING
            and len(self.human_ids()) > 1
            and self.is_behind(seat % 2)
        ):
            self._give_up(seat, now)
            return
        self.phase, self.ended_by = Phase.STOPPED, EndReason.STOPPED
        self.version += 1
        self._note(LogKind.STOPPED, None, now)

    def is_behind(self, side: int) -> bool:
        """`side` has fewer chicas, or as many and fewer points in this chica."""
        game = self.game
        if game is None:
            return False
        other = 1 - side
        return (game.chicas[side], game.scores[side]) < (game.chicas[other], game.scores[other])

    @property
    def too_early_to_count(self) -> bool:
        """Some side has not yet made EARLY_FORFEIT_PLAYS plays: a forfeit now is no result.
        Never at a tournament's table: whoever gives up its match is out of it, so it counts."""
        return self.tournament_id is None and min(self.plays) < EARLY_FORFEIT_PLAYS

    @property
    def abandoned_early(self) -> bool:
        """Given up before each side made EARLY_FORFEIT_PLAYS plays: not a real result."""
        return self.ended_by == EndReason.FORFEIT and self.too_early_to_count

    def _apply(self, move: Move, now: float, made_by: MadeBy) -> list[Event]:
        game = self._require_playing()
        seat = game.to_play
        side = seat % 2
        was_locked = game.locked(side)
        captured = self._captured_after(game, move)
        events = game.play(move)
        self.version += 1
        self.plays[side] += 1
        player = self.seats[seat]
        if made_by != "player" and player is not None and player.user_id is not None:
            self.stand_ins[len(self.moves)] = made_by
        self.moves.append(sys.intern(str(move)))  # shared by every table that made it
        if self.summary is not None:  # the next hand's first play: the last one is told
            self._forget_cards()
            self.summary = None
        self.paused_until = None
        self._record(events, now, made_by=made_by, seat=seat, was_locked=was_locked)
        ended, finished = self._count_hand_points(events)
        if game.winner is None and ended:
            # The chica this hand ended (the first, if another was won outright after it).
            chicas = sum(e.kind == EventKind.CHICA for e in events)
            chica = list(game.chica_history[-chicas]) if chicas else None
            self.summary = {"captured": captured, "chica": chica}
            if finished is not None:
                self.summary["points"] = finished
            self.paused_until = self.turn_started_at = now + HAND_PAUSE_SECONDS
        self._settle_if_won(now)
        return events

    def _count_hand_points(self, events: list[Event]) -> tuple[bool, list[int] | None]:
        """Add the points of `events` to the hand they belong to. Returns whether a hand
        ended among them, and what each side scored in it (None: not known).

        The ended hand's points run to the chica it ended (maybe won by a doble ronda of
        the next deal), else to its cartón; the deal after that starts the next hand. A
        chica won outright at its very first deal (the game's first, too) has no hand."""
        ends = [i for i, e in enumerate(events) if e.kind in HAND_ENDS]
        if not ends:
            self._add_points(events)
            return False, None
        chicas = [i for i, e in enumerate(events) if e.kind == EventKind.CHICA]
        last_end = chicas[-1] if chicas else ends[-1]
        next_deal = next(
            (i for i, e in enumerate(events) if i > last_end and e.kind == EventKind.DEAL),
            len(events),
        )
        self._add_points(events[: chicas[0] + 1] if chicas else events[:next_deal])
        finished, self.hand_points = self.hand_points, [0, 0]
        self._add_points(events[next_deal:])
        return True, finished

    def _add_points(self, events: list[Event]) -> None:
        if self.hand_points is None:
            return
        for event in events:
            if event.scores and event.side is not None:
                self.hand_points[event.side] += event.points

    def _captured_after(self, game: Game, move: Move) -> list[int]:
        """The cards each side will have taken in this hand once `move` is played,
        leftovers included: what the cartón counts if the move ends the hand."""
        captured = list(game.captured)
        side = game.to_play % 2
        left = len(game.table)
        last = game.last_capturer
        if move.takes:
            captured[side] += len(move.takes) + 1
            left -= len(move.takes)
            last = side
        else:
            left += 1
        if game.rules.leftovers == "last_capturer" and last is not None:
            captured[last] += left
        return captured

    def _finish(self, ended_by: EndReason, now: float) -> None:
        self.phase, self.ended_by = Phase.FINISHED, ended_by
        self.turn_started_at = None
        self.version += 1

    def _record(
        self,
        events: list[Event],
        now: float,
        made_by: MadeBy = "player",
        seat: int | None = None,
        was_locked: bool = False,
    ) -> None:
        """Keep stats and the recent table talk; restart the turn clock.

        `was_locked`: the player's side was at the lock before this play, so a limpia
        scored nothing because of it (not because a caída already took its points)."""
        for event in events:
            kind = event.kind
            if event.seat is not None:  # caída, limpia, ronda: the seat that scored it
                if kind == EventKind.CAIDA:
                    self.stats[event.seat].caidas += 1
                elif kind == EventKind.LIMPIA:
                    self.stats[event.seat].limpias += 1
                elif kind in (EventKind.RONDA, EventKind.DOBLE_RONDA):
                    self.stats[event.seat].rondas += 1
            if kind == EventKind.ZAPATERIA and event.side is not None:
                self.zapaterias[event.side] += 1
            entry = event_to_log(event)
            if (
                made_by != "player"
                and kind in (EventKind.DROP, EventKind.CAPTURE)
                and event.seat == seat
            ):
                entry["by"] = made_by
            if kind == EventKind.LIMPIA and was_locked:
                entry["locked"] = True
            self.log.append(entry)
        del self.log[:-LOG_SIZE]
        self.turn_started_at = now

    def _forget_cards(self) -> None:
        """The next hand has begun: the last one's plays are no longer news."""
        self.log = [entry for entry in self.log if "card" not in entry and "takes" not in entry]

    def _note(self, kind: LogKind, seat: int | None, now: float) -> None:
        self.log.append({"kind": kind, "seat": seat})
        del self.log[:-LOG_SIZE]

    def match_points(self, side: int) -> int:
        """Points `side` scored over the whole match (all chicas)."""
        if self.game is None:
            return 0
        finished = sum(scores[side] for scores in self.game.chica_history)
        return finished + (0 if self.game.winner is not None else self.game.scores[side])

    # ----------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: the enums as the plain strings they stand for."""
        data = {
            name: getattr(self, name)
            for name in self.__dataclass_fields__
            if name not in ("seats", "game", "stats")
        }
        data["phase"] = str(self.phase)
        data["ended_by"] = None if self.ended_by is None else str(self.ended_by)
        data["log"] = [{**entry, "kind": str(entry["kind"])} for entry in self.log]
        data["zapaterias"] = list(self.zapaterias)  # a copy: the session goes on changing
        data["plays"] = list(self.plays)
        data["moves"] = list(self.moves)
        data["rating_changes"] = dict(self.rating_changes)
        data["stand_ins"] = dict(self.stand_ins)
        data["hand_points"] = None if self.hand_points is None else list(self.hand_points)
        if not self.walked_over:  # saved only when it happened: every other state as before
            del data["walked_over"]
        # (flat dataclasses: vars() copies them as asdict would, at a fraction of the cost)
        data["seats"] = [None if seat is None else dict(vars(seat)) for seat in self.seats]
        data["stats"] = [dict(vars(s)) for s in self.stats]
        # The game's plays are `moves`, saved once (from_dict hands them back to the game).
        data["game"] = None if self.game is None else self.game.to_dict(moves=False)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSession:
        """A session from to_dict's data (or a state saved before the enums: the same)."""
        values = dict(data)
        if "phase" in data:  # (a missing field takes its default, as it always did)
            values["phase"] = Phase(data["phase"])
        if data.get("ended_by") is not None:
            values["ended_by"] = EndReason(data["ended_by"])
        if "log" in data:
            values["log"] = [_shared_log_entry(entry) for entry in data["log"]]
        if "moves" in data:
            values["moves"] = [sys.intern(move) for move in data["moves"]]
        if "plays" not in data and data.get("game") is not None:
            values["plays"] = [EARLY_FORFEIT_PLAYS] * 2  # saved before plays were counted
        if "hand_points" not in data and data.get("game") is not None:
            values["hand_points"] = None  # a game saved before they were kept
        if "stand_ins" in data:  # (JSON keys are strings)
            values["stand_ins"] = {int(index): by for index, by in data["stand_ins"].items()}
        values["seats"] = [None if s is None else Seat(**s) for s in data["seats"]]
        values["stats"] = [SeatStats(**s) for s in data["stats"]]
        game = data["game"]
        if game is not None and "moves" in data and "moves" not in game:
            game = {**game, "moves": data["moves"]}  # the plays that made it (to_dict)
        values["game"] = None if game is None else Game.from_dict(game)
        session = cls(**values)
        # Saved by a version that left a match won by its deal playing: it ends now.
        session._settle_if_won(session.turn_started_at or session.created_at)
        return session


def _shared_log_entry(saved: dict[str, Any]) -> LogEntry:
    """A saved log entry, its words and cards the strings every table shares: thousands of
    tables read back at a restart hold one "7h", not one each."""
    entry: dict[str, Any] = {**saved, "kind": log_kind(saved["kind"])}
    for key in ("card", "by"):
        if isinstance(entry.get(key), str):
            entry[key] = sys.intern(entry[key])
    if "takes" in entry:
        entry["takes"] = [sys.intern(card) for card in entry["takes"]]
    return entry  # type: ignore[return-value]  # (the saved entry's keys are LogEntry's)


def event_to_log(event: Event) -> LogEntry:
    """An engine event as plain data for the table's recent-events list."""
    entry: LogEntry = {"kind": event.kind, "side": event.side, "points": event.points}
    if event.seat is not None:
        entry["seat"] = event.seat
    if event.card is not None:
        entry["card"] = str(event.card)
    if event.takes:
        entry["takes"] = [str(c) for c in event.takes]
    if event.count:
        entry["count"] = event.count
    return entry
