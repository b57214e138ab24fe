"""Ratings, match history and replays.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

HISTORY_MESSAGES: dict[str, tuple[str, str]] = {
    # --- ratings --------------------------------------------------------------------
    "rating.line": ("📈 Puntuación: {changes}", "📈 Rating: {changes}"),
}
