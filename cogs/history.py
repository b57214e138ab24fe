"""Ratings, match history and replays (issue 14): the Discord side.

Ratings are computed in tables.ratings and kept by the storage; this module tells them at
the match end, lists a player's matches (`/cuarenta historial`, paged) and steps through a
replay of any of them in a private message. A replay shows the viewer's own hand only,
unless the match's server lets replays show every hand (`replay_all_hands`).
"""

from __future__ import annotations

import asyncio
import io
import math
import re
from typing import TYPE_CHECKING, Any, Self

import discord

from db import HistoryEntry, LoggedSeat, MatchOutcome, MatchRecord, Storage
from engine import Rules
from i18n import t, tn
from render.table import render_table_png_async
from tables import Refusal, Seat, TableSession, ratings
from tables.replays import Replay, ReplayCache, Step

from . import presenters, review
from .components import PREFIX, Rows, Style, _Button, _cog, button

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

HISTORY_PAGE = 5
MATCH = r"(?P<match>[A-Za-z0-9_-]+)"
SCOPE = r"(?P<scope>all|[0-9]+)"

replays = ReplayCache()


# ------------------------------------------------------------------------- ratings
async def rate_match(storage: Storage, record: MatchRecord) -> dict[int, int]:
    """Rate a recorded match; each human's rating change as shown (empty: not rated).
    Rating the same match again changes nothing and gives the same changes."""
    if not ratings.is_rated(record):
        return {}
    changes = await storage.rate_match(record, ratings.rater(record))
    return {c.user_id: ratings.shown_change(c.before, c.after) for c in changes}


def signed(change: float) -> str:
    """A rating change as players read it: "+23", "−18" (a real minus sign), "±0"."""
    change = round(change)
    if change == 0:
        return "±0"
    return f"+{change}" if change > 0 else f"−{-change}"


def rating_line(session: TableSession, lang: str) -> str:
    """The match end's line of rating changes ("" when the match was not rated)."""
    told = session.rating_changes
    users = [str(seat.user_id) for seat in session.seats if seat is not None and seat.user_id]
    changes = " · ".join(f"<@{user}> {signed(told[user])}" for user in users if user in told)
    return t("rating.line", lang, changes=changes) if changes else ""


# ------------------------------------------------------------------------- history
def seat_label(seat: LoggedSeat, lang: str) -> str:
    """A seat of a recorded match: a mention, or the bot's name and level."""
    if seat.user_id is not None:
        return f"<@{seat.user_id}>"
    bot = Seat(bot_level=seat.bot_level or "normal", name=seat.name)
    return t(
        "table.bot_name", lang, name=seat.name or "bot", level=presenters.level_word(bot, lang)
    )


def _result(entry: HistoryEntry, lang: str) -> str:
    if entry.outcome == MatchOutcome.ABANDONED:
        return t("history.abandoned", lang)
    result = t("history.won" if entry.won else "history.lost", lang)
    if entry.outcome == MatchOutcome.FORFEIT:
        result += t("history.forfeit", lang)
    return result


def history_line(number: int, entry: HistoryEntry, lang: str) -> str:
    """One match of a history page: when, result, chicas, points, who, rules, rating."""
    others = [s for s in entry.seats if s.seat != entry.seat]
    against = ", ".join(seat_label(s, lang) for s in others if s.seat % 2 != entry.side)
    partners = [seat_label(s, lang) for s in others if s.seat % 2 == entry.side]
    details = [t("history.against", lang, who=against)]
    if partners:
        details.append(t("history.partner", lang, who=", ".join(partners)))
    details.append(presenters.rules_label(Rules.from_dict(entry.rule_options), lang))
    if entry.casual:
        details.append(t("history.casual", lang))
    if entry.rating is not None:
        change = ratings.shown_change(entry.rating.before, entry.rating.after)
        details.append(t("history.rating", lang, change=signed(change)))
    if not entry.has_replay:
        details.append(t("history.no_replay", lang))
    return t(
        "history.row",
        lang,
        n=number,
        when=f"<t:{int(entry.finished_at)}:f>",
        result=_result(entry, lang),
        chicas_won=entry.chicas_won,
        chicas_lost=entry.chicas_lost,
        score=presenters.score_text(entry.points, lang),
        details=" · ".join(details),
    )


async def history_payload(
    storage: Storage, user_id: int, guild_id: int | None, page: int, lang: str
) -> presenters.Payload:
    """A page of the player's history, newest first, with a replay button per match."""
    total = await storage.history_size(user_id, guild_id)
    pages = max(1, math.ceil(total / HISTORY_PAGE))
    page = min(max(page, 0), pages - 1)
    entries = await storage.history(user_id, guild_id, HISTORY_PAGE, page * HISTORY_PAGE)
    who = f"<@{user_id}>"
    scope = t("choice.global" if guild_id is None else "choice.guild", lang)
    head = t("history.title", lang, who=who, scope=scope, count=tn("history.count", lang, total))
    if not entries:
        return presenters.Payload(f"{head}\n{t('history.empty', lang)}", None)
    first = page * HISTORY_PAGE + 1
    lines = [head, *(history_line(first + i, e, lang) for i, e in enumerate(entries))]
    lines.append(t("leaderboard.page", lang, page=page + 1, pages=pages))
    scope_id = "all" if guild_id is None else str(guild_id)
    # One row of 🎬 replays, one of 📊 reviews: a button per listed match.
    replay_buttons, review_buttons = (
        [
            button(
                ReplayButton.id_for(entry.match_id, 0, tag),
                label=t(key, lang, n=first + i),
                disabled=not entry.has_replay,
            )
            for i, entry in enumerate(entries)
        ]
        for tag, key in (("open", "history.replay"), ("review", "history.review"))
    )
    paging = [
        button(
            HistoryButton.id_for(user_id, scope_id, page - 1),
            label=t("button.prev", lang),
            disabled=page == 0,
        ),
        button(
            HistoryButton.id_for(user_id, scope_id, page + 1),
            label=t("button.next", lang),
            disabled=page >= pages - 1,
        ),
    ]
    rows = [replay_buttons, review_buttons, paging]
    return presenters.Payload("\n".join(lines), Rows.stacked(rows))


async def history_command(
    cog: Cuarenta, interaction: discord.Interaction, user: discord.User | None
) -> None:
    """/cuarenta historial [user]: privately, the player's matches in this server."""
    lang = await cog.reader_language(interaction)
    target = user or interaction.user
    payload = await history_payload(cog.bot.storage, target.id, interaction.guild_id, 0, lang)
    await cog.reply(interaction, payload.content, rows=payload.rows)


async def turn_history_page(
    cog: Cuarenta, interaction: discord.Interaction, user_id: int, guild_id: int | None, page: int
) -> None:
    lang = await cog.reader_language(interaction)
    payload = await history_payload(cog.bot.storage, user_id, guild_id, page, lang)
    await interaction.response.edit_message(content=payload.content, view=payload.view)


# ------------------------------------------------------------------------- replays
async def load_replay(storage: Storage, match_id: str) -> Replay:
    """The match's replay, built once and kept a while; Refusal if it has none."""
    replay = replays.get(storage.path, match_id)
    if replay is None:
        log = await storage.match_log(match_id)
        if log is None:
            raise Refusal("replay_missing")
        try:
            replay = await asyncio.to_thread(Replay.build, log)
        except ValueError:
            raise Refusal("replay_missing") from None
        replays.put(storage.path, replay)
    return replay


def shown_hands(replay: Replay, viewer: int, all_hands: bool) -> list[int]:
    """The seats whose hands this viewer may see: their own; every seat when the server
    lets replays show all hands (replays are of finished matches only)."""
    seats = replay.log.seats
    if all_hands:
        return [seat.seat for seat in seats]
    return [seat.seat for seat in seats if seat.user_id == viewer]


def replay_text(
    replay: Replay,
    step: Step,
    session: TableSession,
    hands: list[int],
    display: presenters.CardDisplay,
    lang: str,
) -> str:
    """Where the replay is: the match, the step, the scores, what was played, the hands."""
    log, game = replay.log, step.game
    rules = presenters.rules_label(Rules.from_dict(log.rule_options), lang)
    lines = [t("replay.title", lang, when=f"<t:{int(log.finished_at)}:f>", rules=rules)]
    where = (
        t("replay.start", lang)
        if step.number == 0
        else t("replay.step", lang, step=step.number, last=replay.last)
    )
    lines.append(f"**{where}**")
    a, b = presenters.side_label(session, 0, lang), presenters.side_label(session, 1, lang)
    lines.append(
        t(
            "replay.scores",
            lang,
            a=a,
            b=b,
            points_a=game.scores[0],
            points_b=game.scores[1],
            chicas_a=game.chicas[0],
            chicas_b=game.chicas[1],
        )
    )
    lines += presenters.log_lines(session, display, lang)
    if step.number == replay.last:
        lines.append(t("replay.end", lang))
    for seat in hands:
        cards = game.hands[seat]
        shown = presenters.cards_text(cards, display) if cards else t("replay.no_cards", lang)
        who = seat_label(log.seats[seat], lang)
        lines.append(t("replay.hand", lang, who=who, cards=shown))
    if len(hands) < log.players:
        lines.append(t("replay.hidden", lang))
    return "\n".join(lines)


def replay_view(replay: Replay, number: int, lang: str) -> Rows:
    match_id, last = replay.log.match_id, replay.last
    next_hand, next_chica = replay.next_hand(number), replay.next_chica(number)
    return Rows.of(
        [
            button(ReplayButton.id_for(match_id, 0, "first"), label="⏮", disabled=number == 0),
            button(
                ReplayButton.id_for(match_id, number - 1, "prev"),
                label=t("button.prev", lang),
                disabled=number == 0,
            ),
            button(
                ReplayButton.id_for(match_id, number + 1, "next"),
                label=t("button.next", lang),
                style=Style.BLUE,
                disabled=number >= last,
            ),
            button(
                ReplayButton.id_for(match_id, next_hand or last, "hand"),
                label=t("replay.next_hand", lang),
                disabled=next_hand is None,
            ),
            button(
                ReplayButton.id_for(match_id, next_chica or last, "chica"),
                label=t("replay.next_chica", lang),
                disabled=next_chica is None,
            ),
        ]
    )


async def show_replay(
    cog: Cuarenta, interaction: discord.Interaction, match_id: str, number: int, opening: bool
) -> None:
    """A replay at step `number`: a new private message when opened from the history,
    else the replay message itself moves there."""
    lang = await cog.reader_language(interaction)
    replay = await load_replay(cog.bot.storage, match_id)
    step = replay.step(number)
    session = replay.session_at(step, lang)
    settings = await cog.server_settings(replay.log.guild_id)
    hands = shown_hands(replay, interaction.user.id, settings.replay_all_hands)
    text = replay_text(replay, step, session, hands, cog.bot.card_emojis, lang)
    png = await render_table_png_async(presenters.table_picture(session))
    picture = discord.File(io.BytesIO(png), filename="repeticion.png")
    view: Any = replay_view(replay, step.number, lang)
    if opening:
        await interaction.response.send_message(text, view=view, file=picture, ephemeral=True)
    else:
        await interaction.response.edit_message(content=text, view=view, attachments=[picture])


# --------------------------------------------------------------------------- kinds
class HistoryButton(
    _Button, template=rf"{PREFIX}:hist:(?P<user>[0-9]+):{SCOPE}:(?P<page>-?[0-9]+)"
):
    """A page of a player's history."""

    kind = "hist"

    def __init__(self, user_id: int, scope: str, page: int) -> None:
        super().__init__(self.id_for(user_id, scope, page))
        self.user_id, self.page = user_id, page
        self.guild_id = None if scope == "all" else int(scope)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["user"]), match["scope"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _answer(turn_history_page, interaction, self.user_id, self.guild_id, self.page)


class ReplayButton(
    _Button,
    template=(
        rf"{PREFIX}:rp:{MATCH}:(?P<step>-?[0-9]+):(?P<tag>open|first|prev|next|hand|chica|review)"
    ),
):
    """Open a replay (`open`, from the history) or move it to another step; the tag keeps
    each button's id apart when two lead to the same step. `review`: the match's review
    for whoever clicks (their own seat)."""

    kind = "rp"

    def __init__(self, match_id: str, step: int, tag: str) -> None:
        super().__init__(self.id_for(match_id, step, tag))
        self.match_id, self.step, self.tag = match_id, step, tag

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["match"], int(match["step"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.tag == "review":
            await _answer(review.review_command, interaction, self.match_id)
        else:
            await _answer(show_replay, interaction, self.match_id, self.step, self.tag == "open")


async def _answer(handler: Any, interaction: discord.Interaction, *args: Any) -> None:
    """Run a click the way the cog runs its own (a Refusal is told privately)."""
    from .cuarenta import answers_refusals  # late: cogs.cuarenta imports this module

    async def run(cog: Cuarenta, interaction: discord.Interaction, *args: Any) -> None:
        await handler(cog, interaction, *args)

    await answers_refusals(run)(_cog(interaction), interaction, *args)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (HistoryButton, ReplayButton)
