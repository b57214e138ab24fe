"""A table's commands and buttons: each button kind beside the handler of its click.

Handlers only translate: the table layer decides (`TableSession`, raising Refusal),
`LiveTable.change` saves, and what happens after the save (answering, publishing, the
next step) never turns a saved move into an error message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from db import StorageError
from engine import Card, Rules
from i18n import t
from tables import Phase, Refusal, TableSession
from tables.house_rules import RULE_SETS, explain
from tables.learning import LessonDesk

from ..answers import (
    answers_refusals,
    answers_refusals_by,
    public_language,
    reader_language,
    refusal_text,
    reply,
    require_channel,
    require_permissions,
    tell,
)
from ..challenge.handlers import open_challenge
from ..infra.clock import now
from ..infra.options import match_length
from ..infra.workers import Work
from ..live.live_table import LiveTable
from ..live.state import Hand
from ..services import Services, services_of
from ..ui import ids
from ..ui.ids import Clickable, LobbyAction, TableAction
from ..ui.rows import Payload
from ..ui.table import choice_payload, forfeit_payload, hand_payload
from ..ui.words import rules_text
from .rules_book import rules_attachment

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # characters in a Discord message


# ------------------------------------------------------------------- commands
@answers_refusals
async def start(
    services: Services,
    interaction: discord.Interaction,
    mode: str | None,
    opponent: discord.Member | None,
    bot_level: str | None,
    rules: str | None,
    length: str | None,
) -> None:
    """/cuarenta start: a table against the bot at once, a lobby, or a challenge."""
    guild_id, channel_id = require_channel(interaction)
    settings = await services.settings.get(guild_id)
    require_permissions(interaction, settings)
    lang = await public_language(services, interaction)  # the table's, for everyone
    mode = mode or "bot"  # what the option's description promises
    rules = rules or settings.rules
    chicas = match_length(length, settings.rule_set(rules))
    me = services.client.user
    if opponent is not None and me is not None and opponent.id != me.id:
        await open_challenge(services, interaction, opponent, rules, chicas, lang)
        return
    session = TableSession.open_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
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
    await open_by_reply(services, interaction, session)


@answers_refusals
async def hand(services: Services, interaction: discord.Interaction) -> None:
    """/cuarenta hand: the player's hand at the table playing here."""
    await show_hand(services, interaction, playing_table(services, interaction))


@answers_refusals
async def rules(services: Services, interaction: discord.Interaction) -> None:
    """/cuarenta rules: how the table here plays (or the server's default rules)."""
    lang = await reader_language(services, interaction)
    table = services.runtime.latest_in_channel(interaction.channel_id or 0)
    settings = await services.settings.get(interaction.guild_id)
    active = table.session.rules if table else settings.default_rules()
    await tell_rules(
        interaction,
        active,
        lang,
        full=True,
        offer=await lessons_offer(services, interaction.user.id, lang),
    )


async def lessons_offer(services: Services, user_id: int, lang: str) -> str:
    """The lessons offered to a newcomer (never finished a match, lessons left), or ""."""
    desk = services.get(LessonDesk)
    try:
        if not await desk.newcomer(user_id):
            return ""
        progress = await desk.progress(user_id)
    except StorageError:
        return ""
    return t("learn.offer", lang, minutes=progress.minutes_left)


@answers_refusals
async def forfeit(services: Services, interaction: discord.Interaction) -> None:
    """/cuarenta forfeit: asks first, saying what a forfeit now would mean."""
    lang = await reader_language(services, interaction)
    table = playing_table(services, interaction)
    if table.session.seat_of(interaction.user.id) is None:
        raise Refusal("not_in_game")
    consequence = services.events.forfeit_consequence(table.session, lang)
    payload = forfeit_payload(table.session, lang, consequence)
    await reply(interaction, payload.content, rows=payload.rows)


class ForfeitButton(Clickable, ids=ids.FORFEIT):
    """ "Yes, forfeit", under the question /cuarenta forfeit asks."""

    session_id: str

    async def callback(self, interaction: discord.Interaction) -> None:
        await click_forfeit(services_of(interaction.client), interaction, self.session_id)


@answers_refusals
async def click_forfeit(
    services: Services, interaction: discord.Interaction, session_id: str
) -> None:
    """The player's side gives up the match (no result if it is too early to count)."""
    table = services.runtime.table(session_id)
    user_id = interaction.user.id
    lang = await reader_language(services, interaction)
    await table.change(lambda s: s.forfeit(user_id, now()), interactive=True)
    done = interaction.response.edit_message(content=t("forfeit.done", lang), view=None)
    await tell(done, interaction)


@answers_refusals
async def stop(services: Services, interaction: discord.Interaction) -> None:
    """/cuarenta stop: the host (or a moderator) ends the table here."""
    lang = await reader_language(services, interaction)
    table = services.runtime.latest_in_channel(interaction.channel_id or 0)
    if table is None or not table.is_live:
        raise Refusal("no_game")
    host_id = table.session.host_id
    moderator = interaction.permissions.manage_messages
    if table.session.tournament_id is not None and not moderator:
        raise Refusal("tournament_table_stop")
    if not (moderator or interaction.user.id == host_id):
        raise Refusal("stop_permission")
    host = interaction.user.id if interaction.user.id == host_id else None
    await table.change(lambda s: s.stop(now(), by=host), interactive=True)
    await reply(interaction, t("stop.done", lang))


async def tell_rules(
    interaction: discord.Interaction,
    active: Rules,
    lang: str,
    full: bool = False,
    offer: str = "",
) -> None:
    """The rules in short, and what the table plays differently from Quito: one answer
    (two only if that would pass Discord's 2,000 characters); `full`: the whole rules in
    the reader's language attached to the last; `offer`: the lessons, to a newcomer."""
    parts = [rules_text(active, lang), explain(active, lang, changed_only=True), offer]
    together = "\n\n".join(part for part in parts if part)
    texts = [together] if len(together) <= MESSAGE_LIMIT else [part for part in parts if part]
    for index, text in enumerate(texts):
        last = index == len(texts) - 1
        await reply(interaction, text, file=rules_attachment(lang) if full and last else None)


# ---------------------------------------------------------------- opening
async def open_by_reply(
    services: Services, interaction: discord.Interaction, session: TableSession
) -> None:
    """Open the table; its public message is the answer to the command or click.

    Openings take turns with bot moves and table edits, so a crowd of them arriving
    together does not hold up the clicks of tables already playing.
    """
    runtime = services.runtime
    async with runtime.kit.background.opening():
        table = await runtime.open_table(session, posted_by_reply=True)
        await _post_by_reply(services, interaction, table)


async def _post_by_reply(
    services: Services, interaction: discord.Interaction, table: LiveTable
) -> None:
    session = table.session
    version = session.version
    drawn = await table.publisher.first_message()
    try:
        response = await interaction.response.send_message(
            **drawn.payload.to_send(), files=drawn.files or []
        )
        message_id = response.message_id
        if message_id is None:
            message_id = (await interaction.original_response()).id
    except Exception:
        log.warning("could not post table %s by reply", session.session_id, exc_info=True)
        table.publisher.reply_failed()
        return
    table.set_message(message_id, now(), drawn, version)


# ------------------------------------------------------------------- the lobby
class LobbyButton(Clickable, ids=ids.LOBBY):
    session_id: str
    action: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_lobby(services, interaction, self.session_id, self.action)


@answers_refusals
async def click_lobby(
    services: Services, interaction: discord.Interaction, session_id: str, action: str
) -> None:
    table = services.runtime.table(session_id)
    try:
        chosen = LobbyAction(action)
    except ValueError:
        raise Refusal("gone") from None
    user_id, name = interaction.user.id, interaction.user.display_name
    change: Callable[[TableSession], object]
    match chosen:
        case LobbyAction.JOIN:
            change = lambda s: s.join(user_id, name)  # noqa: E731
        case LobbyAction.TEAM_A | LobbyAction.TEAM_B:
            side = 0 if chosen is LobbyAction.TEAM_A else 1
            change = lambda s: s.join(user_id, name, side=side)  # noqa: E731
        case LobbyAction.LEAVE:
            change = lambda s: s.leave(user_id)  # noqa: E731
        case LobbyAction.BOT:
            change = lambda s: s.add_bot(user_id)  # noqa: E731
        case LobbyAction.START:
            require_permissions(interaction, await services.settings.get(interaction.guild_id))
            change = lambda s: s.start(user_id, now())  # noqa: E731
        case LobbyAction.CANCEL:
            change = lambda s: s.cancel(user_id)  # noqa: E731
        case LobbyAction.HINTS:
            change = lambda s: s.toggle_hints(user_id)  # noqa: E731
        case LobbyAction.RULES:  # the host picks the next rule set: Quito, Cuenca, house
            settings = await services.settings.get(interaction.guild_id)
            current = table.session.rules_name
            following = RULE_SETS[(RULE_SETS.index(current) + 1) % len(RULE_SETS)]
            chosen_rules = settings.rule_set(following).with_options(
                chicas_to_win=table.session.chicas_to_win
            )
            change = lambda s: s.change_rules(user_id, following, chosen_rules)  # noqa: E731
    await table.change(change, interactive=True)
    await tell(interaction.response.defer(), interaction)  # the publisher shows it


# ------------------------------------------------------------------- the table
class TableButton(Clickable, ids=ids.TABLE):
    session_id: str
    what: TableAction

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        clicks = {
            TableAction.HAND: click_hand,
            TableAction.RULES: click_rules,
            TableAction.REMATCH: click_rematch,
            TableAction.NEXT: click_next_hand,
            TableAction.RECLAIM: click_reclaim,
        }
        await clicks[self.what](services, interaction, self.session_id)


@answers_refusals
async def click_hand(services: Services, interaction: discord.Interaction, session_id: str) -> None:
    await show_hand(services, interaction, services.runtime.table(session_id))


@answers_refusals
async def click_next_hand(
    services: Services, interaction: discord.Interaction, session_id: str
) -> None:
    table = services.runtime.table(session_id)
    user_id = interaction.user.id
    await table.change(lambda s: s.next_hand(user_id, s.version, now()), interactive=True)
    await tell(interaction.response.defer(), interaction)  # the publisher shows it


@answers_refusals
async def click_reclaim(
    services: Services, interaction: discord.Interaction, session_id: str
) -> None:
    table = services.runtime.table(session_id)
    user_id = interaction.user.id
    offer = interaction.message
    if offer is None or not offer.flags.ephemeral:  # the public table's button
        await table.change(lambda s: s.reclaim(user_id, now()), interactive=True)
        await show_hand(services, interaction, table)
        return
    # The private offer ("a bot plays for you: back?") becomes the hand, not left live.
    await change_in_hand(
        services, interaction, table, lambda s: s.reclaim(user_id, now()), offer.id
    )


@answers_refusals
async def click_rules(
    services: Services, interaction: discord.Interaction, session_id: str
) -> None:
    lang = await reader_language(services, interaction)
    await tell_rules(interaction, services.runtime.table(session_id).session.rules, lang)


@answers_refusals
async def click_rematch(
    services: Services, interaction: discord.Interaction, session_id: str
) -> None:
    old = services.runtime.table(session_id).session
    settings = await services.settings.get(interaction.guild_id)
    require_permissions(interaction, settings)
    session = old.rematch(interaction.user.id, interaction.user.display_name, now())
    await open_by_reply(services, interaction, session)


def playing_table(services: Services, interaction: discord.Interaction) -> LiveTable:
    """The table playing in the channel of a command."""
    table = services.runtime.latest_in_channel(interaction.channel_id or 0)
    if table is None or table.session.game is None:
        raise Refusal("no_game")
    if table.session.phase != Phase.PLAYING:
        raise Refusal("game_over")
    return table


# -------------------------------------------------------------------- the hand
async def hand_for(
    services: Services, session: TableSession, user_id: int, lang: str, note: str | None = None
) -> Payload:
    """The player's private hand, drawn for their one-tap preference; with no `note`,
    a feature's (a tip, an offer: TableEvents.hand_note)."""
    one_tap = (await services.prefs.get(user_id)).one_tap
    if note is None:
        note = await services.events.hand_note(session, user_id, lang)
    return hand_payload(session, user_id, services.emojis, lang, note, one_tap)


async def show_hand(services: Services, interaction: discord.Interaction, table: LiveTable) -> None:
    """The player's hand as a new private message, kept up to date from then on."""
    lang = await reader_language(services, interaction)
    session = table.session
    if session.phase != Phase.PLAYING:
        raise Refusal("game_over")
    user_id = interaction.user.id
    seated = session.seat_of(user_id) is not None
    if not seated and not session.was_replaced(user_id):
        raise Refusal("not_in_game")
    if session.hints_available:
        services.workers.warm(Work.HINT)  # so that the first hint does not wait for it
    payload = await hand_for(services, session, user_id, lang)  # a replaced player: come back?
    response = await interaction.response.send_message(**payload.to_send(), ephemeral=True)
    if seated:
        table.remember_hand(Hand(user_id, interaction.token, lang, response.message_id))


HAND_KINDS = (ids.CARD, ids.TAKE, ids.BACK)  # a refusal there shows the hand as it is now


async def hand_refused(
    services: Services, interaction: discord.Interaction, refusal: Refusal
) -> bool:
    """A refused tap in a hand shows the hand as it is now, the reason on top."""
    custom_id = str(interaction.data.get("custom_id", "")) if interaction.data else ""
    parts = next(
        (found for kind in HAND_KINDS if (found := kind.parse_id(custom_id)) is not None), None
    )
    table = services.runtime.tables.get(parts["session_id"]) if parts else None
    if table is None or table.session.game is None or interaction.response.is_done():
        return False
    lang = await reader_language(services, interaction)
    note = refusal_text(refusal, lang, table.session)
    payload = await hand_for(services, table.session, interaction.user.id, lang, note)
    await tell(
        services.io.update_clicked(interaction, content=payload.content, view=payload.view),
        interaction,
    )
    return True


class CardButton(Clickable, ids=ids.CARD):
    """A card in a private hand: plays it (or offers its captures)."""

    session_id: str
    version: int
    card: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_card(services, interaction, self.session_id, self.version, self.card)


@answers_refusals_by(hand_refused)
async def click_card(
    services: Services, interaction: discord.Interaction, session_id: str, version: int, card: str
) -> None:
    table = services.runtime.table(session_id)
    options = table.session.options_for(interaction.user.id, card, version)
    prefs = await services.prefs.get(interaction.user.id)
    if options or not prefs.one_tap:
        lang = await reader_language(services, interaction)
        payload = choice_payload(table.session, Card.parse(card), options, services.emojis, lang)
        await services.io.update_clicked(interaction, content=payload.content, view=payload.view)
        return
    await play(services, interaction, table, card, None, version)


class TakeButton(Clickable, ids=ids.TAKE):
    """One choice for a card that can capture: capture number N, or drop it ("d")."""

    session_id: str
    version: int
    card: str
    option: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_take(
            services, interaction, self.session_id, self.version, self.card, self.option
        )


@answers_refusals_by(hand_refused)
async def click_take(
    services: Services,
    interaction: discord.Interaction,
    session_id: str,
    version: int,
    card: str,
    option: str,
) -> None:
    await play(services, interaction, services.runtime.table(session_id), card, option, version)


class BackButton(Clickable, ids=ids.BACK):
    """Back from a card's choices to the hand."""

    session_id: str
    version: int

    async def callback(self, interaction: discord.Interaction) -> None:
        await click_back(services_of(interaction.client), interaction, self.session_id)


@answers_refusals_by(hand_refused)
async def click_back(services: Services, interaction: discord.Interaction, session_id: str) -> None:
    lang = await reader_language(services, interaction)
    session = services.runtime.table(session_id).session
    if session.game is None:
        raise Refusal("no_game")
    payload = await hand_for(services, session, interaction.user.id, lang)
    await services.io.update_clicked(interaction, content=payload.content, view=payload.view)


async def play(
    services: Services,
    interaction: discord.Interaction,
    table: LiveTable,
    card: str,
    option: str | None,
    version: int,
) -> None:
    """Play the card (with the capture chosen): saved, then the hand shows the result."""
    user_id = interaction.user.id
    hand_message = interaction.message.id if interaction.message else None

    def play_it(session: TableSession) -> object:
        return session.play(user_id, card, option, version, now())

    await change_in_hand(services, interaction, table, play_it, hand_message)
    services.metrics.moved("human")


async def change_in_hand(
    services: Services,
    interaction: discord.Interaction,
    table: LiveTable,
    apply: Callable[[TableSession], object],
    message_id: int | None,
) -> None:
    """A change made from a private hand: saved with that hand remembered, then the hand
    as it is now, shown in the same message (refreshed later if Discord refuses that)."""
    lang = await reader_language(services, interaction)
    user_id = interaction.user.id
    hand = Hand(user_id, interaction.token, lang, message_id)
    await table.change(apply, hand=hand, interactive=True)
    payload = await hand_for(services, table.session, user_id, lang)
    shown = await tell(
        services.io.update_clicked(interaction, content=payload.content, view=payload.view),
        interaction,
    )
    if not shown:
        table.publisher.hand_not_shown(user_id)  # refreshed later, if its token still works
