"""The /cuarenta commands and every button click, translated into table actions."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine import Card, Rules
from i18n import pick_language, t
from tables import Challenge, Refusal, TableSession, new_session_id
from tables.challenge import CHALLENGE_SECONDS
from tables.settings import ServerSettings

from . import records
from .localized import L, choice, localized_options
from .presenters import (
    challenge_payload,
    choice_payload,
    hand_payload,
    public_payload,
    rules_text,
    seat_name,
)
from .runtime import TableRuntime, now

if TYPE_CHECKING:
    from bot import CuarentaBot

log = logging.getLogger(__name__)

HAND_ACTIONS = ("card", "take", "back")

MODE_CHOICES = [
    choice("choice.bot_mode", "bot"),
    choice("choice.1v1", "1v1"),
    choice("choice.2v2", "2v2"),
]
LEVEL_CHOICES = [choice(f"choice.{level}", level) for level in ("easy", "normal", "expert")]
RULES_CHOICES = [choice(f"choice.{name}", name) for name in Rules.PRESETS]
LENGTH_CHOICES = [choice("choice.match", "match"), choice("choice.one_chica", "one")]


def answers_refusals(command: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Let a command body raise Refusal: the user gets the explanation, privately."""

    @functools.wraps(command)
    async def run(
        self: Cuarenta, interaction: discord.Interaction, *args: Any, **kwargs: Any
    ) -> None:
        try:
            await command(self, interaction, *args, **kwargs)
        except Refusal as refusal:
            lang = await self.reader_language(interaction)
            session = self.runtime.latest_in_channel(interaction.channel_id or 0)
            await self.reply(interaction, self.refusal_text(refusal, lang, session))

    return run


class Cuarenta(
    commands.GroupCog,
    name="Cuarenta",
    group_name=L("cmd.cuarenta"),
    group_description=L("cmd.cuarenta.desc"),
):
    def __init__(self, bot: CuarentaBot) -> None:
        self.bot = bot
        self.runtime = TableRuntime(bot, bot.storage, bot.card_emojis, self.server_settings)
        self.settings_cache: dict[int, ServerSettings] = {}
        self.challenge_menu = app_commands.ContextMenu(
            name=L("cmd.challenge_menu"), callback=self.challenge_from_menu
        )
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.challenge_menu)
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
        self, interaction: discord.Interaction, text: str, *, ephemeral: bool = True
    ) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral)

    def refusal_text(self, refusal: Refusal, lang: str, session: TableSession | None) -> str:
        params = dict(refusal.params)
        if (
            refusal.key == "not_your_turn"
            and session is not None
            and session.seat_to_play is not None
        ):
            params["who"] = seat_name(session, session.seat_to_play, lang)
        params.setdefault("who", "?")
        params.setdefault("link", "")
        return t(f"refuse.{refusal.key}", lang, **params)

    def channel_link(
        self, interaction: discord.Interaction, found: TableSession | Challenge
    ) -> str:
        message_id = found.message_id if isinstance(found, Challenge) else found.table_message_id
        if message_id is None or interaction.guild_id is None:
            return ""
        return (
            f"https://discord.com/channels/{interaction.guild_id}/{found.channel_id}/{message_id}"
        )

    def check_channel_free(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("no_dm")
        found = self.runtime.live_in_channel(interaction.channel_id)
        if found is not None:
            raise Refusal("channel_busy", link=self.channel_link(interaction, found))

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
        mode: str = "1v1",
        opponent: discord.Member | None = None,
        bot_level: str | None = None,
        rules: str | None = None,
        length: str = "match",
    ) -> None:
        self.check_channel_free(interaction)
        settings = await self.server_settings(interaction.guild_id)
        lang = await self.reader_language(interaction)
        rules = rules or settings.rules
        chicas = 1 if length == "one" else 2
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
            chicas_to_win=chicas,
            bot_level=bot_level or settings.bot_level,
            lang=lang,
            turn_seconds=settings.turn_seconds,
            now=now(),
            host_name=interaction.user.display_name,
        )
        against_bot = mode == "bot" or opponent is not None
        if against_bot:
            session.start(interaction.user.id, now())
        await self.runtime.add(session)
        payload = public_payload(session, self.bot.card_emojis)
        await interaction.response.send_message(**payload.to_send())
        await self.remember_public_message(session, interaction)

    async def remember_public_message(
        self, session: TableSession, interaction: discord.Interaction
    ) -> None:
        message = await interaction.original_response()
        await self.runtime.change(
            session.session_id, lambda s: setattr(s, "table_message_id", message.id)
        )
        self.runtime.table_posted_at[session.session_id] = now()
        if session.game is not None:
            await self.runtime.show_table(session)  # adds the picture
        self.runtime.drive(session.session_id)

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
        length: str = "match",
    ) -> None:
        self.check_channel_free(interaction)
        settings = await self.server_settings(interaction.guild_id)
        lang = await self.reader_language(interaction)
        chicas = 1 if length == "one" else 2
        await self.open_challenge(interaction, user, rules or settings.rules, chicas, lang)

    async def challenge_from_menu(
        self, interaction: discord.Interaction, member: discord.Member
    ) -> None:
        lang = await self.reader_language(interaction)
        try:
            self.check_channel_free(interaction)
            settings = await self.server_settings(interaction.guild_id)
            await self.open_challenge(interaction, member, settings.rules, 2, lang)
        except Refusal as refusal:
            await self.reply(interaction, self.refusal_text(refusal, lang, None))

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
        challenge = Challenge(
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
        await self.runtime.save_challenge(challenge)
        payload = challenge_payload(challenge, "open", lang)
        await interaction.response.send_message(
            payload.content,
            view=payload.view,
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )
        message = await interaction.original_response()
        challenge.message_id = message.id
        await self.runtime.save_challenge(challenge)
        self.runtime.drive(challenge.challenge_id)

    @app_commands.command(name=L("cmd.hand"), description=L("cmd.hand.desc"))
    @app_commands.guild_only()
    @answers_refusals
    async def hand(self, interaction: discord.Interaction) -> None:
        session = self.playing_session(interaction)
        await self.show_hand(interaction, session)

    @app_commands.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    @answers_refusals
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = await self.reader_language(interaction)
        session = self.runtime.latest_in_channel(interaction.channel_id or 0)
        settings = await self.server_settings(interaction.guild_id)
        name = session.rules_name if session else settings.rules
        active = session.rules if session else Rules.preset(name)
        await self.reply(interaction, rules_text(name, active, lang))

    @app_commands.command(name=L("cmd.forfeit"), description=L("cmd.forfeit.desc"))
    @app_commands.guild_only()
    @answers_refusals
    async def forfeit(self, interaction: discord.Interaction) -> None:
        lang = await self.reader_language(interaction)
        session = self.playing_session(interaction)
        user_id = interaction.user.id
        await self.runtime.change(session.session_id, lambda s: s.forfeit(user_id, now()))
        await self.reply(interaction, t("forfeit.done", lang))
        await self.runtime.after_change(session.session_id)

    @app_commands.command(name=L("cmd.stop"), description=L("cmd.stop.desc"))
    @app_commands.guild_only()
    @answers_refusals
    async def stop(self, interaction: discord.Interaction) -> None:
        lang = await self.reader_language(interaction)
        session = self.runtime.latest_in_channel(interaction.channel_id or 0)
        if session is None or not session.is_live:
            raise Refusal("no_game")
        allowed = interaction.permissions.manage_messages or interaction.user.id == session.host_id
        if not allowed:
            raise Refusal("stop_permission")
        await self.runtime.change(session.session_id, lambda s: s.stop(now()))
        await self.reply(interaction, t("stop.done", lang))
        await self.runtime.after_change(session.session_id)

    @app_commands.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
    @localized_options(scope="opt.scope", sort="opt.sort", with_bots="opt.with_bots")
    @app_commands.choices(scope=records.SCOPE_CHOICES, sort=records.SORT_CHOICES)
    @answers_refusals
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        scope: str = "guild",
        sort: str = "wins",
        with_bots: bool = False,
    ) -> None:
        lang = await self.reader_language(interaction)
        guild_id = interaction.guild_id if scope == "guild" else None
        payload = await records.leaderboard_payload(
            self.bot.storage, guild_id, sort, with_bots, 0, lang
        )
        await interaction.response.send_message(**payload.to_send())

    @app_commands.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
    @localized_options(user="opt.user")
    @answers_refusals
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        lang = await self.reader_language(interaction)
        target = user or interaction.user
        text = await records.stats_text(self.bot.storage, target.id, interaction.guild_id, lang)
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=L("cmd.config"), description=L("cmd.config.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @localized_options(
        rules="opt.rules",
        turn_seconds="opt.turn_seconds",
        language="opt.language",
        table_picture="opt.picture",
        bot_level="opt.bot_level",
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
        )
        if changes:
            stored = await self.bot.storage.set_guild_config(guild_id, **changes)
            self.settings_cache[guild_id] = ServerSettings.from_stored(stored)
        lang = await self.reader_language(interaction)
        settings = await self.server_settings(guild_id)
        key = "config.saved" if changes else "config.show"
        await self.reply(interaction, t(key, lang, summary=records.config_summary(settings, lang)))

    # ---------------------------------------------------------------- buttons
    async def on_button(
        self, interaction: discord.Interaction, action: str, args: list[str]
    ) -> None:
        """Every button click lands here. Wrong clicks get an ephemeral answer."""
        lang = await self.reader_language(interaction)
        session = self.runtime.sessions.get(args[0]) if args else None
        try:
            handler = getattr(self, f"click_{action}", None)
            if handler is None:
                raise Refusal("gone")
            await handler(interaction, args, lang)
        except Refusal as refusal:
            await self.refuse_click(interaction, action, args, refusal, lang)
        except Exception:
            log.exception(
                "click %s %s by user %s failed (%s)",
                action,
                args,
                interaction.user.id,
                self.runtime.describe(session) if session else "no table",
            )
            await self.reply(interaction, t("refuse.unexpected", lang))

    async def refuse_click(
        self,
        interaction: discord.Interaction,
        action: str,
        args: list[str],
        refusal: Refusal,
        lang: str,
    ) -> None:
        session = self.runtime.sessions.get(args[0]) if args else None
        note = self.refusal_text(refusal, lang, session)
        in_hand = action in HAND_ACTIONS and session is not None and session.game is not None
        if in_hand and not interaction.response.is_done():
            payload = hand_payload(session, interaction.user.id, self.bot.card_emojis, lang, note)
            await interaction.response.edit_message(content=payload.content, view=payload.view)
            return
        await self.reply(interaction, note)

    async def click_lobby(
        self, interaction: discord.Interaction, args: list[str], lang: str
    ) -> None:
        session_id, what = args[0], args[1]
        user_id = interaction.user.id
        actions = {
            "join": lambda s: s.join(user_id, interaction.user.display_name),
            "leave": lambda s: s.leave(user_id),
            "bot": lambda s: s.add_bot(user_id),
            "start": lambda s: s.start(user_id, now()),
            "cancel": lambda s: s.cancel(user_id),
        }
        if what not in actions:
            raise Refusal("gone")
        await self.runtime.change(session_id, actions[what])
        session = self.runtime.session(session_id)
        payload = public_payload(session, self.bot.card_emojis)
        await interaction.response.edit_message(content=payload.content, view=payload.view)
        if session.phase == "playing":
            await self.runtime.show_table(session)  # adds the picture
        self.runtime.drive(session_id)

    async def click_chal(
        self, interaction: discord.Interaction, args: list[str], lang: str
    ) -> None:
        challenge = self.runtime.challenges.get(args[0])
        if challenge is None:
            raise Refusal("challenge_expired")
        challenge.answer(interaction.user.id, now())
        await self.runtime.drop_challenge(challenge.challenge_id)
        if args[1] != "accept":
            payload = challenge_payload(challenge, "declined", challenge.lang)
            await interaction.response.edit_message(content=payload.content, view=None)
            return
        settings = await self.server_settings(challenge.guild_id)
        session = TableSession.open_lobby(
            guild_id=challenge.guild_id,
            channel_id=challenge.channel_id,
            host_id=challenge.challenger_id,
            players=2,
            rules_name=challenge.rules_name,
            chicas_to_win=challenge.chicas_to_win,
            bot_level=settings.bot_level,
            lang=challenge.lang,
            turn_seconds=settings.turn_seconds,
            now=now(),
            host_name=challenge.challenger_name,
        )
        session.join(challenge.challenged_id, challenge.challenged_name)
        session.start(None, now())
        await self.runtime.add(session)
        payload = challenge_payload(challenge, "accepted", challenge.lang)
        await interaction.response.edit_message(content=payload.content, view=None)
        await self.runtime.post_table(session)
        self.runtime.drive(session.session_id)

    async def click_table(
        self, interaction: discord.Interaction, args: list[str], lang: str
    ) -> None:
        session = self.runtime.session(args[0])
        what = args[1]
        if what == "hand":
            await self.show_hand(interaction, session)
        elif what == "rules":
            await self.reply(interaction, rules_text(session.rules_name, session.rules, lang))
        elif what == "rematch":
            await self.rematch(interaction, session)
        else:
            raise Refusal("gone")

    async def click_card(
        self, interaction: discord.Interaction, args: list[str], lang: str
    ) -> None:
        session_id, version, card = args[0], int(args[1]), args[2]
        session = self.runtime.session(session_id)
        user_id = interaction.user.id
        options = session.options_for(user_id, card, version)
        if options:
            payload = choice_payload(session, Card.parse(card), options, self.bot.card_emojis, lang)
            await interaction.response.edit_message(content=payload.content, view=payload.view)
            return
        await self.play(interaction, session_id, card, None, version, lang)

    async def click_take(
        self, interaction: discord.Interaction, args: list[str], lang: str
    ) -> None:
        session_id, version, card, option = args[0], int(args[1]), args[2], args[3]
        await self.play(interaction, session_id, card, option, version, lang)

    async def click_back(
        self, interaction: discord.Interaction, args: list[str], lang: str
    ) -> None:
        session = self.runtime.session(args[0])
        payload = hand_payload(session, interaction.user.id, self.bot.card_emojis, lang)
        await interaction.response.edit_message(content=payload.content, view=payload.view)

    async def click_lb(self, interaction: discord.Interaction, args: list[str], lang: str) -> None:
        scope, sort, bots, page = args[0], args[1], args[2] == "1", int(args[3])
        guild_id = None if scope == "all" else int(scope)
        payload = await records.leaderboard_payload(
            self.bot.storage, guild_id, sort, bots, page, lang
        )
        await interaction.response.edit_message(content=payload.content, view=payload.view)

    # -------------------------------------------------------------- game flow
    def playing_session(self, interaction: discord.Interaction) -> TableSession:
        session = self.runtime.latest_in_channel(interaction.channel_id or 0)
        if session is None or session.game is None:
            raise Refusal("no_game")
        if session.phase != "playing":
            raise Refusal("game_over")
        if session.seat_of(interaction.user.id) is None:
            raise Refusal("not_in_game")
        return session

    async def show_hand(self, interaction: discord.Interaction, session: TableSession) -> None:
        lang = await self.reader_language(interaction)
        if session.phase != "playing":
            raise Refusal("game_over")
        if session.seat_of(interaction.user.id) is None:
            raise Refusal("not_in_game")
        payload = hand_payload(session, interaction.user.id, self.bot.card_emojis, lang)
        await interaction.response.send_message(**payload.to_send(), ephemeral=True)
        self.runtime.remember_hand(session.session_id, interaction, lang)

    async def play(
        self,
        interaction: discord.Interaction,
        session_id: str,
        card: str,
        option: str | None,
        version: int,
        lang: str,
    ) -> None:
        user_id = interaction.user.id
        await self.runtime.change(
            session_id, lambda s: s.play(user_id, card, option, version, now())
        )
        session = self.runtime.session(session_id)
        payload = hand_payload(session, user_id, self.bot.card_emojis, lang)
        await interaction.response.edit_message(content=payload.content, view=payload.view)
        self.runtime.remember_hand(session_id, interaction, lang)
        await self.runtime.after_change(session_id, skip_hand_of=user_id)

    async def rematch(self, interaction: discord.Interaction, old: TableSession) -> None:
        if old.is_live:
            raise Refusal("lobby_closed")
        if old.seat_of(interaction.user.id) is None and interaction.user.id not in old.human_ids():
            raise Refusal("not_in_game")
        self.check_channel_free(interaction)
        session = TableSession.open_lobby(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_id=interaction.user.id,
            players=old.players,
            rules_name=old.rules_name,
            chicas_to_win=old.chicas_to_win,
            bot_level=old.bot_level,
            lang=old.lang,
            turn_seconds=old.turn_seconds,
            now=now(),
            host_name=interaction.user.display_name,
        )
        bots = sum(
            1 for seat in old.seats if seat is not None and seat.is_bot and seat.user_id is None
        )
        for _ in range(bots):
            session.add_bot(session.host_id)
        if session.is_full():
            session.start(session.host_id, now())
        await self.runtime.add(session)
        payload = public_payload(session, self.bot.card_emojis)
        await interaction.response.send_message(**payload.to_send())
        await self.remember_public_message(session, interaction)


async def setup(bot: CuarentaBot) -> None:
    await bot.add_cog(Cuarenta(bot))
