"""`TableEvents`: the one way to hear that a table's match is over, to add a line to a
player's private hand as it is drawn (a feature's note: Aprender's tips and offer), and to
say what giving one up means (for a feature whose tables mean more: a tournament's).

The table driver announces it once the match is recorded and rated; seasons, logros,
tournaments (and any feature later) subscribe when they are set up. The driver names no
feature. Listeners are awaited in the order they subscribed, and the table is marked
recorded only after all of them: a failure makes the driver announce it again, so every
listener must be idempotent (a logro is earned once, a tournament's result counts once).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from db import MatchRecord, Season
from tables import TableSession

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableOver:
    """A finished (or stopped) table: its session, its record (None: nothing to record,
    as a match stopped before its first hand) and the season it counts in."""

    session: TableSession
    record: MatchRecord | None
    season: Season | None


TableOverListener = Callable[[TableOver], Awaitable[None]]
# A line for a player's private hand (session, user id, the reader's language), or None.
HandNote = Callable[[TableSession, int, str], Awaitable[str | None]]

# What giving up this table's match means beyond the table (a tournament's match: out
# of it), in a language; None: nothing more than any table's.
ForfeitWords = Callable[[TableSession, str], str | None]


class TableEvents:
    def __init__(self) -> None:
        self._table_over: list[TableOverListener] = []
        self._hand_notes: list[HandNote] = []
        self._forfeit_words: list[ForfeitWords] = []

    def on_hand_drawn(self, note: HandNote) -> None:
        self._hand_notes.append(note)

    async def hand_note(self, session: TableSession, user_id: int, lang: str) -> str | None:
        """The first note a feature has for this player's hand now; a note that fails is
        left out (a hand is always drawn)."""
        for note in self._hand_notes:
            try:
                found = await note(session, user_id, lang)
            except Exception:
                log.warning("a note for the hand of %s failed", user_id, exc_info=True)
                continue
            if found:
                return found
        return None

    def on_forfeit_question(self, words: ForfeitWords) -> None:
        """A feature says what giving up one of its tables means (asked before a forfeit)."""
        self._forfeit_words.append(words)

    def forfeit_consequence(self, session: TableSession, lang: str) -> str | None:
        """What giving up `session`'s match means, as the first feature that knows says."""
        for words in self._forfeit_words:
            said = words(session, lang)
            if said is not None:
                return said
        return None

    def on_table_over(self, listener: TableOverListener) -> None:
        self._table_over.append(listener)

    async def table_over(self, over: TableOver) -> None:
        for listener in self._table_over:
            await listener(over)
