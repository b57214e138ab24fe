"""Logros: Cuarenta's great moments, read from a recorded match's move log.

A match is replayed from its seed and moves (the engine, no Discord, no storage), and what
each human did is read from the events: caídas, limpias, rondas, a run of caídas, a chica
won from 30 points behind or from the 38 lock, a zapatería. Only rated matches earn logros
(played out or forfeited, not casual, with a human), against people or bots. A move the
timer or a bot made for a player (MatchLog.stand_ins) earns that player nothing. Some logros
count over many matches (ten matches in a season, a hundred caídas), and a season's podium
gives two at the season's end.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from db import Logro, MatchFeats, MatchLog, Podium
from engine import Event, EventKind, Game, Move, Rules

# Every logro, in the order the card and /cuarenta logros list them, with its emoji.
LOGROS: dict[str, str] = {
    "first_win": "🏆",
    "first_caida": "🎯",
    "first_limpia": "🧹",
    "caida_limpia": "💥",
    "ronda": "🎴",
    "doble_ronda": "🃏",
    "caida_streak": "🔥",
    "three_limpias": "✨",
    "cartonazo": "📦",
    "zapateria": "👞",
    "comeback": "🧗",
    "lock_win": "🔒",
    "clean_sweep": "🧼",
    "team_win": "🤝",
    "beat_expert": "🧠",
    "ten_wins": "🔟",
    "hundred_caidas": "💯",
    "fifty_matches": "🗓️",
    "season_regular": "📅",
    "season_podium": "🥉",
    "season_champion": "👑",
    "learned": "🎓",  # a lesson of /cuarenta aprender finished (tables/learning.py)
}

COMEBACK_POINTS = 30  # a chica won after trailing by this much
STREAK_CAIDAS = 3  # caídas in a row
MANY_LIMPIAS = 3  # limpias in one match
CARTONAZO_CARDS = 30  # cards captured in one hand
SEASON_MATCHES = 10
MANY_WINS, MANY_CAIDAS, MANY_MATCHES = 10, 100, 50


@dataclass
class _Seat:
    caidas: int = 0
    limpias: int = 0
    caida_limpias: int = 0
    rondas: int = 0
    dobles: int = 0
    streak: int = 0  # the seat's own plays in a row, each a caída (see _read)
    best_streak: int = 0


@dataclass
class _Side:
    cartones: int = 0
    cartonazo: bool = False
    zapateria: bool = False
    comeback: bool = False
    lock_win: bool = False
    chicas_lost: int = 0


@dataclass
class Analysis:
    """What each seat and side did in a match, as its move log tells."""

    seats: list[_Seat]
    sides: list[_Side] = field(default_factory=lambda: [_Side(), _Side()])


def analyse(log: MatchLog) -> Analysis:
    """Replay the match and read every seat's and side's feats from its events."""
    game = Game.new(log.players, Rules.from_dict(log.rule_options), log.seed)
    found = Analysis([_Seat() for _ in range(log.players)])
    behind = [0, 0]  # each side's largest deficit in the chica so far
    locked = [False, False]  # each side reached the lock in the chica
    _read(found, game.opening_events, None)
    for index, text in enumerate(log.moves):
        lock = game.rules.lock_at
        if lock is not None:
            locked = [locked[side] or game.points[side] >= lock for side in (0, 1)]
        seat = game.to_play
        events = game.play(Move.parse(text))
        chosen = seat if index not in log.stand_ins else None
        _read(found, events, chosen, played_by=seat)
        won = next((event.side for event in events if event.kind == EventKind.CHICA), None)
        if won is not None:
            side = found.sides[won]
            side.comeback = side.comeback or behind[won] >= COMEBACK_POINTS
            side.lock_win = side.lock_win or locked[won]
            found.sides[1 - won].chicas_lost += 1
            behind, locked = [0, 0], [False, False]
        else:
            for mine in (0, 1):
                deficit = game.points[1 - mine] - game.points[mine]
                behind[mine] = max(behind[mine], deficit)
        if game.winner is not None:
            break
    return found


def _read(
    found: Analysis, events: Iterable[Event], chosen: int | None, played_by: int = -1
) -> None:
    """Count one play's (or deal's) events; `chosen`: the seat whose own choice the play
    was (None: the timer or a bot played it for them)."""
    caida = False
    for event in events:
        kind = event.kind
        if kind in (EventKind.RONDA, EventKind.DOBLE_RONDA) and event.seat is not None:
            seat = found.seats[event.seat]
            seat.rondas += kind == EventKind.RONDA
            seat.dobles += kind == EventKind.DOBLE_RONDA
        elif kind == EventKind.CARTON and event.side is not None:
            found.sides[event.side].cartones += 1
            found.sides[event.side].cartonazo |= event.count >= CARTONAZO_CARDS
        elif kind == EventKind.ZAPATERIA and event.side is not None:
            found.sides[event.side].zapateria = True
        elif kind == EventKind.CAIDA:
            caida = True
        elif kind == EventKind.LIMPIA and chosen is not None:
            found.seats[chosen].limpias += 1
            found.seats[chosen].caida_limpias += caida
    if played_by < 0:
        return
    seat = found.seats[played_by]
    seat.streak = seat.streak + 1 if caida and chosen is not None else 0
    seat.best_streak = max(seat.best_streak, seat.streak)
    if caida and chosen is not None:
        seat.caidas += 1
    chica_over = any(event.kind == EventKind.CHICA for event in events)
    for index, other in enumerate(found.seats):
        # as the caídas seguidas option counts them: the other side's caída breaks a run,
        # and a new chica starts every run afresh
        if chica_over or (caida and index % 2 != played_by % 2):
            other.streak = 0


def match_feats(log: MatchLog, found: Analysis) -> list[MatchFeats]:
    """What the storage keeps of each human's feats (podiums and the card read them)."""
    return [
        MatchFeats(
            seat.user_id,
            log.guild_id,
            found.seats[seat.seat].best_streak,
            found.sides[seat.seat % 2].cartones,
        )
        for seat in log.seats
        if seat.user_id is not None
    ]


def earned_in_match(log: MatchLog, found: Analysis) -> dict[int, set[str]]:
    """The logros each human earned by what they (or their side) did in the match."""
    earned: dict[int, set[str]] = defaultdict(set)
    for logged in log.seats:
        if logged.user_id is None:
            continue
        seat, side = found.seats[logged.seat], found.sides[logged.seat % 2]
        won = logged.seat % 2 == log.winner_side
        opponents = [s for s in log.seats if s.seat % 2 != logged.seat % 2]
        checks = {
            "first_win": won,
            "first_caida": seat.caidas > 0,
            "first_limpia": seat.limpias > 0,
            "caida_limpia": seat.caida_limpias > 0,
            "ronda": seat.rondas > 0,
            "doble_ronda": seat.dobles > 0,
            "caida_streak": seat.best_streak >= STREAK_CAIDAS,
            "three_limpias": seat.limpias >= MANY_LIMPIAS,
            "cartonazo": side.cartonazo,
            "zapateria": side.zapateria,
            "comeback": side.comeback,
            "lock_win": side.lock_win,
            "clean_sweep": won and side.chicas_lost == 0 and _chicas_to_win(log) > 1,
            "team_win": won and log.players == 4,
            "beat_expert": won and any(s.bot_level == "expert" for s in opponents),
        }
        earned[logged.user_id].update(name for name, done in checks.items() if done)
    return dict(earned)


def _chicas_to_win(log: MatchLog) -> int:
    return int(log.rule_options.get("chicas_to_win", 2))


def progress(counts: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """How far a player's running counts (`Storage.logro_counts`) are on each logro that
    counts up: (done, needed), "Diez victorias: 2/10"."""
    return {
        "ten_wins": (counts["wins"], MANY_WINS),
        "hundred_caidas": (counts["caidas"], MANY_CAIDAS),
        "fifty_matches": (counts["matches"], MANY_MATCHES),
        "season_regular": (counts["season_matches"], SEASON_MATCHES),
    }


def earned_by_counts(counts: Mapping[str, int]) -> set[str]:
    """The logros a player's running counts (`Storage.logro_counts`) have reached."""
    return {name for name, (done, needed) in progress(counts).items() if done >= needed}


def podium_logros(podium: Podium, guild_id: int, now: float) -> list[Logro]:
    """The logros of a season's podium: its champion, and everyone on it."""
    earned = []
    for place, found in enumerate(podium.places):
        earned.append(Logro(found.user_id, "season_podium", guild_id, None, now))
        if place == 0:
            earned.append(Logro(found.user_id, "season_champion", guild_id, None, now))
    return earned


def as_logros(
    earned: Mapping[int, Iterable[str]], guild_id: int | None, match_id: str, now: float
) -> list[Logro]:
    """Each player's earned names as Logro rows of one match, in LOGROS order."""
    order = list(LOGROS)
    return [
        Logro(user_id, name, guild_id, match_id, now)
        for user_id, names in sorted(earned.items())
        for name in sorted(names, key=order.index)
    ]
