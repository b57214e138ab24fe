"""Aprender at the table layer: the lessons being taken (one LessonSession per player),
the player's progress, and the tips of a player's first games, with the rules around
them, so that the Discord side only shows and forwards clicks.

- A lesson is opened (resumed where it was, or started: guided the first time, unguided
  when replayed for stars) and saved before the player sees it, so a restart resumes it.
- A play names the `version` of the lesson the player saw: a stale click (a second click
  of the same moment, an old message) is refused and changes nothing. Plays of one player
  go one at a time. The lesson is saved before the answer is returned; if saving fails,
  the play is undone in memory too and the StorageError goes to the caller.
- A finished lesson keeps its best stars and earns the logro LEARNED (once: the logros
  table keeps the first).
- Tips: in the guided first chica, every first-time moment is told once; in a player's
  first TIP_MATCHES finished matches, too, unless their setting TIPS_SETTING is False.
  Each moment is told to a player once, ever (kept in the storage).

For the Discord side (`/cuarenta aprender`, ephemeral): `desk.open(user, lesson)` gives
the LessonSession to draw: `session.picture(lang)` (a render.TablePicture, as a real
table's) with a hand picture of `session.hand`; one button per card of `session.hand`,
enabled when in `session.playable()`; a card's `session.options(card)` (each capture,
then the drop) as a real game offers them; the goal `session.goal_line()` and the last
answer `session.lines` (Line.text(lang, cards_text, score_text)). A click carries
`session.version`; `desk.play(user, version, move)` answers with a PlayResult (outcome
WRONG / GOOD / DONE, its lines, the stars). Refusal keys: learn_none, learn_stale,
learn_over, learn_illegal, learn_guided.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from db import Logro, Storage
from engine import Game, Move

from .lessons import (
    LESSONS,
    MAX_STARS,
    ORDER,
    LessonId,
    LessonSession,
    Outcome,
    PlayResult,
    next_lesson,
    total_seconds,
)
from .moments import PlayerView, Tip, first_time
from .refusal import Refusal

LEARNED = "learned"  # the logro a finished lesson earns (its emoji: tables/logros.LOGROS)
GUIDED_CHICA = "guided_chica"  # a moment name: the guided first chica was played
TIP_MATCHES = 5  # tips in a player's first real matches (finished ones, any kind)
TIPS_SETTING = "tips"  # a player setting: False turns the tips of real games off


# Runs a write in the background (a scheduler's spawn).
Later = Callable[[Coroutine[Any, Any, None]], object]


@dataclass(frozen=True)
class Progress:
    """A player's lessons: best stars per finished lesson, the lesson in progress (None:
    none, or it is finished), and the first lesson not finished yet (None: all are)."""

    stars: Mapping[str, int]
    current: LessonId | None
    next: LessonId | None

    @property
    def finished(self) -> int:
        return sum(1 for lesson in ORDER if self.stars.get(lesson, 0) > 0)

    @property
    def total_stars(self) -> int:
        return sum(self.stars.get(lesson, 0) for lesson in ORDER)

    @property
    def most_stars(self) -> int:
        return MAX_STARS * len(ORDER)

    @property
    def seconds_left(self) -> int:
        """About how long the lessons not finished yet take."""
        return sum(LESSONS[lesson].seconds for lesson in ORDER if not self.stars.get(lesson))

    @property
    def minutes_left(self) -> int:
        """`seconds_left` as the "about N minutes" said up front (all of them, for who
        finished them and plays them again)."""
        return minutes(self.seconds_left or total_seconds())


def minutes(seconds: int) -> int:
    return max(1, round(seconds / 60))


def offer_lessons(finished_matches: int, progress: Progress) -> bool:
    """Offer the lessons (at a first table, in the lobby, in /cuarenta rules) to a player
    who never finished a match and has lessons left."""
    return finished_matches == 0 and progress.next is not None


def tips_wanted(settings: Mapping[str, object], finished_matches: int) -> bool:
    """Tips at a real table: in the player's first matches, unless they turned them off."""
    return settings.get(TIPS_SETTING, True) is not False and finished_matches < TIP_MATCHES


class LessonDesk:
    """The lessons being taken and the tips told; one per bot (given its Storage)."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self._storage = storage
        self._clock = clock
        self._sessions: dict[int, LessonSession] = {}
        self._seen: dict[int, set[str]] = {}  # moments told, per player, once read
        self._turns: dict[int, tuple[asyncio.Lock, int]] = {}  # a lock per busy player

    @asynccontextmanager
    async def _turn(self, user_id: int) -> AsyncIterator[None]:
        """One change at a time per player (the lock is dropped when nobody waits)."""
        lock, users = self._turns.get(user_id, (asyncio.Lock(), 0))
        self._turns[user_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._turns[user_id]
            if users == 1:
                del self._turns[user_id]
            else:
                self._turns[user_id] = (lock, users - 1)

    async def _current(self, user_id: int) -> LessonSession | None:
        """The player's lesson (in memory, else as saved); a damaged save is forgotten."""
        session = self._sessions.get(user_id)
        if session is not None:
            return session
        saved = await self._storage.lesson_state(user_id)
        if saved is None:
            return None
        try:
            session = LessonSession.from_dict(saved)
        except ValueError:
            await self._storage.save_lesson_state(user_id, None)
            return None
        self._sessions[user_id] = session
        return session

    async def progress(self, user_id: int) -> Progress:
        stars = await self._storage.lesson_stars(user_id)
        async with self._turn(user_id):
            session = await self._current(user_id)
        return _progress(stars, session)

    def progress_with(
        self, user_id: int, stars: dict[str, int], saved: dict[str, Any] | None
    ) -> Progress:
        """The player's progress from what the caller read (Storage.learner): the lesson in
        memory if there is one, else as saved (a damaged save counts as none)."""
        session = self._sessions.get(user_id)
        if session is None and saved is not None:
            try:
                session = LessonSession.from_dict(saved)
            except ValueError:
                session = None
        return _progress(stars, session)

    async def open(self, user_id: int, lesson_id: LessonId | None = None) -> LessonSession:
        """The lesson to show: `lesson_id`'s (resumed if it is the one in progress), or with
        None the one in progress, else the first not finished (else the first). Saved
        before it is returned."""
        stars = await self._storage.lesson_stars(user_id)
        async with self._turn(user_id):
            session = await self._current(user_id)
            resumable = session is not None and not session.done
            if session is not None and resumable and lesson_id in (None, session.lesson_id):
                return session
            wanted = lesson_id or next_lesson(stars) or ORDER[0]
            fresh = LessonSession(wanted, guided=stars.get(wanted, 0) == 0)
            if session is not None:  # counts on, so that no old message's click fits it
                fresh.version = session.version + 1
            session = fresh
            await self._storage.save_lesson_state(user_id, session.to_dict())
            self._sessions[user_id] = session
            return session

    @asynccontextmanager
    async def _change(self, user_id: int, version: int) -> AsyncIterator[LessonSession]:
        """The player's lesson as they saw it at `version`, to change in the block, one change
        at a time per player; if the block fails (a save), the lesson is as it was before.
        Refusal: no lesson ("learn_none"), a stale click ("learn_stale")."""
        async with self._turn(user_id):
            session = await self._current(user_id)
            if session is None:
                raise Refusal("learn_none")
            if version != session.version:
                raise Refusal("learn_stale")
            before = session.to_dict()
            try:
                yield session
            except BaseException:
                self._sessions[user_id] = LessonSession.from_dict(before)
                raise

    async def play(
        self, user_id: int, version: int, move: Move
    ) -> tuple[LessonSession, PlayResult]:
        """Play `move` in the player's lesson as they saw it at `version`. Refusal: no
        lesson ("learn_none"), a stale click ("learn_stale"), or the lesson's own refusals;
        nothing changes then. Saved (stars and logro too) before it returns."""
        async with self._change(user_id, version) as session:
            result = session.play(move)
            # Stars first: if the lesson's save fails after them, the play is undone and
            # played again, and stars and logro are kept once.
            if result.outcome == Outcome.DONE:
                lesson = str(session.lesson_id)
                await self._storage.record_lesson(user_id, lesson, result.stars)
                logro = Logro(user_id, LEARNED, None, None, self._clock())
                await self._storage.award_logros([logro], announced=True)
            await self._storage.save_lesson_state(user_id, session.to_dict())
        return session, result

    async def restart(self, user_id: int, version: int) -> LessonSession:
        """Play the player's lesson again from its deal (guided until first finished)."""
        stars = await self._storage.lesson_stars(user_id)
        async with self._change(user_id, version) as session:
            session.restart(guided=stars.get(session.lesson_id, 0) == 0)
            await self._storage.save_lesson_state(user_id, session.to_dict())
        return session

    async def session(self, user_id: int) -> LessonSession | None:
        """The player's lesson as it stands (None: none was ever opened)."""
        async with self._turn(user_id):
            return await self._current(user_id)

    async def newcomer(self, user_id: int) -> bool:
        """Whether to offer the lessons to this player (`offer_lessons`)."""
        finished, stars, saved = await self._storage.learner(user_id)
        return offer_lessons(finished, self.progress_with(user_id, stars, saved))

    def leave(self, user_id: int) -> None:
        """The player left the lesson: it stays saved; memory is freed."""
        self._sessions.pop(user_id, None)

    # ------------------------------------------------------------------ tips
    async def tip(
        self, user_id: int, game: Game, seat: int, *, later: Later | None = None
    ) -> Tip | None:
        """The first-time tip to tell the player at `seat` now (their turn), marked told; None
        when there is none new. Ask in the guided first chica always, at a real table when
        `tips_wanted`. `later`: the mark is written in the background (given to `later`),
        so that a hand drawn at a click waits on no write; told at once in this process
        all the same (a mark lost to a crash tells the tip once more, no worse)."""
        seen = self._seen.get(user_id)
        if seen is None:
            loaded = await self._storage.moments_seen(user_id)
            seen = self._seen.setdefault(user_id, loaded)  # a racing call's set, if first
        tips = first_time(PlayerView.of(game, seat), seen)
        if not tips:
            return None
        moment = str(tips[0].moment)
        seen.add(moment)
        if later is not None:
            later(self._mark_seen(user_id, moment))
            return tips[0]
        marked = await self._storage.mark_moments_seen(user_id, [moment])
        return tips[0] if marked else None

    async def _mark_seen(self, user_id: int, moment: str) -> None:
        await self._storage.mark_moments_seen(user_id, [moment])

    async def mark(self, user_id: int, moment: str) -> bool:
        """Mark a moment (e.g. GUIDED_CHICA) as seen; True if it was new."""
        marked = await self._storage.mark_moments_seen(user_id, [moment])
        self._seen.setdefault(user_id, set()).add(moment)
        return bool(marked)

    async def has_seen(self, user_id: int, moment: str) -> bool:
        seen = self._seen.get(user_id)
        if seen is None:
            seen = self._seen[user_id] = await self._storage.moments_seen(user_id)
        return moment in seen


def _progress(stars: dict[str, int], session: LessonSession | None) -> Progress:
    current = None if session is None or session.done else session.lesson_id
    return Progress(stars, current, next_lesson(stars))
