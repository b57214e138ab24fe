"""`/cuarenta reto` (today's puzzle, practice, the ranking) and the puzzle's buttons:
🧩 Resolver, a card, a move, 📣 share. (The daily post is set in /cuarenta config: settings/.)

Solving is private and a lookup: every move's value was worked out when the puzzle was
made. A day's puzzle counts one answer per player, the first (db/puzzles.py: two clicks
at once count once); after it a player may explore the other moves. Every click is
checked against what the server really has: a forged id, another day's puzzle, or a card
not in the puzzle's hand is refused privately and changes nothing.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import discord

from engine import Card, Move
from engine.ai.puzzles import Difficulty, Puzzle
from i18n import t, tn
from tables import Refusal
from tables.puzzles import puzzle_of
from tables.ratings import rate_puzzle

from ..answers import answers_refusals, reader_language, reply, tell
from ..infra.languages import interaction_languages
from ..infra.localized import choice
from ..infra.retry import retrying
from ..services import Services, services_of
from ..ui.ids import Clickable
from ..ui.pictures import picture_file
from . import ids
from .desk import PuzzleDesk
from .messages import (
    again_rows,
    answer_lines,
    hand_rows,
    move_words,
    puzzle_picture,
    puzzle_text,
    share_text,
    take_rows,
)

PRACTICE = "p"
PUZZLE_MODES = [
    choice(f"choice.puzzle_{mode}", mode) for mode in ("today", "easy", "medium", "hard", "ranking")
]
RANKING_SIZE = 10
SHARE_TRIES = 3  # a shared result's post: tried this often (the one retry policy's pauses)


@dataclass(frozen=True)
class Asked:
    """A puzzle a click is about, checked: the server, its day (None: practice), the puzzle;
    `late`: a past day's puzzle, opened as practice."""

    guild_id: int
    day: int | None
    puzzle: Puzzle
    late: bool = False


async def asked(services: Services, guild_id: int | None, puzzle_id: str, day: str) -> Asked:
    """The puzzle `puzzle_id` of the server's `day` ("p": practice), or a Refusal: no such
    puzzle here, or another day's."""
    if guild_id is None:
        raise Refusal("no_dm")
    storage = services.storage
    if day == PRACTICE:
        stored = await storage.puzzle(puzzle_id)
        if stored is None or stored.guild_id not in (0, guild_id):
            raise Refusal("puzzle_unknown")
        return Asked(guild_id, None, puzzle_of(stored))
    number = int(day)
    today = await services.get(PuzzleDesk).today(guild_id)
    chosen = await storage.puzzle_day(guild_id, number) if number <= today else None
    stored = None if chosen is None else await storage.puzzle(puzzle_id)
    if chosen is None or chosen.puzzle_id != puzzle_id or stored is None:
        raise Refusal("puzzle_unknown")
    if number < today:  # a past day's post: open for practice, no longer for the streak
        return Asked(guild_id, None, puzzle_of(stored), late=True)
    return Asked(guild_id, number, puzzle_of(stored))


# ------------------------------------------------------------------------ commands
@answers_refusals
async def puzzle_command(
    services: Services, interaction: discord.Interaction, mode: str | None
) -> None:
    """Today's puzzle (counted), a practice one of a difficulty, or the ranking."""
    guild_id = interaction.guild_id
    if guild_id is None:
        raise Refusal("no_dm")
    lang = await reader_language(services, interaction)
    desk = services.get(PuzzleDesk)
    if mode == "ranking":
        await reply(interaction, await ranking_text(services, guild_id, interaction.user.id, lang))
        return
    if mode in tuple(Difficulty):
        pick = (interaction.id % 9973) / 9973  # any puzzle of that difficulty
        practice = await desk.practice(guild_id, interaction.user.id, str(mode), pick)
        await send_puzzle(services, interaction, Asked(guild_id, None, practice), lang)
        return
    day = await desk.today(guild_id)
    found = await desk.puzzle_of_day(guild_id, day)
    if found is None:
        raise Refusal("puzzle_none_yet")
    await send_puzzle(services, interaction, Asked(guild_id, day, found[1]), lang)


async def send_puzzle(
    services: Services, interaction: discord.Interaction, puzzle: Asked, lang: str
) -> None:
    """The puzzle privately: its picture, its words and its hand to pick from."""
    lines = puzzle_text(puzzle.puzzle, puzzle.day, services.emojis, lang)
    lines.append(t("puzzle.pick_card", lang))
    png = await asyncio.to_thread(puzzle_picture, puzzle.puzzle, lang)
    rows = hand_rows(puzzle.puzzle, puzzle.day, services.emojis)
    await interaction.response.send_message(
        "\n".join(lines),
        file=picture_file(png, "reto.png"),
        view=rows.as_view(),
        ephemeral=True,
    )


async def ranking_text(services: Services, guild_id: int, user_id: int, lang: str) -> str:
    today = await services.get(PuzzleDesk).today(guild_id)
    rows = await services.storage.puzzle_ranking(guild_id, today, RANKING_SIZE)
    if not rows:
        return t("puzzle.ranking.empty", lang)
    lines = [t("puzzle.ranking.title", lang)]
    for row in rows:
        lines.append(
            t(
                "puzzle.ranking.line",
                lang,
                rank=row.rank,
                who=f"<@{row.user_id}>",
                solved=row.solved,
                tried=row.tried,
                streak=row.streak,
                best=row.best_streak,
            )
        )
    return "\n".join(lines)


# ------------------------------------------------------------------------- buttons
class PuzzleButton(Clickable, ids=ids.PUZZLE):
    """🧩 Resolver under the daily post (a private copy of the hand to pick from), or
    back to the hand from a card's choices or an answer."""

    puzzle_id: str
    day: str
    action: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_open(services, interaction, self.puzzle_id, self.day, self.action)


@answers_refusals
async def click_open(
    services: Services, interaction: discord.Interaction, puzzle_id: str, day: str, action: str
) -> None:
    puzzle = await asked(services, interaction.guild_id, puzzle_id, day)
    lang = await reader_language(services, interaction)
    lines = puzzle_text(puzzle.puzzle, puzzle.day, services.emojis, lang)[1:]
    if puzzle.late:
        await services.storage.mark_puzzle_seen(puzzle.guild_id, interaction.user.id, puzzle_id)
        lines.insert(0, t("puzzle.late_note", lang))
    lines.append(t("puzzle.pick_card", lang))
    text = "\n".join(lines)
    rows = hand_rows(puzzle.puzzle, puzzle.day, services.emojis).as_view()
    if action == "again":
        await interaction.response.edit_message(content=text, view=rows, attachments=[])
    else:
        await interaction.response.send_message(text, view=rows, ephemeral=True)


class PuzzleCardButton(Clickable, ids=ids.PUZZLE_CARD):
    """A card of the puzzle's hand: what it may do."""

    puzzle_id: str
    day: str
    card: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_card(services, interaction, self.puzzle_id, self.day, self.card)


def card_in_hand(puzzle: Puzzle, text: str) -> Card:
    try:
        card = Card.parse(text)
    except ValueError:
        raise Refusal("puzzle_bad_move") from None
    if card not in puzzle.hand:
        raise Refusal("puzzle_bad_move")
    return card


@answers_refusals
async def click_card(
    services: Services, interaction: discord.Interaction, puzzle_id: str, day: str, card: str
) -> None:
    puzzle = await asked(services, interaction.guild_id, puzzle_id, day)
    played = card_in_hand(puzzle.puzzle, card)
    lang = await reader_language(services, interaction)
    text = t("puzzle.pick_take", lang, card=services.emojis.inline(played))
    rows = take_rows(puzzle.puzzle, puzzle.day, played, lang).as_view()
    await interaction.response.edit_message(content=text, view=rows, attachments=[])


class PuzzleMoveButton(Clickable, ids=ids.PUZZLE_MOVE):
    """A move of the puzzle: the answer (the first one counts, for the day's puzzle)."""

    puzzle_id: str
    day: str
    card: str
    option: str

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_move(services, interaction, self.puzzle_id, self.day, self.card, self.option)


@answers_refusals
async def click_move(
    services: Services,
    interaction: discord.Interaction,
    puzzle_id: str,
    day: str,
    card: str,
    option: str,
) -> None:
    puzzle = await asked(services, interaction.guild_id, puzzle_id, day)
    played = card_in_hand(puzzle.puzzle, card)
    options = puzzle.puzzle.options(played)
    if option != "d" and int(option) >= len(options):
        raise Refusal("puzzle_bad_move")
    move = Move(played) if option == "d" else Move(played, options[int(option)])
    choice = puzzle.puzzle.choice_for(move)
    if choice is None:
        raise Refusal("puzzle_bad_move")
    lang = await reader_language(services, interaction)
    lines = answer_lines(puzzle.puzzle, choice, services.emojis, lang)
    if puzzle.day is None:
        lines += ["", t("puzzle.practice_note", lang)]
    else:
        counted = await services.storage.record_puzzle_attempt(
            puzzle.guild_id,
            puzzle.day,
            interaction.user.id,
            puzzle_id,
            str(move),
            choice is puzzle.puzzle.best,
            rate_puzzle,
        )
        lines.append("")
        if not counted.first:
            verdict = t("puzzle.verdict.right" if counted.solved else "puzzle.verdict.wrong", lang)
            first = move_words(Move.parse(counted.move), services.emojis, lang)
            lines.append(t("puzzle.counted_before", lang, move=first, verdict=verdict))
        if counted.ended:
            lines.append(tn("puzzle.streak_ended", lang, counted.ended))
        lines.append(t("puzzle.streak", lang, streak=counted.streak, best=counted.best_streak))
    share_by = None if puzzle.day is None else interaction.user.id
    rows = again_rows(puzzle.puzzle, puzzle.day, lang, share_by).as_view()
    await interaction.response.edit_message(content="\n".join(lines), view=rows, attachments=[])


class PuzzleShareButton(Clickable, ids=ids.PUZZLE_SHARE):
    """📣 Share, under a counted answer: the result told to the channel, never the play."""

    puzzle_id: str
    day: int
    user_id: int

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_share(services, interaction, self.puzzle_id, self.day, self.user_id)


@answers_refusals
async def click_share(
    services: Services, interaction: discord.Interaction, puzzle_id: str, day: int, user_id: int
) -> None:
    """Post the player's result of today's puzzle in the channel, in the server's language
    and naming nobody with a ping: once a day (marked in the database before the post, so
    two clicks at once post once; a post that fails for good is unmarked and said)."""
    if interaction.user.id != user_id:
        raise Refusal("puzzle_share_not_yours")
    puzzle = await asked(services, interaction.guild_id, puzzle_id, str(day))
    if puzzle.late:
        raise Refusal("puzzle_share_late")
    claimed = await services.storage.share_puzzle_result(puzzle.guild_id, day, user_id)
    if claimed is None:
        raise Refusal("puzzle_shared")
    solved, streak = claimed
    public, lang = await interaction_languages(services.settings, interaction)
    text = share_text(user_id, solved, streak, puzzle.puzzle.difficulty, public)
    await tell(interaction.response.defer(), interaction)  # in time, whatever the post takes
    channel = services.client.get_partial_messageable(
        interaction.channel_id or 0, guild_id=puzzle.guild_id
    )
    try:
        await retrying(
            lambda: channel.send(text, allowed_mentions=discord.AllowedMentions.none()),
            f"puzzle share in channel {interaction.channel_id}",
            tries=SHARE_TRIES,
        )
    except discord.HTTPException:
        await services.storage.share_puzzle_result(puzzle.guild_id, day, user_id, shared=False)
        failed = t("refuse.puzzle_share_failed", lang)
        await tell(interaction.followup.send(failed, ephemeral=True), interaction)
        return
    rows = again_rows(puzzle.puzzle, day, lang).as_view()  # shared: its button gone
    await tell(interaction.edit_original_response(view=rows), interaction)
