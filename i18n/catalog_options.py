"""Texts of the rule options' own events (streaks of caídas, the cartón at the lock).

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

OPTION_MESSAGES: dict[str, tuple[str, str]] = {
    # EventKind.CAIDAS_SEGUIDAS: `count` caídas in a row win the chica for `side`.
    "event.caidas_seguidas": (
        "¡{count} caídas seguidas! {side} gana la chica",
        "{count} caídas in a row! {side} wins the chica",
    ),
}
