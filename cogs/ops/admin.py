"""/cuarenta admin: the bot's status and maintenance, for the application's owner only.

Discord shows the command to everyone (a subcommand cannot carry permissions of its own),
so the owner is checked here, against the application's owner (or team) as Discord
reports it.
"""

from __future__ import annotations

import time
from importlib import metadata

import discord
from discord.ext import commands

from db import StorageError
from i18n import t
from tables import Refusal

from ..answers import answers_refusals, reader_language, reply
from ..infra.clock import now
from ..infra.localized import choice
from ..services import Services
from .web import latencies

ADMIN_CHOICES = [
    choice("choice.status", "status"),
    choice("choice.maintenance_on", "maintenance_on"),
    choice("choice.maintenance_off", "maintenance_off"),
]
PACKAGE = "cuarenta-bot"


@answers_refusals
async def admin(
    services: Services,
    interaction: discord.Interaction,
    action: str,
    reason: str | None = None,
    minutes: int | None = None,
) -> None:
    """Status, or maintenance on or off (stored: it outlives a restart), with the owner's
    reason and how many minutes it should last, both told to players who are refused."""
    client = services.client
    if not (isinstance(client, commands.Bot) and await client.is_owner(interaction.user)):
        raise Refusal("not_owner")
    lang = await reader_language(services, interaction)
    if action in ("maintenance_on", "maintenance_off"):
        on = action == "maintenance_on"
        until = None if minutes is None or minutes <= 0 else now() + 60 * minutes
        await services.openings.set_maintenance(services.storage, on, reason or "", until)
        services.runtime.publish_guild(None)  # the line on every live table, or gone
        text = t(f"admin.{action}", lang, tables=services.runtime.live_tables())
        if on:  # what players are told, as they will read it
            text += "\n> " + services.openings.notice(lang)
    else:
        text = await status_text(services, lang)
    await reply(interaction, text)


async def status_text(services: Services, lang: str) -> str:
    shards = [
        t("admin.shard", lang, shard=shard, ms=round(latency * 1000))
        for shard, latency in latencies(services.client)
    ]
    try:
        size = f"{await services.storage.size_bytes() / 1_000_000:.1f} MB"
    except StorageError:
        size = "?"
    notice = services.openings.notice(lang)  # maintenance's reason and end, if on
    return t(
        "admin.status",
        lang,
        version=version(),
        uptime=duration_words(time.monotonic() - services.started_at, lang),
        shards=", ".join(shards) or "—",
        tables=services.runtime.live_tables(),
        moves=services.metrics.moves_last_minute(),
        backend=services.storage.backend,
        size=size,
        maintenance=t("word.on" if services.openings.maintenance else "word.off", lang),
    ) + (f"\n> {notice}" if notice else "")


def duration_words(seconds: float, lang: str) -> str:
    """A length of time as an owner reads it: "2 d 3 h", "5 h 12 min", "3 min", "menos de
    un minuto" (never Python's "-1 day, 23:36:44")."""
    minutes = max(0, int(seconds)) // 60
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return t("duration.days_hours", lang, days=days, hours=hours)
    if hours:
        return t("duration.hours_minutes", lang, hours=hours, minutes=minutes)
    if minutes:
        return t("duration.minutes", lang, minutes=minutes)
    return t("duration.under_a_minute", lang)


def version() -> str:
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "?"
