"""One table in one channel: its lobby, then its game, then its result."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

from engine import Card, Event, EventKind, Game, Move, Rules

from .refusal import Refusal

BOT_LEVELS = ("easy", "normal", "expert")
DEFAULT_TURN_SECONDS = 90
MIN_TURN_SECONDS = 20
MAX_TURN_SECONDS = 600
MAX_MISSED_TURNS = 3
LOBBY_SECONDS = 600
LOG_SIZE = 12
ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


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

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    def plays_as(self, user_id: int) -> bool:
        return not self.is_bot and self.user_id == user_id


@dataclass
class SeatStats:
    caidas: int = 0
    limpias: int = 0
    rondas: int = 0


@dataclass
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
    ) -> TableSession:
        if players not in (2, 4):
            raise Refusal("bad_players")
        if bot_level not in BOT_LEVELS:
            raise Refusal("bad_bot_level")
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
        )

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.rules_name).with_options(chicas_to_win=self.chicas_to_win)

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

    def join(self, user_id: int, name: str = "") -> None:
        self._require_lobby()
        if user_id in self.human_ids():
            raise Refusal("already_seated")
        free = [i for i, seat in enumerate(self.seats) if seat is None]
        if not free:
            raise Refusal("lobby_full")
        self.seats[free[0]] = Seat(user_id=user_id, name=name)

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
        )
        bots = sum(1 for s in self.seats if s is not None and s.is_bot and s.user_id is None)
        for _ in range(bots):
            session.add_bot(host_id)
        if session.is_full():
            session.start(host_id, now)
        return session

    def add_bot(self, user_id: int) -> None:
        self._require_lobby()
        self._require_host(user_id)
        free = [i for i, seat in enumerate(self.seats) if seat is None]
        if not free:
            raise Refusal("lobby_full")
        self.seats[free[0]] = Seat(bot_level=self.bot_level)

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
                self.seats[i] = Seat(bot_level=self.bot_level)
        self.game = Game.new(players=self.players, rules=self.rules, seed=self.seed)
        self.stats = [SeatStats() for _ in range(self.players)]
        self.phase = Phase.PLAYING
        self.version += 1
        events = list(self.game.opening_events)
        self._record(events, now)
        return events

    # ------------------------------------------------------------------- play
    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` plays in (None if they don't, or a bot took it over)."""
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.plays_as(user_id):
                return i
        return None

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
        self.seats[seat].missed = 0  # type: ignore[union-attr]
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

    def forfeit(self, user_id: int, now: float) -> None:
        self._require_playing()
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal("not_in_game")
        self.winner = 1 - seat % 2
        self._finish(EndReason.FORFEIT, now)
        self._note(LogKind.FORFEIT, seat, now)

    def stop(self, now: float) -> None:
        if not self.is_live:
            raise Refusal("game_over")
        self.phase, self.ended_by = Phase.STOPPED, EndReason.STOPPED
        self.version += 1
        self._note(LogKind.STOPPED, None, now)

    def _apply(self, move: Move, now: float, made_by: MadeBy) -> list[Event]:
        game = self._require_playing()
        seat = game.to_play
        events = game.play(move)
        self.version += 1
        self._record(events, now, made_by=made_by, seat=seat)
        if game.winner is not None:
            self.winner = game.winner
            self._finish(EndReason.MATCH, now)
        return events

    def _finish(self, ended_by: EndReason, now: float) -> None:
        self.phase, self.ended_by = Phase.FINISHED, ended_by
        self.turn_started_at = None
        self.version += 1

    def _record(
        self, events: list[Event], now: float, made_by: MadeBy = "player", seat: int | None = None
    ) -> None:
        """Keep stats and the recent table talk; restart the turn clock."""
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
            if kind == EventKind.DEAL and event.count == 1:
                self._forget_cards()
            entry = event_to_log(event)
            if (
                made_by != "player"
                and kind in (EventKind.DROP, EventKind.CAPTURE)
                and event.seat == seat
            ):
                entry["by"] = made_by
            self.log.append(entry)
        del self.log[:-LOG_SIZE]
        self.turn_started_at = now

    def _forget_cards(self) -> None:
        """A new shuffle: cards told in the log may now be in someone's hand, so drop them."""
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
        # (flat dataclasses: vars() copies them as asdict would, at a fraction of the cost)
        data["seats"] = [None if seat is None else dict(vars(seat)) for seat in self.seats]
        data["stats"] = [dict(vars(s)) for s in self.stats]
        data["game"] = None if self.game is None else self.game.to_dict()
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
            values["log"] = [{**entry, "kind": log_kind(entry["kind"])} for entry in data["log"]]
        values["seats"] = [None if s is None else Seat(**s) for s in data["seats"]]
        values["stats"] = [SeatStats(**s) for s in data["stats"]]
        values["game"] = None if data["game"] is None else Game.from_dict(data["game"])
        return cls(**values)


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
