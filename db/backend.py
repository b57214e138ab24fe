"""What the storage needs of a database, whichever it is: SQLite (one file, the default)
or PostgreSQL (a server several bot processes share).

SQL is written once, in the dialect both understand, with `?` placeholders; each backend
adapts it to its driver. Statements of one Storage never interleave: the Storage holds
its lock around every call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class UniqueViolation(Exception):
    """A write broke a unique index; `index` names it as the backend reports it."""

    def __init__(self, index: str) -> None:
        super().__init__(index)
        self.index = index


class Database(Protocol):
    """One connection to the bot's database, its schema migrated to the latest version."""

    @property
    def where(self) -> str:
        """The file or server, as shown in error messages (no password)."""
        ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed. UniqueViolation on a unique index."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None: ...

    def transaction(self) -> AbstractAsyncContextManager[object]:
        """A write transaction: one writer at a time, committed at the end, rolled back on
        any exception (cancellation included)."""
        ...

    async def bulk_loaded(self) -> None:
        """Many rows just went in at once: refresh what the query planner knows of them."""
        ...

    def storage_error(self, exc: BaseException, action: str) -> Exception | None:
        """The StorageError (or StorageBusy) telling `exc` raised while trying to `action`,
        or None if `exc` is not the driver's."""
        ...

    async def close(self) -> None: ...
