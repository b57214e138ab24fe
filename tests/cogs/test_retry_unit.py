"""cogs/infra/retry.py on its own: what each answer makes the Retrier do, and that no
sequence of answers makes two failed requests without a pause between them."""

from __future__ import annotations

import asyncio
import contextlib
import itertools

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cogs.infra.retry as retry
from cogs.infra.retry import Retrier, Verdict, verdict


class Response:
    def __init__(self, status: int, headers: dict | None = None) -> None:
        self.status = status
        self.reason = "test"
        self.headers = headers or {}


def answer(status: int, **headers) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    if status >= 500:
        kind = discord.DiscordServerError
    return kind(Response(status, headers), {"code": 0, "message": "test"})


def test_each_answer_has_its_verdict():
    assert verdict(answer(404)) is Verdict.GONE
    assert verdict(answer(403)) is Verdict.REFUSED
    assert verdict(answer(429)) is Verdict.RATE_LIMITED
    assert verdict(answer(503)) is Verdict.TRANSIENT
    assert verdict(ConnectionResetError()) is Verdict.TRANSIENT


class Clock:
    """Virtual time for the retrier: asyncio.sleep moves it."""

    def __init__(self, monkeypatch) -> None:
        self.time = 0.0
        self.sleeps: list[float] = []
        monkeypatch.setattr(retry, "now", lambda: self.time)

        async def sleep(seconds: float) -> None:
            self.sleeps.append(seconds)
            self.time += seconds

        monkeypatch.setattr(retry.asyncio, "sleep", sleep)


def requests_answering(clock: Clock, answers: list):
    """A request that answers from `answers` in turn (None: success), with its times."""
    made: list[tuple[float, object]] = []

    async def request() -> str:
        outcome = answers[len(made)] if len(made) < len(answers) else None
        made.append((clock.time, outcome))
        if outcome is not None:
            raise outcome
        return "done"

    return request, made


@pytest.mark.parametrize(("status", "requests"), [(404, 1), (403, 1)])
def test_gone_and_refused_are_never_retried(monkeypatch, status, requests):
    clock = Clock(monkeypatch)
    request, made = requests_answering(clock, [answer(status) for _ in range(5)])
    with pytest.raises(discord.HTTPException):
        asyncio.run(Retrier("test").run(request))
    assert len(made) == requests


def test_a_rate_limit_waits_what_discord_says(monkeypatch):
    clock = Clock(monkeypatch)
    request, made = requests_answering(clock, [answer(429, **{"Retry-After": "7.5"})])
    assert asyncio.run(Retrier("test").run(request)) == "done"
    assert [at for at, _ in made] == [0.0, 7.5]


def test_server_errors_back_off_and_a_bound_gives_up(monkeypatch):
    monkeypatch.setattr(retry, "backoff", lambda attempt: 2.0**attempt)  # (conftest's quick)
    clock = Clock(monkeypatch)
    request, made = requests_answering(clock, [answer(503) for _ in range(10)])
    with pytest.raises(discord.DiscordServerError):
        asyncio.run(Retrier("test", tries=4).run(request))
    assert len(made) == 4
    assert clock.sleeps == [1.0, 2.0, 4.0]


OUTCOMES = st.sampled_from([None, 404, 403, 429, 500, 503, "network"])


# (a new Clock each example: the patches are set again over the last ones)
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.lists(OUTCOMES, max_size=6), min_size=1, max_size=6))
def test_no_two_failed_requests_without_a_pause(monkeypatch, rounds):
    """Any sequence of answers over several rounds, each a step of one or two requests
    (an edit, then a post if the edit failed): a failed request is never followed at the
    same moment by another request."""
    clock = Clock(monkeypatch)
    made: list[tuple[float, bool]] = []
    queue = [
        (ConnectionResetError() if code == "network" else answer(code)) if code else None
        for round_ in rounds
        for code in round_
    ]

    async def one() -> None:
        outcome = queue.pop(0) if queue else None
        made.append((clock.time, outcome is not None))
        if outcome is not None:
            raise outcome

    async def step(requests: Retrier) -> None:
        try:
            await requests.request(one)  # the edit
        except discord.NotFound:
            await requests.request(one)  # gone: the post

    async def main() -> None:
        requests = Retrier("test", tries=5)
        for _ in rounds:
            with contextlib.suppress(Exception):
                await requests.run(lambda: step(requests))

    asyncio.run(main())
    for (at, failed), (next_at, _) in itertools.pairwise(made):
        if failed:
            assert next_at > at
