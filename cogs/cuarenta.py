"""The /cuarenta commands and every button click, translated into table actions.

Clicks and commands only translate: the table layer decides, `LiveTable.change` saves,
and what happens after the save (answering, publishing, the next step) never turns a
saved move into an error message.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, cast

import discord
from discord import app_commands
from discord.ext import commands

from db import StorageError
from engine import Card, Rules
from i18n import pick_language, t
from tables import (
    Challenge,
    ChallengeAnswer,
    ChallengeState,
    Refusal,
    TableSession,
    new_session_id,
)
from tables.challenge import CHALLENGE_SECONDS
from tables.house_rules import RULE_SETS, explain, rules_from_saved
from tables.settings import ServerSettings

from . import history, house_rules, records, review
from .components import Rows, is_hand_button
from .live_table import LiveTable, now
from .localized import L, choice, localized_options
from .presenters import (
    Payload,
    challenge_payload,
    choice_payload,
    hand_payload,
    public_payload,
    rules_text,
    seat_name,
)
from .runtime import TableRuntime

if TYPE_CHECKING:
    from bot import CuarentaBot

log = logging.getLogger(__name__)


def match_length(length: str | None, rules: Rules) -> int:
    """Chicas to win: the option if given ("one", "match"), else what the rule set says."""
    if length is None:
        return rules.chicas_to_win
    return 1 if length == "one" else 2


P = ParamSpec("P")
Handler = Callable[Concatenate["Cuarenta", discord.Interaction, P], Coroutine[Any, Any, None]]

MODE_CHOICES = [
    choice("choice.bot_mode", "bot"),
    choice("choice.1v1", "1v1"),
    choice("choice.2v2", "2v2"),
]
LEVEL_CHOICES = [choice(f"choice.{level}", level) for level in ("easy", "normal", "expert")]
RULES_CHOICES = [choice(f"choice.{name}", name) for name in RULE_SETS]
LENGTH_CHOICES = [choice("choice.match", "match"), choice("choice.one_chica", "one")]


def answers_refusals(handler: Handler[P]) -> Handler[P]:
    """Let a command or click raise Refusal: the user gets the explanation, privately.

    Anything that escapes a handler happened before its change was saved (what comes
    after a save is answered through `Cuarenta.tell`, which never raises), so the user
    is told, truthfully, that nothing counted.
    """

    @functools.wraps(handler)
    async def run(
        self: Cuarenta, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except Refusal as refusal:
            await self.refuse(interaction, refusal, args)
        except discord.HTTPException as error:
            # Discord refused the answer itself (an expired or unknown interaction, 5xx):
            # nothing was saved, and another answer through it would fail the same way.
            log.warning("answer to %s by user %s failed: %s", args, interaction.user.id, error)
        except Exception as error:
            log.error(
                "%s by user %s in channel %s failed (%s)",
                handler.__name__,
                interaction.user.id,
                interaction.channel_id,
                args,
                exc_info=error,
            )
            lang = await self.reader_language(interaction)
            key = "refuse.not_saved" if isinstance(error, StorageError) else "refuse.unexpected"
            await self.reply(interaction, t(key, lang))

    return run


def missing_permissions(interaction: discord.Interaction, picture: bool) -> list[str]:
    """The permissions the bot lacks in this channel to run a table (names as in the catalog)."""
    have = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = [
        "view_channel",
        "send_messages_in_threads" if in_thread else "send_messages",
        "read_message_history",
    ]
    if picture:
        needed.append("attach_files")
    return [name for name in needed if not getattr(have, name)]


class Cuarenta(
    commands.GroupCog,
    name="Cuarenta",
    group_name=L("cmd.cuarenta"),
    group_description=L("cmd.cuarenta.desc"),
):
    def __init__(self, bot: CuarentaBot) -> None:
        self.bot = bot
        self.runtime = TableRuntime(
            bot,
            bot.storage,
            bot.card_emojis,
            self.server_settings,
            bot_pause_seconds=bot.bot_pause_seconds,
        )
        self.settings_cache: dict[int, ServerSettings] = {}
        self.challenge_menu = app_commands.ContextMenu(
            name=L("cmd.challenge_menu"), callback=self.challenge_from_menu
        )
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.challenge_menu)
        for items in (house_rules.PANEL_ITEMS, history.ITEMS, review.ITEMS):
            if items:
                self.bot.add_dynamic_items(*items)
        await self.runtime.restore()

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.challenge_menu.name, type=self.challenge_menu.type)
        await self.runtime.shutdown()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.runtime.resume()

    # ---------------------------------------------------------------- helpers
    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return ServerSettings()
        if guild_id not in self.settings_cache:
            stored = await self.bot.storage.get_guild_config(guild_id)
            self.settings_cache[guild_id] = ServerSettings.from_stored(stored)
        return self.settings_cache[guild_id]

    async def reader_language(self, interaction: discord.Interaction) -> str:
        settings = await self.server_settings(interaction.guild_id)
        return pick_language(settings.language, str(interaction.locale))

    async def reply(
        self,
        interaction: discord.Interaction,
        text: str,
        *,
        ephemeral: bool = True,
        rows: Rows | None = None,
    ) -> None:
        """A private answer; if Discord refuses it, there is no one left to tell."""
        view = cast(discord.ui.View, rows) if rows is not None else discord.utils.MISSING
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=ephemeral, view=view)
            else:
                await interaction.response.send_message(text, ephemeral=ephemeral, view=view)
        except discord.HTTPException as error:
            log.info("could not answer interaction %s: %s", interaction.id, error)

    async def tell(self, answer: Awaitable[Any], interaction: discord.Interaction) -> bool:
        """An answer after a saved change: whatever fails here, the change stands."""
        try:
            await answer
        except Exception:
            log.warning("answer to interaction %s failed", interaction.id, exc_info=True)
            return False
        return True

    def refusal_text(self, refusal: Refusal, lang: str, session: TableSession | None) -> str:
        params = dict(refusal.params)
        if (
            refusal.key == "not_your_turn"
            and session is not None
            and session.seat_to_play is not None
        ):
            params["who"] = seat_name(session, session.seat_to_play, lang)
        if refusal.key in ("missing_permission", "missing_permissions"):
            params["perms"] = ", ".join(t(f"perm.{name}", lang) for name in params["perms"])
        params.setdefault("who", "?")
        params.setdefault("link", "")
        return t(f"refuse.{refusal.key}", lang, **params)

    async def refuse(
        self, interaction: discord.Interaction, refusal: Refusal, args: tuple[Any, ...]
    ) -> None:
        """Say no privately; a refused click in a hand shows the hand as it is now."""
        lang = await self.reader_language(interaction)
        channel_id = interaction.channel_id or 0
        if refusal.key == "channel_busy":
            refusal.params["link"] = self.channel_link(interaction.guild_id, channel_id)
        table = self.runtime.tables.get(args[0]) if args and isinstance(args[0], str) else None
        session = table.session if table else None
        if session is None:
            latest = self.runtime.latest_in_channel(channel_id)
            session = latest.session if latest else None
        note = self.refusal_text(refusal, lang, session)
        custom_id = str(interaction.data.get("custom_id", "")) if interaction.data else ""
        if is_hand_button(custom_id) and table is not None and table.session.game is not None:
            payload = await self.hand_for(table.session, interaction.user.id, lang, note)
            if not interaction.response.is_done():
                await self.tell(
                    interaction.response.edit_message(content=payload.content, view=payload.view),
                    interaction,
                )
                return
        await self.reply(interaction, note)

    def channel_link(self, guild_id: int | None, channel_id: int) -> str:
        occupant = self.runtime.occupant(channel_id)
        message_id = occupant.message_id if occupant is not None else None
        if message_id is None or guild_id is None:
            return ""
        return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"

    def require_channel(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("no_dm")

    def require_permissions(
        self, interaction: discord.Interaction, settings: ServerSettings
    ) -> None:
        missing = missing_permissions(interaction, settings.table_picture)
        if missing:
            key = "missing_permission" if len(missing) == 1 else "missing_permissions"
            raise Refusal(key, perms=missing)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        lang = await self.reader_language(interaction)
        log.error(
            "command %s failed for user %s in channel %s",
            interaction.command and interaction.command.qualified_name,
            interaction.user.id,
            interaction.channel_id,
            exc_info=original,
        )
        await self.reply(interaction, t("refuse.unexpected", lang))

    async def open_by_reply(self, interaction: discord.Interaction, session: TableSession) -> None:
        """Open the table; its public message is the answer to the command or click.

        Openings take turns with bot moves and table edits, so a crowd of them arriving
        together does not hold up the clicks of tables already playing.
        """
        async with self.runtime.background:
            table = await self.runtime.open_table(session, posted_by_reply=True)
            await self.post_table_by_reply(interaction, table)

    async def post_table_by_reply(self, interaction: discord.Interaction, table: LiveTable) -> None:
        session = table.session
        version = session.version
        payload = public_payload(session, self.bot.card_emojis)
        files, picture = await table.first_picture()
        try:
            response = await interaction.response.send_message(**payload.to_send(), files=files)
            message_id = response.message_id
            if message_id is None:
                message_id = (await interaction.original_response()).id
        except Exception:
            log.warning("could not post table %s by reply", session.session_id, exc_info=True)
            table.post_message()
            return
        table.set_message(message_id, now(), picture, version)

    # --------------------------------------------------------------- commands
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
    @answers_refusals
    async def start(
        self,
        interaction: discord.Interaction,
        mode: str | None = None,
        opponent: discord.Member | None = None,
        bot_level: str | None = None,
        rules: str | None = None,
        length: str | None = None,
    ) -> None:
        self.require_channel(interaction)
        settings = await self.server_settings(interaction.guild_id)
        self.require_permissions(interaction, settings)
        lang = await self.reader_language(interaction)
        mode = mode or "bot"  # what the option's description promises
        rules = rules or settings.rules
        chicas = match_length(length, settings.rule_set(rules))
        me = self.bot.user
        if opponent is not None and me is not None and opponent.id != me.id:
            await self.open_challenge(interaction, opponent, rules, chicas, lang)
            return
        session = TableSession.open_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,  # type: ignore[arg-type]
            host_id=interaction.user.id,
            players=4 if mode == "2v2" else 2,
            rules_name=rules,
            rules=settings.rule_set(rules),
            chicas_to_win=chicas,
            bot_level=bot_level or settings.bot_level,
            lang=lang,
            turn_seconds=settings.turn_seconds,
            now=now(),
            host_name=interaction.user.display_name,
        )
        if mode == "bot" or opponent is not None:
            session.start(interaction.user.id, now())
        await self.open_by_reply(interaction, session)

    @app_commands.command(name=L("cmd.challenge"), description=L("cmd.challenge.desc"))
    @app_commands.guild_only()
    @localized_options(user="opt.user", rules="opt.rules", length="opt.length")
    @app_commands.choices(rules=RULES_CHOICES, length=LENGTH_CHOICES)
    @answers_refusals
    async def challenge(
        self,
        interaction: discord.Interaction,
        user: discord.Member,
        rules: str | None = None,
        length: str | None = None,
    ) -> None:
        self.require_channel(interaction)
        settings = await self.server_settings(interaction.guild_id)
        self.require_permissions(interaction, settings)
        lang = await self.reader_language(interaction)
        chicas = 1 if length == "one" else 2
        rules = rules or settings.rules
        chicas = match_length(length, settings.rule_set(rules))
        await self.open_challenge(interaction, user, rules, chicas, lang)

    @answers_refusals
    async def challenge_from_menu(
        self, interaction: discord.Interaction, member: discord.Member
    ) -> None:
        self.require_channel(interaction)
        settings = await self.server_settings(interaction.guild_id)
        self.require_permissions(interaction, settings)
        lang = await self.reader_language(interaction)
        chicas = settings.default_rules().chicas_to_win
        await self.open_challenge(interaction, member, settings.rules, chicas, lang)

    async def open_challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.abc.User,
        rules: str,
        chicas: int,
        lang: str,
    ) -> None:
        if opponent.id == interaction.user.id:
            raise Refusal("challenge_self")
        if opponent.bot:
            raise Refusal("challenge_bot")
        settings = await self.server_settings(interaction.guild_id)
        challenge = Challenge(
            rule_options=settings.rule_set(rules).to_dict(),
            challenge_id=new_session_id(),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,  # type: ignore[arg-type]
            challenger_id=interaction.user.id,
            challenged_id=opponent.id,
            rules_name=rules,
            chicas_to_win=chicas,
            lang=lang,
            expires_at=now() + CHALLENGE_SECONDS,
            challenger_name=interaction.user.display_name,
            challenged_name=opponent.display_name,
        )
        live = await self.runtime.open_challenge(challenge)
        payload = challenge_payload(challenge, ChallengeState.OPEN, lang)
        try:
            response = await interaction.response.send_message(
                payload.content,
                view=payload.view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions(users=[opponent]),
            )
            message_id = response.message_id or (await interaction.original_response()).id
        except Exception:
            log.warning("challenge %s could not be posted; withdrawn", challenge.challenge_id)
            self.runtime.take_challenge(
                challenge.challenge_id, opponent.id, ChallengeAnswer.DECLINE
            )
            await self.runtime.decline(live)
            return
        await self.runtime.challenge_posted(live, message_id)

    @app_commands.command(name=L("cmd.hand"), description=L("cmd.hand.desc"))
    @app_commands.guild_only()
    @answers_refusals
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.show_hand(interaction, self.playing_table(interaction))

    @app_commands.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    @answers_refusals
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = await self.reader_language(interaction)
        table = self.runtime.latest_in_channel(interaction.channel_id or 0)
        settings = await self.server_settings(interaction.guild_id)
        active = table.session.rules if table else settings.default_rules()
        await self.reply(interaction, rules_text(active, lang))
        await self.reply(interaction, explain(active, lang))

    @app_commands.command(name=L("cmd.forfeit"), description=L("cmd.forfeit.desc"))
    @app_commands.guild_only()
    @answers_refusals
    async def forfeit(self, interaction: discord.Interaction) -> None:
        lang = await self.reader_language(interaction)
        table = self.playing_table(interaction)
        user_id = interaction.user.id
        await table.change(lambda s: s.forfeit(user_id, now()), interactive=True)
        await self.reply(interaction, t("forfeit.done", lang))

    @app_commands.command(name=L("cmd.stop"), description=L("cmd.stop.desc"))
    @app_commands.guild_only()
    @answers_refusals
    async def stop(self, interaction: discord.Interaction) -> None:
        lang = await self.reader_language(interaction)
        table = self.runtime.latest_in_channel(interaction.channel_id or 0)
        if table is None or not table.is_live:
            raise Refusal("no_game")
        allowed = (
            interaction.permissions.manage_messages or interaction.user.id == table.session.host_id
        )
        if not allowed:
            raise Refusal("stop_permission")
        host = interaction.user.id if interaction.user.id == table.session.host_id else None
        await table.change(lambda s: s.stop(now(), by=host), interactive=True)
        await self.reply(interaction, t("stop.done", lang))

    @app_commands.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
    @localized_options(
        scope="opt.scope", sort="opt.sort", with_bots="opt.with_bots", players="opt.players"
    )
    @app_commands.choices(
        scope=records.SCOPE_CHOICES, sort=records.SORT_CHOICES, players=records.PLAYERS_CHOICES
    )
    @answers_refusals
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        scope: str = "guild",
        sort: str = "wins",
        with_bots: bool = False,
        players: str = "1v1",
    ) -> None:
        lang = await self.reader_language(interaction)
        guild_id = interaction.guild_id if scope == "guild" else None
        sort = records.rating_sort(sort, players)
        payload = await records.leaderboard_payload(
            self.bot.storage, guild_id, sort, with_bots, 0, lang
        )
        await interaction.response.send_message(**payload.to_send())

    @app_commands.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
    @localized_options(user="opt.user", rules="opt.rules")
    @app_commands.choices(rules=RULES_CHOICES)
    @answers_refusals
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        rules: str | None = None,
    ) -> None:
        lang = await self.reader_language(interaction)
        target = user or interaction.user
        text = await records.stats_text(
            self.bot.storage, target.id, interaction.guild_id, lang, rules
        )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @localized_options(user="opt.user")
    @answers_refusals
    async def match_history(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        await history.history_command(self, interaction, user)

    @app_commands.command(name=L("cmd.review"), description=L("cmd.review.desc"))
    @localized_options(match="opt.match")
    @answers_refusals
    async def match_review(
        self, interaction: discord.Interaction, match: str | None = None
    ) -> None:
        await review.review_command(self, interaction, match)

    @app_commands.command(name=L("cmd.prefs"), description=L("cmd.prefs.desc"))
    @localized_options(one_tap="opt.one_tap", turn_ping="opt.turn_ping")
    @answers_refusals
    async def preferences(
        self,
        interaction: discord.Interaction,
        one_tap: bool | None = None,
        turn_ping: bool | None = None,
    ) -> None:
        user_id = interaction.user.id
        changes = {
            k: v for k, v in (("one_tap", one_tap), ("turn_ping", turn_ping)) if v is not None
        }
        prefs = await (
            self.runtime.set_prefs(user_id, **changes)
            if changes
            else self.runtime.load_prefs(user_id)
        )
        lang = await self.reader_language(interaction)
        on_off = {True: t("word.on", lang), False: t("word.off", lang)}
        text = t(
            "prefs.saved" if changes else "prefs.show",
            lang,
            one_tap=on_off[prefs.one_tap],
            turn_ping=on_off[prefs.turn_ping],
        )
        await self.reply(interaction, text)

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
    )
    @app_commands.choices(
        rules=RULES_CHOICES, language=records.LANGUAGE_CHOICES, bot_level=LEVEL_CHOICES
    )
    @answers_refusals
    async def config(
        self,
        interaction: discord.Interaction,
        rules: str | None = None,
        turn_seconds: int | None = None,
        language: str | None = None,
        table_picture: bool | None = None,
        bot_level: str | None = None,
        replay_all_hands: bool | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        if not interaction.permissions.manage_guild:
            raise Refusal("config_permission")
        changes = records.config_changes(
            rules=rules,
            turn_seconds=turn_seconds,
            language=language,
            table_picture=table_picture,
            bot_level=bot_level,
            replay_all_hands=replay_all_hands,
        )
        if changes:
            stored = await self.bot.storage.set_guild_config(guild_id, **changes)
            self.settings_cache[guild_id] = ServerSettings.from_stored(stored)
            self.runtime.publish_guild(guild_id)  # e.g. the table picture turned on or off
        lang = await self.reader_language(interaction)
        settings = await self.server_settings(guild_id)
        key = "config.saved" if changes else "config.show"
        text = t(key, lang, summary=records.config_summary(settings, lang))
        text += "\n\n" + house_rules.panel_text(settings, lang)
        await self.reply(interaction, text, rows=house_rules.panel(settings, lang))

    # ---------------------------------------------------------------- buttons
    @answers_refusals
    async def click_lobby(
        self, interaction: discord.Interaction, session_id: str, action: str
    ) -> None:
        table = self.runtime.table(session_id)
        user_id, name = interaction.user.id, interaction.user.display_name
        actions: dict[str, Callable[[TableSession], object]] = {
            "join": lambda s: s.join(user_id, name),
            "teama": lambda s: s.join(user_id, name, side=0),
            "teamb": lambda s: s.join(user_id, name, side=1),
            "leave": lambda s: s.leave(user_id),
            "bot": lambda s: s.add_bot(user_id),
            "start": lambda s: s.start(user_id, now()),
            "cancel": lambda s: s.cancel(user_id),
            "hints": lambda s: s.toggle_hints(user_id),
        }
        if action == "rules":  # the host picks the next rule set: Quito, Cuenca, house
            settings = await self.server_settings(interaction.guild_id)
            current = table.session.rules_name
            following = RULE_SETS[(RULE_SETS.index(current) + 1) % len(RULE_SETS)]
            chosen = settings.rule_set(following).with_options(
                chicas_to_win=table.session.chicas_to_win
            )
            actions["rules"] = lambda s: s.change_rules(user_id, following, chosen)
        if action not in actions:
            raise Refusal("gone")
        if action == "start":
            settings = await self.server_settings(interaction.guild_id)
            self.require_permissions(interaction, settings)
        await table.change(actions[action], interactive=True)
        await self.tell(interaction.response.defer(), interaction)  # the publisher shows it

    @answers_refusals
    async def click_challenge(
        self, interaction: discord.Interaction, challenge_id: str, answer: ChallengeAnswer
    ) -> None:
        live = self.runtime.challenges.get(challenge_id)
        accept = answer == ChallengeAnswer.ACCEPT
        if accept and live is not None and live.challenge.challenged_id == interaction.user.id:
            settings = await self.server_settings(live.challenge.guild_id)
            self.require_permissions(interaction, settings)
        live = self.runtime.take_challenge(challenge_id, interaction.user.id, answer)
        challenge = live.challenge
        if not accept:
            await self.runtime.decline(live)
            payload = challenge_payload(challenge, answer.closes_as, challenge.lang)
            await self.tell(
                interaction.response.edit_message(content=payload.content, view=None), interaction
            )
            return
        settings = await self.server_settings(challenge.guild_id)
        session = TableSession.open_lobby(
            guild_id=challenge.guild_id,
            channel_id=challenge.channel_id,
            host_id=challenge.challenger_id,
            players=2,
            rules_name=challenge.rules_name,
            rules=rules_from_saved(challenge.rule_options) if challenge.rule_options else None,
            chicas_to_win=challenge.chicas_to_win,
            bot_level=settings.bot_level,
            lang=challenge.lang,
            turn_seconds=settings.turn_seconds,
            now=now(),
            host_name=challenge.challenger_name,
        )
        session.join(challenge.challenged_id, challenge.challenged_name)
        session.start(None, now())
        await self.runtime.open_table(session, replaces=live)
        payload = challenge_payload(challenge, ChallengeState.ACCEPTED, challenge.lang)
        await self.tell(
            interaction.response.edit_message(content=payload.content, view=None), interaction
        )

    @answers_refusals
    async def click_hand(self, interaction: discord.Interaction, session_id: str) -> None:
        await self.show_hand(interaction, self.runtime.table(session_id))

    @answers_refusals
    async def click_next_hand(self, interaction: discord.Interaction, session_id: str) -> None:
        table = self.runtime.table(session_id)
        user_id = interaction.user.id
        await table.change(lambda s: s.next_hand(user_id, s.version, now()), interactive=True)
        await self.tell(interaction.response.defer(), interaction)  # the publisher shows it

    @answers_refusals
    async def click_reclaim(self, interaction: discord.Interaction, session_id: str) -> None:
        table = self.runtime.table(session_id)
        user_id = interaction.user.id
        await table.change(lambda s: s.reclaim(user_id, now()), interactive=True)
        await self.show_hand(interaction, table)

    @answers_refusals
    async def click_rules(self, interaction: discord.Interaction, session_id: str) -> None:
        lang = await self.reader_language(interaction)
        session = self.runtime.table(session_id).session
        await self.reply(interaction, rules_text(session.rules, lang))
        await self.reply(interaction, explain(session.rules, lang))

    @answers_refusals
    async def click_rematch(self, interaction: discord.Interaction, session_id: str) -> None:
        old = self.runtime.table(session_id).session
        settings = await self.server_settings(interaction.guild_id)
        self.require_permissions(interaction, settings)
        session = old.rematch(interaction.user.id, interaction.user.display_name, now())
        await self.open_by_reply(interaction, session)

    @answers_refusals
    async def click_card(
        self, interaction: discord.Interaction, session_id: str, version: int, card: str
    ) -> None:
        table = self.runtime.table(session_id)
        options = table.session.options_for(interaction.user.id, card, version)
        prefs = await self.runtime.load_prefs(interaction.user.id)
        if options or not prefs.one_tap:
            lang = await self.reader_language(interaction)
            payload = choice_payload(
                table.session, Card.parse(card), options, self.bot.card_emojis, lang
            )
            await interaction.response.edit_message(content=payload.content, view=payload.view)
            return
        await self.play(interaction, table, card, None, version)

    @answers_refusals
    async def click_take(
        self,
        interaction: discord.Interaction,
        session_id: str,
        version: int,
        card: str,
        option: str,
    ) -> None:
        await self.play(interaction, self.runtime.table(session_id), card, option, version)

    @answers_refusals
    async def click_back(self, interaction: discord.Interaction, session_id: str) -> None:
        lang = await self.reader_language(interaction)
        session = self.runtime.table(session_id).session
        if session.game is None:
            raise Refusal("no_game")
        payload = await self.hand_for(session, interaction.user.id, lang)
        await interaction.response.edit_message(content=payload.content, view=payload.view)

    @answers_refusals
    async def click_leaderboard(
        self,
        interaction: discord.Interaction,
        guild_id: int | None,
        sort: str,
        with_bots: bool,
        page: int,
    ) -> None:
        lang = await self.reader_language(interaction)
        payload = await records.leaderboard_payload(
            self.bot.storage, guild_id, sort, with_bots, page, lang
        )
        await interaction.response.edit_message(content=payload.content, view=payload.view)

    # -------------------------------------------------------------- game flow
    def playing_table(self, interaction: discord.Interaction) -> LiveTable:
        table = self.runtime.latest_in_channel(interaction.channel_id or 0)
        if table is None or table.session.game is None:
            raise Refusal("no_game")
        if table.session.phase != "playing":
            raise Refusal("game_over")
        return table

    async def hand_for(
        self, session: TableSession, user_id: int, lang: str, note: str | None = None
    ) -> Payload:
        """The player's private hand, drawn for their one-tap preference."""
        one_tap = (await self.runtime.load_prefs(user_id)).one_tap
        return hand_payload(session, user_id, self.bot.card_emojis, lang, note, one_tap)

    async def show_hand(self, interaction: discord.Interaction, table: LiveTable) -> None:
        lang = await self.reader_language(interaction)
        session = table.session
        if session.phase != "playing":
            raise Refusal("game_over")
        user_id = interaction.user.id
        seated = session.seat_of(user_id) is not None
        if not seated and not session.was_replaced(user_id):
            raise Refusal("not_in_game")
        payload = await self.hand_for(session, user_id, lang)  # a replaced player: come back?
        response = await interaction.response.send_message(**payload.to_send(), ephemeral=True)
        if seated:
            table.remember_hand((user_id, interaction.token, lang, response.message_id))

    async def play(
        self,
        interaction: discord.Interaction,
        table: LiveTable,
        card: str,
        option: str | None,
        version: int,
    ) -> None:
        lang = await self.reader_language(interaction)
        user_id = interaction.user.id
        hand_message = interaction.message.id if interaction.message else None
        await table.change(
            lambda s: s.play(user_id, card, option, version, now()),
            hand=(user_id, interaction.token, lang, hand_message),
            interactive=True,
        )
        payload = await self.hand_for(table.session, user_id, lang)
        shown = await self.tell(
            interaction.response.edit_message(content=payload.content, view=payload.view),
            interaction,
        )
        if not shown:
            table.hand_not_shown(user_id)  # refreshed later, if its token still works


async def setup(bot: CuarentaBot) -> None:
    await bot.add_cog(Cuarenta(bot))
