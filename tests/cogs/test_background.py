"""Background work (bot moves, table edits) gives way to a crowd of clicks, never for long,
and a few run at a time."""

from __future__ import annotations

import asyncio

from cogs.infra.background import Background
from cogs.ui import ids
from tests.cogs.helpers import (
    at_once,
    click_that_plays,
    duel_started,
    open_hand,
    rest_that_yields,
    services,
    table_message,
)


def background(monkeypatch, at_once: int = 4, crowd: int = 2, longest: float = 60.0) -> Background:
    monkeypatch.setattr("cogs.infra.background.AT_ONCE", at_once)
    monkeypatch.setattr("cogs.infra.background.CROWD", crowd)
    monkeypatch.setattr("cogs.infra.background.LONGEST_WAIT", longest)
    return Background()


async def turns(count: int = 5) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


async def work(gate: Background, log: list[str], name: str, release: asyncio.Event) -> None:
    async with gate:
        log.append(name)
        await release.wait()


async def test_background_work_waits_while_a_crowd_of_clicks_is_answered(monkeypatch):
    gate = background(monkeypatch, crowd=2)
    log: list[str] = []
    done = asyncio.Event()
    done.set()
    with gate.click():
        first = asyncio.create_task(work(gate, log, "one click", done))
        await turns()
        assert log == ["one click"]  # one click is no crowd
        with gate.click():
            second = asyncio.create_task(work(gate, log, "two clicks", done))
            await turns()
            assert log == ["one click"]  # two are: it waits
        await turns()
        assert log == ["one click", "two clicks"]  # the crowd thinned: it runs
    await asyncio.gather(first, second)
    assert gate.answering == 0


async def test_work_queued_for_a_slot_before_the_crowd_came_waits_for_it_too(monkeypatch):
    gate = background(monkeypatch, at_once=1, crowd=1)
    release = asyncio.Event()
    log: list[str] = []
    first = asyncio.create_task(work(gate, log, "first", release))
    await turns()
    queued = asyncio.create_task(work(gate, log, "queued", release))
    await turns()
    with gate.click():  # the crowd comes while "queued" waits for the slot
        release.set()
        await turns()
        assert log == ["first"]
    await asyncio.wait_for(asyncio.gather(first, queued), 30)
    assert log == ["first", "queued"]


async def test_a_crowd_that_never_thins_stops_background_work_only_for_a_while(monkeypatch):
    gate = background(monkeypatch, crowd=1, longest=0.01)
    log: list[str] = []
    done = asyncio.Event()
    done.set()
    with gate.click():
        await asyncio.wait_for(work(gate, log, "late", done), 30)
        assert log == ["late"] and gate.answering == 1


async def test_an_opening_does_not_wait_for_the_crowd_but_takes_a_slot(monkeypatch):
    gate = background(monkeypatch, at_once=1, crowd=1)
    release = asyncio.Event()
    log: list[str] = []
    with gate.click():
        async with gate.opening():
            log.append("opened")
    assert log == ["opened"]
    busy = asyncio.create_task(work(gate, log, "busy", release))
    await turns()
    opening = asyncio.create_task(gate.opening().__aenter__())
    await turns()
    assert not opening.done()  # the one slot is taken
    release.set()
    await asyncio.wait_for(opening, 30)
    await busy


async def test_work_waiting_for_the_crowd_holds_no_slot_an_opening_needs(monkeypatch):
    gate = background(monkeypatch, at_once=1, crowd=1)
    release = asyncio.Event()
    log: list[str] = []
    with gate.click():
        waiting = asyncio.create_task(work(gate, log, "waiting", release))
        await turns()
        async with asyncio.timeout(30):
            async with gate.opening():  # not behind the work waiting out the crowd
                log.append("opened")
        assert log == ["opened"]
    release.set()
    await asyncio.wait_for(waiting, 30)
    assert log == ["opened", "waiting"]


async def test_only_so_many_run_at_once(monkeypatch):
    gate = background(monkeypatch, at_once=2)
    release = asyncio.Event()
    log: list[str] = []
    tasks = [asyncio.create_task(work(gate, log, str(n), release)) for n in range(3)]
    await turns()
    assert log == ["0", "1"]
    release.set()
    await asyncio.gather(*tasks)
    assert log == ["0", "1", "2"]


def spy_on_background(world, monkeypatch, crowd: int) -> list[tuple[int, int]]:
    """With a crowd of `crowd` clicks and REST that yields: each background job's (clicks
    being answered when it asked, clicks being answered when it was let in)."""
    monkeypatch.setattr(services(world.env).background, "_crowd", crowd)
    asked: list[tuple[int, int]] = []
    enter = Background.__aenter__

    async def spying(self: Background) -> None:
        before = self.answering
        await enter(self)
        asked.append((before, self.answering))

    monkeypatch.setattr(Background, "__aenter__", spying)
    rest_that_yields(world.env, monkeypatch)
    return asked


async def test_a_table_edit_due_during_a_click_waits_for_its_answer(world, monkeypatch):
    """In the bot: a click counts while it is answered, and the table edit its move makes
    due starts only after that (a crowd of one click, here)."""
    asked = spy_on_background(world, monkeypatch, crowd=1)
    session = await duel_started(world)
    player = world.ana if session.current_seat().user_id == world.ana.id else world.beto
    hand = await open_hand(world, player, session)
    shown, button = await click_that_plays(world.env, player, hand)
    asked.clear()
    await player.click(shown, custom_id=button)
    await world.env.settle()
    assert any(before >= 1 for before, _ in asked)  # the edit was asked for mid-click
    assert all(after < 1 for _, after in asked)  # and let in once it was answered


async def test_a_replaced_hand_goes_after_a_crowd_of_clicks(world, monkeypatch):
    """Opening the hand again removes the older one: background work, which waits while
    other clicks are being answered (one here, held open by the test)."""
    asked = spy_on_background(world, monkeypatch, crowd=1)
    session = await duel_started(world)
    await open_hand(world, world.ana, session)
    await world.env.settle()
    asked.clear()
    hand_button = ids.TABLE.build(session_id=session.session_id, what=ids.TableAction.HAND)
    with services(world.env).background.click():  # another player's click, being answered
        await at_once(
            world.env,
            world.ana.click(table_message(world, session), custom_id=hand_button),
            then=turns(50),  # the click is answered, the bot not left to settle
        )
        assert asked == []  # the older hand waits
    await world.env.settle()
    assert asked == [(1, 0)]  # its removal was asked in the crowd, and let in after it
