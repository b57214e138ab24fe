"""A 1-against-1 challenge waiting for the challenged player's answer."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from .refusal import Refusal

CHALLENGE_SECONDS = 300


class ChallengeState(StrEnum):
    """Where a challenge stands, for the message that shows it. Each member equals its
    value, which also names its message: f"challenge.{state}" (except OPEN's)."""

    OPEN = "open"  # waiting for the challenged player's answer
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"  # the challenger took it back
    EXPIRED = "expired"


class ChallengeAnswer(StrEnum):
    """A click on a challenge: the challenged accepts or declines, the challenger withdraws."""

    ACCEPT = "accept"
    DECLINE = "decline"
    WITHDRAW = "withdraw"

    @property
    def closes_as(self) -> ChallengeState:
        return {
            ChallengeAnswer.ACCEPT: ChallengeState.ACCEPTED,
            ChallengeAnswer.DECLINE: ChallengeState.DECLINED,
            ChallengeAnswer.WITHDRAW: ChallengeState.WITHDRAWN,
        }[self]


@dataclass
class Challenge:
    challenge_id: str
    guild_id: int | None
    channel_id: int
    challenger_id: int
    challenged_id: int
    rules_name: str
    chicas_to_win: int
    lang: str
    expires_at: float
    message_id: int | None = None
    challenger_name: str = ""
    challenged_name: str = ""
    rule_options: dict[str, Any] | None = None  # the rules when not a preset (house rules)

    def answer(self, user_id: int, now: float, answer: ChallengeAnswer) -> None:
        """Check that `user_id` may give `answer` now: only the challenged accepts or
        declines, only the challenger withdraws."""
        if now >= self.expires_at:
            raise Refusal("challenge_expired")
        if answer == ChallengeAnswer.WITHDRAW:
            if user_id != self.challenger_id:
                raise Refusal("challenge_withdraw_not_yours")
        elif user_id != self.challenged_id:
            raise Refusal("challenge_not_yours")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Challenge:
        return cls(**data)
