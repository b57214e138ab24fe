"""Issue 45 as players meet it, in simcord with the virtual clock: a Spanish server whose
members' Discord is in English, across a month's end (the season's) and days of daily
puzzles. Everything posted for everyone is Spanish and names the Spanish commands; every
private answer is English; hours are the server's (Quito's) and times `<t:…>`."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

import cogs.puzzles.desk
from cogs.infra.clock import now
from cogs.puzzles.messages import share_text
from cogs.seasons.messages import season_over_text
from db import Podium, PodiumPlace, Season, SeasonRow
from i18n import t
from tables.zones import DEFAULT_ZONE
from tests.cogs.helpers import card_text
from tests.cogs.test_puzzle_share_and_zone import next_local, share_ids, shared_posts
from tests.cogs.test_puzzles import answer, custom_ids, posts, puzzle_shown, stocked
from tests.cogs.test_seasons import announcements, record, season_now


@pytest.fixture(autouse=True)
def no_restocking(monkeypatch):
    monkeypatch.setattr(cogs.puzzles.desk, "STOCK_PER_DIFFICULTY", 0)


def is_english(text: str) -> bool:
    return not any(word in text for word in (" el ", " de ", " tu ", "Temporada"))


async def test_a_spanish_server_with_english_members_across_a_season_end(world, manager, make_bot):
    await world.env.bot.services.settings.change(world.guild.id, language="es")
    await stocked(world)
    ana, beto, carla = world.ana, world.beto, world.carla
    await record(world, 1, ana.id, beto.id)
    await record(world, 2, ana.id, carla.id)
    await record(world, 3, beto.id, carla.id)  # three ranked: a champion, no other medal
    season = await season_now(world)
    await world.env.restart_bot(make_bot())  # (a start looks for the seasons to close)

    # The manager's answer is private: English; the hour typed is Quito's.
    set_up = await manager.slash(
        world.channel, "cuarenta config", puzzle_channel=world.channel, puzzle_hour=8
    )
    assert set_up.ephemeral and "Ecuador time" in set_up.response.content

    # The leaderboard (private: English) says when the season ends, in each reader's time.
    board = await carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    assert f"<t:{int(season.ends_at)}:R>" in board.response.content.splitlines()[0]

    # Midnight in Quito: the season ends; its announcement is Spanish and names the
    # Spanish command; the champion's logro is told with it.
    await world.env.advance_time(season.ends_at - now() + 5)
    [told] = announcements(world)
    assert "Terminó la temporada" in told and "/cuarenta clasificación" in told
    assert f"🥇 Campeón: <@{ana.id}>" in told and "🥈" not in told
    assert f"🗓️ Más partidas: <@{ana.id}>, <@{beto.id}> y <@{carla.id}> (2)" in told
    assert f"🏅 <@{ana.id}>: ¡Al podio! · ¡Campeón de temporada!" in told

    # The new season is empty, and the board (English, private) says so.
    board = await carla.slash(world.channel, "cuarenta leaderboard", sort="rating")
    assert "has no matches yet" in board.response.content

    # 8 a.m. in Quito (not 3 a.m.): the puzzle's post, in Spanish.
    assert posts(world) == []
    await world.env.advance_time(next_local(DEFAULT_ZONE, 9) - now())
    (post,) = posts(world)
    posted_at = datetime.fromtimestamp(now(), ZoneInfo(DEFAULT_ZONE))
    assert posted_at.hour == 9 and "Reto del día" in post.content and "reglas Quito" in post.content
    opened = await ana.click(post, custom_id=custom_ids(post, "pz")[0])
    assert opened.ephemeral and "Pick your card" in opened.response.content
    puzzle, _ = await puzzle_shown(world, opened.response)
    _, _, answered = await answer(world, ana, opened.response)
    assert answered.response.content.startswith("✅") and "Streak: 1" in answered.response.content
    await ana.click(answered.response, custom_id=share_ids(answered.response)[0])
    (shared,) = shared_posts(world)
    assert shared.content == share_text(ana.id, True, 1, puzzle.difficulty, "es")
    assert "/cuarenta reto" in shared.content and is_english(answered.response.content)

    # The card (private: English): one headline rating, its lines beside the picture, the
    # whole card in words as the picture's description.
    card = await ana.slash(world.channel, "cuarenta stats")
    assert len(card.response.attachments) == 1 and card.response.attachments[0].description
    assert len(card.response.content.splitlines()) <= 3
    assert "Rating" in card_text(card)

    # Logros, private: English, each locked one with how to earn it.
    logros = await ana.slash(world.channel, "cuarenta logros")
    assert t("logros.todo_title", "en").split("{")[0][:12] in logros.response.content

    # The next day's post tells yesterday's answer and how many solved it, in Spanish.
    await world.env.advance_time(next_local(DEFAULT_ZONE, 9) - now())
    assert len(posts(world)) == 2
    assert "Ayer" in posts(world)[-1].content and "1 de 1" in posts(world)[-1].content


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_season_where_everyone_tied_for_most_matches_fits_one_message(lang):
    """A hundred players with one match each: five named, then how many more."""
    users = [10**18 + n for n in range(100)]
    busiest = PodiumPlace(users[0], 1.0, 1, 1)
    podium = Podium(
        channel_id=1, places=(busiest,), most_matches=busiest, most_matches_tied=tuple(users[1:])
    )
    row = SeasonRow(1, 2, Season("2026-01", "2026-01", 0.0, 1.0), 1.0, False, podium)
    text = season_over_text(row, lang)
    assert len(text) <= 2000
    line = next(line for line in text.splitlines() if line.startswith("🗓️"))
    assert line.count("<@") == 5 and "95" in line
