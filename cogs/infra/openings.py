"""`Openings`: whether new tables and challenges may open, and what live tables say.

Two reasons to refuse: the owner's maintenance (stored, so it survives a restart) and a
stop in progress (SIGTERM). Tables already running play on in both cases, with a line
saying why no new one opens.
"""

from __future__ import annotations

from collections.abc import Callable

from db import Storage, StorageError
from i18n import t
from tables import Refusal

MAINTENANCE_KEY = "maintenance"  # bot_state key: "1" while in maintenance
MAINTENANCE_NOTE_KEY = "maintenance.note"  # its reason and planned end: "<end>|<reason>"
REASON_LENGTH = 100  # an owner's reason, at most (it goes into every refusal)


class Openings:
    def __init__(self) -> None:
        self.maintenance = False
        self.reason = ""  # the owner's words for why ("actualización"), shown to players
        self.until: float | None = None  # when the owner expects it to end
        self.restarting = False
        # The last moments of a stop: no click is handled any more, each is told
        # "restarting" (cogs/ops/stopping.py).
        self.closing = False
        self._listeners: list[Callable[[], None]] = []

    def on_maintenance(self, listener: Callable[[], None]) -> None:
        """Call `listener` each time the owner turns maintenance on or off (a running
        tournament pauses and goes on with it)."""
        self._listeners.append(listener)

    async def load(self, storage: Storage) -> None:
        """Maintenance as the owner left it (off if the database can't say)."""
        try:
            self.maintenance = await storage.get_bot_state(MAINTENANCE_KEY) == "1"
            note = await storage.get_bot_state(MAINTENANCE_NOTE_KEY) or "|"
        except StorageError:
            self.maintenance, note = False, "|"
        end, _, self.reason = note.partition("|")
        self.until = float(end) if end else None

    async def set_maintenance(
        self, storage: Storage, on: bool, reason: str = "", until: float | None = None
    ) -> None:
        """Turn maintenance on (with the owner's reason and expected end, told to players)
        or off, stored first (StorageError: nothing changed)."""
        reason = " ".join(reason.split())[:REASON_LENGTH] if on else ""
        until = until if on else None
        note = f"{'' if until is None else until}|{reason}"
        await storage.set_bot_state(MAINTENANCE_NOTE_KEY, note)
        await storage.set_bot_state(MAINTENANCE_KEY, "1" if on else "0")
        self.maintenance, self.reason, self.until = on, reason, until
        for listener in self._listeners:
            listener()

    def check(self) -> None:
        """Refusal if no table or challenge may open now."""
        if self.restarting:
            raise Refusal("restarting")
        if self.maintenance:
            raise Refusal(
                "maintenance" if self.until is None else "maintenance_until", **self._words()
            )

    def _words(self) -> dict[str, str]:
        """The maintenance's reason and end as its messages say them (`<t:…>`: each reader
        sees the end in their own time)."""
        return {
            "reason": f" ({self.reason})" if self.reason else "",
            "until": "" if self.until is None else f"<t:{int(self.until)}:t>",
        }

    def notice(self, lang: str) -> str:
        """The line every live table shows now ("" for none)."""
        if self.restarting:
            return t("notice.restarting", lang)
        if self.maintenance:
            key = "notice.maintenance" if self.until is None else "notice.maintenance_until"
            return t(key, lang, **self._words())
        return ""
