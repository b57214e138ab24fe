"""The biggest tournaments a server can run, end to end in simcord, every request checked
against Discord's limits (the suite's autouse validator, conftest.py):

- the Mundial de 40's own shape: 96 pairs in 24 groups of four, the thirds' repechaje,
  then the knockout (60 entries, byes to 64) to a champion;
- 64 singles in a knockout, and 64 singles in a Swiss of 6 rounds.

Members play their tables through their hands (one featured member's first two matches,
hand by hand) or give them up; bot entries fill the rest, and a match between two bot entries is
decided at once with no thread (nobody is there to watch it): the requests and threads a
round costs grow with the matches people play, not with the entries. Measured on the
way: the longest message, the requests and threads the bot made, and how many times the
tournament's message was edited (a burst of results is one edit).

The slowest tests of the suite: kept in a file of their own (it runs with the rest).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import pytest
import simcord.http.router

import cogs.tournament.live
from cogs.tournament.messages import bracket_picture, podium_lines
from i18n import t
from render.tournament import BracketPicture, draw_bracket
from tables.tournament import Stage, Tournament, TournamentPhase
from tests.cogs.helpers import forfeit, play_until_over, services
from tests.cogs.test_tournament import (
    click_id,
    live_tournament,
    message_of,
    open_tournament,
    press,
    thread_of,
)
from tests.cogs.test_tournament_edges import tournaments

ACTIVE_THREADS = 1000  # Discord's active threads in a server
STAND_IN = draw_bracket(BracketPicture(title="·", rounds=()))
SPACING = 0.1  # between two tables opening (1 s in production): simcord sleeps it for real


@pytest.fixture(autouse=True)
def tables_open_quickly(monkeypatch):
    monkeypatch.setattr(cogs.tournament.live, "OPEN_SPACING", SPACING)


@pytest.fixture(autouse=True)
def pictures_drawn_small(monkeypatch):
    """The picture of 64 or 96 entries takes a second or more to draw, in a thread that
    simcord waits for (5 s) at each step: on a loaded machine a step timed out. Here the
    message carries a small stand-in; the real picture is drawn once at the end
    (`check_the_end`), and at every size in tests/render and test_tournament_limits."""
    monkeypatch.setattr(cogs.tournament.live, "draw_bracket", lambda picture: STAND_IN)


@dataclass
class Traffic:
    """The bot's requests (method, path) and the longest content it sent."""

    requests: list[tuple[str, str]] = field(default_factory=list)
    longest: int = 0

    def threads(self) -> int:
        return sum(1 for method, path in self.requests if path.endswith("/threads"))

    def with_token(self) -> int:
        """Requests under Discord's global limit (interaction answers are outside it)."""
        return sum(1 for _, path in self.requests if "/interactions/" not in path)

    def edits_of(self, message_id: int) -> int:
        return sum(
            1
            for method, path in self.requests
            if method == "PATCH" and path.endswith(f"/{message_id}")
        )


@pytest.fixture
def traffic(monkeypatch) -> Traffic:
    seen = Traffic()
    dispatch = simcord.http.router.dispatch

    def counted(backend, method, path, *, json=None, **rest):
        seen.requests.append((method, path))
        if isinstance(json, dict):
            body = json.get("data") if path.endswith("/callback") else json
            if isinstance(body, dict):
                seen.longest = max(seen.longest, len(body.get("content") or ""))
        return dispatch(backend, method, path, json=json, **rest)

    monkeypatch.setattr(simcord.http.router, "dispatch", counted)
    return seen


def members(world, count: int, prefix: str):
    return [world.guild.add_member(world.env.create_user(f"{prefix}{n:02}")) for n in range(count)]


async def pair_up(world, tournament: Tournament, inviter, partner) -> None:
    from cogs.tournament import ids as tournament_ids

    asked = await press(world, inviter, tournament, "join")
    await inviter.select(
        asked.response,
        [partner],
        custom_id=tournament_ids.TOURNAMENT_PARTNER.build(tournament_id=tournament.tournament_id),
    )
    invite = [m for m in world.channel.history() if f"<@{partner.id}>" in m.content][-1]
    accepted = await partner.click(invite, label=t("button.accept", "en"))
    assert not accepted.ephemeral, accepted.response.content


async def run_to_a_champion(world, people, featured, rounds_at_most: int) -> Tournament:
    """The featured member's first two matches are played through the players' hands;
    every other match with a member is given up by one of them; bots play themselves."""
    by_id = {member.id: member for member in people}
    runtime = services(world.env).runtime
    played_through: set[str] = set()  # the featured member's first two matches
    for _ in range(4 * rounds_at_most):
        tournament = live_tournament(world)
        if tournament.phase != TournamentPhase.RUNNING:
            return tournament
        for pairing in list(tournament.current.pairings):
            table = runtime.tables.get(pairing.table_id)
            if pairing.done or pairing.thread_id is None or table is None:
                continue
            if not table.session.is_live:
                continue
            here = replace(world, channel=thread_of(world, pairing.thread_id))
            humans = [by_id[s.user_id] for s in table.session.seats if s.user_id is not None]
            if featured in humans and len(played_through) < 2:
                played_through.add(pairing.table_id)
                await play_until_over(here, humans, pairing.table_id)
            else:
                await forfeit(here, humans[0])
        await world.env.advance_time(SPACING * 40 + 5)
    raise AssertionError("the tournament never ended")


def check_the_end(world, tournament: Tournament, traffic: Traffic, started: float) -> dict:
    assert tournament.phase == TournamentPhase.FINISHED and tournament.podium()
    shown = message_of(world, tournament)
    champion = tournament.entry(tournament.podium()[0])
    assert podium_lines(tournament, tournament.lang)[0] in shown.content
    assert [a.filename for a in shown.attachments] == ["torneo.png"]
    with_people = sum(
        1
        for r in tournament.rounds
        for p in r.pairings
        if p.b is not None and not tournament.between_bots(p)
    )
    threads = traffic.threads()
    assert threads == with_people == len(world.channel.threads)  # none for bots, none twice
    assert threads <= ACTIVE_THREADS
    png = draw_bracket(bracket_picture(tournament, tournament.lang))  # the real one, once
    assert png.startswith(b"\x89PNG")
    decided = sum(1 for r in tournament.rounds for p in r.pairings)
    edits = traffic.edits_of(tournament.message_id)
    assert edits <= 2 * with_people + 2 * len(tournament.rounds) + 10  # results coalesce
    figures = {
        "entries": len(tournament.entries),
        "rounds": len(tournament.rounds),
        "matches": decided,
        "threads (matches with people)": threads,
        "requests": len(traffic.requests),
        "with the bot token": traffic.with_token(),
        "edits of the tournament message": edits,
        "longest content": traffic.longest,
        "champion is a bot": champion.is_bot,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print("FIGURES", figures)
    return figures


async def test_the_mundial_96_pairs_in_groups_and_repechaje_to_a_champion(world, manager, traffic):
    started = time.perf_counter()
    people = [world.ana, world.beto, world.carla, manager, *members(world, 12, "socio")]
    tournament = await open_tournament(
        world, manager, format="groups", teams="pairs", size=96, length="one", bot_level="easy"
    )
    for inviter, partner in zip(people[::2], people[1::2], strict=True):
        await pair_up(world, tournament, inviter, partner)
    await press(world, manager, tournament, "bots")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)
    tournament = await run_to_a_champion(world, people, world.ana, rounds_at_most=12)
    stages = [r.stage for r in tournament.rounds]
    assert stages[:3] == [Stage.GROUP] * 3 and stages[3] == Stage.REPECHAJE
    assert set(stages[4:]) == {Stage.KNOCKOUT} and len(stages) == 4 + 6  # 60 → 64: 6 rounds
    check_the_end(world, tournament, traffic, started)


@pytest.mark.parametrize("fmt", ["knockout", "swiss"])
async def test_64_singles_to_a_champion(world, manager, traffic, fmt):
    started = time.perf_counter()
    people = [world.ana, world.beto, world.carla, manager, *members(world, 4, "jugador")]
    tournament = await open_tournament(
        world, manager, format=fmt, size=64, length="one", bot_level="easy"
    )
    for member in people:
        await press(world, member, tournament, "join")
    await press(world, manager, tournament, "bots")
    await press(world, manager, tournament, "start")
    await world.env.advance_time(5.0)
    tournament = await run_to_a_champion(world, people, world.ana, rounds_at_most=7)
    assert len(tournament.rounds) == 6
    check_the_end(world, tournament, traffic, started)
    assert not tournaments(world).get(tournament.tournament_id).tournament.is_live
    assert click_id  # (the ids the members pressed)
