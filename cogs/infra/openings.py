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


class Openings:
    def __init__(self) -> None:
        self.maintenance = False
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
        except StorageError:
            self.maintenance = False

    async def set_maintenance(self, storage: Storage, on: bool) -> None:
        """Turn maintenance on or off, stored first (StorageError: nothing changed)."""
        await storage.set_bot_state(MAINTENANCE_KEY, "1" if on else "0")
        self.maintenance = on
        for listener in self._listeners:
            listener()

    def check(self) -> None:
        """Refusal if no table or challenge may open now."""
        if self.restarting:
            raise Refusal("restarting")
        if self.maintenance:
            raise Refusal("maintenance")

    def notice(self, lang: str) -> str:
        """The line every live table shows now ("" for none)."""
        if self.restarting:
            return t("notice.restarting", lang)
        if self.maintenance:
            return t("notice.maintenance", lang)
        return ""
