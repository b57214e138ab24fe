"""`/cuarenta leaderboard` and its page buttons, `/cuarenta stats` (the player's card) and
`/cuarenta logros`.

They answer privately unless the player asks to show the channel (`public`): a look at
the rankings should not leave a message in the game channel for everyone.
"""

from __future__ import annotations

import discord
from discord import app_commands

from db import SeasonRow
from i18n import LANGUAGES, t, tn
from render.card import render_card_png_async
from tables import Refusal

from ..answers import answers_refusals, clicked_language, language_for, reader_language
from ..infra.clock import now
from ..puzzles.desk import PuzzleDesk
from ..seasons.messages import season_name
from ..services import Services, services_of
from ..ui import ids
from ..ui.ids import Clickable
from ..ui.pictures import picture_file
from .card import card_alt_text, card_facts, card_summary, card_words, player_card
from .messages import (
    leaderboard_payload,
    puzzle_line,
    rating_sort,
    record_text_of,
    stats_text,
)

ALL_TIME = "all"  # the season option's value for the board of all time
_ALL_TIME_WORDS = {ALL_TIME, *(t("season.choice_all", lang).casefold() for lang in LANGUAGES)}


@answers_refusals
async def leaderboard(
    services: Services,
    interaction: discord.Interaction,
    scope: str,
    sort: str,
    with_bots: bool,
    players: str,
    public: bool,
    season: str | None = None,
) -> None:
    """A leaderboard of this server (or of every server), its first page: of the current
    season by default (of all time until the season has a match), a past one, or all time."""
    lang = await language_for(services, interaction, public=public)
    guild_id = interaction.guild_id if scope == "guild" else None
    sort = rating_sort(sort, players)
    chosen = await _season(services, guild_id, season)
    empty = None  # the running season, when it has no match yet: said, not silently all time
    if chosen is None and guild_id is not None and not (season or "").strip():
        empty = (await services.settings.get(guild_id)).season_at(now())
    payload = await leaderboard_payload(
        services.storage, guild_id, sort, with_bots, 0, lang, chosen, empty
    )
    await interaction.response.send_message(**payload.to_send(), ephemeral=not public)


async def _season(services: Services, guild_id: int | None, key: str | None) -> SeasonRow | None:
    """The season a server's board is asked for; None: all time (the board of all servers,
    or no season running, or none of its matches yet). Refusal for an unknown season, or
    a season asked of the board of all servers (seasons are each server's own)."""
    typed = (key or "").strip().casefold()
    if typed in _ALL_TIME_WORDS or (guild_id is None and not typed):
        return None
    if guild_id is None:
        raise Refusal("season_of_all_servers")
    if typed:
        return await _season_named(services, guild_id, key or "")
    current = (await services.settings.get(guild_id)).season_at(now())
    return None if current is None else await services.storage.season(guild_id, current.key)


async def _season_named(services: Services, guild_id: int, key: str) -> SeasonRow:
    """The server's season of that key (as the suggestions give it) or name, as typed in
    either language ("diciembre 2025", "December 2025", "Fiestas de Quito")."""
    found = await services.storage.season(guild_id, key.strip())
    if found is not None:
        return found
    typed = key.strip().casefold()
    for row in await services.storage.seasons(guild_id):
        names = {season_name(row.season, lang).casefold() for lang in LANGUAGES}
        if typed in names | {row.season.name.casefold()}:
            return row
    raise Refusal("unknown_season")


async def season_choices(
    services: Services, interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The season option's suggestions: the server's seasons, the latest first, then all
    time; those whose name holds what was typed."""
    lang = await reader_language(services, interaction)
    rows = (
        [] if interaction.guild_id is None else await services.storage.seasons(interaction.guild_id)
    )
    choices = [(season_name(row.season, lang), row.season.key) for row in rows]
    choices.append((t("season.choice_all", lang), ALL_TIME))
    typed = typed.casefold()
    return [
        app_commands.Choice(name=name[:100], value=value)
        for name, value in choices
        if typed in name.casefold()
    ][:25]


@answers_refusals
async def stats(
    services: Services,
    interaction: discord.Interaction,
    user: discord.User | discord.Member | None,
    rules: str | None,
    public: bool,
    vs: discord.User | discord.Member | None = None,
) -> None:
    """A player's record in this server: their card (a picture, and the same in words) of
    every match, or their totals of one rule set's."""
    lang = await language_for(services, interaction, public=public)
    target = user or interaction.user
    guild_id = interaction.guild_id
    quiet = discord.AllowedMentions.none()
    facts = None
    if rules is None:
        calendar = await services.settings.get(guild_id)
        season = None if guild_id is None else calendar.season_at(now())
        vs_id = None if vs is None else vs.id
        facts = await card_facts(
            services.storage, target.id, target.display_name, guild_id, season, vs_id
        )
    private = not public
    puzzles = ""
    if guild_id is not None and rules is None:  # puzzles have no rule set
        today = await services.get(PuzzleDesk).today(guild_id)
        line = await puzzle_line(services.storage, target.id, guild_id, today, lang)
        puzzles = f"\n{line}" if line else ""
    if facts is None:
        text = await stats_text(services.storage, target.id, guild_id, lang, rules)
        titles = await services.storage.tournament_titles(target.id, guild_id)
        text += _titles_line(titles, lang) + puzzles
        await interaction.response.send_message(text, ephemeral=private, allowed_mentions=quiet)
        return
    record = record_text_of(facts.stats, facts.ratings, facts.best_win, lang)
    first = record + _titles_line(facts.titles, lang)
    words = [first, *card_words(facts, lang)]
    # Beside the picture two or three lines; the whole card in words is its description.
    text = "\n".join(card_summary(facts, lang)) + puzzles
    png = await render_card_png_async(player_card(facts, lang))
    picture = picture_file(png, "cuarenta-card.png", description=card_alt_text(words, lang))
    await interaction.response.send_message(
        text[:2000], file=picture, ephemeral=private, allowed_mentions=quiet
    )


def _titles_line(titles: int, lang: str) -> str:
    """The line of a player's tournament titles ("" with none)."""
    return "\n" + tn("stats.titles", lang, titles) if titles else ""


class LeaderboardButton(Clickable, ids=ids.LEADERBOARD):
    """A page of a leaderboard."""

    scope: str
    sort: str
    with_bots: bool
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        guild_id = ids.guild_of(self.scope)
        await click_leaderboard(
            services, interaction, guild_id, self.sort, self.with_bots, self.page
        )


@answers_refusals
async def click_leaderboard(
    services: Services,
    interaction: discord.Interaction,
    guild_id: int | None,
    sort: str,
    with_bots: bool,
    page: int,
    season: SeasonRow | None = None,
) -> None:
    lang = await clicked_language(services, interaction)
    payload = await leaderboard_payload(
        services.storage, guild_id, sort, with_bots, page, lang, season
    )
    await interaction.response.edit_message(content=payload.content, view=payload.view)


class SeasonBoardButton(Clickable, ids=ids.SEASON_BOARD):
    """A page of a server's leaderboard of one season."""

    season_id: int
    sort: str
    with_bots: bool
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_season_board(
            services, interaction, self.season_id, self.sort, self.with_bots, self.page
        )


@answers_refusals
async def click_season_board(
    services: Services,
    interaction: discord.Interaction,
    season_id: int,
    sort: str,
    with_bots: bool,
    page: int,
) -> None:
    season = await services.storage.season_by_id(season_id)
    if season is None:
        raise Refusal("unknown_season")
    await click_leaderboard(services, interaction, season.guild_id, sort, with_bots, page, season)
