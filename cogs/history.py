"""Ratings, match history and replays (issue 14): the Discord side.

The cog calls into this module; everything here is a stub until ratings exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from db import MatchRecord, Storage
from tables import TableSession

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()  # registered by the cog


async def rate_match(storage: Storage, record: MatchRecord) -> dict[int, int]:
    """Rate a recorded match; each human's rating change (empty: not rated)."""
    return {}


def rating_line(session: TableSession, lang: str) -> str:
    """The match end's line of rating changes ("" when the match was not rated)."""
    return ""


async def history_command(
    cog: Cuarenta, interaction: discord.Interaction, user: discord.User | None
) -> None:
    """/cuarenta historial [user]."""
    await cog.reply(interaction, "…")
