"""The one retry policy, for every request to Discord (and what else a loop retries).

What Discord answers decides what is done next, here and nowhere else:
- 404: the thing is gone. Never retried: `discord.NotFound` is raised for the caller to
  settle what depended on it (a table or tournament whose channel is gone ends).
- 403: closed to the bot. Never retried: `discord.Forbidden` is raised (the caller tells
  the host or logs once).
- 429: rate limited: wait what Discord says (`retry_after`), then again.
- 5xx, other 4xx (the caller handles those it knows, as an old message's 30046), network
  errors, and failures that are not Discord's answer (a locked database):
  again after a growing pause (1 s, 2 s, 4 s... up to a minute), `tries` times at most
  when a bound is given.

A `Retrier` holds one loop's record. After any failure, its next request first waits out
the pause it owes, whatever that request is (a post after a failed edit too): no loop
makes two failed requests without a pause.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from enum import Enum
from typing import Any, TypeVar

import discord

from .clock import backoff, now

log = logging.getLogger(__name__)
T = TypeVar("T")

UNKNOWN_CHANNEL = 10003  # Discord's code: the channel (or thread) was deleted
RATE_LIMIT_FLOOR_SECONDS = 0.5  # the least pause after a 429 (even one that says 0)


class Verdict(Enum):
    GONE = "gone"  # 404
    REFUSED = "refused"  # 403
    RATE_LIMITED = "rate limited"  # 429
    TRANSIENT = "transient"  # 5xx, the network, anything that is not Discord's answer


FINAL = (Verdict.GONE, Verdict.REFUSED)


def verdict(error: BaseException) -> Verdict:
    if isinstance(error, discord.NotFound):
        return Verdict.GONE
    if isinstance(error, discord.Forbidden):
        return Verdict.REFUSED
    if isinstance(error, discord.RateLimited) or (
        isinstance(error, discord.HTTPException) and error.status == 429
    ):
        return Verdict.RATE_LIMITED
    return Verdict.TRANSIENT


def channel_gone(error: BaseException) -> bool:
    """Discord said the channel itself no longer exists (not only a message in it)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def retry_after(error: BaseException) -> float | None:
    """The seconds a 429 asks to wait, when it says."""
    if isinstance(error, discord.RateLimited):
        return float(error.retry_after)
    response = getattr(error, "response", None)
    headers = getattr(response, "headers", None) or {}
    try:
        return float(headers["Retry-After"])
    except (KeyError, TypeError, ValueError):
        return None


class Retrier:
    """One loop's requests under the policy. `what` names the loop in the log; `tries`
    bounds the tries of one `run` (None: until it succeeds or meets a final answer);
    `final`: exception types (besides Discord's final answers) raised at once."""

    def __init__(
        self,
        what: str,
        *,
        tries: int | None = None,
        final: tuple[type[BaseException], ...] = (),
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.what = what
        self.tries = tries
        self.final = final
        self.extra = extra
        self.failures = 0  # in a row
        self._not_before = 0.0  # no request before this moment (a failure's pause)
        self._counted = 0  # failures counted in all (a step's inner ones count once)
        self._pause = 0.0  # the pause the last failure owes

    def is_final(self, error: BaseException) -> bool:
        return isinstance(error, self.final) or verdict(error) in FINAL

    async def request(self, step: Callable[[], Awaitable[T]]) -> T:
        """Make one request (after the pause a failure before it owes); not retried."""
        await self._wait()
        try:
            result = await step()
        except Exception as error:
            self._failed(error)
            raise
        self.failures = 0
        return result

    async def run(self, step: Callable[[], Awaitable[T]]) -> T:
        """Do `step` (one request, or several made through `request`) until it succeeds,
        under the policy; a final answer, or the last of `tries`, is raised."""
        attempt = 0
        while True:
            await self._wait()
            counted = self._counted
            try:
                result = await step()
            except Exception as error:
                if self._counted == counted:  # not already counted by a `request` inside
                    self._failed(error)
                attempt += 1
                if self.is_final(error) or (self.tries is not None and attempt >= self.tries):
                    raise
                log.warning(
                    "%s failed (%s); again in %.1f s",
                    self.what,
                    error or type(error).__name__,
                    self._pause,
                    extra=self.extra,
                )
            else:
                self.failures = 0
                return result

    async def _wait(self) -> None:
        wait = self._not_before - now()
        if wait > 0:
            await asyncio.sleep(wait)

    def _failed(self, error: BaseException) -> None:
        self._counted += 1
        self.failures += 1
        delay = backoff(self.failures - 1)
        if verdict(error) is Verdict.RATE_LIMITED:
            delay = max(retry_after(error) or delay, RATE_LIMIT_FLOOR_SECONDS)
        self._pause = delay
        self._not_before = now() + delay


async def retrying(
    step: Callable[[], Awaitable[T]],
    what: str,
    *,
    tries: int | None = None,
    final: tuple[type[BaseException], ...] = (),
) -> T:
    """`step` under the policy, with a record of its own (a loop of one)."""
    return await Retrier(what, tries=tries, final=final).run(step)
