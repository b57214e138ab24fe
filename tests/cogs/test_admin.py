"""/cuarenta admin: the owner's status and maintenance; everyone else is refused."""

from __future__ import annotations

import pytest

from cogs.infra.clock import now
from cogs.infra.openings import MAINTENANCE_KEY
from cogs.ops.admin import duration_words
from i18n import t
from tests.cogs.helpers import in_language, only_session, services, table_message

LANGS = ["en", "es"]


def make_owner(world, member):
    world.env.bot.owner_id = member.id


@pytest.mark.parametrize("lang", LANGS)
async def test_the_owner_sees_the_status(world, lang):
    await in_language(world, lang)
    make_owner(world, world.ana)
    await world.beto.slash(world.channel, "cuarenta start")
    result = await world.ana.slash(world.channel, "cuarenta admin")
    assert result.ephemeral
    text = result.response.content
    assert text.startswith(t("admin.status", lang).split("\n")[0])
    assert f"{t('admin.status', lang).split(chr(10))[4].split(':')[0]}: 1" in text  # live tables
    assert "sqlite" in text and " MB" in text
    assert t("word.off", lang) in text.split("\n")[-1]
    up = text.split("\n")[2]
    assert "day" not in up and "," not in up  # in words, never Python's timedelta
    assert up.endswith(duration_words(0, lang)) or up.endswith(" min")


@pytest.mark.parametrize("lang", LANGS)
def test_an_uptime_reads_in_days_hours_and_minutes(lang):
    assert duration_words(-84.0, lang) == t("duration.under_a_minute", lang)  # a clock's skew
    assert duration_words(3 * 60 + 5, lang) == "3 min"
    assert duration_words(5 * 3600 + 12 * 60, lang) == "5 h 12 min"
    assert duration_words(2 * 86400 + 3 * 3600 + 59, lang) == "2 d 3 h"


@pytest.mark.parametrize("lang", LANGS)
async def test_anyone_else_is_refused_and_changes_nothing(world, lang):
    await in_language(world, lang)
    make_owner(world, world.ana)
    for action in ("status", "maintenance_on"):
        result = await world.beto.slash(world.channel, "cuarenta admin", action=action)
        assert result.ephemeral and result.response.content == t("refuse.not_owner", lang)
    assert not services(world.env).openings.maintenance
    assert await world.env.bot.storage.get_bot_state(MAINTENANCE_KEY) is None


@pytest.mark.parametrize("lang", LANGS)
async def test_maintenance_refuses_new_tables_and_says_so_on_live_ones(world, lang):
    await in_language(world, lang)
    make_owner(world, world.ana)
    await world.beto.slash(world.channel, "cuarenta start")
    session = only_session(world.env)
    other = world.guild.create_text_channel("otra")

    turned = await world.ana.slash(world.channel, "cuarenta admin", action="maintenance_on")
    assert turned.response.content.startswith(t("admin.maintenance_on", lang, tables=1))
    assert await world.env.bot.storage.get_bot_state(MAINTENANCE_KEY) == "1"  # outlives a restart
    assert table_message(world, session).content.startswith(
        t("notice.maintenance", lang, reason="")
    )
    refused = await world.carla.slash(other, "cuarenta start")
    assert refused.ephemeral and refused.response.content == t(
        "refuse.maintenance", lang, reason=""
    )
    assert len(services(world.env).runtime.tables) == 1

    await world.ana.slash(world.channel, "cuarenta admin", action="maintenance_off")
    assert not table_message(world, session).content.startswith(
        t("notice.maintenance", lang, reason="")
    )
    opened = await world.carla.slash(other, "cuarenta start")
    assert not opened.ephemeral
    assert len(services(world.env).runtime.tables) == 2


async def test_maintenance_is_back_after_a_restart(world, make_bot):
    await world.env.bot.storage.set_bot_state(MAINTENANCE_KEY, "1")
    await world.env.restart_bot(make_bot())
    refused = await world.ana.slash(world.channel, "cuarenta start")
    assert refused.response.content == t("refuse.maintenance", "en", reason="")


@pytest.mark.parametrize("lang", LANGS)
async def test_while_stopping_new_tables_are_told_to_come_back(world, lang):
    await in_language(world, lang)
    services(world.env).openings.restarting = True
    refused = await world.ana.slash(world.channel, "cuarenta start")
    assert refused.ephemeral and refused.response.content == t("refuse.restarting", lang)
    challenged = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto)
    assert challenged.response.content == t("refuse.restarting", lang)
    assert services(world.env).runtime.tables == {}


@pytest.mark.parametrize("lang", LANGS)
async def test_maintenance_tells_its_reason_and_end_and_both_outlive_a_restart(
    world, make_bot, lang
):
    """The owner's `reason` and `minutes`: the refusal, the line on live tables and the
    owner's confirmation say both (the end as `<t:…:t>`, each reader's own time), and
    they outlive a restart; maintenance turned on again without them says neither."""
    await in_language(world, lang)
    make_owner(world, world.ana)
    await world.beto.slash(world.channel, "cuarenta start")
    session = only_session(world.env)
    other = world.guild.create_text_channel("otra")
    until = int(now() + 90 * 60)
    turned = await world.ana.slash(
        world.channel,
        "cuarenta admin",
        action="maintenance_on",
        reason="  actualización  ",
        minutes=90,
    )
    words = {"reason": " (actualización)", "until": f"<t:{until}:t>"}
    notice = t("notice.maintenance_until", lang, **words)
    assert turned.ephemeral and turned.response.content.endswith("> " + notice)
    assert table_message(world, session).content.startswith(notice)
    status = await world.ana.slash(world.channel, "cuarenta admin")
    assert status.response.content.endswith("> " + notice)
    await world.env.restart_bot(make_bot())
    refused = await world.carla.slash(other, "cuarenta start")
    expected = t("refuse.maintenance_until", lang, **words)
    assert refused.ephemeral and refused.response.content == expected
    make_owner(world, world.ana)  # the restarted bot's
    await world.ana.slash(world.channel, "cuarenta admin", action="maintenance_off")
    await world.ana.slash(world.channel, "cuarenta admin", action="maintenance_on")
    refused = await world.carla.slash(other, "cuarenta start")
    assert refused.response.content == t("refuse.maintenance", lang, reason="")  # none kept
