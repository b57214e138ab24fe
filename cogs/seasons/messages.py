"""How a season is named, and what its end announces."""

from __future__ import annotations

import re

from db import Logro, Podium, Season, SeasonRow
from i18n import t, tn
from tables import ratings
from tables.logros import podium_logros

from ..logros.messages import earned_text
from ..ui.words import mode_name, record_text

MOST_MATCHES_NAMED = 5  # who played most, named at most (then "y N más": one message)
_MONTH = re.compile(r"(\d{4})-(\d{2})")
_QUARTER = re.compile(r"(\d{4})-Q(\d)")


def season_name(season: Season, lang: str) -> str:
    """A season as players read it: "diciembre 2026", "Q4 2026", "Fiestas de Quito"."""
    if month := _MONTH.fullmatch(season.key):
        return t("season.month", lang, month=t(f"month.{int(month[2])}", lang), year=month[1])
    if quarter := _QUARTER.fullmatch(season.key):
        return t("season.quarter", lang, quarter=quarter[2], year=quarter[1])
    return season.name


def names_listed(names: list[str], lang: str) -> str:
    """ "a", "a y b", "a, b y c"; past MOST_MATCHES_NAMED, "a, b, c, d, e y 3 más"."""
    if len(names) > MOST_MATCHES_NAMED:
        more = len(names) - MOST_MATCHES_NAMED
        names = [*names[:MOST_MATCHES_NAMED], tn("season.more_names", lang, more)]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + t("word.and", lang) + names[-1]


def season_over_text(row: SeasonRow, lang: str, earned: list[Logro] | None = None) -> str:
    """The announcement of a season's end: the podium of its main ladder (only as many
    places as it has players for: db.seasons.podium_places), who played most on that
    ladder (everyone tied), the best caída streak, the podium's logros (`earned`, by
    default what its places earn: one line each), and that a new season starts."""
    podium = row.podium or Podium()
    name = season_name(row.season, lang)
    ladder = mode_name(podium.players, lang, podium.with_bots)
    lines = [t("season.over", lang, name=name, ladder=ladder)]
    for number, place in enumerate(podium.places, start=1):
        lines.append(
            t(
                f"season.place.{number}",
                lang,
                who=f"<@{place.user_id}>",
                rating=ratings.shown(place.value),
                record=record_text(place.wins, place.matches - place.wins, lang),
            )
        )
    if not podium.places:
        too_few = podium.most_matches is not None  # rated matches, too few players for it
        lines.append(t("season.too_few" if too_few else "season.nobody", lang))
    if podium.most_matches is not None:
        busiest = [podium.most_matches.user_id, *podium.most_matches_tied]
        lines.append(
            t(
                "season.most_matches",
                lang,
                who=names_listed([f"<@{user_id}>" for user_id in busiest], lang),
                count=podium.most_matches.matches,
            )
        )
    if podium.best_streak is not None:
        lines.append(
            tn(
                "season.best_streak",
                lang,
                int(podium.best_streak.value),
                who=f"<@{podium.best_streak.user_id}>",
            )
        )
    if earned is None:  # what the podium earns (tables.logros.podium_logros)
        earned = podium_logros(podium, row.guild_id, 0.0)
    if earned:
        lines.append(earned_text(earned, lang))
    lines.append(t("season.next", lang, name=name))
    return "\n".join(lines)
