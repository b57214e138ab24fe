"""Messages as plain data: their text and raw component rows.

Sending a message builds plain dicts, not `discord.ui` objects (a view per message would
cost more than the rest of the move): `Rows` carries raw component rows wherever
discord.py takes a `view=`, and the `Clickable` classes (ids.py) only come to life when a
button is clicked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, cast

import discord


class Style:
    """Discord's button styles, as the raw numbers a component row carries."""

    BLUE = discord.ButtonStyle.primary.value
    GREY = discord.ButtonStyle.secondary.value
    GREEN = discord.ButtonStyle.success.value
    RED = discord.ButtonStyle.danger.value


def button(
    custom_id: str,
    *,
    label: str | None = None,
    style: int = Style.GREY,
    emoji: discord.PartialEmoji | None = None,
    disabled: bool = False,
) -> dict[str, Any]:
    """One raw button."""
    raw: dict[str, Any] = {"type": 2, "style": style, "custom_id": custom_id}
    if label:
        raw["label"] = label[:80]
    if emoji is not None:
        raw["emoji"] = emoji.to_dict()
    if disabled:
        raw["disabled"] = True
    return raw


def select(
    custom_id: str, options: list[dict[str, Any]], placeholder: str | None = None
) -> dict[str, Any]:
    """One raw string select menu (pick exactly one)."""
    raw: dict[str, Any] = {"type": 3, "custom_id": custom_id, "options": options}
    if placeholder:
        raw["placeholder"] = placeholder[:150]
    return raw


@dataclass(frozen=True)
class Rows:
    """Raw component rows, accepted wherever discord.py takes a `view=`.

    discord.py only calls these methods on a view it sends; not being dispatchable, it is
    never put in the view store (clicks reach the Clickable classes instead).
    """

    rows: tuple[tuple[dict[str, Any], ...], ...]
    __discord_ui_view__: ClassVar[bool] = True
    timeout: ClassVar[None] = None

    @classmethod
    def of(cls, buttons: list[dict[str, Any]], per_row: int = 5) -> Rows:
        return cls(tuple(tuple(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row)))

    @classmethod
    def stacked(cls, rows: list[list[dict[str, Any]]]) -> Rows:
        return cls(tuple(tuple(row) for row in rows if row))

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": list(row)} for row in self.rows]

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True  # nothing waits on it: discord.py then neither stores nor times it

    def is_dispatchable(self) -> bool:
        return False

    def as_view(self) -> discord.ui.View:
        """The rows, for discord.py's `view=`: they quack like a View."""
        return cast(discord.ui.View, self)


@dataclass
class Payload:
    """A message: its text and its rows."""

    content: str
    rows: Rows | None

    @property
    def view(self) -> discord.ui.View | None:
        """The rows, for discord.py's `view=`: they quack like a View (see `Rows`)."""
        return None if self.rows is None else self.rows.as_view()

    def to_send(self) -> dict[str, Any]:
        """Keyword arguments for sending it (discord.py wants no `view` rather than None)."""
        return {"content": self.content} | ({"view": self.view} if self.rows else {})
