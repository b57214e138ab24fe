"""`/cuarenta config` (Manage Server) with its house-rules panel, and `/cuarenta
preferences`. A pick in the panel saves the server's house rules at once and shows the
panel again; tables already open keep their own rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, cast
from zoneinfo import available_timezones

import discord
from discord import app_commands

from db import PuzzleServer
from engine import Rules
from i18n import t
from tables import Refusal
from tables.house_rules import OPTION_BY_FIELD
from tables.puzzles import daily_server
from tables.settings import (
    SeasonChanges,
    ServerSettings,
    config_changes,
    house_rules_config,
    named_season_config,
)
from tables.zones import DEFAULT_ZONE

from ..answers import (
    answers_refusals,
    answers_refusals_by,
    reader_language,
    refusal_text,
    reply,
    tell,
)
from ..infra.clock import now
from ..puzzles.desk import PuzzleDesk
from ..seasons.keeper import SeasonKeeper
from ..services import Services, services_of
from ..ui import ids
from ..ui.ids import Clickable
from .messages import config_summary, daily_on_text, panel, panel_payload, panel_text


@dataclass(frozen=True)
class DailyOptions:
    """/cuarenta config's options for the daily puzzle post (None: not given)."""

    channel_id: int | None = None
    hour: int | None = None
    names: bool | None = None
    off: bool = False

    @property
    def given_on(self) -> bool:
        """Whether an option that sets the post (not `off`) was given."""
        return (self.channel_id, self.hour, self.names) != (None, None, None)

    @property
    def given(self) -> bool:
        return self.off or self.given_on


@answers_refusals
async def config(
    services: Services,
    interaction: discord.Interaction,
    rules: str | None,
    turn_seconds: int | None,
    language: str | None,
    table_picture: bool | None,
    bot_level: str | None,
    replay_all_hands: bool | None,
    open_tournaments: bool | None = None,
    daily: DailyOptions = DailyOptions(),
    seasons: SeasonChanges | None = None,
    zone: str | None = None,
) -> None:
    """/cuarenta config: the server's settings, changed if asked, and the panel. Every
    option is checked before anything is saved: a refused call changes nothing. The
    server's time zone (`zone`) is its seasons' and its daily post's: a post kept moves
    to the same hour in the new zone."""
    guild_id = require_manager(interaction)
    seasons = seasons or SeasonChanges()
    changes = config_changes(
        rules=rules,
        turn_seconds=turn_seconds,
        language=language,
        table_picture=table_picture,
        bot_level=bot_level,
        replay_all_hands=replay_all_hands,
        seasons=seasons.mode,
        season_channel=seasons.channel_id,
        open_tournaments=open_tournaments,
        time_zone=zone,
    )
    desk = services.get(PuzzleDesk)
    post = await daily_change(services, guild_id, daily, changes.get("time_zone"))
    named = seasons.named_season()
    if named is not None:
        settings = await services.settings.update(
            guild_id, lambda stored: changes | named_season_config(stored, *named)
        )
    elif changes:
        settings = await services.settings.change(guild_id, **changes)
    else:
        settings = await services.settings.get(guild_id)
    saved = bool(changes) or named is not None
    if saved:
        services.runtime.publish_guild(guild_id)  # e.g. the table picture turned on or off
        keeper = services.get(SeasonKeeper)
        if "time_zone" in changes:
            keeper.zone_changed(guild_id)  # the running season moves to the new zone
        keeper.wake()  # the calendar may have changed
    lang = await reader_language(services, interaction)
    if daily.off:
        await desk.turn_off(guild_id)
    elif post is not None:
        await desk.turn_on(post)
    key = "config.saved" if saved or daily.given else "config.show"
    text = t(key, lang, summary=config_summary(settings, await desk.server(guild_id), lang))
    if post is not None:
        text += "\n" + daily_on_text(post, now(), lang)
    text += "\n\n" + panel_text(settings, lang)
    await reply(interaction, text, rows=panel(settings, lang))


async def daily_change(
    services: Services, guild_id: int, daily: DailyOptions, zone: str | None
) -> PuzzleServer | None:
    """The daily post the options ask for (None: none, or off), checked: Refusal for off
    with a channel or hour, and as tables.puzzles.daily_server refuses. A new `zone` (the
    server's, checked) moves a post kept to it."""
    if daily.off:
        if daily.given_on:
            raise Refusal("puzzle_off_and_on")
        return None
    current = await services.get(PuzzleDesk).server(guild_id)
    if not daily.given_on and (zone is None or current is None):
        return None
    server_zone = zone or (await services.settings.get(guild_id)).zone
    return daily_server(
        current, guild_id, now(), daily.channel_id, daily.hour, daily.names, zone, server_zone
    )


ZONE_CHOICES = 25  # Discord shows at most 25 suggestions
OLD_ZONE_FOLDERS = ("Etc/", "SystemV/", "US/", "posix/", "right/")  # aliases nobody types


@cache
def zone_names() -> tuple[str, ...]:
    """The IANA time zones a manager may pick (Region/City), Ecuador's first."""
    zones = sorted(
        zone
        for zone in available_timezones()
        if "/" in zone and not zone.startswith(OLD_ZONE_FOLDERS)
    )
    return (DEFAULT_ZONE, *(zone for zone in zones if zone != DEFAULT_ZONE))


def zone_choices(typed: str) -> list[app_commands.Choice[str]]:
    """`zona`'s suggestions: the zones whose name holds what was typed ("madrid",
    "new york"), Ecuador's first; the manager may still type any IANA name."""
    wanted = typed.strip().casefold().replace(" ", "_")
    found = [zone for zone in zone_names() if wanted in zone.casefold()]
    return [app_commands.Choice(name=zone, value=zone) for zone in found[:ZONE_CHOICES]]


@answers_refusals
async def preferences(
    services: Services,
    interaction: discord.Interaction,
    one_tap: bool | None,
    turn_ping: bool | None,
    tips: bool | None = None,
) -> None:
    """/cuarenta preferences: the player's own settings, changed if asked."""
    user_id = interaction.user.id
    asked = (("one_tap", one_tap), ("turn_ping", turn_ping), ("tips", tips))
    changes = {k: v for k, v in asked if v is not None}
    prefs = await (
        services.prefs.change(user_id, **changes) if changes else services.prefs.get(user_id)
    )
    lang = await reader_language(services, interaction)
    on_off = {True: t("word.on", lang), False: t("word.off", lang)}
    lines = t(
        "prefs.lines",
        lang,
        one_tap=on_off[prefs.one_tap],
        turn_ping=on_off[prefs.turn_ping],
        tips=on_off[prefs.tips],
    )
    text = t("prefs.saved" if changes else "prefs.show", lang, lines=lines)
    await reply(interaction, text)


# ----------------------------------------------------------------- the panel
def require_manager(interaction: discord.Interaction) -> int:
    """The server's id, when the member may change its settings."""
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        raise Refusal("config_permission")
    return interaction.guild_id


async def show(
    services: Services, interaction: discord.Interaction, page: int, note: str | None = None
) -> None:
    """Show the panel's `page` with the rules as saved."""
    lang = await reader_language(services, interaction)
    settings = await services.settings.get(interaction.guild_id)
    daily = (
        None
        if interaction.guild_id is None
        else await services.get(PuzzleDesk).server(interaction.guild_id)
    )
    payload = panel_payload(settings, daily, lang, page, note)
    await interaction.response.edit_message(content=payload.content, view=payload.view)


PANEL_KINDS = (ids.RULE_OPTION, ids.RULE_PAGE, ids.RULE_RESET)


async def panel_refused(
    services: Services, interaction: discord.Interaction, refusal: Refusal
) -> bool:
    """A refused pick shows the panel as saved with the reason on top: a select the click
    left showing a value that was not saved shows the saved one again."""
    custom_id = str(interaction.data.get("custom_id", "")) if interaction.data else ""
    parts = next(
        (found for kind in PANEL_KINDS if (found := kind.parse_id(custom_id)) is not None), None
    )
    if parts is None or interaction.response.is_done():
        return False
    lang = await reader_language(services, interaction)
    await show(services, interaction, parts["page"], refusal_text(refusal, lang, None))
    return True


async def save(
    services: Services,
    interaction: discord.Interaction,
    page: int,
    rules_of: Callable[[ServerSettings], Rules],
) -> None:
    """Make `rules_of(the settings as stored now)` the server's house rules, then show the
    panel with them."""
    guild_id = require_manager(interaction)
    await services.settings.update(guild_id, lambda stored: house_rules_config(rules_of(stored)))
    await tell(show(services, interaction, page), interaction)


class OptionSelect(Clickable, ids=ids.RULE_OPTION):
    """The select of one rule option, on page `page`."""

    page: int
    field: str

    @classmethod
    def make_item(cls, custom_id: str) -> discord.ui.Item[Any]:
        return discord.ui.Select(custom_id=custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast(discord.ui.Select[Any], self.item).values
        code = values[0] if values else ""
        await choose(services_of(interaction.client), interaction, self.page, self.field, code)


@answers_refusals_by(panel_refused)
async def choose(
    services: Services, interaction: discord.Interaction, page: int, field: str, code: str
) -> None:
    """Set one option to the value picked in its select."""
    require_manager(interaction)
    option = OPTION_BY_FIELD.get(field)
    choice = option.choice_for_code(code) if option else None
    if choice is None:
        raise Refusal("house_rules_stale")
    value = choice.value
    await save(
        services,
        interaction,
        page,
        lambda stored: stored.default_rules().with_options(**{field: value}),
    )


class PageButton(Clickable, ids=ids.RULE_PAGE):
    """Turns the panel to another page."""

    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        await turn_page(services_of(interaction.client), interaction, self.page)


@answers_refusals_by(panel_refused)
async def turn_page(services: Services, interaction: discord.Interaction, page: int) -> None:
    require_manager(interaction)
    await show(services, interaction, page)


class ResetButton(Clickable, ids=ids.RULE_RESET):
    """Sets every option as a preset plays it."""

    preset: str
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        await reset(services_of(interaction.client), interaction, self.page, self.preset)


@answers_refusals_by(panel_refused)
async def reset(
    services: Services, interaction: discord.Interaction, page: int, preset: str
) -> None:
    """Every option as the preset plays it."""
    require_manager(interaction)
    if preset not in Rules.PRESETS:
        raise Refusal("house_rules_stale")
    await save(services, interaction, page, lambda _: Rules.preset(preset))
