"""Logros through the bot (told once at the match end, also across a re-record and a
restart; earned by old matches on upgrade) and the player's card (`/cuarenta stats`, the
user menu), its numbers against the matches played in the test."""

from __future__ import annotations

from dataclasses import replace

from cogs.infra.clock import now
from cogs.logros.herald import LogroHerald
from cogs.logros.messages import SHOWN_AT_ONCE, logros_text
from cogs.seasons.keeper import SeasonKeeper
from db import Logro, MatchOutcome, MatchRecord, PlayerResult
from i18n import t, tn
from tables import ratings
from tables.logros import LOGROS
from tables.results import match_record
from tests.cogs.helpers import card_text, only_session, play_until_over, services
from tests.cogs.test_leaderboard_and_stats import duel_record
from tests.tables.test_logros import played_match


def told(world) -> list[str]:
    return [m.content for m in world.channel.history() if m.content.startswith("🏅")]


async def test_logros_are_told_once_at_the_match_end_and_listed(world, make_bot):
    await world.ana.slash(
        world.channel, "cuarenta start", mode="bot", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    await play_until_over(world, [world.ana], session.session_id)
    await world.env.settle()
    session = only_session(world.env)
    earned = {e.logro for e in await world.env.bot.storage.player_logros(world.ana.id)}
    assert earned, "a whole chica earns something (a caída, a limpia, a ronda, a win...)"
    [line] = told(world)
    assert line.startswith(f"🏅 <@{world.ana.id}>: ")
    named = min(len(earned), SHOWN_AT_ONCE)
    assert line.count("!") >= named  # three named at most, once each; then "and N more"
    assert (tn("logros.more", "en", len(earned) - named) in line) == (len(earned) > named)

    # the match recorded again (a crash before the table was marked recorded): nothing new
    herald = services(world.env).get(LogroHerald)
    record = match_record(session, 1.0)
    await herald.award(record)
    herald.announce(record.match_id)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(60)
    assert told(world) == [line]

    listed = await world.beto.slash(world.channel, "cuarenta logros", user=world.ana)
    text = listed.response.content
    if "ten_wins" not in earned:  # the way to earn it, and how far she is
        wins = next(line for line in text.splitlines() if t("logro.ten_wins", "en") in line)
        won = 1 if "first_win" in earned else 0
        assert wins.endswith(t("logros.progress", "en", done=won, needed=10))
    assert f"{len(earned)} of 22" in text.splitlines()[0]
    assert "Still to earn:" in text and "Season champion!" in text
    card = await world.ana.slash(world.channel, "cuarenta stats")
    assert f"Logros ({len(earned)} of 22): " in card_text(card)


async def test_old_matches_earn_their_logros_on_upgrade_without_telling(world, make_bot):
    log, _ = played_match(3)
    results = [
        PlayerResult(user, seat, seat, seat == log.winner_side, 0, 0, 0, 0, 0, 0, 0, 0)
        for seat, user in enumerate((world.ana.id, world.beto.id))
    ]
    old = MatchRecord(
        match_id="old", guild_id=world.guild.id, channel_id=world.channel.id,
        finished_at=now() - 3600,
        rules="quito", players=2, with_bots=False, winner_side=log.winner_side, results=results,
        outcome=MatchOutcome.PLAYED, rule_options=log.rule_options, seed=log.seed,
        moves=log.moves,
    )  # fmt: skip
    await world.env.bot.storage.record_match(old)  # as recorded before logros existed
    await world.env.restart_bot(make_bot())  # the upgraded bot starts
    await world.env.settle()
    winner = results[log.winner_side].user_id
    assert "first_win" in {e.logro for e in await world.env.bot.storage.player_logros(winner)}
    assert told(world) == []
    scanned = await services(world.env).get(LogroHerald).backfill(1e12)
    assert scanned == 0  # scanned once


def picture_text(result) -> str:
    return result.response.attachments[0].description


async def test_the_card_tells_the_matches_played(world):
    storage = world.env.bot.storage
    season = await services(world.env).get(SeasonKeeper).season_for(world.guild.id, 1767225600.0)
    ana, beto = world.ana.id, world.beto.id
    for number, (winner, loser) in enumerate([(ana, beto), (ana, beto), (beto, ana)]):
        match = replace(
            duel_record(number, world.guild.id, winner, loser), finished_at=1767225600.0 + number
        )
        await storage.record_match(match, season)
        await storage.rate_match(match, ratings.rater(match))
    shown = await world.carla.slash(world.channel, "cuarenta stats", user=world.ana, vs=world.beto)
    text = card_text(shown)
    assert "Matches: 2 won, 1 lost (67%)" in text
    assert len(shown.response.content.splitlines()) <= 3  # beside the picture: a few lines
    assert "By table: 1 on 1 2 won, 1 lost" in text
    assert f"Head to head against <@{beto}>: 2 won, 1 lost" in text
    assert (
        "Season December 2025: 1 on 1 " in text
        and "**" not in picture_text(shown)
        and "(rank 1)" in text
    )
    [picture] = shown.response.attachments
    assert picture.filename == "cuarenta-card.png" and "card" in picture.description
    assert len(picture.description) <= 1024

    menu = await world.carla.context_menu(world.channel, "Cuarenta stats", world.beto)
    assert "Matches: 1 won, 2 lost (33%)" in card_text(menu)
    assert len(menu.response.attachments) == 1
    nobody = await world.carla.context_menu(world.channel, "Cuarenta stats", world.carla)
    assert t("stats.none", "en", who="")[1:] in nobody.response.content
    assert not nobody.response.attachments


async def test_a_move_log_that_cannot_be_replayed_earns_nothing_and_stops_nothing(world):
    broken = replace(
        duel_record(1, world.guild.id, world.ana.id, world.beto.id),
        finished_at=now(),
        seed=7,
        moves=("Kx", "7z"),
    )
    await world.env.bot.storage.record_match(broken)
    await services(world.env).get(LogroHerald).award(broken)  # logged, not raised: the table ends
    assert await world.env.bot.storage.player_logros(world.ana.id) == []
    world.env.errors.clear()  # the replay failure the bot logged on purpose


def test_the_logros_list_fits_one_message_whatever_was_earned():
    everything = [Logro(10**18, name, 1, "m", 0.0) for name in LOGROS]
    for lang in ("es", "en"):
        for earned in ([], everything):
            assert len(logros_text(10**18, earned, lang)) <= 2000
