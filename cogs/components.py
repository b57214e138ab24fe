"""The one button type of the bot: every action is encoded in its custom_id.

`c40:<action>:<arg>:<arg>…` — a single DynamicItem registration serves every game,
before and after a restart, and after the 15 minutes an ephemeral view would live.
"""

from __future__ import annotations

import re
from typing import Any

import discord

PREFIX = "c40"
TEMPLATE = re.compile(rf"{PREFIX}:(?P<action>[a-z]+):(?P<args>[A-Za-z0-9:_-]*)")


def custom_id(action: str, *args: object) -> str:
    return ":".join((PREFIX, action, *(str(a) for a in args)))


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """A button whose click is handed to the Cuarenta cog with its action and arguments."""

    def __init__(
        self,
        action: str,
        *args: object,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: Any = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.action = action
        self.args = [str(a) for a in args]
        button = discord.ui.Button(
            label=label[:80] if label else None,
            style=style,
            emoji=emoji,
            disabled=disabled,
            custom_id=custom_id(action, *args),
        )
        super().__init__(button, row=row)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> GameButton:
        args = match["args"].split(":") if match["args"] else []
        return cls(match["action"], *args, label=item.label, style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Cuarenta")  # type: ignore[attr-defined]
        await cog.on_button(interaction, self.action, self.args)


def view_of(*buttons: GameButton) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return view
