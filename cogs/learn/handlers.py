"""`/cuarenta aprender` (learn) and the lesson's buttons: a card, a move, back, again,
next, leave, the guided chica. Private (ephemeral), so it works in any channel.

Handlers only show and forward: LessonDesk (tables/learning.py) decides and saves. A
click names the lesson and its version as the player saw it; one that no longer fits (a
second click, an old message) is refused privately and changes nothing. A play is saved
before it is shown; whatever fails after the save is not reported as a failure (`tell`).
"""

from __future__ import annotations

import asyncio

import discord

from engine import Card, Move
from i18n import t
from tables import Refusal
from tables.learning import GUIDED_CHICA, LessonDesk
from tables.lessons import ORDER, LessonSession

from ..answers import answers_refusals, reader_language, tell
from ..play import handlers as table_handlers
from ..services import Services, services_of
from ..ui.ids import Clickable
from ..ui.pictures import picture_file
from . import ids
from .ids import LessonAction
from .messages import choice_payload, lesson_payload, lesson_picture
from .tips import TipTeller

PICTURE_NAME = "leccion.png"


async def lesson_shown(
    services: Services, user_id: int, session: LessonSession, lang: str, welcome: bool = False
) -> tuple[str, discord.ui.View | None, discord.File]:
    """The lesson's message: its text, buttons and picture."""
    progress = await services.get(LessonDesk).progress(user_id)
    payload = lesson_payload(session, progress, services.emojis, lang, welcome=welcome)
    png = await asyncio.to_thread(lesson_picture, session, lang)
    return payload.content, payload.view, picture_file(png, PICTURE_NAME)


# ------------------------------------------------------------------------ command
@answers_refusals
async def learn_command(services: Services, interaction: discord.Interaction) -> None:
    """The lesson in progress, else the first not finished; the time it takes up front."""
    user_id = interaction.user.id
    session = await services.get(LessonDesk).open(user_id)  # saved before it is shown
    lang = await reader_language(services, interaction)
    content, view, file = await lesson_shown(services, user_id, session, lang, welcome=True)
    sent = interaction.response.send_message(
        content, view=view or discord.utils.MISSING, file=file, ephemeral=True
    )
    await tell(sent, interaction)


async def fitting(services: Services, user_id: int, lesson: str, version: int) -> LessonSession:
    """The player's lesson, if the click was on its latest message; else a Refusal."""
    session = await services.get(LessonDesk).session(user_id)
    if session is None:
        raise Refusal("learn_none")
    if str(session.lesson_id) != lesson or session.version != version:
        raise Refusal("learn_stale")
    return session


async def show(
    services: Services,
    interaction: discord.Interaction,
    session: LessonSession,
    *,
    picture: bool = True,
) -> None:
    """The lesson on the message clicked (its picture drawn again when it changed)."""
    lang = await reader_language(services, interaction)
    user_id = interaction.user.id
    if picture:
        content, view, file = await lesson_shown(services, user_id, session, lang)
        edit = interaction.response.edit_message(content=content, view=view, attachments=[file])
    else:
        progress = await services.get(LessonDesk).progress(user_id)
        payload = lesson_payload(session, progress, services.emojis, lang)
        edit = interaction.response.edit_message(content=payload.content, view=payload.view)
    await tell(edit, interaction)


# ------------------------------------------------------------------------ buttons
class LessonCardButton(Clickable, ids=ids.LEARN_CARD):
    """A card of the lesson's hand: what it may do."""

    lesson: str
    version: int
    card: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_card(services, interaction, self.lesson, self.version, self.card)


def card_of(session: LessonSession, text: str) -> Card:
    try:
        card = Card.parse(text)
    except ValueError:
        raise Refusal("learn_illegal") from None
    if card not in session.hand:
        raise Refusal("learn_illegal")
    if card not in session.playable():
        raise Refusal("learn_guided")
    return card


@answers_refusals
async def click_card(
    services: Services, interaction: discord.Interaction, lesson: str, version: int, card: str
) -> None:
    session = await fitting(services, interaction.user.id, lesson, version)
    played = card_of(session, card)
    lang = await reader_language(services, interaction)
    payload = choice_payload(session, played, services.emojis, lang)
    await interaction.response.edit_message(content=payload.content, view=payload.view)


class LessonMoveButton(Clickable, ids=ids.LEARN_MOVE):
    """A capture of the card, or its drop ("d"): the play."""

    lesson: str
    version: int
    card: str
    option: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_move(services, interaction, self.lesson, self.version, self.card, self.option)


@answers_refusals
async def click_move(
    services: Services,
    interaction: discord.Interaction,
    lesson: str,
    version: int,
    card: str,
    option: str,
) -> None:
    user_id = interaction.user.id
    session = await fitting(services, user_id, lesson, version)
    played = card_of(session, card)
    options = session.options(played)
    if option == "d":
        move = Move(played)
    elif int(option) < len(options) - 1:  # (the last option is the drop)
        move = options[int(option)]
    else:
        raise Refusal("learn_illegal")
    # Saved (stars and logro too) before it returns; the same version twice: one play.
    session, _ = await services.get(LessonDesk).play(user_id, version, move)
    await show(services, interaction, session)


class LessonButton(Clickable, ids=ids.LEARN):
    """Back to the hand, again, the next lesson, leave, the guided chica."""

    lesson: str
    version: int
    action: LessonAction

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_action(services, interaction, self.lesson, self.version, self.action)


@answers_refusals
async def click_action(
    services: Services,
    interaction: discord.Interaction,
    lesson: str,
    version: int,
    action: LessonAction,
) -> None:
    desk = services.get(LessonDesk)
    user_id = interaction.user.id
    session = await fitting(services, user_id, lesson, version)
    match action:
        case LessonAction.BACK:
            await show(services, interaction, session, picture=False)
        case LessonAction.AGAIN:
            await show(services, interaction, await desk.restart(user_id, version))
        case LessonAction.NEXT:
            if not session.done:
                raise Refusal("learn_stale")
            following = (await desk.progress(user_id)).next
            if following is None:  # all finished: the one after this (played for stars)
                following = ORDER[(ORDER.index(session.lesson_id) + 1) % len(ORDER)]
            await show(services, interaction, await desk.open(user_id, following))
        case LessonAction.LEAVE:
            desk.leave(user_id)
            lang = await reader_language(services, interaction)
            left = interaction.response.edit_message(
                content=t("learn.left", lang), view=None, attachments=[]
            )
            await tell(left, interaction)
        case LessonAction.CHICA:
            await guided_chica(services, interaction)


async def guided_chica(services: Services, interaction: discord.Interaction) -> None:
    """A chica against the easy bot in this channel, hints on, each first-time moment told
    in the player's hand (TipTeller)."""
    user_id = interaction.user.id
    channel_id = interaction.channel_id or 0
    before = services.runtime.latest_in_channel(channel_id)
    await table_handlers.start(services, interaction, "bot", None, "easy", None, "one")
    table = services.runtime.latest_in_channel(channel_id)
    if table is None or table is before:  # refused (the channel is busy, no permission)
        return
    if table.is_live and table.session.host_id == user_id:
        services.get(TipTeller).guide(table.session.session_id)
        await services.get(LessonDesk).mark(user_id, GUIDED_CHICA)
