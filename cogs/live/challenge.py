"""`LiveChallenge`: a challenge waiting for its answer, with the task that expires it."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from tables import Challenge, ChallengeState

from ..infra.clock import sleep_until
from ..infra.retry import retrying
from ..ui.challenge import challenge_payload
from .state import TableKit

log = logging.getLogger(__name__)


class Host(Protocol):
    """Where challenges are held (live/runtime.py)."""

    def holds(self, live: LiveChallenge) -> bool: ...
    def forget_challenge(self, live: LiveChallenge) -> None: ...


class LiveChallenge:
    def __init__(self, kit: TableKit, host: Host, challenge: Challenge) -> None:
        self._kit = kit
        self._host = host
        self.challenge = challenge
        self._expiry: asyncio.Task[None] | None = None

    @property
    def challenge_id(self) -> str:
        return self.challenge.challenge_id

    @property
    def channel_id(self) -> int:
        return self.challenge.channel_id

    @property
    def message_id(self) -> int | None:
        return self.challenge.message_id

    def arm(self) -> None:
        """(Re)start the task that expires the challenge."""
        self.disarm()
        self._expiry = self._kit.scheduler.spawn(self._expire(), f"expire-{self.challenge_id}")

    def disarm(self) -> None:
        if self._expiry is not None and self._expiry is not asyncio.current_task():
            self._expiry.cancel()
        self._expiry = None

    async def _expire(self) -> None:
        await sleep_until(self.challenge.expires_at)
        if not self._host.holds(self):
            return
        self._host.forget_challenge(self)
        await retrying(
            lambda: self._kit.storage.delete_session(self.challenge_id),
            f"deleting expired challenge {self.challenge_id}",
        )
        payload = challenge_payload(self.challenge, ChallengeState.EXPIRED, self.challenge.lang)
        await self._kit.io.edit_public(self.channel_id, self.message_id, payload.content)

    async def save(self) -> None:
        c = self.challenge
        await self._kit.storage.save_session(
            c.challenge_id, c.guild_id, c.channel_id, "challenge", c.to_dict(), live=True
        )
