"""Texts of the rule options' own events (streaks of caídas, the cartón at the lock).

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

OPTION_MESSAGES: dict[str, tuple[str, str]] = {}
