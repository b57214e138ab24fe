"""Storage errors, and the translation of SQLite's errors into sentences a person can act on."""

from __future__ import annotations

import os
import sqlite3

# SQLite's primary result codes (the low byte of an extended code).
_PERM = 3
_BUSY = 5
_LOCKED = 6
_READONLY = 8
_IOERR = 10
_CORRUPT = 11
_FULL = 13
_CANTOPEN = 14
_NOTADB = 26


class StorageError(Exception):
    """The database cannot be used; the message says why in plain words."""


class SchemaTooNewError(StorageError):
    """The database file was written by a newer version of the bot."""


class StorageBusy(StorageError):
    """Another program (or connection) held a lock on the file for longer than the bot waits.

    Nothing was changed; the same call may work if tried again later.
    """


class ChannelTaken(Exception):
    """Another session is already live in the channel; nothing was saved.

    Not a StorageError: the database is fine, the caller asked for a second live session.
    """

    def __init__(self, channel_id: int, other_session_id: str) -> None:
        super().__init__(f"channel {channel_id} already has the live session {other_session_id!r}")
        self.channel_id = channel_id
        self.other_session_id = other_session_id


def is_busy(exc: sqlite3.Error) -> bool:
    """Whether SQLite gave up because another connection held a lock (SQLITE_BUSY/LOCKED)."""
    return ((getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF) in (_BUSY, _LOCKED)


def path_problem(path: str) -> str | None:
    """Why `path` cannot be a database file (a folder, or in a missing folder), else None."""
    if os.path.isdir(path):
        return f"Cannot open the database: {path} is a folder, not a file."
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"Cannot open the database {path}: the folder {folder} does not exist."
    return None


def _cannot_open(path: str) -> str:
    return path_problem(path) or (
        f"Cannot open the database file {path}: check that the bot may read and write it."
    )


def storage_error(exc: sqlite3.Error, path: str, action: str) -> StorageError:
    """A StorageError describing `exc`, raised by SQLite while trying to `action` on `path`.

    StorageBusy when the cause was another connection's lock.
    """
    if is_busy(exc):
        return StorageBusy(
            f"The database file {path} is locked by another program "
            f"(is another copy of the bot running?), so the bot could not {action}."
        )
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code == _CANTOPEN:
        message = _cannot_open(path)
    elif code == _NOTADB:
        message = (
            f"{path} is not a database the bot can use: it is not an SQLite file "
            "(or it is encrypted). Move it away or choose another database path."
        )
    elif code == _CORRUPT:
        message = f"The database file {path} is damaged ({exc}). Restore a backup or move it away."
    elif code in (_READONLY, _PERM):
        message = f"The database file {path} is read-only, so the bot could not {action}."
    elif code == _FULL:
        message = f"The disk holding {path} is full, so the bot could not {action}."
    elif code == _IOERR:
        message = f"The system could not read or write {path} ({exc}): could not {action}."
    else:
        message = f"Database error on {path} while trying to {action}: {exc}."
    return StorageError(message)
