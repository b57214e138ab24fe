"""`TipTeller`: the line a newcomer's private hand carries at a real table.

At the player's turn, the first-time moment present (tables/moments.py: a caída to make,
a sum, an escalera, a limpia, the cartón count, the 38 lock) is told once, ever, in their
first TIP_MATCHES matches unless they turned tips off (and always in the guided first
chica). A tip says what is possible with the player's own cards and the public table,
never which card is best, so it is the same in a rated game against people. A player who
never finished a match and has lessons left is offered them in their first round.

The tip stays on the hand for the whole turn (a redraw of the same turn shows it again);
it is marked told when first drawn. Reading or marking failing only leaves the line out
(TableEvents.hand_note).
"""

from __future__ import annotations

import functools

from db import Storage
from tables import Phase, TableSession
from tables.learning import LessonDesk, Progress, offer_lessons, tips_wanted

from ..infra.caches import PrefsCache
from ..infra.scheduler import Scheduler
from ..ui.words import CardDisplay
from .messages import line_text, offer_line


class TipTeller:
    def __init__(
        self,
        desk: LessonDesk,
        storage: Storage,
        prefs: PrefsCache,
        display: CardDisplay,
        scheduler: Scheduler,
    ) -> None:
        self._desk = desk
        self._scheduler = scheduler
        self._storage = storage
        self._prefs = prefs
        self._display = display
        self._guided: set[str] = set()  # tables that are a guided first chica
        # Per player, their latest table: (session id, matches finished, and their lessons'
        # progress if they are a newcomer to offer the lessons to, else None), read once a
        # table: a hand is drawn again at every move, and must not wait on the database.
        self._standing: dict[int, tuple[str, int, Progress | None]] = {}
        # Per player, the tip of their turn: ((session id, moves made), its text).
        self._told: dict[int, tuple[tuple[str, int], str | None]] = {}

    def guide(self, session_id: str) -> None:
        """This table is a player's guided first chica: every moment is told."""
        self._guided.add(session_id)

    async def _standing_of(self, user_id: int, session_id: str) -> tuple[int, Progress | None]:
        known = self._standing.get(user_id)
        if known is not None and known[0] == session_id:
            return known[1], known[2]
        finished, stars, saved = await self._storage.learner(user_id)
        progress = self._desk.progress_with(user_id, stars, saved) if finished == 0 else None
        if progress is not None and not offer_lessons(finished, progress):
            progress = None  # every lesson done: nothing to offer
        self._standing[user_id] = (session_id, finished, progress)
        return finished, progress

    async def note(self, session: TableSession, user_id: int, lang: str) -> str | None:
        """The line for this player's hand now (TableEvents.hand_note), or None."""
        game, seat = session.game, session.seat_of(user_id)
        if game is None or seat is None or session.phase != Phase.PLAYING:
            return None
        finished, progress = await self._standing_of(user_id, session.session_id)
        lines = []
        if progress is not None and len(session.moves) < session.players:  # their first round
            lines.append(offer_line(progress, lang))
        tip = await self._tip(session, user_id, seat, finished, lang)
        if tip:
            lines.append(tip)
        return "\n".join(lines) or None

    async def _tip(
        self, session: TableSession, user_id: int, seat: int, finished: int, lang: str
    ) -> str | None:
        game = session.game
        assert game is not None
        if game.to_play != seat:
            return None
        turn = (session.session_id, len(session.moves))
        told = self._told.get(user_id)
        if told is not None and told[0] == turn:
            return told[1]
        prefs = await self._prefs.get(user_id)
        wanted = session.session_id in self._guided or tips_wanted({"tips": prefs.tips}, finished)
        later = functools.partial(self._scheduler.spawn, name=f"moment-seen-{user_id}")
        tip = await self._desk.tip(user_id, game, seat, later=later) if wanted else None
        text = None if tip is None else line_text(tip.line, self._display, lang)
        self._told[user_id] = (turn, text)
        return text
