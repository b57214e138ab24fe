"""The `/cuarenta` commands, one line each into the feature that runs them.

Where to look:

| command or button                         | runs in                      |
|-------------------------------------------|------------------------------|
| start, hand, rules, forfeit, stop         | play/handlers.py             |
| lobby, table, card, take, back, forfeit   | play/handlers.py             |
| challenge, the user menu's Challenge      | challenge/handlers.py        |
| history, its pages and replays            | history/handlers.py          |
| review, the 💡 hint and 📊 review buttons  | review/handlers.py           |
| leaderboard, its pages, stats (the card)  | leaderboard/handlers.py      |
| the user menu's Cuarenta stats            | leaderboard/handlers.py      |
| logros                                    | logros/handlers.py           |
| config (and its house-rules panel), prefs | settings/handlers.py         |
| tournament, its buttons and invitations   | tournament/handlers.py       |
| admin (the owner's status, maintenance)   | ops/admin.py                 |
| puzzle, 🧩 Resolver, its cards, 📣 share  | puzzles/handlers.py          |
| learn (aprender), a lesson's buttons      | learn/handlers.py            |

Every custom_id is defined in ui/ids.py; each feature lists its button kinds in its
`setup` (its package's __init__.py), and features.py lists the features. A live table's
state and saving: live/live_table.py; its public message: live/publisher.py; its next
step (bot moves, time-outs, recording): live/driver.py.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from tables.settings import SeasonChanges

from .answers import reader_language, reply
from .challenge import handlers as challenges
from .features import set_up
from .history import handlers as history
from .infra.localized import L, localized_options
from .infra.options import (
    FORMAT_CHOICES,
    LANGUAGE_CHOICES,
    LENGTH_CHOICES,
    LEVEL_CHOICES,
    MODE_CHOICES,
    PLAYERS_CHOICES,
    RULES_CHOICES,
    SCOPE_CHOICES,
    SEASON_MODE_CHOICES,
    SORT_CHOICES,
    TEAMS_CHOICES,
)
from .leaderboard import handlers as leaderboards
from .learn.handlers import learn_command
from .logros.handlers import logros_command
from .ops import admin as ops
from .ops.admin import ADMIN_CHOICES
from .play import handlers as table
from .puzzles import handlers as puzzles
from .puzzles.handlers import PUZZLE_MODES
from .review import handlers as review
from .services import Services, services_of
from .settings import handlers as settings
from .tournament import handlers as tournaments

log = logging.getLogger(__name__)


class Cuarenta(
    commands.GroupCog,
    name="Cuarenta",
    group_name=L("cmd.cuarenta"),
    group_description=L("cmd.cuarenta.desc"),
):
    def __init__(self, bot: commands.Bot, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.challenge_menu = app_commands.ContextMenu(
            name=L("cmd.challenge_menu"), callback=self.challenge_from_menu
        )
        self.stats_menu = app_commands.ContextMenu(
            name=L("cmd.stats_menu"), callback=self.stats_from_menu
        )
        self.features = set_up(services)
        # Every kind of button and select the bot's messages carry: registered once, when
        # the cog loads, so that every message's controls work before and after a restart.
        self.clickables = tuple(c for feature in self.features for c in feature.clickables)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.challenge_menu)
        self.bot.tree.add_command(self.stats_menu)
        self.bot.add_dynamic_items(*self.clickables)
        await self.services.runtime.restore()
        for feature in self.features:
            if feature.load is not None:
                await feature.load()

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.challenge_menu.name, type=self.challenge_menu.type)
        self.bot.tree.remove_command(self.stats_menu.name, type=self.stats_menu.type)
        self.bot.remove_dynamic_items(*self.clickables)
        self.services.shutdown()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.services.runtime.resume()
        for feature in self.features:
            if feature.ready is not None:
                await feature.ready()

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        log.error(
            "command %s failed for user %s in channel %s",
            interaction.command and interaction.command.qualified_name,
            interaction.user.id,
            interaction.channel_id,
            exc_info=original,
        )
        lang = await reader_language(self.services, interaction)
        await reply(interaction, t("refuse.unexpected", lang))

    # ------------------------------------------------------------------ a table
    @app_commands.command(name=L("cmd.start"), description=L("cmd.start.desc"))
    @app_commands.guild_only()
    @localized_options(
        mode="opt.mode",
        opponent="opt.opponent",
        bot_level="opt.bot_level",
        rules="opt.rules",
        length="opt.length",
    )
    @app_commands.choices(
        mode=MODE_CHOICES, bot_level=LEVEL_CHOICES, rules=RULES_CHOICES, length=LENGTH_CHOICES
    )
    async def start(
        self,
        interaction: discord.Interaction,
        mode: str | None = None,
        opponent: discord.Member | None = None,
        bot_level: str | None = None,
        rules: str | None = None,
        length: str | None = None,
    ) -> None:
        await table.start(self.services, interaction, mode, opponent, bot_level, rules, length)

    @app_commands.command(name=L("cmd.hand"), description=L("cmd.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await table.hand(self.services, interaction)

    @app_commands.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await table.rules(self.services, interaction)

    @app_commands.command(name=L("cmd.forfeit"), description=L("cmd.forfeit.desc"))
    @app_commands.guild_only()
    async def forfeit(self, interaction: discord.Interaction) -> None:
        await table.forfeit(self.services, interaction)

    @app_commands.command(name=L("cmd.stop"), description=L("cmd.stop.desc"))
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction) -> None:
        await table.stop(self.services, interaction)

    # ------------------------------------------------------------- a challenge
    @app_commands.command(name=L("cmd.challenge"), description=L("cmd.challenge.desc"))
    @app_commands.guild_only()
    @localized_options(user="opt.user", rules="opt.rules", length="opt.length")
    @app_commands.choices(rules=RULES_CHOICES, length=LENGTH_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction,
        user: discord.Member,
        rules: str | None = None,
        length: str | None = None,
    ) -> None:
        await challenges.challenge(self.services, interaction, user, rules, length)

    async def challenge_from_menu(
        self, interaction: discord.Interaction, member: discord.Member
    ) -> None:
        await challenges.challenge_from_menu(self.services, interaction, member)

    # -------------------------------------------------------------- tournaments
    @app_commands.command(name=L("cmd.tournament"), description=L("cmd.tournament.desc"))
    @app_commands.guild_only()
    @localized_options(
        format="opt.format",
        teams="opt.teams",
        size="opt.size",
        length="opt.length",
        rules="opt.rules",
        bot_level="opt.bot_level",
        rounds="opt.swiss_rounds",
        starts_in="opt.starts_in",
        hints="opt.hints",
        deadline="opt.walkover",
    )
    @app_commands.choices(
        format=FORMAT_CHOICES,
        teams=TEAMS_CHOICES,
        length=LENGTH_CHOICES,
        rules=RULES_CHOICES,
        bot_level=LEVEL_CHOICES,
    )
    async def tournament(
        self,
        interaction: discord.Interaction,
        format: str | None = None,
        teams: str | None = None,
        size: app_commands.Range[int, 2, 96] | None = None,
        length: str | None = None,
        rules: str | None = None,
        bot_level: str | None = None,
        rounds: app_commands.Range[int, 1, 10] | None = None,
        starts_in: app_commands.Range[int, 1, 1440] | None = None,
        hints: bool | None = None,
        deadline: app_commands.Range[int, 2, 60] | None = None,
    ) -> None:
        await tournaments.tournament_command(
            self.services, interaction, format, teams, size, length, rules, bot_level,
            rounds, starts_in, hints, deadline,
        )  # fmt: skip

    # -------------------------------------------------------- records and review
    @app_commands.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
    @localized_options(
        scope="opt.scope",
        sort="opt.sort",
        with_bots="opt.with_bots",
        players="opt.players",
        season="opt.season",
        public="opt.public",
    )
    @app_commands.choices(scope=SCOPE_CHOICES, sort=SORT_CHOICES, players=PLAYERS_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        scope: str = "guild",
        sort: str = "wins",
        with_bots: bool = False,
        players: str = "1v1",
        season: str | None = None,
        public: bool = False,
    ) -> None:
        await leaderboards.leaderboard(
            self.services, interaction, scope, sort, with_bots, players, public, season
        )

    @leaderboard.autocomplete("season")
    async def leaderboard_seasons(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await leaderboards.season_choices(self.services, interaction, current)

    @app_commands.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
    @localized_options(user="opt.user", rules="opt.rules", vs="opt.vs", public="opt.public")
    @app_commands.choices(rules=RULES_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        rules: str | None = None,
        vs: discord.User | None = None,
        public: bool = False,
    ) -> None:
        await leaderboards.stats(self.services, interaction, user, rules, public, vs)

    async def stats_from_menu(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None:
        await leaderboards.stats(self.services, interaction, member, None, False)

    @app_commands.command(name=L("cmd.logros"), description=L("cmd.logros.desc"))
    @localized_options(user="opt.user", public="opt.public")
    async def achievements(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        public: bool = False,
    ) -> None:
        await logros_command(self.services, interaction, user, public)

    @app_commands.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @localized_options(user="opt.user")
    async def match_history(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        await history.history_command(self.services, interaction, user)

    @app_commands.command(name=L("cmd.review"), description=L("cmd.review.desc"))
    @localized_options(match="opt.match")
    async def match_review(
        self, interaction: discord.Interaction, match: str | None = None
    ) -> None:
        await review.review_command(self.services, interaction, match)

    # ----------------------------------------------------------------- puzzles
    @app_commands.command(name=L("cmd.puzzle"), description=L("cmd.puzzle.desc"))
    @app_commands.guild_only()
    @localized_options(mode="opt.puzzle_mode")
    @app_commands.choices(mode=PUZZLE_MODES)
    async def puzzle(self, interaction: discord.Interaction, mode: str | None = None) -> None:
        await puzzles.puzzle_command(self.services, interaction, mode)

    # ----------------------------------------------------------------- lessons
    @app_commands.command(name=L("cmd.learn"), description=L("cmd.learn.desc"))
    async def learn(self, interaction: discord.Interaction) -> None:
        await learn_command(self.services, interaction)

    # ---------------------------------------------------------------- settings
    @app_commands.command(name=L("cmd.prefs"), description=L("cmd.prefs.desc"))
    @localized_options(one_tap="opt.one_tap", turn_ping="opt.turn_ping", tips="opt.tips")
    async def preferences(
        self,
        interaction: discord.Interaction,
        one_tap: bool | None = None,
        turn_ping: bool | None = None,
        tips: bool | None = None,
    ) -> None:
        await settings.preferences(self.services, interaction, one_tap, turn_ping, tips)

    @app_commands.command(name=L("cmd.config"), description=L("cmd.config.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @localized_options(
        rules="opt.rules",
        turn_seconds="opt.turn_seconds",
        language="opt.language",
        table_picture="opt.picture",
        bot_level="opt.bot_level",
        replay_all_hands="opt.replay_hands",
        seasons="opt.seasons",
        season_name="opt.season_name",
        season_start="opt.season_start",
        season_end="opt.season_end",
        season_channel="opt.season_channel",
        open_tournaments="opt.open_tournaments",
        zone="opt.zone",
        puzzle_channel="opt.puzzle_channel",
        puzzle_hour="opt.puzzle_hour",
        puzzle_names="opt.puzzle_names",
        puzzle_off="opt.puzzle_off",
    )
    @app_commands.choices(
        rules=RULES_CHOICES,
        language=LANGUAGE_CHOICES,
        bot_level=LEVEL_CHOICES,
        seasons=SEASON_MODE_CHOICES,
    )
    async def config(
        self,
        interaction: discord.Interaction,
        rules: str | None = None,
        turn_seconds: int | None = None,
        language: str | None = None,
        table_picture: bool | None = None,
        bot_level: str | None = None,
        replay_all_hands: bool | None = None,
        open_tournaments: bool | None = None,
        zone: app_commands.Range[str, 1, 60] | None = None,
        puzzle_channel: discord.TextChannel | None = None,
        puzzle_hour: app_commands.Range[int, 0, 23] | None = None,
        puzzle_names: bool | None = None,
        puzzle_off: bool = False,
        seasons: str | None = None,
        season_name: str | None = None,
        season_start: str | None = None,
        season_end: str | None = None,
        season_channel: discord.TextChannel | None = None,
    ) -> None:
        channel_id = None if puzzle_channel is None else puzzle_channel.id
        daily = settings.DailyOptions(channel_id, puzzle_hour, puzzle_names, puzzle_off)
        await settings.config(
            self.services,
            interaction,
            rules,
            turn_seconds,
            language,
            table_picture,
            bot_level,
            replay_all_hands,
            open_tournaments,
            daily,
            SeasonChanges(
                seasons,
                season_name,
                season_start,
                season_end,
                season_channel.id if season_channel else None,
            ),
            zone,
        )

    @config.autocomplete("zone")
    async def config_zones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return settings.zone_choices(current)

    # ------------------------------------------------------------- the owner's
    @app_commands.command(name=L("cmd.admin"), description=L("cmd.admin.desc"))
    @localized_options(action="opt.action", reason="opt.reason", minutes="opt.minutes")
    @app_commands.choices(action=ADMIN_CHOICES)
    async def admin(
        self,
        interaction: discord.Interaction,
        action: str = "status",
        reason: app_commands.Range[str, 1, 100] | None = None,
        minutes: app_commands.Range[int, 1, 10080] | None = None,
    ) -> None:
        await ops.admin(self.services, interaction, action, reason, minutes)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cuarenta(bot, services_of(bot)))
