"""The house-rules panel under /cuarenta config, as a server's managers use it."""

from __future__ import annotations

import discord
import pytest

from cogs.settings import messages as house_rules
from cogs.ui import ids
from engine import Rules
from i18n import t
from tables.house_rules import OPTION_BY_FIELD, OPTIONS, RuleOption
from tables.settings import ServerSettings
from tests.cogs.helpers import at_once, current, in_language, only_session, play_one_turn


def selects(message) -> dict[str, dict]:
    """The panel's selects by the option they set."""
    found = {}
    for row in message.components:
        for child in row["components"]:
            if child["type"] == 3:
                found[ids.RULE_OPTION.parse_id(child["custom_id"])["field"]] = child
    return found


def chosen(message, field: str) -> str:
    """The value a select shows as chosen."""
    return next(o["value"] for o in selects(message)[field]["options"] if o.get("default"))


def page_of(field: str) -> int:
    return next(i for i, page in enumerate(house_rules.PAGES) if field in [o.field for o in page])


async def open_panel(world, member, field: str = "ronda_points"):
    """/cuarenta config, then the page that holds `field`'s select."""
    opened = await member.slash(world.channel, "cuarenta config")
    assert opened.ephemeral
    panel = opened.response
    for page in range(1, page_of(field) + 1):
        panel = (await member.click(panel, custom_id=ids.RULE_PAGE.build(page=page))).response
    return panel


async def saved(world) -> dict:
    return await world.env.bot.storage.get_guild_config(world.guild.id)


def set_id(field: str) -> str:
    return ids.RULE_OPTION.build(page=page_of(field), field=field)


async def test_a_manager_changes_an_option_and_the_server_keeps_it(world, manager):
    panel = await open_panel(world, manager)
    assert chosen(panel, "ronda_points") == "2"
    result = await manager.select(panel, ["4"], custom_id=set_id("ronda_points"))
    config = await saved(world)
    assert config["rules"] == "house"
    assert Rules.from_dict(config["house_rules"]) == Rules(ronda_points=4)
    shown = result.response
    assert shown.id == panel.id  # the panel itself shows the new value
    assert chosen(shown, "ronda_points") == "4"
    assert "**House rules**: Quito + ronda 4" in shown.content
    settings = await world.env.bot.services.settings.get(world.guild.id)
    assert settings.default_rules() == Rules(ronda_points=4)  # no stale cached settings


async def test_every_option_can_be_set_from_its_page(world, manager):
    """Each page's selects change what they say, and each change keeps the ones before."""
    expected = Rules()
    for field, option in OPTION_BY_FIELD.items():
        panel = await open_panel(world, manager, field)
        other = option.choices[-1]
        result = await manager.select(panel, [other.code], custom_id=set_id(field))
        assert chosen(result.response, field) == other.code
        expected = expected.with_options(**{field: other.value})
    assert Rules.from_dict((await saved(world))["house_rules"]) == expected


async def test_reset_to_cuenca_then_to_quito(world, manager):
    panel = await open_panel(world, manager)
    panel = (await manager.select(panel, ["4"], custom_id=set_id("ronda_points"))).response
    panel = (await manager.click(panel, label="Reset to Cuenca")).response
    assert Rules.from_dict((await saved(world))["house_rules"]) == Rules.preset("cuenca")
    assert "**House rules**: Cuenca\n" in panel.content
    assert chosen(panel, "ronda_points") == "2"
    reset = {b["label"]: b for row in panel.components for b in row["components"] if b["type"] == 2}
    assert reset["Reset to Cuenca"].get("disabled") and not reset["Reset to Quito"].get("disabled")
    panel = (await manager.click(panel, label="Reset to Quito")).response
    assert Rules.from_dict((await saved(world))["house_rules"]) == Rules()


async def test_someone_who_cannot_manage_the_server_changes_nothing(world, manager):
    panel = await open_panel(world, manager)
    await manager.select(panel, ["4"], custom_id=set_id("ronda_points"))
    before = await saved(world)
    admins = world.guild.roles["admins"]
    world.env.backend.remove_member_role(world.guild.id, manager.id, admins.id)
    refused = await manager.select(panel, ["none"], custom_id=set_id("sum_cards"))
    # The answer is the private panel itself: the reason on top, the values as saved.
    assert refused.response.ephemeral and refused.response.id == panel.id
    assert refused.response.content.startswith("⚠️ Only members who can Manage Server")
    assert chosen(refused.response, "sum_cards") == "2"
    assert chosen(refused.response, "ronda_points") == "4"
    refused = await manager.click(panel, label="Reset to Cuenca")
    assert refused.response.content.startswith("⚠️ Only members who can Manage Server")
    assert await saved(world) == before


async def test_a_choice_no_longer_offered_changes_nothing(world, manager, monkeypatch):
    panel = await open_panel(world, manager, "ronda_points")
    option = OPTION_BY_FIELD["ronda_points"]
    fewer = RuleOption(option.field, option.choices[:1])  # a later release dropped "4"
    monkeypatch.setitem(OPTION_BY_FIELD, "ronda_points", fewer)
    refused = await manager.select(panel, ["4"], custom_id=set_id("ronda_points"))
    assert refused.response.ephemeral and "no longer on the panel" in refused.response.content
    assert chosen(refused.response, "ronda_points") == "2"
    assert await saved(world) == {}


async def test_the_panel_works_after_a_restart(world, manager, make_bot):
    panel = await open_panel(world, manager)
    await world.env.restart_bot(make_bot())
    result = await manager.select(panel, ["4"], custom_id=set_id("ronda_points"))
    assert chosen(result.response, "ronda_points") == "4"
    assert Rules.from_dict((await saved(world))["house_rules"]) == Rules(ronda_points=4)


async def test_a_game_in_progress_keeps_its_rules(world, manager):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    before = current(world.env, session.session_id).rules
    panel = await open_panel(world, manager)
    await manager.select(panel, ["4"], custom_id=set_id("ronda_points"))
    await manager.click(panel, label="Reset to Cuenca")
    await play_one_turn(world, world.ana, current(world.env, session.session_id))
    playing = current(world.env, session.session_id)
    assert playing.phase == "playing" and playing.rules == before == Rules()
    stored = await world.env.bot.storage.get_session(session.session_id)
    assert stored.state["rules_name"] == "quito"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_page_fits_in_a_message_and_every_option_is_on_one(lang):
    settings = ServerSettings()
    on_pages = []
    for page in range(len(house_rules.PAGES)):
        rows = house_rules.panel(settings, lang, page).to_components()
        assert len(rows) <= 5
        menus = [c for row in rows for c in row["components"] if c["type"] == 3]
        assert all(len(row["components"]) == 1 for row in rows[:-1])  # a select fills its row
        assert len(rows[-1]["components"]) <= 5
        for menu in menus:
            assert len(menu["custom_id"]) <= 100 and len(menu["options"]) <= 25
            assert [o["default"] for o in menu["options"]].count(True) == 1
            for choice in menu["options"]:
                assert len(choice["label"]) <= 100 and len(choice["description"]) <= 100
        on_pages += [ids.RULE_OPTION.parse_id(menu["custom_id"])["field"] for menu in menus]
        assert len(house_rules.panel_text(settings, lang, page)) < 2000
    assert on_pages == [option.field for option in OPTIONS]


def test_a_page_that_no_longer_exists_shows_the_last():
    last = len(house_rules.PAGES) - 1
    too_far = house_rules.panel(ServerSettings(), "en", last + 3)
    assert too_far == house_rules.panel(ServerSettings(), "en", last)


@pytest.mark.usefixtures("rest_yields")
async def test_two_managers_changing_two_options_at_once_both_count(world, manager):
    """Each pick is applied to the rules as stored when it is saved, not to a copy read
    before the other manager's save: neither change is lost, and both see both."""
    admins = world.guild.create_role("admins 2", permissions=discord.Permissions(manage_guild=True))
    eva = world.guild.add_member(world.env.create_user("eva"), roles=[admins])
    first, second = OPTIONS[0], OPTIONS[1]
    dora_panel = await open_panel(world, manager, first.field)
    eva_panel = await open_panel(world, eva, second.field)
    dora_pick, eva_pick = first.choices[-1], second.choices[-1]
    await at_once(
        world.env,
        manager.select(dora_panel, [dora_pick.code], custom_id=set_id(first.field)),
        eva.select(eva_panel, [eva_pick.code], custom_id=set_id(second.field)),
    )
    both = Rules().with_options(**{first.field: dora_pick.value, second.field: eva_pick.value})
    assert Rules.from_dict((await saved(world))["house_rules"]) == both
    settings = await world.env.bot.services.settings.get(world.guild.id)
    assert settings.default_rules() == both


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_settings_say_the_bot_level_and_that_start_uses_these_rules(world, manager, lang):
    await in_language(world, lang)
    shown = await manager.slash(world.channel, "cuarenta config", bot_level="expert")
    settings = await world.env.bot.services.settings.get(world.guild.id)
    summary = house_rules.config_summary(settings, None, lang)
    assert f"bot {t('choice.expert', lang)}," in summary
    assert shown.response.content.startswith(t("config.saved", lang, summary=summary))
    assert t("house.panel.help", lang) in shown.response.content
