"""The house-rules panel and the words that describe each rule option.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

HOUSE_RULES_MESSAGES: dict[str, tuple[str, str]] = {}
