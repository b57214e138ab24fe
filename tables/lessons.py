"""Aprender: eight micro-lessons, each a tiny arranged deal of one or two plays against the
bot, with one goal in one line, a par and 1–3 stars (lichess Learn's shape).

A `Lesson` is data: the position (built through engine.arranged, so the engine checks it
could happen and then plays every move itself), the bot's scripted replies, the goal and
its one solution (the tests check that no other line of plays meets the goal).

A `LessonSession` is one player's try at a lesson. The player plays a card; the bot
replies by its script (or, off the script, as the easy bot would); deals, rondas and the
cartón happen as in a real game. A play after which the goal can no longer be met (a
search over every line of the player's remaining plays) is *wrong*: it is undone, the
player is told in one line what it did (from the play's real events) and what the goal
needs, and tries again. The first try of a lesson is *guided*: only the cards that can
still meet the goal are playable. Stars: 3 at par (every play right), 2 with one play
over par, 1 with more. The session is plain data (`to_dict`/`from_dict`: the plays made,
replayed on the arranged deal), so a lesson survives a restart.

Nothing here knows Discord: texts are catalog keys (`Line`), the table is a
render.TablePicture, cards are engine Cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine import Bot, BotLevel, Card, Event, EventKind, Game, IllegalMove, Move, Rules
from engine.arranged import arranged_deal
from engine.cards import parse_cards
from i18n import t, tn
from render.table import TablePicture

from .picture_words import picture_words
from .refusal import Refusal

PLAYER = 0  # the learner's seat (side 0); the bot sits at seat 1
BOT_SEAT = 1
BOT_NAME = "Rosita"  # the lesson bot's name at the table (one of the bots' names)
SAVE_VERSION = 1
MAX_STARS = 3
HAND_ENDS = frozenset({EventKind.CARTON, EventKind.DOS_POR_DARLAS, EventKind.CHICA})


class LessonId(StrEnum):
    """The lessons, in the order they are taken."""

    MATCH = "match"  # capture by matching
    SUM = "sum"  # capture by sum
    ESCALERA = "escalera"  # the escalera after a capture
    CAIDA = "caida"
    LIMPIA = "limpia"
    RONDA = "ronda"  # a ronda at the deal, and no caída across a deal
    CARTON = "carton"  # the count at the end of the stock
    PERROS = "perros"  # perros and tantos, and the 38 lock


@dataclass(frozen=True)
class Lesson:
    """One lesson's arranged deal (cards as text, "5h Kc"), script and goal.

    solution: the player's plays that meet the goal, in order (`str(Move)` form); any card
    of the same rank plays the same (suits never matter). bot_script: the bot's plays, in
    order (drops, so they stay legal on any line). target: a card the goal asks to take.
    seconds: about how long a first-time player needs, all plays right: the lesson's words
    read at 180 a minute, 6 s a play (two taps), 3 s a screen (one wrong play adds ~15 s).
    """

    lesson_id: LessonId
    hands: tuple[str, str]
    table: str
    captured: tuple[int, int]
    solution: tuple[str, ...]
    seconds: int
    stock: str = ""
    scores: tuple[int, int] = (0, 0)
    to_play: int = PLAYER
    bot_script: tuple[str, ...] = ()
    target: str | None = None

    @property
    def par(self) -> int:
        """The player's plays the goal takes."""
        return len(self.solution)

    @property
    def rules(self) -> Rules:
        return Rules()  # the bot's default rules: Quito

    def start(self) -> Game:
        """The arranged deal as a game (ValueError if no game could reach it)."""
        return arranged_deal(
            self.rules,
            [parse_cards(hand) for hand in self.hands],
            parse_cards(self.table),
            captured=self.captured,
            stock=parse_cards(self.stock),
            scores=self.scores,
            to_play=self.to_play,
        )

    # Keys of the lesson's texts in the catalog (i18n/catalog_learn.py).
    @property
    def title_key(self) -> str:
        return f"learn.{self.lesson_id}.title"

    @property
    def intro_key(self) -> str:
        return f"learn.{self.lesson_id}.intro"

    @property
    def goal_key(self) -> str:
        return f"learn.{self.lesson_id}.goal"

    @property
    def need_key(self) -> str:
        return f"learn.{self.lesson_id}.need"

    @property
    def done_key(self) -> str:
        return f"learn.{self.lesson_id}.done"


LESSONS: dict[LessonId, Lesson] = {
    lesson.lesson_id: lesson
    for lesson in (
        # A 5 takes the 5; nothing else in the hand matches or adds up.
        Lesson(
            LessonId.MATCH,
            hands=("5h Kc 2d", "Js 3c Qh"),
            table="5s 7c Qd",
            captured=(16, 15),
            solution=("5hx5s",),
            seconds=40,
        ),
        # 4 + 2 = 6; the A and the J take nothing.
        Lesson(
            LessonId.SUM,
            hands=("6h Jc As", "Js 3c Qh"),
            table="4d 2c Kh",
            captured=(16, 15),
            solution=("6hx2c.4d",),
            seconds=40,
        ),
        # The 4 takes 4, then 5 and 6; the 7 is missing, so the J stays.
        Lesson(
            LessonId.ESCALERA,
            hands=("4h Kc Qs", "Js 3c Qh"),
            table="4d 5c 6s Jh 2d",
            captured=(15, 14),
            solution=("4hx4d.5c.6s",),
            seconds=40,
        ),
        # The bot drops the 6: the 6 falls on it; the 7 would take it by sum (no caída).
        Lesson(
            LessonId.CAIDA,
            hands=("6h 7s Qd", "6c Jd Ks"),
            table="Kh Ac",
            captured=(16, 16),
            to_play=BOT_SEAT,
            bot_script=("6c",),
            solution=("6hx6c",),
            seconds=35,
        ),
        # 2 + 3 = 5 and the escalera 6 sweeps the table; the 2 would leave the 6.
        Lesson(
            LessonId.LIMPIA,
            hands=("5c 2h Jd", "Js 3c Qh"),
            table="2s 3h 6d",
            captured=(16, 15),
            solution=("5cx2s.3h.6d",),
            seconds=35,
        ),
        # The last card of the deal, the bot's 4, then the deal: three 4s (a ronda). The
        # 4 dropped before the deal is no caída any more; take it with its escalera 5.
        Lesson(
            LessonId.RONDA,
            hands=("Kc", "4h"),
            table="5d 3s",
            stock="4s 4c 4d 2h Jd 7c Qs Ah 6h 2c",
            captured=(14, 12),
            bot_script=("4h",),
            target="4h",
            solution=("Kc", "4sx4h.5d"),
            seconds=60,
        ),
        # The last plays of the hand: 16 cards captured; the sum 3 + 2 and the escalera 6
        # bring 4 more (20: the cartón), the match 5 + 6 only 3 (19).
        Lesson(
            LessonId.CARTON,
            hands=("5h", "Kd"),
            table="5d 6c 3s 2d",
            captured=(16, 18),
            bot_script=("Kd",),
            solution=("5hx2d.3s.6c",),
            seconds=50,
        ),
        # 36 (3 perros 3 tantos): a limpia brings 38, then at 38 only a caída scores.
        Lesson(
            LessonId.PERROS,
            hands=("5c 4h Kd", "4s Jc Qs"),
            table="2s 3h 6d",
            captured=(16, 15),
            scores=(36, 30),
            bot_script=("4s",),
            solution=("5cx2s.3h.6d", "4hx4s"),
            seconds=65,
        ),
    )
}

ORDER: tuple[LessonId, ...] = tuple(LESSONS)


def total_seconds() -> int:
    """About how long all the lessons take a first-time player (said up front)."""
    return sum(lesson.seconds for lesson in LESSONS.values())


def next_lesson(stars: dict[str, int]) -> LessonId | None:
    """The first lesson not finished yet (`stars`: lesson id -> best stars), None: all done."""
    return next((lesson for lesson in ORDER if stars.get(lesson, 0) <= 0), None)


def stars_text(stars: int) -> str:
    """★★☆: the stars earned out of three."""
    return "⭐" * stars + "☆" * (MAX_STARS - stars)


def stars_for(plays: int, par: int) -> int:
    """3 at par, 2 one play over, 1 more over (lichess Learn's scoring)."""
    over = plays - par
    return MAX_STARS if over <= 0 else 2 if over == 1 else 1


# ---------------------------------------------------------------------- texts


@dataclass(frozen=True)
class Line:
    """One sentence to show, as a catalog key and its values. `cards` values are drawn by
    the caller (emoji or text), `scores` told as perros and tantos; with `count`, the key is
    a `.one`/`.other` pair (tn)."""

    key: str
    numbers: dict[str, int] = field(default_factory=dict)
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    count: int | None = None

    def text(
        self,
        lang: str,
        cards_text: Callable[[Sequence[Card]], str],
        score_text: Callable[[int, str], str],
    ) -> str:
        params: dict[str, Any] = {**self.numbers, **self.texts}
        params.update({name: cards_text(cards) for name, cards in self.cards.items()})
        params.update({name: score_text(points, lang) for name, points in self.scores.items()})
        if self.count is not None:
            return tn(self.key, lang, self.count, **params)
        return t(self.key, lang, **params)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "numbers": dict(self.numbers),
            "cards": {name: [str(c) for c in cards] for name, cards in self.cards.items()},
            "scores": dict(self.scores),
            "texts": dict(self.texts),
            "count": self.count,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Line:
        return cls(
            key=str(data["key"]),
            numbers={str(k): int(v) for k, v in data["numbers"].items()},
            cards={str(k): tuple(Card.parse(c) for c in v) for k, v in data["cards"].items()},
            scores={str(k): int(v) for k, v in data["scores"].items()},
            texts={str(k): str(v) for k, v in data.get("texts", {}).items()},
            count=None if data["count"] is None else int(data["count"]),
        )


def play_lines(move: Move, events: Sequence[Event], locked: bool = False) -> list[Line]:
    """What the player's play did, from its real events: the drop, or the capture's base
    (a match, or a sum and its total), its escalera, and what it scored. `locked`: the
    player's side was at the lock before the play (a limpia scores nothing there)."""
    card = move.card
    if move.is_drop:
        return [Line("learn.did.drop", cards={"card": (card,)})]
    takes = sorted(move.takes)
    base = tuple(c for c in takes if c.rank <= card.rank)
    escalera = tuple(c for c in takes if c.rank > card.rank)
    if any(c.rank == card.rank for c in base):
        lines = [Line("learn.did.match", cards={"card": (card,), "base": base})]
    else:
        lines = [
            Line(
                "learn.did.sum", numbers={"value": card.rank}, cards={"card": (card,), "base": base}
            )
        ]
    if escalera:
        lines.append(Line("learn.did.escalera", cards={"cards": escalera}))
    for event in events:
        if event.kind == EventKind.CAIDA:
            lines.append(Line("learn.did.caida", numbers={"points": event.points}))
        elif event.kind == EventKind.LIMPIA and event.points:
            lines.append(Line("learn.did.limpia", numbers={"points": event.points}))
        elif event.kind == EventKind.LIMPIA:
            key = "learn.did.limpia_locked" if locked else "learn.did.limpia_with_caida"
            lines.append(Line(key))
    return lines


def _event_lines(events: Sequence[Event], final: tuple[int, int]) -> list[Line]:
    """What the table tells after a play: the bot's play, a deal, rondas, the count, a
    chica. `final`: the scores the lesson ends with (a chica's, before the engine resets
    them for the next one)."""
    lines: list[Line] = []
    for event in events:
        seat = event.seat
        if event.kind == EventKind.DROP and seat == BOT_SEAT and event.card is not None:
            lines.append(Line("learn.bot.drop", cards={"card": (event.card,)}))
        elif event.kind == EventKind.CAPTURE and seat == BOT_SEAT and event.card is not None:
            lines.append(
                Line("learn.bot.take", cards={"card": (event.card,), "takes": event.takes})
            )
        elif event.kind == EventKind.DEAL:
            lines.append(Line("learn.event.deal"))
        elif event.kind == EventKind.RONDA and event.side == PLAYER:
            lines.append(Line("learn.event.ronda", numbers={"points": event.points}))
        elif event.kind == EventKind.CARTON:
            key = "learn.event.carton" if event.side == PLAYER else "learn.event.carton_bot"
            lines.append(Line(key, numbers={"points": event.points}, count=event.count))
        elif event.kind == EventKind.DOS_POR_DARLAS:
            key = "learn.event.more_cards" if event.side == PLAYER else "learn.event.more_bot"
            lines.append(Line(key, numbers={"points": event.points}, count=event.count))
        elif event.kind == EventKind.CHICA:
            key = "learn.event.chica" if event.side == PLAYER else "learn.event.chica_bot"
            lines.append(Line(key, scores={"points": final[PLAYER]}))
        if event.kind in HAND_ENDS:
            break  # what follows is the next hand's deal: no part of the lesson
    return lines


# ---------------------------------------------------------------------- playing


@dataclass
class Shown:
    """The table as the lesson shows it: the game's, except that after the hand's end it
    stays as the last play left it (the engine has already dealt the next hand)."""

    table: list[Card]
    points: tuple[int, int]
    captured: tuple[int, int]
    stock: int
    dropped: Card | None


class Run:
    """A lesson's game and what happened in it, from the arranged deal: every play (the
    bot's too) with its events. `over`: the hand or the chica ended."""

    def __init__(self, lesson: Lesson, game: Game) -> None:
        self.lesson = lesson
        self.game = game
        self.plays: list[tuple[int, Move, list[Event]]] = []
        self.bot_turns = 0  # the bot's scripted plays used
        self.over = False
        self.shown = self._shown_now()

    @classmethod
    def start(cls, lesson: Lesson) -> Run:
        """The arranged deal, and the bot's opening plays when it leads."""
        run = cls(lesson, lesson.start())
        run._bot_replies()
        return run

    @classmethod
    def replay(cls, lesson: Lesson, moves: Sequence[str]) -> Run:
        """The arranged deal and these plays (IllegalMove if one does not fit)."""
        run = cls(lesson, lesson.start())
        for text in moves:
            run.apply(Move.parse(text))
        run.bot_turns = sum(1 for seat, _, _ in run.plays if seat == BOT_SEAT)
        return run

    def copy(self) -> Run:
        other = Run.__new__(Run)
        other.lesson = self.lesson
        other.game = self.game.copy()
        other.plays = list(self.plays)
        other.bot_turns = self.bot_turns
        other.over = self.over
        other.shown = self.shown
        return other

    @property
    def player_moves(self) -> list[Move]:
        return [move for seat, move, _ in self.plays if seat == PLAYER]

    def _shown_now(self) -> Shown:
        game = self.game
        return Shown(
            list(game.table), game.scores, game.captured, len(game.stock), game.last_played
        )

    def apply(self, move: Move) -> list[Event]:
        """Play `move` for the seat to play (IllegalMove if it is not legal)."""
        game = self.game
        seat = game.to_play
        before = self.shown
        events = game.play(move)
        self.plays.append((seat, move, events))
        if not any(event.kind in HAND_ENDS for event in events):
            self.shown = self._shown_now()
            return events
        self.over = True
        table = [c for c in before.table if c not in move.takes]
        captured = list(before.captured)
        if move.is_drop:
            table.append(move.card)
        else:
            captured[seat % 2] += len(move.takes) + 1
        points = list(before.points)
        for event in events:
            if event.scores and event.side is not None:
                points[event.side] += event.points
            if event.kind in HAND_ENDS:
                break
        dropped = move.card if move.is_drop else None
        self.shown = Shown(table, (points[0], points[1]), (captured[0], captured[1]), 0, dropped)
        return events

    def _bot_replies(self) -> list[Event]:
        """The bot plays while it is its turn: its script, or off the script (a card it no
        longer holds) as the easy bot would."""
        events: list[Event] = []
        while not self.over and self.game.to_play == BOT_SEAT:
            events += self.apply(self._bot_move())
        return events

    def _bot_move(self) -> Move:
        game = self.game
        script = self.lesson.bot_script
        if self.bot_turns < len(script):
            scripted = Move.parse(script[self.bot_turns])
            self.bot_turns += 1
            if scripted in game.legal_moves():
                return scripted
        return Bot(BotLevel.EASY, seed=0).choose(game)

    def after(self, move: Move) -> tuple[Run, list[Event], list[Event]]:
        """A copy that played `move` and the bot's replies: (the copy, the move's events,
        the replies' events). IllegalMove if `move` is not legal."""
        run = self.copy()
        events = run.apply(move)
        replies = [] if run.goal_met() else run._bot_replies()  # met: the lesson ends here
        return run, events, replies

    # ---------------------------------------------------------------- the goal
    def goal_met(self) -> bool:
        lesson_id = self.lesson.lesson_id
        mine = [(move, events) for seat, move, events in self.plays if seat == PLAYER]
        every = [event for _, _, events in self.plays for event in events]
        captures = [(move, events) for move, events in mine if not move.is_drop]
        if lesson_id == LessonId.MATCH:
            return any(_base_is_match(move) for move, _ in captures)
        if lesson_id == LessonId.SUM:
            return any(not _base_is_match(move) for move, _ in captures)
        if lesson_id == LessonId.ESCALERA:
            return any(any(c.rank == m.card.rank + 1 for c in m.takes) for m, _ in captures)
        if lesson_id == LessonId.CAIDA:
            return any(e.kind == EventKind.CAIDA for _, events in mine for e in events)
        if lesson_id == LessonId.LIMPIA:
            return any(e.kind == EventKind.LIMPIA for _, events in mine for e in events)
        if lesson_id == LessonId.RONDA:
            target = Card.parse(self.lesson.target or "")
            ronda = any(e.kind == EventKind.RONDA and e.side == PLAYER for e in every)
            return ronda and any(target in move.takes for move, _ in captures)
        if lesson_id == LessonId.CARTON:
            return any(e.kind == EventKind.CARTON and e.side == PLAYER for e in every)
        return any(e.kind == EventKind.CHICA and e.side == PLAYER for e in every)

    def can_meet_goal(self) -> bool:
        """Whether some line of the player's remaining plays (par in all) meets the goal."""
        if self.goal_met():
            return True
        if self.over or len(self.player_moves) >= self.lesson.par:
            return False
        return any(self.after(move)[0].can_meet_goal() for move in self.game.legal_moves())


def _base_is_match(move: Move) -> bool:
    return any(card.rank == move.card.rank for card in move.takes)


class Status(StrEnum):
    PLAYING = "playing"
    DONE = "done"


class Outcome(StrEnum):
    """What a play did to the lesson."""

    WRONG = "wrong"  # undone: the goal could no longer be met; try again
    GOOD = "good"  # right, and the lesson goes on
    DONE = "done"  # the goal is met


@dataclass(frozen=True)
class PlayResult:
    """A play's answer: its outcome, the lines to show (what the play did, the bot's reply
    and the deal, then what the goal needs, or the lesson's why and the stars)."""

    outcome: Outcome
    lines: tuple[Line, ...]
    stars: int = 0


class LessonSession:
    """One player's try at one lesson (see the module). Every change goes through `play`
    or `restart`; `version` counts the changes, so a stale button can be told apart."""

    def __init__(self, lesson_id: LessonId | str, *, guided: bool = True) -> None:
        self.lesson = LESSONS[LessonId(lesson_id)]
        self.version = 0
        self.restart(guided=guided)

    def restart(self, *, guided: bool) -> None:
        """Start the lesson again from its deal (a finished lesson's replay: unguided)."""
        self.guided = guided
        self.plays = 0  # the player's plays, the wrong ones (undone) included
        self.wrong = 0
        self.status = Status.PLAYING
        self.run = Run.start(self.lesson)
        self.version += 1
        # The last answer's lines, shown again on resume; at the start, the bot's lead.
        opening = [event for _, _, events in self.run.plays for event in events]
        self.lines: tuple[Line, ...] = tuple(_event_lines(opening, self.run.shown.points))

    # ------------------------------------------------------------ what to show
    @property
    def lesson_id(self) -> LessonId:
        return self.lesson.lesson_id

    @property
    def done(self) -> bool:
        return self.status == Status.DONE

    @property
    def stars(self) -> int:
        """The stars earned (0 until the goal is met)."""
        return stars_for(self.plays, self.lesson.par) if self.done else 0

    @property
    def hand(self) -> list[Card]:
        """The player's cards, sorted (none once the lesson is over)."""
        return [] if self.done or self.run.over else sorted(self.run.game.hands[PLAYER])

    def playable(self) -> list[Card]:
        """The cards the player may play now: guided, only those that can still meet the
        goal; else the whole hand. None once the lesson is over."""
        if self.done or self.run.over:
            return []
        if not self.guided:
            return self.hand
        right = {move.card.rank for move in self._right_moves()}
        return [card for card in self.hand if card.rank in right]

    def options(self, card: Card) -> list[Move]:
        """What `card` can do: each capture (the engine's, one per base), then the drop."""
        captures = [Move(card, takes) for takes in self.run.game.capture_options(card)]
        return [*captures, Move(card)]

    def goal_line(self) -> Line:
        return Line(self.lesson.goal_key)

    @property
    def captured(self) -> tuple[int, int]:
        """Cards captured this hand by the player's side and the bot's."""
        return self.run.shown.captured

    @property
    def points(self) -> tuple[int, int]:
        return self.run.shown.points

    def picture(self, lang: str) -> TablePicture:
        """The table as a real game draws it, the player's side first ("you" and the bot)."""
        shown = self.run.shown
        return TablePicture(
            cards=tuple(str(card) for card in shown.table),
            sides=(t("side.you", lang).capitalize(), BOT_NAME),
            points=shown.points,
            stock=shown.stock,
            turn=None if self.done or self.run.over else PLAYER,
            caption=t(self.lesson.title_key, lang),
            words=picture_words(lang),
            dropped=shown.dropped,
        )

    # ----------------------------------------------------------------- playing
    def _right_moves(self) -> list[Move]:
        """The moves after which the goal can still be met."""
        run = self.run
        return [move for move in run.game.legal_moves() if run.after(move)[0].can_meet_goal()]

    def play(self, move: Move) -> PlayResult:
        """Play `move`. Refusal, and nothing changes: the lesson is over ("learn_over"), the
        card is not in the hand or cannot take that ("learn_illegal"), or a guided try
        plays a card that cannot meet the goal ("learn_guided")."""
        if self.done or self.run.over:
            raise Refusal("learn_over")
        if move.card not in self.hand:
            raise Refusal("learn_illegal")
        if move.card not in self.playable():
            raise Refusal("learn_guided")
        try:
            after, events, replies = self.run.after(move)
        except IllegalMove:
            raise Refusal("learn_illegal") from None
        self.plays += 1
        self.version += 1
        final = after.shown.points
        did = play_lines(move, events, locked=self.run.game.locked(PLAYER))
        told = _event_lines(events, final)
        more = _event_lines(replies, final)
        if after.goal_met():
            self.run = after
            self.status = Status.DONE
            score = Line(
                "learn.result",
                numbers={"par": self.lesson.par},
                texts={"stars": stars_text(self.stars)},
                count=self.plays,
            )
            lines = (*did, *told, *more, Line(self.lesson.done_key), score)
            result = PlayResult(Outcome.DONE, lines, self.stars)
        elif after.can_meet_goal():
            self.run = after
            result = PlayResult(Outcome.GOOD, (*did, *told, *more))
        else:
            self.wrong += 1
            # The play's real effect, the hand's end included (not the bot's reply), then
            # what the goal needs; the play is undone.
            scored = [line for line in more if line.key.startswith("learn.event.")]
            result = PlayResult(Outcome.WRONG, (*did, *told, *scored, Line(self.lesson.need_key)))
        self.lines = result.lines
        return result

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the lesson, the plays that stand (the bot's too), the counts."""
        return {
            "version": SAVE_VERSION,
            "lesson": str(self.lesson_id),
            "moves": [str(move) for _, move, _ in self.run.plays],
            "plays": self.plays,
            "wrong": self.wrong,
            "guided": self.guided,
            "changes": self.version,
            "status": str(self.status),
            "lines": [line.to_dict() for line in self.lines],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LessonSession:
        """The session `to_dict` saved, its plays replayed on the arranged deal. ValueError
        when they no longer fit the lesson (changed since): start it afresh then."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unknown saved-lesson version {data.get('version')!r}")
        try:
            session = cls(LessonId(data["lesson"]), guided=bool(data["guided"]))
            opening = len(session.run.plays)
            run = Run.replay(session.lesson, data["moves"])
            session.status = Status(data["status"])
            session.lines = tuple(Line.from_dict(line) for line in data["lines"])
            session.plays, session.wrong = int(data["plays"]), int(data["wrong"])
            session.version = int(data["changes"])
        except (KeyError, TypeError, IllegalMove) as exc:
            raise ValueError(f"a saved lesson does not fit its lesson: {exc!r}") from exc
        waiting = run.game.to_play == BOT_SEAT and not run.over and not run.goal_met()
        if len(run.plays) < opening or waiting:
            raise ValueError("a saved lesson stops where the player is to play")
        if (session.status == Status.DONE) != run.goal_met():
            raise ValueError("a saved lesson's status does not fit its plays")
        session.run = run
        return session
