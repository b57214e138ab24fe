"""The house-rules panel of /cuarenta config: one select menu per rule option (Manage Server).

The panel is the private answer to /cuarenta config. Its options are spread over a few
pages (a message holds 5 rows: up to 4 selects, then one row of buttons to turn pages or
reset everything to Quito or Cuenca). Each select shows the option's current value, and
each of its choices says in one line what it means. Picking a value saves the server's
house rules at once and shows the panel again; tables already open keep their own rules.

`panel()` and `panel_text()` build the panel; `PANEL_ITEMS` are the DynamicItem kinds
the bot registers so that its controls keep working after a restart.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Self

import discord

from engine import Rules
from i18n import t
from tables import Refusal
from tables.house_rules import OPTION_BY_FIELD, OPTIONS, RuleOption, summary
from tables.settings import ServerSettings, house_rules_config

from .components import PREFIX, Rows, _Button, _cog, _Kind, button
from .presenters import Payload
from .records import config_summary

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

MAX_SELECTS = 4  # the fifth row holds the buttons
PAGE = r"(?P<page>[0-9]+)"


def _pages() -> tuple[tuple[RuleOption, ...], ...]:
    """The options in as few pages as fit, each page about as full as the others."""
    count = math.ceil(len(OPTIONS) / MAX_SELECTS)
    size = math.ceil(len(OPTIONS) / count)
    return tuple(OPTIONS[i : i + size] for i in range(0, len(OPTIONS), size))


PAGES = _pages()


def select(
    custom_id: str, options: list[dict[str, Any]], placeholder: str | None = None
) -> dict[str, Any]:
    """One raw string select menu (pick exactly one)."""
    raw: dict[str, Any] = {"type": 3, "custom_id": custom_id, "options": options}
    if placeholder:
        raw["placeholder"] = placeholder[:150]
    return raw


def option_select(option: RuleOption, rules: Rules, page: int, lang: str) -> dict[str, Any]:
    """The select of one option: every choice as "Name: value", its meaning below it."""
    name = option.name(lang)
    current = getattr(rules, option.field)
    choices = [
        {
            "label": t("house.option_value", lang, name=name, value=option.label(c.value, lang)),
            "value": c.code,
            "description": option.meaning(c, lang),
            "default": c.value == current,
        }
        for c in option.choices
    ]
    shown = t("house.option_value", lang, name=name, value=option.label(current, lang))
    return select(OptionSelect.id_for(page, option.field), choices, placeholder=shown)


def _on_a_page(page: int) -> int:
    """The page asked for, or the nearest one (a panel from before may ask for any)."""
    return min(max(page, 0), len(PAGES) - 1)


def panel(settings: ServerSettings, lang: str, page: int = 0) -> Rows:
    """The controls of one page of the panel, for the server's default rules."""
    page = _on_a_page(page)
    rules = settings.default_rules()
    rows: list[list[dict[str, Any]]] = [
        [option_select(option, rules, page, lang)] for option in PAGES[page]
    ]
    buttons = []
    if len(PAGES) > 1:
        buttons += [
            button(PageButton.id_for(page - 1), label=t("button.prev", lang), disabled=page == 0),
            button(
                PageButton.id_for(page + 1),
                label=t("button.next", lang),
                disabled=page == len(PAGES) - 1,
            ),
        ]
    for preset in Rules.PRESETS:
        buttons.append(
            button(
                ResetButton.id_for(preset, page),
                label=t("house.reset", lang, name=t(f"choice.{preset}", lang)),
                disabled=rules == Rules.preset(preset),
            )
        )
    rows.append(buttons)
    return Rows.stacked(rows)


def panel_text(settings: ServerSettings, lang: str, page: int = 0) -> str:
    """What the panel says above its controls: the rules in short, and the page."""
    lines = [
        t("house.panel.title", lang, rules=summary(settings.default_rules(), lang)),
        t("house.panel.help", lang),
    ]
    if len(PAGES) > 1:
        lines.append(t("house.panel.page", lang, page=_on_a_page(page) + 1, pages=len(PAGES)))
    return "\n".join(lines)


def panel_payload(
    settings: ServerSettings, lang: str, page: int, note: str | None = None
) -> Payload:
    """The whole /cuarenta config answer as the panel shows it after a click; a refused
    click's `note` goes on top."""
    heading = t("config.show", lang, summary=config_summary(settings, lang))
    parts = [f"⚠️ {note}"] if note else []
    parts += [heading, panel_text(settings, lang, page)]
    return Payload("\n\n".join(parts), panel(settings, lang, page))


# ------------------------------------------------------------------ what a click does
def require_manager(interaction: discord.Interaction) -> int:
    """The server's id, when the member may change its settings."""
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        raise Refusal("config_permission")
    return interaction.guild_id


async def show(
    cog: Cuarenta, interaction: discord.Interaction, page: int, note: str | None = None
) -> None:
    """Show the panel's `page` with the rules as saved."""
    lang = await cog.reader_language(interaction)
    payload = panel_payload(await cog.server_settings(interaction.guild_id), lang, page, note)
    await interaction.response.edit_message(content=payload.content, view=payload.view)


async def turn_page(cog: Cuarenta, interaction: discord.Interaction, page: int) -> None:
    require_manager(interaction)
    await show(cog, interaction, page)


async def save(cog: Cuarenta, interaction: discord.Interaction, page: int, rules: Rules) -> None:
    """Make `rules` the server's house rules, then show the panel with them."""
    guild_id = require_manager(interaction)
    await cog.bot.storage.set_guild_config(guild_id, **house_rules_config(rules))
    cog.settings_cache.pop(guild_id, None)
    await cog.tell(show(cog, interaction, page), interaction)


async def choose(
    cog: Cuarenta, interaction: discord.Interaction, page: int, field: str, code: str
) -> None:
    """Set one option to the value picked in its select."""
    require_manager(interaction)
    option = OPTION_BY_FIELD.get(field)
    choice = option.choice_for_code(code) if option else None
    if choice is None:
        raise Refusal("house_rules_stale")
    settings = await cog.server_settings(interaction.guild_id)
    await save(
        cog, interaction, page, settings.default_rules().with_options(**{field: choice.value})
    )


async def reset(cog: Cuarenta, interaction: discord.Interaction, page: int, preset: str) -> None:
    """Every option as the preset plays it."""
    require_manager(interaction)
    if preset not in Rules.PRESETS:
        raise Refusal("house_rules_stale")
    await save(cog, interaction, page, Rules.preset(preset))


async def _answer(interaction: discord.Interaction, handler: Any, page: int, *args: Any) -> None:
    """Run a panel handler the way the cog runs its own, but answer a refusal by showing
    the panel as saved with the reason on top: a select the click left showing a value
    that was not saved shows the saved one again."""
    from .cuarenta import answers_refusals  # late: cogs.cuarenta imports this module

    async def run(cog: Cuarenta, interaction: discord.Interaction, page: int) -> None:
        try:
            await handler(cog, interaction, page, *args)
        except Refusal as refusal:
            lang = await cog.reader_language(interaction)
            await show(cog, interaction, page, cog.refusal_text(refusal, lang, None))

    await answers_refusals(run)(_cog(interaction), interaction, page)


# ------------------------------------------------------------------- the panel's kinds
class OptionSelect(
    _Kind,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:hrset:{PAGE}:(?P<field>[a-z_]+)",
):
    """The select of one rule option, on page `page`."""

    kind = "hrset"

    def __init__(self, page: int, field: str) -> None:
        super().__init__(discord.ui.Select(custom_id=self.id_for(page, field)))
        self.page, self.field = page, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["page"]), match["field"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _answer(interaction, choose, self.page, self.field, values[0] if values else "")


class PageButton(_Button, template=rf"{PREFIX}:hrpage:{PAGE}"):
    """Turns the panel to another page."""

    kind = "hrpage"

    def __init__(self, page: int) -> None:
        super().__init__(self.id_for(page))
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _answer(interaction, turn_page, self.page)


class ResetButton(_Button, template=rf"{PREFIX}:hrreset:(?P<preset>[a-z]+):{PAGE}"):
    """Sets every option as a preset plays it."""

    kind = "hrreset"

    def __init__(self, preset: str, page: int) -> None:
        super().__init__(self.id_for(preset, page))
        self.preset, self.page = preset, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["preset"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _answer(interaction, reset, self.page, self.preset)


PANEL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (OptionSelect, PageButton, ResetButton)
