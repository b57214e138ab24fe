"""What a challenge's message says: open (with its buttons), or how it closed."""

from __future__ import annotations

from engine import Rules
from i18n import t
from tables import Challenge, ChallengeAnswer, ChallengeState, house_rules

from . import ids
from .rows import Payload, Rows, Style, button
from .words import length_text, when


def challenge_payload(challenge: Challenge, state: ChallengeState, lang: str) -> Payload:
    """The challenge as it stands: open, with its answers, or closed (`state` says how)."""
    names = {
        "challenger": f"<@{challenge.challenger_id}>",
        "challenged": f"<@{challenge.challenged_id}>",
    }
    if state != ChallengeState.OPEN:
        return Payload(t(f"challenge.{state}", lang, **names), None)
    text = t(
        "challenge.text",
        lang,
        rules=house_rules.rule_set_name(challenge_rules(challenge), lang),
        length=length_text(challenge.chicas_to_win, lang),
        when=when(challenge.expires_at),
        **names,
    )
    cid = challenge.challenge_id
    view = Rows.of(
        [
            button(
                ids.CHALLENGE.build(challenge_id=cid, answer=ChallengeAnswer.ACCEPT),
                label=t("button.accept", lang),
                style=Style.GREEN,
            ),
            button(
                ids.CHALLENGE.build(challenge_id=cid, answer=ChallengeAnswer.DECLINE),
                label=t("button.decline", lang),
                style=Style.RED,
            ),
            button(
                ids.CHALLENGE.build(challenge_id=cid, answer=ChallengeAnswer.WITHDRAW),
                label=t("button.withdraw", lang),
            ),
        ]
    )
    return Payload(text, view)


def challenge_rules(challenge: Challenge) -> Rules:
    if challenge.rule_options:
        return house_rules.rules_from_saved(challenge.rule_options)
    return Rules.preset(challenge.rules_name)
