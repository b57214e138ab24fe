"""What a leaderboard page and a player's stats say."""

from __future__ import annotations

import math

from db import HistoryEntry, PlayerStats, RatingRow, Season, SeasonRow, Storage
from db.ratings import TREND_MATCHES
from i18n import join_names, t, tn
from tables import ratings

from ..history.messages import seat_label
from ..seasons.messages import season_name
from ..ui import ids
from ..ui.rows import Payload, Rows, button
from ..ui.words import mode_name, score_text, signed

PAGE_SIZE = 10
MIN_MATCHES_FOR_RATE = 5
# The rating rankings are per table size; a leaderboard button names one as its sort.
RATING_SORTS = {"rating": 2, "rating_teams": 4}


def rating_sort(sort: str, players: str) -> str:
    """The leaderboard's sort as its buttons carry it: "rating" means 1 vs 1 unless the
    command asked for 2 vs 2."""
    return "rating_teams" if sort == "rating" and players == "2v2" else sort


def _rating_text(conservative: float, matches: int, lang: str) -> tuple[str, str]:
    """The shown rating and the provisional mark (or "")."""
    provisional = t("rating.provisional", lang) if ratings.is_provisional(matches) else ""
    return str(ratings.shown(conservative)), provisional


def _when(guild_id: int | None, season: SeasonRow | None, lang: str) -> str:
    """Which season a server's board counts (nothing for the board of all servers), and
    when a running one ends (`<t:…:R>`: each reader's own time)."""
    if guild_id is None:
        return ""
    if season is None:
        return t("leaderboard.all_time", lang)
    name = t("leaderboard.season", lang, name=season_name(season.season, lang))
    if season.archived_at is None:
        name += t("leaderboard.season_ends", lang, ends=f"<t:{int(season.season.ends_at)}:R>")
    return name


def _empty_season_line(empty_season: Season | None, lang: str) -> list[str]:
    """The current season that has no match yet, said above the board of all time."""
    if empty_season is None:
        return []
    name = season_name(empty_season, lang)
    ends = f"<t:{int(empty_season.ends_at)}:R>"
    return [t("leaderboard.empty_season", lang, name=name, ends=ends)]


async def leaderboard_payload(
    storage: Storage,
    guild_id: int | None,
    sort: str,
    with_bots: bool,
    page: int,
    lang: str,
    season: SeasonRow | None = None,
    empty_season: Season | None = None,
) -> Payload:
    """A page of a leaderboard: of one server (None: all), of all time or of one season."""
    if sort in RATING_SORTS:
        return await rating_leaderboard_payload(
            storage, guild_id, sort, with_bots, page, lang, season, empty_season
        )
    season_id = None if season is None else season.season_id
    total = await storage.leaderboard_size(
        guild_id,
        sort=sort,
        with_bots=with_bots,
        min_matches=MIN_MATCHES_FOR_RATE,
        season_id=season_id,
    )
    pages = max(1, math.ceil(total / PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    rows = await storage.leaderboard(
        guild_id,
        sort=sort,
        with_bots=with_bots,
        limit=PAGE_SIZE,
        offset=page * PAGE_SIZE,
        min_matches=MIN_MATCHES_FOR_RATE,
        season_id=season_id,
    )
    scope = t("choice.global" if guild_id is None else "choice.guild", lang)
    bots = (t("leaderboard.bots", lang) if with_bots else "") + _when(guild_id, season, lang)
    lines = [t("leaderboard.title", lang, scope=scope, sort=t(f"choice.{sort}", lang), bots=bots)]
    lines += _empty_season_line(empty_season, lang)
    if not rows:
        played = sort == "win_rate" and await storage.leaderboard_size(
            guild_id,
            sort="wins",
            with_bots=with_bots,
            min_matches=MIN_MATCHES_FOR_RATE,
            season_id=season_id,
        )
        empty = t("leaderboard.too_few", lang, n=MIN_MATCHES_FOR_RATE) if played else None
        lines.append(empty or t("leaderboard.empty", lang))
        return Payload("\n".join(lines), None)
    for row in rows:
        lines.append(
            t(
                "leaderboard.row",
                lang,
                rank=row.rank,
                who=f"<@{row.user_id}>",
                wins=tn("count.won", lang, row.wins),
                losses=tn("count.lost", lang, row.losses),
                rate=round(row.win_rate * 100),
                score=score_text(row.points, lang),
            )
        )
    return _paged(lines, guild_id, season, sort, with_bots, page, pages, lang)


def _paged(
    lines: list[str],
    guild_id: int | None,
    season: SeasonRow | None,
    sort: str,
    with_bots: bool,
    page: int,
    pages: int,
    lang: str,
) -> Payload:
    """A leaderboard page's lines, its page number and its ◀ ▶ buttons."""
    lines.append(t("leaderboard.page", lang, page=page + 1, pages=pages))

    def page_id(number: int) -> str:
        if season is not None:
            return ids.SEASON_BOARD.build(
                season_id=season.season_id, sort=sort, with_bots=with_bots, page=number
            )
        return ids.LEADERBOARD.build(
            scope=ids.scope_of(guild_id), sort=sort, with_bots=with_bots, page=number
        )

    view = Rows.of(
        [
            button(page_id(page - 1), label=t("button.prev", lang), disabled=page == 0),
            button(page_id(page + 1), label=t("button.next", lang), disabled=page >= pages - 1),
        ]
    )
    return Payload("\n".join(lines), view)


async def rating_leaderboard_payload(
    storage: Storage,
    guild_id: int | None,
    sort: str,
    with_bots: bool,
    page: int,
    lang: str,
    season: SeasonRow | None = None,
    empty_season: Season | None = None,
) -> Payload:
    """A page of a rating ranking (sort "rating": 1 vs 1, "rating_teams": 2 vs 2)."""
    players = RATING_SORTS[sort]
    season_id = None if season is None else season.season_id
    total = await storage.rating_leaderboard_size(guild_id, with_bots, players, season_id)
    pages = max(1, math.ceil(total / PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    rows = await storage.rating_leaderboard(
        guild_id, with_bots, players, PAGE_SIZE, page * PAGE_SIZE, season_id
    )
    scope = t("choice.global" if guild_id is None else "choice.guild", lang)
    bots = (t("leaderboard.bots", lang) if with_bots else "") + _when(guild_id, season, lang)
    title = f"{t('choice.rating', lang)} · {mode_name(players, lang)}"
    lines = [t("leaderboard.title", lang, scope=scope, sort=title, bots=bots)]
    lines += _empty_season_line(empty_season, lang)
    if not rows:
        lines.append(t("leaderboard.empty", lang))
        return Payload("\n".join(lines), None)
    for row in rows:
        rating, provisional = _rating_text(row.skill.conservative, row.matches, lang)
        lines.append(
            t(
                "leaderboard.rating_row",
                lang,
                rank=row.rank,
                who=f"<@{row.user_id}>",
                rating=rating,
                provisional=provisional,
                wins=tn("count.won", lang, row.wins),
                losses=tn("count.lost", lang, row.matches - row.wins),
            )
        )
    lines.append(t("leaderboard.rating_note", lang))
    return _paged(lines, guild_id, season, sort, with_bots, page, pages, lang)


async def stats_text(
    storage: Storage, user_id: int, guild_id: int | None, lang: str, rules: str | None = None
) -> str:
    """A player's record in this server, of every match or of one rule set's."""
    stats = await storage.player_stats(user_id, guild_id, rules=rules)
    who = f"<@{user_id}>"
    if stats is None:
        return t("stats.none", lang, who=who)
    if stats.matches == 0:  # abandoned matches count in no figure: not a block of zeros
        return tn("stats.only_abandoned", lang, stats.abandoned, who=who)
    # Ratings span every rule set: told with the totals of every match only.
    rows = [] if rules else await storage.player_ratings(user_id, guild_id)
    best = await storage.best_win(user_id, guild_id) if rows else None
    return record_text_of(stats, rows, best, lang)


def record_text_of(
    stats: PlayerStats, rows: list[RatingRow], best: tuple[HistoryEntry, float] | None, lang: str
) -> str:
    """The player's totals, then their ratings and best win (none if unrated)."""
    return "\n".join(
        [_totals_text(stats, f"<@{stats.user_id}>", lang), *rating_lines(rows, best, lang)]
    )


def rating_lines(
    rows: list[RatingRow], best: tuple[HistoryEntry, float] | None, lang: str
) -> list[str]:
    """The player's ratings (each with rank and recent trend) and best win; none if unrated."""
    if not rows:
        return []
    lines = [t("stats.ratings", lang)]
    for row in rows:
        rating, provisional = _rating_text(row.skill.conservative, row.matches, lang)
        recent = min(row.matches, TREND_MATCHES)
        lines.append(
            t(
                "stats.rating_row",
                lang,
                mode=mode_name(row.players, lang),
                bots=t("rating.with_bots", lang) if row.with_bots else "",
                rating=rating,
                provisional=provisional,
                rank=row.rank,
                trend=signed(ratings.SCALE * row.trend),
                recent=tn("stats.recent", lang, recent),
            )
        )
    if best is not None:
        entry, strength = best
        against = [seat_label(s, lang) for s in entry.seats if s.seat % 2 != entry.side]
        lines.append(
            t(
                "stats.best_win",
                lang,
                who=join_names(against, lang),
                rating=ratings.shown(strength),
                when=f"<t:{int(entry.finished_at)}:R>",
            )
        )
    return lines


async def puzzle_line(storage: Storage, user_id: int, guild_id: int, today: int, lang: str) -> str:
    """The player's puzzles in this server in one line ("" if they never answered one):
    solved, streak, best streak, and their place in the server's puzzle ranking."""
    standing = await storage.puzzle_standing(guild_id, user_id, today)
    if standing is None:
        return ""
    players = await storage.puzzle_ranking_size(guild_id)
    line = t(
        "stats.puzzles",
        lang,
        solved=tn("stats.puzzles.solved", lang, standing.solved),
        streak=tn("stats.puzzles.days", lang, standing.streak),
        best=tn("stats.puzzles.days", lang, standing.best_streak),
        rank=standing.rank,
        players=max(players, standing.rank),
    )
    if standing.skill is None:  # answers from before puzzles were rated
        return line
    rating, provisional = _rating_text(standing.skill.conservative, standing.tried, lang)
    return line + t("stats.puzzles.rating", lang, rating=rating, provisional=provisional)


def _totals_text(stats: PlayerStats, who: str, lang: str) -> str:
    """The player's totals: matches, chicas, points, caídas, partners and rivals."""
    nobody = t("stats.nobody", lang)
    partner = f"<@{stats.best_partner}>" if stats.best_partner else nobody
    rival = f"<@{stats.toughest_opponent}>" if stats.toughest_opponent else nobody
    return t(
        "stats.text",
        lang,
        who=who,
        wins=tn("count.won", lang, stats.wins),
        losses=tn("count.lost", lang, stats.losses),
        rate=round(stats.win_rate * 100),
        chicas_won=tn("count.won", lang, stats.chicas_won),
        chicas_lost=tn("count.lost", lang, stats.chicas_lost),
        score=score_text(stats.points, lang),
        caidas=stats.caidas,
        limpias=stats.limpias,
        rondas=stats.rondas,
        zap_given=tn("count.given", lang, stats.zapaterias_given),
        zap_suffered=tn("count.suffered", lang, stats.zapaterias_suffered),
        partner=partner,
        rival=rival,
        bot_matches=stats.bot_matches,
    )
