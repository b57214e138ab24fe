"""The daily puzzle's Discord side in simcord: the hour asked and posted in the server's
time zone (`zone`), and the 📣 share button (the result told to the channel in the
server's language without the answer, once a day, by its own player only)."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

import cogs.puzzles.desk
import cogs.puzzles.handlers
from cogs.infra.clock import now
from cogs.puzzles import ids as puzzle_ids
from cogs.puzzles.messages import again_rows, share_text
from cogs.ui.rows import Rows, button
from i18n import t
from tables.puzzles import DAY_SECONDS
from tests.cogs.helpers import at_once, buttons, in_language, speaks
from tests.cogs.test_puzzles import answer, custom_ids, posts, puzzle_shown, stocked

LANGS = ["es", "en"]


@pytest.fixture(autouse=True)
def no_restocking(monkeypatch):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)


# ------------------------------------------------------------------------ the time zone
def next_local(zone: str, hour: int, minute: int = 0) -> float:
    """The next moment it is hour:minute in `zone` (computed apart from the bot's days)."""
    here = datetime.fromtimestamp(now(), ZoneInfo(zone))
    moment = datetime.combine(here.date(), time(hour, minute), ZoneInfo(zone))
    if moment.timestamp() <= now():
        moment = datetime.combine(here.date() + timedelta(days=1), time(hour, minute), here.tzinfo)
    return moment.timestamp()


async def advance_to(world, moment: float) -> None:
    await world.env.advance_time(moment - now())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("zone", [None, "Europe/Madrid", "Asia/Tokyo"])
async def test_the_hour_a_manager_types_is_the_hour_in_the_servers_zone(world, manager, lang, zone):
    """A Quito manager who types 8 gets an 8 a.m. Quito post (never 3 a.m.); a server
    with another zone gets it at 8 there; the answer names the zone and shows the next
    post as `<t:…>` for each reader."""
    await in_language(world, lang)
    await stocked(world)
    options = {} if zone is None else {"zone": zone}
    result = await manager.slash(
        world.channel, "cuarenta config", puzzle_channel=world.channel, puzzle_hour=8, **options
    )
    said = result.response.content
    assert result.ephemeral and "08" in said and ":t>" in said and ":R>" in said
    assert (zone or t("puzzle.zone.ecuador", lang)) in said
    local = zone or "America/Guayaquil"
    await advance_to(world, next_local(local, 7, 59))
    assert posts(world) == []  # not at 8 UTC, nor at any hour before 8 there
    await advance_to(world, next_local(local, 9, 0))
    assert len(posts(world)) == 1  # between 8 and 9 there (each server's minutes apart)
    await world.env.advance_time(DAY_SECONDS - 3600)  # to 8 the next day: no second yet
    assert len(posts(world)) == 1
    await world.env.advance_time(3600)
    assert len(posts(world)) == 2


@pytest.mark.parametrize("lang", LANGS)
async def test_an_unknown_zone_is_refused_privately_and_changes_nothing(world, manager, lang):
    await in_language(world, lang)
    result = await manager.slash(
        world.channel,
        "cuarenta config",
        puzzle_channel=world.channel,
        puzzle_hour=8,
        zone="Mars/Olympus",
        turn_seconds=120,
    )
    assert result.ephemeral
    assert result.response.content == t("refuse.bad_zone", lang, zone="Mars/Olympus")
    assert await world.env.bot.storage.puzzle_servers(world.guild.id) == []
    assert (await world.env.bot.services.settings.get(world.guild.id)).turn_seconds != 120


# ------------------------------------------------------------------------------ sharing
def share_ids(message) -> list[str]:
    return custom_ids(message, "pzs")


def shared_posts(world) -> list:
    return [m for m in world.channel.history() if m.content.startswith("🧩") and not m.components]


async def solved_today(world, member, best: bool = True):
    """The member answers today's puzzle: (the puzzle, the private answer)."""
    shown = await member.slash(world.channel, "cuarenta puzzle")
    puzzle, _ = await puzzle_shown(world, shown.response)
    _, _, result = await answer(world, member, shown.response, best=best)
    return puzzle, result.response


@pytest.mark.parametrize("lang", LANGS)
async def test_a_shared_result_is_public_in_the_servers_language_and_never_the_answer(world, lang):
    """A Spanish (or English) server whose member's Discord is in the other language: the
    button and every private answer in the reader's, the post in the server's, naming the
    player without a ping, with the difficulty and the command; never the play."""
    await in_language(world, lang)
    reader = "en" if lang == "es" else "es"
    speaks(world.env, {"es": "es-419", "en": "en-US"}[reader], world.ana)
    await stocked(world)
    puzzle, answered = await solved_today(world, world.ana)
    (share_id,) = share_ids(answered)
    assert t("button.puzzle_share", reader) in str(buttons(answered))
    clicked = await world.ana.click(answered, custom_id=share_id)
    assert share_ids(clicked.response) == []  # the button is gone from the private answer
    (post,) = shared_posts(world)
    assert post.content == share_text(world.ana.id, True, 1, puzzle.difficulty, lang)
    assert f"/cuarenta {t('cmd.puzzle', lang)}" in post.content  # the command, as typed here
    best = puzzle.best.move
    assert str(best.card) not in post.content and not post.attachments
    sent = [
        r
        for r in world.env.http_requests
        if r.method == "POST" and r.path == f"/channels/{world.channel.id}/messages"
    ]
    assert sent[-1].json["allowed_mentions"] == {"parse": []}  # @ana named, never pinged
    _, _, explored = await answer(world, world.ana, clicked.response, best=False)
    again = await world.ana.click(explored.response, custom_id=share_ids(explored.response)[0])
    assert again.ephemeral and again.response.content == t("refuse.puzzle_shared", reader)
    assert len(shared_posts(world)) == 1


async def test_a_wrong_answer_shares_a_try_and_a_streak_shares_its_days(world):
    await stocked(world)
    puzzle, answered = await solved_today(world, world.beto, best=False)
    await world.beto.click(answered, custom_id=share_ids(answered)[0])
    tried = share_text(world.beto.id, False, 0, puzzle.difficulty, "en")
    assert [m.content for m in shared_posts(world)] == [tried]
    for _ in range(2):
        await world.env.advance_time(DAY_SECONDS)
        puzzle, answered = await solved_today(world, world.ana)
    await world.ana.click(answered, custom_id=share_ids(answered)[0])
    streak = share_text(world.ana.id, True, 2, puzzle.difficulty, "en")
    assert shared_posts(world)[-1].content == streak and "2" in streak


@pytest.mark.usefixtures("rest_yields")
async def test_a_double_click_shares_once(world):
    await stocked(world)
    _, answered = await solved_today(world, world.ana)
    share_id = share_ids(answered)[0]
    await at_once(
        world.env,
        world.ana.click(answered, custom_id=share_id),
        world.ana.click(answered, custom_id=share_id),
    )
    assert len(shared_posts(world)) == 1


async def test_someone_elses_share_and_yesterdays_are_refused_privately(world, monkeypatch):
    await stocked(world)
    _, answered = await solved_today(world, world.ana)
    ana_share = share_ids(answered)[0]
    forged = Rows.of([button(ana_share, label="x")])
    monkeypatch.setattr(cogs.puzzles.handlers, "again_rows", lambda *_: forged)
    _, beto_answer = await solved_today(world, world.beto)  # carries ana's share id
    refused = await world.beto.click(beto_answer, custom_id=ana_share)
    assert refused.ephemeral
    assert refused.response.content == t("refuse.puzzle_share_not_yours", "en")
    monkeypatch.setattr(cogs.puzzles.handlers, "again_rows", again_rows)
    await world.env.advance_time(DAY_SECONDS)
    late = await world.ana.click(answered, custom_id=ana_share)
    assert late.response.content == t("refuse.puzzle_share_late", "en")
    assert shared_posts(world) == []


async def test_a_share_the_channel_refuses_is_said_and_can_be_tried_again(world):
    await stocked(world)
    _, answered = await solved_today(world, world.ana)
    share_id = share_ids(answered)[0]
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=1)
    failed = await world.ana.click(answered, custom_id=share_id)
    assert shared_posts(world) == []
    told = [m.content for m in world.channel.history(viewer=world.ana) if m.flags.ephemeral]
    assert t("refuse.puzzle_share_failed", "en") in told
    world.env.errors.clear()
    assert share_ids(failed.response) == [share_id]  # nothing was shared: the button stays
    again = await world.ana.click(failed.response, custom_id=share_id)
    assert not again.response.content.startswith(t("refuse.puzzle_shared", "en")[:10])
    assert len(shared_posts(world)) == 1


def test_a_share_id_fits_discords_limit():
    longest = puzzle_ids.PUZZLE_SHARE.build(puzzle_id="f" * 12, day=10**6, user_id=2**64 - 1)
    assert len(longest) <= 100


async def test_the_share_button_works_after_a_restart(world, make_bot):
    await stocked(world)
    puzzle, answered = await solved_today(world, world.ana)
    await world.env.restart_bot(make_bot())
    await world.ana.click(answered, custom_id=share_ids(answered)[0])
    (post,) = shared_posts(world)
    assert post.content == share_text(world.ana.id, True, 1, puzzle.difficulty, "en")


@pytest.mark.parametrize(
    ("typed", "first"),
    [("", "America/Guayaquil"), ("madrid", "Europe/Madrid"), ("new york", "America/New_York")],
)
async def test_the_zone_option_suggests_zones_by_their_city(world, manager, typed, first):
    offered = await manager.autocomplete(world.channel, "cuarenta config", "zone", typed)
    assert 0 < len(offered) <= 25 and offered[0]["value"] == first
    assert all(typed.replace(" ", "_") in choice["value"].casefold() for choice in offered)
