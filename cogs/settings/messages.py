"""What the settings' answers say, and the house-rules panel of /cuarenta config.

The panel is the private answer to /cuarenta config: one select menu per rule option.
Its options are spread over a few pages (a message holds 5 rows: up to 4 selects, then
one row of buttons to turn pages or reset everything to Quito or Cuenca). Each select
shows the option's current value, and each of its choices says in one line what it
means.
"""

from __future__ import annotations

import math
from typing import Any

from db import PuzzleServer
from engine import Rules
from i18n import language_name, t, tn
from tables.house_rules import OPTIONS, RuleOption, rule_set_name, summary
from tables.puzzles import next_post
from tables.settings import ServerSettings
from tables.zones import DEFAULT_ZONE

from ..ui import ids
from ..ui.rows import Payload, Rows, button, select

MAX_SELECTS = 4  # the fifth row holds the buttons
NAMED_SHOWN = 8  # named seasons listed in the summary (the latest; then "y N más")


def config_summary(settings: ServerSettings, daily: PuzzleServer | None, lang: str) -> str:
    language = settings.language
    summary = t(
        "config.summary",
        lang,
        rules=rule_set_name(settings.default_rules(), lang, leave_out=()),
        turn=settings.turn_seconds,
        level=t(f"choice.{settings.bot_level}", lang),
        language=language_name(language, lang) if language else t("word.auto", lang),
        picture=t("word.on" if settings.table_picture else "word.off", lang),
    )
    hands = t("word.on" if settings.replay_all_hands else "word.off", lang)
    anyone = "on" if settings.open_tournaments else "off"
    tournaments = t(
        "config.open_tournaments", lang, value=t(f"config.open_tournaments.{anyone}", lang)
    )
    puzzle = (
        t("config.daily.off", lang)
        if daily is None
        else t(
            "config.daily.on",
            lang,
            channel=f"<#{daily.channel_id}>",
            hour=f"{daily.hour:02d}",
            zone=zone_words(daily.time_zone, lang),
        )
    )
    replays = t("config.replay_hands", lang, value=hands)
    seasons = seasons_summary(settings, lang)
    zone = t("config.zone", lang, zone=zone_words(settings.zone, lang))
    return f"{summary}, {replays}, {tournaments}, {zone}, {seasons}, {puzzle}"


def daily_on_text(daily: PuzzleServer, moment: float, lang: str) -> str:
    """The daily post just set: where, when each day, when the next one comes, and
    whether players are named."""
    names = t("puzzle.daily_names", lang) if daily.name_players else ""
    coming = int(next_post(daily, moment))
    return t(
        "puzzle.daily_on",
        lang,
        channel=f"<#{daily.channel_id}>",
        hour=f"{daily.hour:02d}",
        zone=zone_words(daily.time_zone, lang),
        local=f"<t:{coming}:t>",
        next=f"<t:{coming}:R>",
        names=names,
    )


def zone_words(zone: str, lang: str) -> str:
    """A time zone as a manager reads it: "hora de Ecuador", "UTC", or its IANA name."""
    return t("puzzle.zone.ecuador", lang) if zone == DEFAULT_ZONE else zone


def seasons_summary(settings: ServerSettings, lang: str) -> str:
    """ "temporadas mensuales (anuncios en #canal)", and the named seasons when they are on."""
    channel = settings.season_channel
    where = t("config.season_channel", lang, channel=f"<#{channel}>") if channel else ""
    text = t(
        "config.seasons", lang, mode=t(f"choice.season_{settings.seasons}", lang), channel=where
    )
    if settings.seasons != "named":
        return text
    kept = settings.named()
    named = [
        t("config.named_one", lang, name=s.name, first=s.first.isoformat(), last=s.last.isoformat())
        for s in kept[-NAMED_SHOWN:]
    ]
    if len(kept) > NAMED_SHOWN:  # the latest shown: the whole answer within 2,000 characters
        named.append(tn("season.more_names", lang, len(kept) - NAMED_SHOWN))
    listed = (
        t("config.named", lang, seasons="; ".join(named)) if named else t("config.named_none", lang)
    )
    return f"{text}. {listed}"


def _pages() -> tuple[tuple[RuleOption, ...], ...]:
    """The options in as few pages as fit, each page about as full as the others."""
    count = math.ceil(len(OPTIONS) / MAX_SELECTS)
    size = math.ceil(len(OPTIONS) / count)
    return tuple(OPTIONS[i : i + size] for i in range(0, len(OPTIONS), size))


PAGES = _pages()


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
    return select(ids.RULE_OPTION.build(page=page, field=option.field), choices, placeholder=shown)


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
            button(
                ids.RULE_PAGE.build(page=page - 1), label=t("button.prev", lang), disabled=page == 0
            ),
            button(
                ids.RULE_PAGE.build(page=page + 1),
                label=t("button.next", lang),
                disabled=page == len(PAGES) - 1,
            ),
        ]
    for preset in Rules.PRESETS:
        buttons.append(
            button(
                ids.RULE_RESET.build(preset=preset, page=page),
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
    settings: ServerSettings,
    daily: PuzzleServer | None,
    lang: str,
    page: int,
    note: str | None = None,
) -> Payload:
    """The whole /cuarenta config answer as the panel shows it after a click; a refused
    click's `note` goes on top."""
    heading = t("config.show", lang, summary=config_summary(settings, daily, lang))
    parts = [f"⚠️ {note}"] if note else []
    parts += [heading, panel_text(settings, lang, page)]
    return Payload("\n\n".join(parts), panel(settings, lang, page))
