"""Logging: human-readable lines by default, one JSON object per line with LOG_FORMAT=json.

A line about a table carries its `table`, `channel` and `guild` (passed as `extra=`), as
fields of its own in JSON. No log line carries a card from anyone's hand: handlers log
who and where, never what was clicked.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

import discord

CONTEXT_FIELDS = ("table", "channel", "guild")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def setup_logging(level: int, log_format: str) -> None:
    """Log to stderr at `level`; `log_format` "json" for JSON lines, else discord.py's."""
    if log_format.lower() == "json":
        discord.utils.setup_logging(level=level, formatter=JsonFormatter())
    else:
        discord.utils.setup_logging(level=level)
