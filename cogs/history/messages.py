"""What a history page and a replay say: a replay shows the viewer's own hand only,
unless the match's server lets replays show every hand (`replay_all_hands`)."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence

from db import HistoryEntry, LoggedSeat, MatchOutcome, Storage
from engine import Rules
from i18n import join_names, t, tn
from tables import Seat, TableSession, ratings
from tables.house_rules import rule_set_name
from tables.replays import Replay, Step, chica_scores

from ..ui import ids
from ..ui.rows import Payload, Rows, Style, button
from ..ui.table import log_lines
from ..ui.words import (
    CardDisplay,
    cards_text,
    level_word,
    side_label,
    signed,
)

HISTORY_PAGE = 5


def seat_label(seat: LoggedSeat, lang: str) -> str:
    """A seat of a recorded match: a mention, or the bot's name and level."""
    if seat.user_id is not None:
        return f"<@{seat.user_id}>"
    bot = Seat(bot_level=seat.bot_level or "normal", name=seat.name)
    return t("table.bot_name", lang, name=seat.name or "bot", level=level_word(bot, lang))


def _result(entry: HistoryEntry, lang: str) -> str:
    if entry.outcome == MatchOutcome.ABANDONED:
        return t("history.abandoned", lang)
    result = t("history.won" if entry.won else "history.lost", lang)
    if entry.outcome == MatchOutcome.FORFEIT:
        result += t("history.forfeit", lang)
    return result


def _chica_scores_text(entry: HistoryEntry, scores: Sequence[tuple[int, int]], lang: str) -> str:
    """ " (14–40, 8–50)": each finished chica's final score, the player's side first as in
    the chicas won before it ("chicas 0–2") and in the review's title; "" when the match's
    scores are not known."""
    ours = entry.side
    results = ", ".join(f"{chica[ours]}–{chica[1 - ours]}" for chica in scores)
    return t("history.chica_scores", lang, results=results) if results else ""


async def finished_chicas(storage: Storage, entry: HistoryEntry) -> list[tuple[int, int]]:
    """The final score of each chica of the match, rebuilt from its move log; none when
    the log was not kept (older matches) or does not replay."""
    log = await storage.match_log(entry.match_id) if entry.has_replay else None
    if log is None:
        return []
    try:
        return await asyncio.to_thread(chica_scores, log)
    except ValueError:
        return []


def history_line(
    number: int, entry: HistoryEntry, scores: Sequence[tuple[int, int]], lang: str
) -> str:
    """One match of a history page: when, result, chicas and each one's score (`scores`),
    who, rules, rating."""
    others = [s for s in entry.seats if s.seat != entry.seat]
    against = join_names([seat_label(s, lang) for s in others if s.seat % 2 != entry.side], lang)
    partners = [seat_label(s, lang) for s in others if s.seat % 2 == entry.side]
    details = [t("history.against", lang, who=against)]
    if partners:
        details.append(t("history.partner", lang, who=join_names(partners, lang)))
    details.append(rule_set_name(Rules.from_dict(entry.rule_options), lang))
    if entry.tournament_id is not None:
        details.append(t("history.tournament", lang))
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
        scores=_chica_scores_text(entry, scores, lang),
        details=" · ".join(details),
    )


async def history_payload(
    storage: Storage, user_id: int, guild_id: int | None, page: int, lang: str
) -> Payload:
    """A page of the player's history, newest first, with a replay button per match."""
    total = await storage.history_size(user_id, guild_id)
    pages = max(1, math.ceil(total / HISTORY_PAGE))
    page = min(max(page, 0), pages - 1)
    entries = await storage.history(user_id, guild_id, HISTORY_PAGE, page * HISTORY_PAGE)
    who = f"<@{user_id}>"
    scope = t("choice.global" if guild_id is None else "choice.guild", lang)
    head = t("history.title", lang, who=who, scope=scope, count=tn("history.count", lang, total))
    if not entries:
        return Payload(f"{head}\n{t('history.empty', lang)}", None)
    first = page * HISTORY_PAGE + 1
    lines = [head]
    for number, entry in enumerate(entries, start=first):
        lines.append(history_line(number, entry, await finished_chicas(storage, entry), lang))
    lines.append(t("leaderboard.page", lang, page=page + 1, pages=pages))
    scope_id = ids.scope_of(guild_id)
    # One row of 🎬 replays, one of 📊 reviews: a button per listed match.
    replay_buttons, review_buttons = (
        [
            button(
                ids.REPLAY.build(match_id=entry.match_id, step=0, tag=tag),
                label=t(key, lang, n=first + i),
                disabled=not entry.has_replay,
            )
            for i, entry in enumerate(entries)
        ]
        for tag, key in (("open", "history.replay"), ("review", "history.review"))
    )
    paging = [
        button(
            ids.HISTORY.build(user_id=user_id, scope=scope_id, page=page - 1),
            label=t("button.prev", lang),
            disabled=page == 0,
        ),
        button(
            ids.HISTORY.build(user_id=user_id, scope=scope_id, page=page + 1),
            label=t("button.next", lang),
            disabled=page >= pages - 1,
        ),
    ]
    rows = [replay_buttons, review_buttons, paging]
    return Payload("\n".join(lines), Rows.stacked(rows))


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
    display: CardDisplay,
    lang: str,
) -> str:
    """Where the replay is: the match, the step, the scores, what was played, the hands."""
    log, game = replay.log, step.game
    rules = rule_set_name(Rules.from_dict(log.rule_options), lang)
    title = t("replay.title", lang, when=f"<t:{int(log.finished_at)}:f>", rules=rules)
    if log.tournament_id is not None:
        title += t("table.of_tournament", lang)
    lines = [title]
    where = (
        t("replay.start", lang)
        if step.number == 0
        else t("replay.step", lang, step=step.number, last=replay.last)
    )
    lines.append(f"**{where}**")
    a, b = side_label(session, 0, lang), side_label(session, 1, lang)
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
    lines += log_lines(session, display, lang)
    if step.number == replay.last:
        lines.append(t("replay.end", lang))
    for seat in hands:
        cards = game.hands[seat]
        shown = cards_text(cards, display) if cards else t("replay.no_cards", lang)
        who = seat_label(log.seats[seat], lang)
        lines.append(t("replay.hand", lang, who=who, cards=shown))
    if len(hands) < log.players:
        lines.append(t("replay.hidden", lang))
    return "\n".join(lines)


def replay_view(replay: Replay, number: int, lang: str) -> Rows:
    """⏮, ◀, ▶, then the next hand (in the last hand: to the final score) and, when the
    match has more than one chica, the next chica."""
    match_id, last = replay.log.match_id, replay.last
    next_hand, next_chica = replay.next_hand(number), replay.next_chica(number)
    buttons = [
        button(
            ids.REPLAY.build(match_id=match_id, step=0, tag="first"),
            label="⏮",
            disabled=number == 0,
        ),
        button(
            ids.REPLAY.build(match_id=match_id, step=number - 1, tag="prev"),
            label=t("button.prev", lang),
            disabled=number == 0,
        ),
        button(
            ids.REPLAY.build(match_id=match_id, step=number + 1, tag="next"),
            label=t("button.next", lang),
            style=Style.BLUE,
            disabled=number >= last,
        ),
        button(
            ids.REPLAY.build(match_id=match_id, step=next_hand or last, tag="hand"),
            label=t("replay.next_hand" if next_hand is not None else "replay.to_end", lang),
            disabled=number >= last,
        ),
    ]
    if Rules.from_dict(replay.log.rule_options).chicas_to_win > 1:
        buttons.append(
            button(
                ids.REPLAY.build(match_id=match_id, step=next_chica or last, tag="chica"),
                label=t("replay.next_chica", lang),
                disabled=next_chica is None,
            )
        )
    return Rows.of(buttons)
