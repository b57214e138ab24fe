"""The choices of the commands' options, and what they mean."""

from __future__ import annotations

from engine import Rules
from engine.ai import BotLevel
from i18n import LANGUAGES
from tables.house_rules import RULE_SETS
from tables.seasons import MODES

from .localized import choice, language_choice

MODE_CHOICES = [
    choice("choice.bot_mode", "bot"),
    choice("choice.1v1", "1v1"),
    choice("choice.2v2", "2v2"),
]


LEVEL_CHOICES = [choice(f"choice.{level}", level.value) for level in BotLevel.offered()]


RULES_CHOICES = [choice(f"choice.{name}", name) for name in RULE_SETS]


LENGTH_CHOICES = [choice("choice.match", "match"), choice("choice.one_chica", "one")]


def match_length(length: str | None, rules: Rules) -> int:
    """Chicas to win: the option if given ("one", "match"), else what the rule set says."""
    if length is None:
        return rules.chicas_to_win
    return 1 if length == "one" else 2


SCOPE_CHOICES = [choice("choice.guild", "guild"), choice("choice.global", "global")]


SORT_CHOICES = [choice(f"choice.{key}", key) for key in ("wins", "win_rate", "points", "rating")]


PLAYERS_CHOICES = [choice("choice.1v1", "1v1"), choice("choice.2v2", "2v2")]


LANGUAGE_CHOICES = [*(language_choice(code) for code in LANGUAGES), choice("word.auto", "auto")]


SEASON_MODE_CHOICES = [choice(f"choice.season_{mode}", mode) for mode in MODES]
FORMAT_CHOICES = [choice(f"choice.{name}", name) for name in ("knockout", "swiss", "groups")]


TEAMS_CHOICES = [choice("choice.singles", "singles"), choice("choice.pairs", "pairs")]
