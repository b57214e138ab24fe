"""LOG_FORMAT=json: one JSON object per line, with the table's context as fields."""

from __future__ import annotations

import json
import logging
import sys

from cogs.live.state import log_fields
from cogs.ops.logs import JsonFormatter


def record(**extra) -> logging.LogRecord:
    made = logging.LogRecord(
        "cogs.live", logging.WARNING, __file__, 1, "table %s: %s", ("t1", "x"), None
    )
    made.__dict__.update(extra)
    return made


def test_a_line_about_a_table_carries_its_table_channel_and_guild():
    class Session:
        session_id, channel_id, guild_id = "t1", 22, 33

    line = JsonFormatter().format(record(**log_fields(Session())))
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["message"] == "table t1: x" and entry["level"] == "WARNING"
    assert (entry["table"], entry["channel"], entry["guild"]) == ("t1", 22, 33)


def test_other_lines_have_no_context_fields_and_keep_their_traceback():
    try:
        raise ValueError("boom")
    except ValueError:
        with_error = record()
        with_error.exc_info = sys.exc_info()
    entry = json.loads(JsonFormatter().format(with_error))
    assert not {"table", "channel", "guild"} & entry.keys()
    assert "ValueError: boom" in entry["exception"]
