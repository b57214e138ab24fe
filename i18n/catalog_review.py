"""Hints on demand and the review after a match.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

REVIEW_MESSAGES: dict[str, tuple[str, str]] = {}
