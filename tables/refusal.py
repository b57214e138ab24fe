"""The one way this layer says no."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """An action that is not allowed now. `key` names the message in the catalog."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
