"""Hints on demand and the review after a match (issue 13): the Discord side.

The cog and the presenters call into this module; everything here is a stub for now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from tables import TableSession

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()  # registered by the cog


def hint_button(session: TableSession, user_id: int, lang: str) -> dict[str, Any] | None:
    """The "💡 Pista" button for a player's hand on their turn, or None."""
    return None


def review_button(session: TableSession, lang: str) -> dict[str, Any] | None:
    """The "📊 Repaso" button on a finished table, or None."""
    return None


async def review_command(cog: Cuarenta, interaction: discord.Interaction) -> None:
    """/cuarenta repaso: the reader's last match, reviewed."""
    await cog.reply(interaction, "…")
