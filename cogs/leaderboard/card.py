"""The player's card: what `/cuarenta stats` (and the user menu's Cuarenta stats) shows as a
picture, and the same in words for screen readers."""

from __future__ import annotations

from dataclasses import dataclass

from db import HistoryEntry, PlayerStats, RatingRow, Season, Storage
from i18n import t, tn
from render.card import PlayerCard, Rated
from tables import ratings
from tables.logros import LOGROS

from ..logros.messages import in_order
from ..seasons.messages import season_name
from ..ui.words import mode_name, record_text

CURVE_MATCHES = 30
LATEST_LOGROS = 2  # the card names the player's last few logros (two fit a line)


@dataclass(frozen=True)
class CardFacts:
    """Everything the card tells of a player, read from the storage."""

    user_id: int
    name: str
    stats: PlayerStats
    ratings: list[RatingRow]  # of all time, every ranking the player is in
    best_win: tuple[HistoryEntry, float] | None
    season: Season | None  # the season running now (None: seasons off, or all servers)
    season_rating: RatingRow | None  # in the same ranking as `rating`
    rating: RatingRow | None  # the ranking the player played most
    curve: tuple[int, ...]  # shown ratings of the headline's ranking: its start, then after each
    curve_of_season: bool  # the curve is the season's (the headline's), else of all time
    modes: tuple[tuple[int, int, int], ...]  # (players, wins, losses)
    cartones: int
    best_streak: int
    vs: tuple[int, int, int] | None  # (other user, wins, losses)
    logros: tuple[str, ...]  # in LOGROS order
    latest: tuple[str, ...]  # the last earned, newest first
    titles: int  # tournaments won
    names: dict[int, str]


async def card_facts(
    storage: Storage,
    user_id: int,
    name: str,
    guild_id: int | None,
    season: Season | None,
    vs: int | None,
) -> CardFacts | None:
    """The player's card in one server (None: all), with their rating in the season running
    now; None if no match of theirs there counts (never played, or only abandoned ones)."""
    stats = await storage.player_stats(user_id, guild_id)
    if stats is None or stats.matches == 0:
        return None
    rows = await storage.player_ratings(user_id, guild_id)
    best = await storage.best_win(user_id, guild_id) if rows else None
    main = max(rows, key=lambda row: (row.matches, -row.with_bots, -row.players), default=None)
    season_rating: RatingRow | None = None
    curve: tuple[int, ...] = ()
    season_id: int | None = None
    if main is not None:
        stored = (
            None
            if season is None or guild_id is None
            else await storage.season(guild_id, season.key)
        )
        if stored is not None:
            # The season's rating in the all-time main ranking, else in the one the player
            # played most this season (a season of matches against bots only is rated too).
            mine = await storage.player_ratings(user_id, guild_id, stored.season_id)
            same = [r for r in mine if (r.with_bots, r.players) == (main.with_bots, main.players)]
            most = sorted(mine, key=lambda row: (-row.matches, row.with_bots, row.players))
            season_rating = (same or most)[0] if same or most else None
            season_id = None if season_rating is None else stored.season_id
        headline = season_rating or main  # the curve is the headline number's
        points = await storage.rating_curve(
            user_id, guild_id, headline.with_bots, headline.players, CURVE_MATCHES, season_id
        )
        curve = tuple(ratings.shown(point.rating) for point in points)
    modes = tuple(
        (m.players, m.wins, m.losses) for m in await storage.mode_records(user_id, guild_id)
    )
    cartones, streak = await storage.feat_totals(user_id, guild_id)
    head = None
    if vs is not None and vs != user_id:
        head = (vs, *await storage.head_to_head(user_id, vs, guild_id))
    found = [e for e in await storage.player_logros(user_id) if e.logro in LOGROS]
    earned = in_order(found)
    others = [u for u in (stats.best_partner, stats.toughest_opponent, vs) if u is not None]
    return CardFacts(
        user_id=user_id,
        name=name,
        stats=stats,
        ratings=rows,
        best_win=best,
        season=season,
        season_rating=season_rating,
        rating=main,
        curve=curve,
        curve_of_season=season_id is not None,
        modes=modes,
        cartones=cartones,
        best_streak=streak,
        vs=head,
        logros=tuple(e.logro for e in earned),
        latest=tuple(e.logro for e in reversed(found[-LATEST_LOGROS:])),
        titles=await storage.tournament_titles(user_id, guild_id),
        names=await storage.player_names(others),
    )


def _rating(row: RatingRow | None, caption: str, lang: str) -> Rated:
    if row is None:
        return Rated("—", t("card.unrated", lang), caption)
    rank = t("card.rank", lang, rank=row.rank)
    return Rated(str(ratings.shown(row.skill.conservative)), rank, caption)


def _name(facts: CardFacts, user_id: int | None, lang: str) -> str:
    if user_id is None:
        return "—"
    return facts.names.get(user_id) or t("card.someone", lang)


def player_card(facts: CardFacts, lang: str) -> PlayerCard:
    """The card's picture, in the reader's words."""
    stats = facts.stats
    figures = [
        (f"{wins}–{losses}", mode_name(players, lang)) for players, wins, losses in facts.modes
    ]
    figures += [
        (str(stats.caidas), t("card.caidas", lang)),
        (str(stats.limpias), t("card.limpias", lang)),
        (str(stats.rondas), t("card.rondas", lang)),
        (str(facts.cartones), t("card.cartones", lang)),
        (str(stats.zapaterias_given), t("card.zapaterias_given", lang)),
        (str(stats.zapaterias_suffered), t("card.zapaterias_taken", lang)),
        (f"{len(facts.logros)}/{len(LOGROS)}", t("card.logros", lang)),
    ]
    if facts.titles:
        figures.append((str(facts.titles), tn("card.titles", lang, facts.titles)))
    people = [  # an empty one is left out ("Mejor compañero: —" for who never played 2 vs 2)
        f"{t(key, lang)}: {_name(facts, user_id, lang)}"
        for key, user_id in (
            ("card.partner", stats.best_partner),
            ("card.rival", stats.toughest_opponent),
        )
        if user_id is not None
    ]
    lines = [" · ".join(people)] if people else []
    if facts.vs is not None:
        other, wins, losses = facts.vs
        lines.append(f"{t('card.vs', lang, who=_name(facts, other, lang))}: {wins}–{losses}")
    if facts.latest:
        names = " · ".join(t(f"logro.{name}", lang) for name in facts.latest)
        lines.append(t("card.latest", lang, logros=names))
    matches = len(facts.curve) - 1  # the first point is the rating before them
    curve_title = tn("card.curve", lang, matches) if matches > 0 else t("card.curve_none", lang)
    headline = facts.season_rating if facts.curve_of_season else facts.rating
    if matches > 0 and facts.season is not None:  # the headline names the season in full
        curve_title += " · " + t(
            "card.curve_season" if facts.curve_of_season else "card.curve_all_time", lang
        )
    if headline is not None and (headline.with_bots or headline.players != 2):
        curve_title += f" · {mode_name(headline.players, lang, headline.with_bots)}"
    all_time = _rating(facts.rating, t("card.all_time", lang), lang)
    if facts.season is None:  # no season: all time is the big number, alone
        season, all_time = all_time, Rated("", "", "")
    else:
        caption = t("card.season", lang, name=season_name(facts.season, lang))
        season = _rating(facts.season_rating, caption, lang)
    return PlayerCard(
        name=facts.name,
        season=season,
        all_time=all_time,
        curve_title=curve_title,
        curve=facts.curve,
        figures=tuple(figures),
        lines=tuple(lines),
    )


def card_words(facts: CardFacts, lang: str) -> list[str]:
    """What the card shows beyond the totals' text, in words (for screen readers)."""
    lines = []
    if facts.season is not None and facts.season_rating is None:
        lines.append(t("stats.season_none", lang, name=season_name(facts.season, lang)))
    if facts.season is not None and facts.season_rating is not None:
        row = facts.season_rating
        lines.append(
            t(
                "stats.season_rating",
                lang,
                name=season_name(facts.season, lang),
                rows=t(
                    "stats.season_row",
                    lang,
                    mode=mode_name(row.players, lang),
                    bots=t("rating.with_bots", lang) if row.with_bots else "",
                    rating=ratings.shown(row.skill.conservative),
                    rank=row.rank,
                ),
            )
        )
    if facts.modes:
        modes = " · ".join(
            f"{mode_name(players, lang)} {record_text(wins, losses, lang)}"
            for players, wins, losses in facts.modes
        )
        lines.append(t("stats.modes", lang, modes=modes))
    streak = tn("stats.streak", lang, facts.best_streak) if facts.best_streak else ""
    lines.append(t("stats.cartones", lang, cartones=facts.cartones) + streak)  # no "0 caídas"
    if facts.vs is not None:
        other, wins, losses = facts.vs
        lines.append(
            t(
                "stats.vs",
                lang,
                who=f"<@{other}>",
                wins=tn("count.won", lang, wins),
                losses=tn("count.lost", lang, losses),
            )
        )
    if facts.logros:
        names = " · ".join(t(f"logro.{name}", lang) for name in facts.logros)
        lines.append(
            t("stats.logros", lang, count=len(facts.logros), total=len(LOGROS), logros=names)
        )
    return lines


ALT_TEXT_LIMIT = 1024  # Discord's limit for an attachment's description


def card_summary(facts: CardFacts, lang: str) -> list[str]:
    """The two or three lines beside the card's picture: who, the headline rating and its
    rank, the record; where to read more. Everything else is in the picture and its
    description (`card_alt_text`)."""
    headline = facts.season_rating if facts.season_rating is not None else facts.rating
    caption = (
        t("card.season", lang, name=season_name(facts.season, lang))
        if facts.season_rating is not None and facts.season is not None
        else t("card.all_time", lang)
    )
    if headline is None:
        rating = t("card.unrated", lang)
    else:
        rank = t("card.rank", lang, rank=headline.rank)
        rating = f"**{ratings.shown(headline.skill.conservative)}** {rank}"
    stats = facts.stats
    lines = [
        t(
            "card.summary",
            lang,
            who=f"<@{facts.user_id}>",
            rating=rating,
            caption=caption,
            won=tn("count.won", lang, stats.wins),
            lost=tn("count.lost", lang, stats.matches - stats.wins),
        )
    ]
    lines.append(f"-# {t('card.more', lang)}")
    return lines


def card_alt_text(words: list[str], lang: str) -> str:
    """The picture's description for screen readers: the whole card in words (the
    totals, the ratings and every other line), within Discord's limit."""
    plain = (line.replace("**", "").removeprefix("-# ").strip() for line in words)
    text = t("card.alt_prefix", lang) + " ".join(line for line in plain if line)
    return text[:ALT_TEXT_LIMIT]
