"""Hints and reviews: the "💡 Pista" button under a hand, the "📊 Repaso" button on a
finished table, and `/cuarenta review`.

- A hint is the expert's move for the position and one line of why, privately; the
  first hint shown makes the match casual (`TableSession.note_hint`).
- A review is the reader's match judged for their own seat: everyone's accuracy, their
  costliest moves (each with a picture of the table and their own hand then), and the
  moments that decided each chica.

The thinking (engine/ai/teacher.py) runs in the worker processes (cogs/infra/workers.py),
never in the event loop.
"""

from __future__ import annotations

import asyncio
from typing import cast

import discord

from engine.ai import teacher
from i18n import t, tn
from tables import Phase, Refusal, TableSession

from ..answers import answers_refusals, reader_language, reply
from ..infra.clock import now
from ..infra.workers import Work
from ..services import Services, services_of
from ..ui import ids
from ..ui.ids import Clickable
from ..ui.pictures import picture_file
from ..ui.rows import Rows, button
from .messages import costly_move_picture, hint_text, review_text
from .reviews import Reviewed, Reviews

HISTORY_LOOKUP = 5  # the reader's latest recorded matches searched for one with its moves
ROW_DIGITS = 4  # `/review match:` this short is a row number of the history, not a match id
HINT_SECONDS = 20.0  # a hint not worked out by then is given up (the turn runs meanwhile)
TO_PLAY = 5.0  # a hint is given up this long before the turn ends, to leave time to play it


class HintButton(Clickable, ids=ids.HINT):
    """Under a player's hand on their turn: the expert's move, privately."""

    session_id: str
    version: int

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_hint(services, interaction, self.session_id, self.version)


@answers_refusals
async def click_hint(
    services: Services, interaction: discord.Interaction, session_id: str, version: int
) -> None:
    table = services.runtime.table(session_id)
    session = table.session
    if not session.hints_available:
        raise Refusal("hints_off")
    game = session.game
    if session.phase != Phase.PLAYING or game is None:
        raise Refusal("game_over")
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal("not_in_game")
    if game.to_play != seat:
        raise Refusal("not_your_turn")
    if version != session.version:
        raise Refusal("hint_stale")
    moves = list(session.moves)  # the position the player saw, fixed before any await
    # It must answer within the turn, with time left to play it.
    deadline = session.turn_deadline
    seconds = HINT_SECONDS if deadline is None else min(HINT_SECONDS, deadline - now() - TO_PLAY)
    if seconds <= 0:
        raise Refusal("hint_no_time")
    lang = await reader_language(services, interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        async with asyncio.timeout(seconds):
            found = await services.workers.run(
                Work.HINT, teacher.hint_after, session.players, session.rules, session.seed, moves
            )
    except TimeoutError:
        raise Refusal("hint_slow") from None

    def shown(now_playing: TableSession) -> None:
        if now_playing.version != version:  # played meanwhile: the hint answers nothing
            raise Refusal("hint_stale")
        now_playing.note_hint()

    if table.session.version != version:
        raise Refusal("hint_stale")
    if not table.session.hints_used:
        await table.change(shown)
    await reply(interaction, hint_text(found, services.emojis, lang))


class ReviewButton(Clickable, ids=ids.REVIEW):
    """On a finished table: the clicker's review of the match, privately."""

    session_id: str

    async def callback(self, interaction: discord.Interaction) -> None:
        await click_review(services_of(interaction.client), interaction, self.session_id)


@answers_refusals
async def click_review(
    services: Services, interaction: discord.Interaction, session_id: str
) -> None:
    session = services.runtime.table(session_id).session
    if session.is_live or session.game is None or not session.moves:
        raise Refusal("review_unfinished")
    seat = seat_played_by(session, interaction.user.id)
    if seat is None:
        raise Refusal("review_not_yours")
    lang = await reader_language(services, interaction)
    await send_review(services, interaction, Reviewed.of_table(session, seat, lang), lang)


@answers_refusals
async def review_command(
    services: Services, interaction: discord.Interaction, match_id: str | None = None
) -> None:
    """/cuarenta repaso: the reader's last match, reviewed: a table finished lately, or
    else the newest match of their history whose moves were kept. With `match_id` (a
    match of their history, e.g. from its 📊 button, or its row number), that one."""
    user_id = interaction.user.id
    lang = await reader_language(services, interaction)
    if match_id is not None:
        if match_id.isdigit() and len(match_id) <= ROW_DIGITS:  # a row of their history
            rows = await services.storage.history(
                user_id, interaction.guild_id, limit=1, offset=max(int(match_id) - 1, 0)
            )
            match_id = rows[0].match_id if rows else ""
        match = await reviewed_match(services, user_id, match_id, lang) if match_id else None
        if match is None:
            played = match_id and await services.storage.history_entry(user_id, None, match_id)
            raise Refusal("review_no_moves" if played else "review_unknown")
        await send_review(services, interaction, match, lang)
        return
    finished = [
        table.session
        for table in services.runtime.tables.values()
        if not table.session.is_live
        and table.session.moves
        and seat_played_by(table.session, user_id) is not None
    ]
    if finished:
        session = max(finished, key=lambda s: s.created_at)
        seat = seat_played_by(session, user_id)
        assert seat is not None
        await send_review(services, interaction, Reviewed.of_table(session, seat, lang), lang)
        return
    storage = services.storage
    for entry in await storage.history(user_id, interaction.guild_id, limit=HISTORY_LOOKUP):
        log = await storage.match_log(entry.match_id) if entry.has_replay else None
        if log is not None and log.moves:
            await send_review(services, interaction, Reviewed.of_log(log, entry.seat, lang), lang)
            return
    raise Refusal("review_none")


async def reviewed_match(
    services: Services, user_id: int, match_id: str, lang: str
) -> Reviewed | None:
    """Match `match_id` to review for `user_id`: its finished table if still here, else its
    recorded moves. None if they did not play it or there are no moves to review."""
    table = services.runtime.tables.get(match_id)
    if table is not None and not table.session.is_live and table.session.moves:
        seat = seat_played_by(table.session, user_id)
        return None if seat is None else Reviewed.of_table(table.session, seat, lang)
    log = await services.storage.match_log(match_id)
    seat = None if log is None else next((s.seat for s in log.seats if s.user_id == user_id), None)
    if log is None or seat is None or not log.moves:
        return None
    return Reviewed.of_log(log, seat, lang)


def seat_played_by(session: TableSession, user_id: int) -> int | None:
    """The seat `user_id` played, even one a bot took over."""
    for index, seat in enumerate(session.seats):
        if seat is not None and seat.user_id == user_id:
            return index
    return None


async def send_review(
    services: Services, interaction: discord.Interaction, match: Reviewed, lang: str
) -> None:
    """The review of `match` for the reader's own seat, privately, with the picture of
    their costliest move (a button brings the others: one picture reads well on a phone)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await services.get(Reviews).of(match)
    costly = own_costliest(match, found)
    pictures = await costly_pictures(match, costly[:1], lang)
    rows = None
    if len(costly) > 1:
        more = ids.REVIEW_PICTURES.build(match_id=match.match_id)
        rows = Rows.of([button(more, label=t("button.review_pictures", lang))])
    text = review_text(match, found, services.emojis, lang)
    view = cast(discord.ui.View, rows) if rows is not None else discord.utils.MISSING
    await interaction.followup.send(text, files=pictures, ephemeral=True, view=view)


class ReviewPicturesButton(Clickable, ids=ids.REVIEW_PICTURES):
    """Under a review: the pictures of the reader's other costly moves, privately."""

    match_id: str

    async def callback(self, interaction: discord.Interaction) -> None:
        await click_review_pictures(services_of(interaction.client), interaction, self.match_id)


@answers_refusals
async def click_review_pictures(
    services: Services, interaction: discord.Interaction, match_id: str
) -> None:
    lang = await reader_language(services, interaction)
    match = await reviewed_match(services, interaction.user.id, match_id, lang)
    if match is None:
        raise Refusal("review_not_yours")
    await interaction.response.defer(ephemeral=True, thinking=True)
    others = own_costliest(match, await services.get(Reviews).of(match))[1:]
    text = tn("review.pictures_more", lang, len(others), first=2, last=len(others) + 1)
    files = await costly_pictures(match, others, lang, first=2)
    await interaction.followup.send(text, files=files, ephemeral=True)


def own_costliest(match: Reviewed, found: teacher.MatchReview) -> list[teacher.Decision]:
    """The reader's costliest moves among those they made themselves."""
    return found.seats[match.seat].without(match.stand_ins).costliest()


async def costly_pictures(
    match: Reviewed, costly: list[teacher.Decision], lang: str, first: int = 1
) -> list[discord.File]:
    """The pictures of `costly` moves (numbered from `first`), drawn off the event loop."""
    pictures = await asyncio.to_thread(
        lambda: [costly_move_picture(decision, match.sides, lang) for decision in costly]
    )
    return [picture_file(png, f"repaso-{n}.png") for n, png in enumerate(pictures, first)]
