"""Tournaments: `/cuarenta torneo`, the buttons of its message, a pair's invitation.

The rules of a tournament live in tables/tournament.py and its running in live.py
(beside this file); here clicks become changes and changes become answers.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import Any, cast

import discord

from i18n import t, tn
from tables import Refusal
from tables.tournament import Format, Tournament, TournamentSettings

from ..answers import (
    answers_refusals,
    public_language,
    reader_language,
    reply,
    require_channel,
    require_permissions,
    tell,
)
from ..infra.clock import now
from ..infra.options import match_length
from ..services import Services, services_of
from ..ui.ids import Clickable
from ..ui.rows import Rows
from . import ids
from .ids import TournamentAction
from .live import Tournaments
from .messages import (
    PAGE_VALUE,
    confirm_leave_payload,
    entry_words,
    invite_payload,
    message_link,
    my_table_text,
    partner_payload,
    past_text,
    remove_menu,
    tournament_payload,
)

DEFAULT_SIZE = 8
DEFAULT_WALKOVER_MINUTES = 10
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


def require_thread_permissions(interaction: discord.Interaction) -> None:
    """Refusal naming what the bot lacks here to open a match's thread and play in it."""
    have = interaction.app_permissions
    missing = [name for name in THREAD_PERMISSIONS if not getattr(have, name)]
    if missing:
        raise Refusal("tournament_threads", perms=missing)


@answers_refusals
async def tournament_command(
    services: Services,
    interaction: discord.Interaction,
    format: str | None,
    teams: str | None,
    size: int | None,
    length: str | None,
    rules: str | None,
    bot_level: str | None,
    rounds: int | None,
    starts_in: int | None,
    hints: bool | None,
    deadline: int | None,
) -> None:
    """/cuarenta torneo: with a format, a new tournament's sign-up here; without, this
    channel's tournament or the server's past champions."""
    guild_id, channel_id = require_channel(interaction)
    lang = await reader_language(services, interaction)
    here = services.get(Tournaments).in_channel(channel_id)
    if format is not None and isinstance(interaction.channel, discord.Thread):
        raise Refusal("tournament_in_thread")  # (a forum post too) its matches need threads
    if format is None:
        if here is not None:
            await reply(interaction, t("tournament.here", lang, link=message_link(here.tournament)))
            return
        past = [
            Tournament.from_dict(s) for s in await services.storage.finished_tournaments(guild_id)
        ]
        await reply(interaction, past_text(past, lang))
        return
    services.openings.check()  # no new tournament in maintenance or while restarting
    settings = await services.settings.get(guild_id)
    if not settings.open_tournaments and not interaction.permissions.manage_guild:
        raise Refusal("tournament_not_allowed")
    require_permissions(interaction, settings)
    require_thread_permissions(interaction)
    if here is not None:
        raise Refusal("tournament_here", link=message_link(here.tournament))
    rules_name = rules or settings.rules
    rule_set = settings.rule_set(rules_name)
    tournament = Tournament.new(
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=interaction.user.id,
        lang=await public_language(services, interaction),  # its posts are for everyone
        settings=TournamentSettings(
            team_size=2 if teams == "pairs" else 1,
            format=Format(format),
            size=size or DEFAULT_SIZE,
            chicas_to_win=match_length(length, rule_set),
            rules_name=rules_name,
            rule_options=rule_set.to_dict(),
            bot_level=bot_level or settings.bot_level,
            swiss_rounds=rounds or 0,
            hints=bool(hints),
            walkover_seconds=60 * (deadline or DEFAULT_WALKOVER_MINUTES),
            turn_seconds=settings.turn_seconds,
            starts_at=None if not starts_in else now() + 60 * starts_in,
        ),
        now=now(),
    )
    live = await services.get(Tournaments).create(tournament)
    payload = tournament_payload(tournament, tournament.lang)
    try:
        await interaction.response.send_message(**payload.to_send())
        message = await interaction.original_response()
    except discord.HTTPException:
        live.publish()  # the sign-up is saved: its message is posted by other means
        return
    await live.change(partial(Tournament.show_in, message_id=message.id), publish=False)


class TournamentButton(Clickable, ids=ids.TOURNAMENT):
    tournament_id: str
    action: TournamentAction

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_tournament(services, interaction, self.tournament_id, self.action)


@answers_refusals
async def click_tournament(
    services: Services,
    interaction: discord.Interaction,
    tournament_id: str,
    action: TournamentAction,
) -> None:
    user = interaction.user
    lang = await reader_language(services, interaction)
    live = services.get(Tournaments).get(tournament_id)  # (as it is now: after the only await)
    tournament = live.tournament
    tournaments = services.get(Tournaments)
    if action == TournamentAction.JOIN:
        if tournament.settings.team_size == 2:
            tournament.check_sign_up([user.id], now(), tournaments.busy(tournament_id, user.id))
            payload = partner_payload(tournament, lang)
            await reply(interaction, payload.content, rows=payload.rows)
            return
        await live.change(
            lambda t: t.join(
                user.id, user.display_name, now(), tournaments.busy(t.tournament_id, user.id)
            )
        )
        await reply(interaction, t("tournament.joined", lang))
    elif action == TournamentAction.LEAVE:
        if tournament.is_running:  # withdrawing: asked first
            tournament.check_can_withdraw(user.id)
            payload = confirm_leave_payload(tournament, lang)
            await reply(interaction, payload.content, rows=payload.rows)
            return
        # Refused if it started meanwhile: nobody withdraws without being asked.
        await live.change(lambda t: t.leave(user.id))
        await reply(interaction, t("tournament.left", lang))
    elif action == TournamentAction.CONFIRM_LEAVE:
        entry = await live.change(lambda t: t.withdraw(user.id))
        await tell(reply(interaction, t("tournament.withdrew", lang)), interaction)
        await live.withdrawn(entry.number)
    elif action == TournamentAction.BOTS:
        added = await live.change(lambda t: t.fill_with_bots(user.id))
        await reply(interaction, tn("tournament.filled", lang, added))
    elif action == TournamentAction.START:
        services.openings.check()
        require_thread_permissions(interaction)
        await live.change(lambda t: t.start(user.id, now()))
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.defer()
        live.open_round()
    elif action == TournamentAction.CANCEL:
        # The sign-up's Cancel: its host, or a manager (a host who left). Pressed on a
        # tournament that started meanwhile, it is refused: the tables play on.
        manager = is_manager(interaction)
        await live.change(lambda t: t.cancel(user.id, manager=manager and not t.is_running))
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.defer()
    elif action == TournamentAction.END:
        manager = is_manager(interaction)
        if not manager:
            raise Refusal("tournament_running_cancel")
        to_stop = await live.change(lambda t: t.cancel(user.id, manager=manager))
        await tell(reply(interaction, t("tournament.ended", lang)), interaction)
        await live.stop_tables(to_stop)
    elif action == TournamentAction.MINE:
        await reply(interaction, my_table_text(tournament, user.id, lang))


def is_manager(interaction: discord.Interaction) -> bool:
    """The clicker may manage the server (ends any tournament of it)."""
    return bool(interaction.permissions.manage_guild)


class TournamentRemoveSelect(Clickable, ids=ids.TOURNAMENT_REMOVE):
    """The host's menu of entries to take off (before the start), 24 a page: an entry
    named by its key, or "page:N" (the next page, shown privately)."""

    tournament_id: str

    @classmethod
    def make_item(cls, custom_id: str) -> discord.ui.Item[Any]:
        return discord.ui.Select(custom_id=custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast(discord.ui.Select[Any], self.item).values
        services = services_of(interaction.client)
        await remove_entry(services, interaction, self.tournament_id, values[0] if values else "")


@answers_refusals
async def remove_entry(
    services: Services, interaction: discord.Interaction, tournament_id: str, value: str
) -> None:
    live = services.get(Tournaments).get(tournament_id)
    lang = await reader_language(services, interaction)
    if value.startswith(PAGE_VALUE):
        page = value.removeprefix(PAGE_VALUE)
        menu = remove_menu(live.tournament, lang, int(page) if page.isdigit() else 0)
        await reply(
            interaction, t("tournament.remove_placeholder", lang), rows=Rows.stacked([[menu]])
        )
        return
    manager = is_manager(interaction)
    entry = await live.change(lambda t: t.remove_entry(interaction.user.id, value, manager=manager))
    await reply(interaction, t("tournament.removed", lang, entry=entry_words(entry, lang)))


class TournamentPartnerSelect(Clickable, ids=ids.TOURNAMENT_PARTNER):
    """A pair sign-up: the partner picked, who gets an invitation to accept."""

    tournament_id: str

    @classmethod
    def make_item(cls, custom_id: str) -> discord.ui.Item[Any]:
        return discord.ui.UserSelect(custom_id=custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast(discord.ui.UserSelect[Any], self.item).values
        services = services_of(interaction.client)
        await pick_partner(services, interaction, self.tournament_id, values[0] if values else None)


@answers_refusals
async def pick_partner(
    services: Services,
    interaction: discord.Interaction,
    tournament_id: str,
    partner: discord.User | discord.Member | None,
) -> None:
    live = services.get(Tournaments).get(tournament_id)
    lang = await reader_language(services, interaction)
    user = interaction.user
    if partner is None:
        raise Refusal("tournament_partner_self")
    if partner.bot:
        raise Refusal("tournament_partner_bot")
    busy = services.get(Tournaments).busy(tournament_id, user.id)
    invite = await live.change(
        lambda t: t.invite(
            user.id, user.display_name, partner.id, partner.display_name, now(), busy
        )
    )
    tournament = live.tournament
    payload = invite_payload(tournament, invite, tournament.lang)
    await services.io.send(
        tournament.channel_id, payload.content, view=payload.view, mentions=[partner.id]
    )
    await reply(interaction, t("tournament.invited", lang, partner=f"<@{partner.id}>"))


class TournamentInviteButton(Clickable, ids=ids.TOURNAMENT_INVITE):
    tournament_id: str
    inviter: int
    accept: bool

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await answer_invite(services, interaction, self.tournament_id, self.inviter, self.accept)


@answers_refusals
async def answer_invite(
    services: Services,
    interaction: discord.Interaction,
    tournament_id: str,
    inviter: int,
    accept: bool,
) -> None:
    live = services.get(Tournaments).get(tournament_id)
    user = interaction.user
    busy = services.get(Tournaments).busy(tournament_id, user.id)
    await live.change(lambda t: t.answer_invite(user.id, inviter, accept, now(), busy))
    key = "tournament.invite_accepted" if accept else "tournament.invite_declined"
    lang = live.tournament.lang
    text = t(key, lang, partner=f"<@{user.id}>", inviter=f"<@{inviter}>")
    await tell(interaction.response.edit_message(content=text, view=None), interaction)
