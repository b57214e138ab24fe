"""Ratings, match history and replays (issue 14): the Discord side.

Ratings are computed in tables.ratings and kept by the storage; this module tells them
(the match end's line, the rating leaderboard and stats in cogs/records.py), lists a
player's matches and steps through a replay of any of them (cogs/replays.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from db import MatchRecord, Storage
from i18n import t
from tables import TableSession, ratings

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()  # registered by the cog


async def rate_match(storage: Storage, record: MatchRecord) -> dict[int, int]:
    """Rate a recorded match; each human's rating change as shown (empty: not rated).
    Rating the same match again changes nothing and gives the same changes."""
    if not ratings.is_rated(record):
        return {}
    changes = await storage.rate_match(record, ratings.rater(record))
    return {c.user_id: ratings.shown_change(c.before, c.after) for c in changes}


def signed(change: int) -> str:
    """A rating change as players read it: "+23", "−18" (a real minus sign), "±0"."""
    if change == 0:
        return "±0"
    return f"+{change}" if change > 0 else f"−{-change}"


def rating_line(session: TableSession, lang: str) -> str:
    """The match end's line of rating changes ("" when the match was not rated)."""
    told = session.rating_changes
    users = [str(seat.user_id) for seat in session.seats if seat is not None and seat.user_id]
    changes = " · ".join(f"<@{user}> {signed(told[user])}" for user in users if user in told)
    return t("rating.line", lang, changes=changes) if changes else ""


async def history_command(
    cog: Cuarenta, interaction: discord.Interaction, user: discord.User | None
) -> None:
    """/cuarenta historial [user]."""
    await cog.reply(interaction, "…")
