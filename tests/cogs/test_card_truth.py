"""The card tells one rating (es, en): the headline's curve is that rating's, drawn from
its starting point, across a season's end; a season played only against bots is rated,
never "no rated matches yet"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cogs.infra.clock import now
from cogs.leaderboard.card import card_facts, card_words, player_card
from i18n import t
from tables import ratings
from tests.cogs.test_leaderboard_and_stats import duel_record
from tests.cogs.test_seasons import past_the_season, season_now

RIVALS = [10**17 + n for n in range(3)]


async def record(world, number: int, winner: int, loser: int, bots: bool = False) -> None:
    match = duel_record(number, world.guild.id, winner, loser, bots=bots)
    match = replace(match, finished_at=now(), channel_id=world.channel.id)
    storage = world.env.bot.storage
    await storage.record_match(match, await season_now(world))
    await storage.rate_match(match, ratings.rater(match))


async def facts_now(world):
    season = await season_now(world)
    return await card_facts(
        world.env.bot.storage, world.ana.id, "ana", world.guild.id, season, None
    )


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_headline_and_its_curve_are_one_rating_from_its_start(world, make_bot, lang):
    for number, rival in enumerate(RIVALS):
        await record(world, number, world.ana.id, rival)
    facts = await facts_now(world)
    assert facts.curve_of_season and len(facts.curve) == len(RIVALS) + 1
    first = ratings.rater(duel_record(0, world.guild.id, world.ana.id, RIVALS[0]))({})
    assert facts.curve[0] == ratings.shown(first[world.ana.id].before.conservative)
    assert facts.curve[-1] == ratings.shown(facts.season_rating.skill.conservative)
    card = player_card(facts, lang)
    assert card.curve == facts.curve and card.season.value == str(facts.curve[-1])
    assert card.curve_title.endswith(t("card.curve_season", lang))  # the headline's curve
    assert not any(t("card.partner", lang) in line for line in card.lines)  # never 2 vs 2
    assert facts.best_streak == 0 and "0 ca" not in "\n".join(card_words(facts, lang))

    await world.env.restart_bot(make_bot())
    await past_the_season(world)
    # January: two matches against bots only, the all-time main ranking being people's.
    for number in (10, 11):
        await record(world, number, world.ana.id, RIVALS[0] + 99, bots=True)
    facts = await facts_now(world)
    assert facts.season_rating is not None and facts.season_rating.with_bots
    assert facts.curve_of_season and len(facts.curve) == 3
    words = "\n".join(card_words(facts, lang))
    assert t("stats.season_none", lang, name="X").split("X")[1] not in words
