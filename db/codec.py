"""How dicts are written to the database: compact, strict JSON."""

from __future__ import annotations

import json


class Encoded(str):
    """A dict already written as the database's JSON (`encode`): kept by whoever needs the
    saved text (a third the size of the dict) and handed to the storage as it is."""


def encode(value: dict, what: str) -> Encoded:
    """`to_json`, marked as such."""
    return Encoded(to_json(value, what))


def to_json(value: dict | Encoded, what: str) -> str:
    """Compact JSON for a dict (an Encoded one as it is); TypeError/ValueError if it is not a
    JSON-able dict."""
    if isinstance(value, Encoded):
        return str(value)
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")
    return _encode(value)


# Made once: json.dumps with options builds a new encoder on every call (this runs on
# every move). The encoded values are fresh dicts, never cyclic, so no cycle check.
_encode = json.JSONEncoder(
    separators=(",", ":"), ensure_ascii=False, allow_nan=False, check_circular=False
).encode
