"""Hints on demand and the review after a match (issue 13): the Discord side.

- The "💡 Pista" button under a player's hand, on their turn, at a table where hints are
  available: the expert's move for the position and one line of why, privately. The
  first hint shown makes the match casual (`TableSession.note_hint`).
- The "📊 Repaso" button on a finished table and `/cuarenta repaso`: the reader's last
  match reviewed for their own seat — everyone's accuracy, their three costliest moves
  (each with a picture of the table and their own hand then), and the moments that
  decided each chica.

The thinking (engine/ai/teacher.py) runs in worker processes, never in the event loop:
one for hints (the expert bot's budget), one at a lower priority for reviews, so that a
review never slows the running tables. Reviews are kept in memory by match.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
import re
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Self, TypeVar

import discord
from PIL import Image

from db import MatchLog
from engine import Move, Rules
from engine.ai import teacher
from i18n import t, tn
from render.table import FELT_BOTTOM, FELT_TOP, WIDTH, TablePicture, draw_table
from render.text import text_card, text_cards
from tables import Refusal, TableSession

from . import presenters
from .components import PREFIX, SESSION, VERSION, Style, _Button, _cog, button

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

T = TypeVar("T")

REVIEW_NICENESS = 10  # the review worker yields the CPU to the tables' own work
REVIEWS_KEPT = 64  # reviews kept in memory, by match
HISTORY_LOOKUP = 5  # the reader's latest recorded matches searched for one with its moves
MAX_MOMENTS = 6  # moments told in a review (the chica-winning caídas and the costliest)
CHICA_LOSS = 50.0  # expected points lost from which a move is said to have cost the chica
PICTURE_WIDTH = 480  # a costly move's picture, scaled down from the table's 640


class Work(StrEnum):
    """The kinds of work, each with its own worker process."""

    HINT = "hint"
    REVIEW = "review"


def _lower_priority() -> None:
    os.nice(REVIEW_NICENESS)


class Workers:
    """The worker processes, started on first use; spawned rather than forked, so that
    they do not inherit the bot's threads, connections and locks."""

    def __init__(self) -> None:
        self._pools: dict[Work, ProcessPoolExecutor] = {}

    def warm(self, work: Work) -> None:
        """Start the worker for `work` now if it is not running, so that the first click
        does not wait for a process to start."""
        if work not in self._pools:
            self.submit(work, int)

    def _pool(self, work: Work) -> ProcessPoolExecutor:
        pool = self._pools.get(work)
        if pool is None:
            pool = self._pools[work] = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority if work is Work.REVIEW else None,
            )
        return pool

    def _replace(self, work: Work) -> ProcessPoolExecutor:
        """A new worker for `work`: the old one died (killed, out of memory)."""
        dead = self._pools.pop(work, None)
        if dead is not None:
            dead.shutdown(wait=False)
        return self._pool(work)

    def submit(self, work: Work, function: Callable[..., T], *args: Any) -> Future[T]:
        """Run `function(*args)` in the worker for `work`; a worker that died is replaced."""
        try:
            return self._pool(work).submit(function, *args)
        except BrokenProcessPool:
            return self._replace(work).submit(function, *args)

    async def run(self, work: Work, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in the worker for `work`, awaited through the event loop's own
        executor hook (what a test's simulated Discord sees finishing). A worker found dead,
        or dying during the work, is replaced and the work run once more."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(work), function, *args)
        except BrokenProcessPool:
            return await loop.run_in_executor(self._replace(work), function, *args)

    def shutdown(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()


WORKERS = Workers()


@dataclass(frozen=True)
class Reviewed:
    """A finished match to review for one reader: what rebuilds it, and who sat where."""

    match_id: str
    players: int
    rules: Rules
    seed: int
    moves: tuple[str, ...]
    names: tuple[str, ...]  # each seat as the review's text names it
    sides: tuple[str, str]  # the sides as the pictures name them (plain names)
    seat: int  # the reader's

    @classmethod
    def of_table(cls, session: TableSession, seat: int, lang: str) -> Reviewed:
        return cls(
            match_id=session.session_id,
            players=session.players,
            rules=session.rules,
            seed=session.seed,
            moves=tuple(session.moves),
            names=tuple(presenters.seat_name(session, i, lang) for i in range(session.players)),
            sides=presenters.table_picture(session).sides,
            seat=seat,
        )

    @classmethod
    def of_log(cls, log: MatchLog, seat: int, lang: str) -> Reviewed:
        names = tuple(
            f"<@{s.user_id}>" if s.user_id is not None else t("review.bot", lang, name=s.name)
            for s in log.seats
        )
        plain = [s.name for s in log.seats]
        return cls(
            match_id=log.match_id,
            players=log.players,
            rules=Rules.from_dict(log.rule_options),
            seed=log.seed,
            moves=log.moves,
            names=names,
            sides=(" + ".join(plain[0::2]), " + ".join(plain[1::2])),
            seat=seat,
        )


class Reviews:
    """Match reviews by (table, moves), computed once: clicks that come while one is being
    worked out wait for that same one."""

    def __init__(self) -> None:
        self._done: OrderedDict[tuple[str, int, int], teacher.MatchReview] = OrderedDict()
        self._running: dict[tuple[str, int, int], asyncio.Future[teacher.MatchReview]] = {}

    async def of(self, match: Reviewed) -> teacher.MatchReview:
        key = (match.match_id, match.seed, len(match.moves))
        done = self._done.get(key)
        if done is not None:
            self._done.move_to_end(key)
            return done
        running = self._running.get(key)
        if running is None:
            running = self._running[key] = asyncio.ensure_future(
                WORKERS.run(
                    Work.REVIEW,
                    teacher.review,
                    match.players,
                    match.rules,
                    match.seed,
                    list(match.moves),
                )
            )
        try:
            found = await asyncio.shield(running)
        finally:
            if running.done() and self._running.get(key) is running:
                del self._running[key]
        self._done[key] = found
        while len(self._done) > REVIEWS_KEPT:
            self._done.popitem(last=False)
        return found


REVIEWS = Reviews()


def _answered(
    handler: Callable[..., Coroutine[Any, Any, None]],
) -> Callable[..., Coroutine[Any, Any, None]]:
    """`handler` with the cog's answer to a Refusal (imported late: the cog imports us)."""
    from .cuarenta import answers_refusals

    return answers_refusals(handler)


# --------------------------------------------------------------------------- the hint
class HintButton(_Button, template=rf"{PREFIX}:hint:{SESSION}:{VERSION}"):
    """Under a player's hand on their turn: the expert's move, privately."""

    kind = "hint"

    def __init__(self, session_id: str, version: int) -> None:
        super().__init__(self.id_for(session_id, version))
        self.session_id, self.version = session_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"], int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _answered(click_hint)(_cog(interaction), interaction, self.session_id, self.version)


def hint_button(session: TableSession, user_id: int, lang: str) -> dict[str, Any] | None:
    """The "💡 Pista" button for a player's hand on their turn, or None."""
    game = session.game
    if not session.hints_available or session.phase != "playing" or game is None:
        return None
    if session.seat_of(user_id) != game.to_play:
        return None
    WORKERS.warm(Work.HINT)
    return button(
        HintButton.id_for(session.session_id, session.version), label=t("button.hint", lang)
    )


async def click_hint(
    cog: Cuarenta, interaction: discord.Interaction, session_id: str, version: int
) -> None:
    table = cog.runtime.table(session_id)
    session = table.session
    if not session.hints_available:
        raise Refusal("hints_off")
    game = session.game
    if session.phase != "playing" or game is None:
        raise Refusal("game_over")
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal("not_in_game")
    if game.to_play != seat:
        raise Refusal("not_your_turn")
    if version != session.version:
        raise Refusal("stale_hand")
    lang = await cog.reader_language(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await WORKERS.run(
        Work.HINT,
        teacher.hint_after,
        session.players,
        session.rules,
        session.seed,
        list(session.moves),
    )
    if not table.session.hints_used:
        await table.change(lambda s: s.note_hint())
    await cog.reply(interaction, hint_text(found, cog.bot.card_emojis, lang))


def hint_text(found: teacher.Hint, display: presenters.CardDisplay, lang: str) -> str:
    """The hint: the move (with what it scores), then why, then who sees it."""
    move, reason = found.move, found.reason
    card = display.inline(move.card)
    if move.takes:
        score = ""
        if reason.points:
            score = " — " + t(f"event.{reason.play}", lang, points=reason.points)
        takes = presenters.cards_text(reason.takes, display)
        line = t("hint.capture", lang, card=card, takes=takes, score=score)
    else:
        line = t("hint.drop", lang, card=card)
    key = f"hint.why.{reason.leaves}"
    if reason.leaves in (teacher.Leaves.CAIDA_RISK, teacher.Leaves.LIMPIA_RISK):
        why = tn(key, lang, reason.unseen)
    else:
        why = t(key, lang)
    return "\n".join((line, why, t("hint.note", lang)))


# ------------------------------------------------------------------------- the review
class ReviewButton(_Button, template=rf"{PREFIX}:review:{SESSION}"):
    """On a finished table: the clicker's review of the match, privately."""

    kind = "review"

    def __init__(self, session_id: str) -> None:
        super().__init__(self.id_for(session_id))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _answered(click_review)(_cog(interaction), interaction, self.session_id)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (HintButton, ReviewButton)


def review_button(session: TableSession, lang: str) -> dict[str, Any] | None:
    """The "📊 Repaso" button on a finished table, or None."""
    if session.is_live or session.game is None or not session.moves:
        return None
    return button(
        ReviewButton.id_for(session.session_id), label=t("button.review", lang), style=Style.BLUE
    )


async def click_review(cog: Cuarenta, interaction: discord.Interaction, session_id: str) -> None:
    session = cog.runtime.table(session_id).session
    if session.is_live or session.game is None or not session.moves:
        raise Refusal("review_unfinished")
    seat = seat_of(session, interaction.user.id)
    if seat is None:
        raise Refusal("review_not_yours")
    lang = await cog.reader_language(interaction)
    await send_review(cog, interaction, Reviewed.of_table(session, seat, lang), lang)


async def review_command(
    cog: Cuarenta, interaction: discord.Interaction, match_id: str | None = None
) -> None:
    """/cuarenta repaso: the reader's last match, reviewed: a table finished lately, or
    else the newest match of their history whose moves were kept. With `match_id` (a
    match of their history, e.g. from its 📊 button), that one."""
    user_id = interaction.user.id
    lang = await cog.reader_language(interaction)
    if match_id is not None:
        log = await cog.bot.storage.match_log(match_id)
        seat = (
            None if log is None else next((s.seat for s in log.seats if s.user_id == user_id), None)
        )
        if log is None or seat is None or not log.moves:
            raise Refusal("review_none")
        await send_review(cog, interaction, Reviewed.of_log(log, seat, lang), lang)
        return
    finished = [
        table.session
        for table in cog.runtime.tables.values()
        if not table.session.is_live
        and table.session.moves
        and seat_of(table.session, user_id) is not None
    ]
    if finished:
        session = max(finished, key=lambda s: s.created_at)
        seat = seat_of(session, user_id)
        assert seat is not None
        await send_review(cog, interaction, Reviewed.of_table(session, seat, lang), lang)
        return
    storage = cog.bot.storage
    for entry in await storage.history(user_id, interaction.guild_id, limit=HISTORY_LOOKUP):
        log = await storage.match_log(entry.match_id) if entry.has_replay else None
        if log is not None and log.moves:
            await send_review(cog, interaction, Reviewed.of_log(log, entry.seat, lang), lang)
            return
    raise Refusal("review_none")


def seat_of(session: TableSession, user_id: int) -> int | None:
    """The seat `user_id` played, even one a bot took over."""
    for index, seat in enumerate(session.seats):
        if seat is not None and seat.user_id == user_id:
            return index
    return None


async def send_review(
    cog: Cuarenta, interaction: discord.Interaction, match: Reviewed, lang: str
) -> None:
    """The review of `match` for the reader's own seat, with its pictures, privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await REVIEWS.of(match)
    costly = found.seats[match.seat].costliest()
    pictures = await asyncio.to_thread(
        lambda: [move_picture(decision, match.sides, lang) for decision in costly]
    )
    files = [
        discord.File(io.BytesIO(png), filename=f"repaso-{n}.png")
        for n, png in enumerate(pictures, 1)
    ]
    text = review_text(match, found, cog.bot.card_emojis, lang)
    await interaction.followup.send(text, files=files, ephemeral=True)


def review_text(
    match: Reviewed, found: teacher.MatchReview, display: presenters.CardDisplay, lang: str
) -> str:
    """The review as its reader may read it: no other seat's hidden cards."""
    seat = match.seat
    result = " · ".join(f"{a}–{b}" for a, b in found.chicas) or "—"
    lines = [t("review.title", lang, result=result), "", t("review.accuracy", lang)]
    for index, seat_review in enumerate(found.seats):
        accuracy = seat_review.accuracy
        if accuracy is None:
            continue
        lines.append(
            t(
                "review.accuracy_line",
                lang,
                who=match.names[index],
                accuracy=round(accuracy),
                moves=tn("review.moves", lang, seat_review.judged),
            )
        )
    costly = found.seats[seat].costliest()
    lines.append("")
    if costly:
        lines.append(tn("review.costly", lang, len(costly)))
        for n, decision in enumerate(costly, 1):
            lines.append(
                t(
                    "review.costly_line",
                    lang,
                    n=n,
                    chica=decision.chica + 1,
                    score="–".join(map(str, decision.scores)),
                    played=_move_words(decision.played, display, lang, played=True),
                    best=_move_words(decision.best, display, lang),
                    lost=_lost(decision.loss, lang),
                )
            )
        lines.append(t("review.pictures", lang))
    else:
        lines.append(t("review.costly_none", lang))
    lines += ["", t("review.moments", lang)]
    moments = _told_moments(found.moments_for(seat))
    for moment in moments:
        lines.append(
            t(
                f"review.moment.{moment.kind}",
                lang,
                chica=moment.chica + 1,
                who=match.names[moment.seat],
                lock=match.rules.lock_at,
                card=display.inline(moment.card),
                lost=_lost(moment.loss, lang),
            )
        )
    if not moments:
        lines.append(t("review.moments_none", lang))
    return "\n".join(lines)


def _told_moments(moments: list[teacher.Moment]) -> list[teacher.Moment]:
    """At most MAX_MOMENTS, in playing order: the chica-winning caídas first, then the
    costliest; one per move (a limpia missed with a card then fallen on is told once)."""
    ranked = sorted(
        moments,
        key=lambda m: (m.kind is not teacher.MomentKind.CAIDA_AT_LOCK, -m.loss, m.index),
    )
    told: dict[int, teacher.Moment] = {}
    for moment in ranked:
        told.setdefault(moment.index, moment)
    return sorted(list(told.values())[:MAX_MOMENTS], key=lambda m: m.index)


def _move_words(
    move: Move, display: presenters.CardDisplay, lang: str, played: bool = False
) -> str:
    """A move in words: "drop 3♧", "5♧ taking 2♧ 3♦" (`played`: "you dropped 3♧"…)."""
    card = display.inline(move.card)
    if not move.takes:
        return t("review.you_dropped" if played else "review.drop", lang, card=card)
    takes = presenters.cards_text(sorted(move.takes), display)
    return t("review.you_captured" if played else "review.capture", lang, card=card, takes=takes)


def _lost(loss: float, lang: str) -> str:
    """Expected points lost, as a reader reads a number in their language."""
    if loss >= CHICA_LOSS:
        return t("review.lost_chica", lang)
    points = f"{loss:.1f}"
    return t("review.lost", lang, points=points.replace(".", ",") if lang == "es" else points)


def _move_plain(move: Move) -> str:
    """A move in plain text for a picture's caption: "5♦", or "7♥ → 3♣ 4♦"."""
    if not move.takes:
        return text_card(move.card)
    return f"{text_card(move.card)} → {text_cards(sorted(move.takes))}"


def move_picture(decision: teacher.Decision, sides: tuple[str, str], lang: str) -> bytes:
    """A costly move: the table as it was (scores, the card a caída could fall on) with
    what was played and what was better below it, then the player's own hand, the card
    played marked. Nothing of any other hand."""
    caption = t(
        "review.picture_caption",
        lang,
        played=_move_plain(decision.played),
        best=_move_plain(decision.best),
    )
    table = draw_table(
        TablePicture(
            cards=tuple(str(c) for c in decision.table),
            sides=sides,
            points=decision.scores,
            chicas=decision.chicas,
            stock=decision.stock,
            turn=decision.seat % 2,
            caption=caption,
            lang=lang,
            dropped=decision.last_played,
        )
    )
    hand = draw_table(
        TablePicture(
            cards=tuple(str(c) for c in decision.hand), lang=lang, dropped=decision.played.card
        )
    ).crop((0, FELT_TOP, WIDTH, FELT_BOTTOM))
    picture = Image.new("RGB", (WIDTH, table.height + hand.height))
    picture.paste(table, (0, 0))
    picture.paste(hand, (0, table.height))
    height = round(picture.height * PICTURE_WIDTH / WIDTH)
    small = picture.resize((PICTURE_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()
