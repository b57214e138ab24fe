"""How dicts are written to the database: compact, strict JSON."""

from __future__ import annotations

import json


def to_json(value: dict, what: str) -> str:
    """Compact JSON for a dict; TypeError/ValueError if it is not a JSON-able dict."""
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")
    return _encode(value)


# Made once: json.dumps with options builds a new encoder on every call (this runs on
# every move). The encoded values are fresh dicts, never cyclic, so no cycle check.
_encode = json.JSONEncoder(
    separators=(",", ":"), ensure_ascii=False, allow_nan=False, check_circular=False
).encode
