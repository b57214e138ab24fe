"""What a table's messages say and which buttons they carry, built from its state.

The lobby and the table are public, in the table's language; a hand and a card's
choices are private, in the reader's. Nothing here shows a card that is in someone's
hand, except the hand itself, which is only ever sent ephemerally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import Card, Move
from engine.events import EventKind
from i18n import join_names, t, tn
from tables import EndReason, Phase, TableSession, house_rules
from tables.session import LogEntry, LogKind, log_kind

from . import ids
from .rows import Payload, Rows, Style, button
from .words import (
    CardDisplay,
    cards_text,
    length_text,
    plain,
    rating_line,
    score_text,
    seat_name,
    side_label,
    when,
)

LOG_LINES = 5
Raw = dict[str, Any]  # one raw component


def lobby_payload(session: TableSession, lang: str) -> Payload:
    mode = t("choice.2v2" if session.players == 4 else "choice.1v1", lang)
    lines = [
        t(
            "lobby.title",
            lang,
            host=f"<@{session.host_id}>",
            mode=mode,
            rules=house_rules.rule_set_name(session.rules, lang),
            length=length_text(session.chicas_to_win, lang),
        )
    ]
    names = [seat_name(session, i, lang) for i in range(session.players)]
    if session.players == 2:
        lines.append(t("lobby.seats_1v1", lang, a=names[0], b=names[1]))
    else:
        lines.append(
            t(
                "lobby.seats_2v2",
                lang,
                a=join_names(names[0::2], lang),
                b=join_names(names[1::2], lang),
            )
        )
    if session.phase == Phase.LOBBY:
        if session.hints_on:
            lines.append(t("lobby.hints_casual", lang))
        level = t(f"choice.{session.bot_level}", lang)
        lines.append(t("lobby.expires", lang, when=when(session.lobby_expires_at), level=level))
        return Payload("\n".join(lines), lobby_view(session, lang))
    closing = {
        EndReason.EXPIRED: "lobby.expired",
        EndReason.CANCELLED: "lobby.cancelled",
        EndReason.STOPPED: "lobby.cancelled",
    }.get(session.ended_by or EndReason.MATCH, "lobby.started")
    lines.append(t(closing, lang))
    return Payload("\n".join(lines), None)


def lobby_view(session: TableSession, lang: str) -> Rows:
    """Join (in 2 vs 2: a team, which also moves a seated player), Leave, Add bot, Start,
    Cancel."""
    Action = ids.LobbyAction

    def lobby_button(action: ids.LobbyAction, label: str, style: int = Style.GREY) -> Raw:
        custom_id = ids.LOBBY.build(session_id=session.session_id, action=action)
        return button(custom_id, label=label, style=style)

    if session.players == 4:

        def open_to_join(side: int) -> int:  # a team of two people is full: grey
            people = [s for s in session.seats[side::2] if s is not None and not s.is_bot]
            return Style.GREY if len(people) == 2 else Style.GREEN

        joins = [
            lobby_button(Action.TEAM_A, t("button.team_a", lang), open_to_join(0)),
            lobby_button(Action.TEAM_B, t("button.team_b", lang), open_to_join(1)),
        ]
    else:
        joins = [lobby_button(Action.JOIN, t("button.join", lang), Style.GREEN)]
    joins.append(lobby_button(Action.LEAVE, t("button.leave", lang)))
    rule_set = t("button.rules_set", lang, name=house_rules.rule_set_label(session.rules, lang))
    hints = t("button.hints", lang, state=t("word.on" if session.hints_on else "word.off", lang))
    host = [
        lobby_button(Action.RULES, rule_set),
        lobby_button(Action.HINTS, hints),
        lobby_button(Action.BOT, t("button.add_bot", lang)),
        lobby_button(Action.START, t("button.start", lang), Style.BLUE),
        lobby_button(Action.CANCEL, t("button.cancel", lang), Style.RED),
    ]
    return Rows.stacked([joins, host])


def public_payload(session: TableSession, display: CardDisplay, notice: str = "") -> Payload:
    """The table's public message: the lobby until the game starts, then the table;
    `notice`: a line on top from the bot's operator (maintenance, a restart)."""
    if session.game is None:
        payload = lobby_payload(session, session.lang)
    else:
        payload = table_payload(session, display)
    return Payload(f"{notice}\n{payload.content}", payload.rows) if notice else payload


def table_payload(session: TableSession, display: CardDisplay) -> Payload:
    lang = session.lang
    game = session.game
    assert game is not None
    chica = sum(game.chicas) + (0 if game.winner is not None else 1)
    lines = [
        t(
            "table.title",
            lang,
            rules=house_rules.rule_set_name(session.rules, lang),
            chica=max(chica, 1),
            length=length_text(session.chicas_to_win, lang),
        )
        + (t("table.casual", lang) if session.casual else "")
        + (t("table.of_tournament", lang) if session.tournament_id else ""),
    ]
    if game.chica_history and session.phase == Phase.PLAYING:
        lines.append(t("table.chicas_so_far", lang, results=chica_results(session, lang)))
    lines.append("")
    final = game.chica_history[-1] if game.winner is not None and game.chica_history else None
    for side in (0, 1):
        seats = range(side, session.players, 2)
        names = " + ".join(seat_name(session, i, lang) for i in seats)
        label = side_label(session, side, lang) if session.players == 4 else ""
        points = final[side] if final else game.scores[side]
        lines.append(
            t(
                "table.side_line",
                lang,
                label=label,
                names=names,
                score=score_text(points, lang),
                chicas=game.chicas[side],
            ).strip()
        )
    lines.append("")
    lines.append(
        t("table.cards", lang, cards=cards_text(game.table, display))
        if game.table
        else t("table.empty", lang)
    )
    if session.phase == Phase.PLAYING:
        if session.paused_until is None:  # in the pause, only the hand that ended is told
            a, b = game.captured
            lines.append(
                t(
                    "table.stock",
                    lang,
                    stock=tn("count.cards", lang, len(game.stock)),
                    deal=game.deal_number,
                    deals=game.deals_per_hand,
                    a=a,
                    b=b,
                )
            )
        for side in (0, 1):
            if game.locked(side):
                label = side_label(session, side, lang)
                lines.append(t("table.locked", lang, label=label, points=game.scores[side]))
        if session.summary is not None:
            lines.append("")
            lines.extend(summary_lines(session, lang))
        lines.append("")
        lines.append(turn_line(session, lang))
    else:
        lines.append("")
        lines.append(result_line(session, lang))
    recent = log_lines(session, display, lang)
    if recent:
        lines.append("")
        lines.extend(f"· {line}" for line in recent)
    return Payload("\n".join(lines), table_view(session))


def chica_result(session: TableSession, scores: Sequence[int], key: str, lang: str) -> str:
    """A finished chica's score, its winner named first ("Ana 42–14")."""
    winner = 0 if scores[0] > scores[1] else 1
    name = side_label(session, winner, lang)
    return t(key, lang, winner=name, won=scores[winner], lost=scores[1 - winner])


def chica_results(session: TableSession, lang: str) -> str:
    """Each finished chica, its winner named first: "Ana 42–14 · …"."""
    game = session.game
    assert game is not None
    return " · ".join(
        chica_result(session, scores, "table.chica_result", lang) for scores in game.chica_history
    )


def summary_lines(session: TableSession, lang: str) -> list[str]:
    """How the last hand ended: the cards each side took and the points it scored in the
    hand (its cartón is in the log), and the chica's final score when it ended one."""
    summary = session.summary
    assert summary is not None
    taken = [tn("count.cards", lang, count) for count in summary["captured"]]
    if "points" in summary:  # "16 cartas (+6 en la mano)"
        taken = [
            t("table.hand_points", lang, cards=cards, points=points)
            if points
            else t("table.hand_no_points", lang, cards=cards)
            for cards, points in zip(taken, summary["points"], strict=True)
        ]
    lines = [
        t(
            "table.hand_over",
            lang,
            a_name=side_label(session, 0, lang),
            a=taken[0],
            b_name=side_label(session, 1, lang),
            b=taken[1],
        )
    ]
    if summary["chica"] is not None:
        lines.append(chica_result(session, summary["chica"], "table.chica_over", lang))
    return lines


def turn_line(session: TableSession, lang: str) -> str:
    seat = session.seat_to_play
    assert seat is not None
    who = seat_name(session, seat, lang)
    deadline = session.turn_deadline
    if deadline is None and session.paused_until is not None:
        return t("table.paused", lang, who=who, when=when(session.paused_until))
    if deadline is None:
        return t("table.turn_bot", lang, who=who)
    return t("table.turn", lang, who=who, when=when(deadline))


def result_line(session: TableSession, lang: str) -> str:
    if session.ended_by == EndReason.STOPPED or session.winner is None:
        return t("table.stopped", lang)
    game = session.game
    assert game is not None
    winner = side_label(session, session.winner, lang)
    loser = side_label(session, 1 - session.winner, lang)
    a, b = game.chicas[session.winner], game.chicas[1 - session.winner]
    if session.abandoned_early:
        return t("table.result_forfeit_void", lang, loser=loser)
    if session.ended_by == EndReason.FORFEIT:
        key = "table.result_walkover" if session.walked_over else "table.result_forfeit"
        return t(key, lang, loser=loser, winner=winner)
    key = "table.result_zapateria" if session.zapaterias[session.winner] else "table.result"
    lines = [t(key, lang, winner=winner, a=a, b=b)]
    if game.chica_history:
        lines.append(t("table.chicas_so_far", lang, results=chica_results(session, lang)))
    ratings = rating_line(session, lang)
    return "\n".join([*lines, ratings] if ratings else lines)


def table_view(session: TableSession) -> Rows:
    lang, sid = session.lang, session.session_id
    playing = session.phase == Phase.PLAYING
    buttons = []
    if playing and session.paused_until is not None:
        buttons.append(
            button(
                ids.TABLE.build(session_id=sid, what=ids.TableAction.NEXT),
                label=t("button.next_hand", lang),
                style=Style.GREEN,
            )
        )
    buttons += [
        button(
            ids.TABLE.build(session_id=sid, what=ids.TableAction.HAND),
            label=t("button.my_hand", lang),
            style=Style.BLUE if playing else Style.GREY,
            disabled=not playing,
        ),
        button(
            ids.TABLE.build(session_id=sid, what=ids.TableAction.RULES),
            label=t("button.rules", lang),
        ),
    ]
    if playing and any(seat is not None and seat.is_replaced for seat in session.seats):
        buttons.append(
            button(
                ids.TABLE.build(session_id=sid, what=ids.TableAction.RECLAIM),
                label=t("button.reclaim", lang),
            )
        )
    if not playing:
        if session.tournament_id is None:  # (in a tournament, the draw says who plays next)
            buttons.append(
                button(
                    ids.TABLE.build(session_id=sid, what=ids.TableAction.REMATCH),
                    label=t("button.rematch", lang),
                    style=Style.GREEN,
                )
            )
        reviewing = review_button(session, lang)
        if reviewing is not None:
            buttons.append(reviewing)
    return Rows.of(buttons)


PLAYER_LINES = frozenset(
    {
        EventKind.RONDA,
        EventKind.DOBLE_RONDA,
        LogKind.TIMEOUT,
        LogKind.REPLACED,
        LogKind.RECLAIMED,
        LogKind.FORFEIT,
    }
)  # told as "who" did it
SIDE_LINES = frozenset(
    {
        EventKind.CARTON,
        EventKind.DOS_POR_DARLAS,
        EventKind.CHICA,
        EventKind.ZAPATERIA,
        EventKind.MATCH,
    }
)  # told as what a side scored


def log_lines(session: TableSession, display: CardDisplay, lang: str) -> list[str]:
    """The recent events told like at a table; a capture and its caída/limpia on one line."""
    lines: list[str] = []
    previous: LogEntry | None = None
    standing_in = _stood_in_for(session)  # each event names its seat as it was then
    for entry in session.log:
        try:
            kind = log_kind(entry["kind"])
        except ValueError:
            continue  # a kind this version does not tell
        seat, side_index = entry.get("seat"), entry.get("side")
        # A bot played for the seat then (not the player coming back, nor the timer's move
        # made for the player as the bot took over).
        then = (
            seat in standing_in and kind is not LogKind.RECLAIMED and entry.get("by") != "timeout"
        )
        who = seat_name(session, seat, lang, then) if seat is not None else ""
        if kind is LogKind.REPLACED:
            standing_in.add(seat)
        elif kind is LogKind.RECLAIMED:
            standing_in.discard(seat)
        side = side_label(session, side_index, lang) if side_index is not None else ""
        card = display.inline(Card.parse(entry["card"])) if "card" in entry else ""
        if kind is EventKind.DROP:
            lines.append(t("event.drop", lang, who=who, card=card))
        elif kind is EventKind.CAPTURE:
            takes = cards_text([Card.parse(c) for c in entry["takes"]], display)
            lines.append(t("event.capture", lang, who=who, card=card, takes=takes))
        elif kind in (EventKind.CAIDA, EventKind.LIMPIA) and lines:
            lines[-1] = _with_score(lines[-1], entry, previous, session, lang)
            previous = entry
            continue
        elif kind in PLAYER_LINES:
            lines.append(t(f"event.{kind}", lang, who=who, points=entry.get("points", 0)))
        elif kind in SIDE_LINES:
            count = entry.get("count", 0)
            lines.append(
                t(
                    f"event.{kind}",
                    lang,
                    side=side,
                    points=entry.get("points", 0),
                    cards=tn("count.cards", lang, count),
                )
            )
        elif kind is EventKind.CAIDAS_SEGUIDAS:
            lines.append(t("event.caidas_seguidas", lang, side=side, count=entry.get("count", 0)))
        elif kind is EventKind.DEAL and entry.get("count", 0) > 1:
            lines.append(t("event.deal", lang, count=entry["count"]))
        else:
            continue
        previous = entry
        if entry.get("by") == "timeout":
            lines[-1] += f" {t('event.auto', lang)}"
    return lines[-LOG_LINES:]


def _stood_in_for(session: TableSession) -> set[int | None]:
    """The seats a bot played for when the log's first event happened: those it plays
    for now, unwound through the log's replacements and reclaims."""
    replaced = {i for i, seat in enumerate(session.seats) if seat is not None and seat.is_replaced}
    standing_in: set[int | None] = set(replaced)
    for entry in reversed(session.log):
        if entry["kind"] == LogKind.REPLACED:
            standing_in.discard(entry.get("seat"))
        elif entry["kind"] == LogKind.RECLAIMED:
            standing_in.add(entry.get("seat"))
    return standing_in


def _with_score(
    line: str, entry: LogEntry, previous: LogEntry | None, session: TableSession, lang: str
) -> str:
    """A capture's line with its caída or limpia told after it.

    A caída that also clears the table is one "caída y limpia" worth both parts, unless the
    side was at the lock: then the caída counts and the limpia is said to score nothing.
    """
    points = entry["points"]
    if entry["kind"] == EventKind.CAIDA:
        return f"{line} — {t('event.caida', lang, points=points)}"
    if entry.get("locked"):
        lock = session.rules.lock_at
        return f"{line} · {t('event.limpia_locked', lang, lock=lock)}"
    if previous is not None and previous["kind"] == EventKind.CAIDA:
        head, _, _ = line.rpartition(" — ")
        total = previous["points"] + points
        return f"{head} — {t('event.caida_limpia', lang, points=total)}"
    return f"{line} — {t('event.limpia', lang, points=points)}"


def hand_payload(
    session: TableSession,
    user_id: int,
    display: CardDisplay,
    lang: str,
    note: str | None = None,
    one_tap: bool = False,
) -> Payload:
    """A player's private hand: one button per card, live only on their turn.

    On their turn a card that can capture is green, tagged with the caída or limpia it can
    make; a tap shows what the card would do before it is played (with `one_tap`, a card
    that captures nothing is dropped at once instead)."""
    game = session.game
    assert game is not None
    seat = session.seat_of(user_id)
    lines = [note] if note else []
    if session.phase == Phase.PLAYING and session.was_replaced(user_id):
        lines.append(t("hand.replaced_seat", lang))
        sid = session.session_id
        reclaim = button(
            ids.TABLE.build(session_id=sid, what=ids.TableAction.RECLAIM),
            label=t("button.reclaim", lang),
        )
        return Payload("\n".join(lines), Rows.of([reclaim]))
    if session.phase != Phase.PLAYING or seat is None:
        lines.append(t("hand.over", lang))
        return Payload("\n".join(lines), None)
    my_turn = game.to_play == seat
    if my_turn:
        lines.append(t("hand.your_turn", lang))
    else:
        lines.append(t("hand.wait", lang, who=seat_name(session, game.to_play, lang)))
    table = cards_text(game.table, display) if game.table else t("hand.empty", lang)
    lines.append(t("hand.table", lang, cards=table))
    if my_turn:
        lines.append(t("hand.hint_one_tap" if one_tap else "hand.hint", lang))
    sid, version = session.session_id, session.version
    buttons = []
    for card in sorted(game.hands[seat]):  # the order of `cards_text` and the picture
        emoji = display.for_card(card)
        tag = card_tag(session, card, lang) if my_turn else None
        parts = ([] if emoji else [plain([card])]) + ([tag] if tag else [])
        buttons.append(
            button(
                ids.CARD.build(session_id=sid, version=version, card=card),
                label=" · ".join(parts) or None,
                emoji=emoji,
                style=(Style.GREEN if tag is not None else Style.BLUE) if my_turn else Style.GREY,
                disabled=not my_turn,
            )
        )
    rows = Rows.of(buttons).rows if buttons else ()
    hint = hint_button(session, user_id, lang) if my_turn else None
    if hint is not None:
        rows = (*rows, (hint,))
    return Payload("\n".join(lines), Rows(rows) if rows else None)


def card_tag(session: TableSession, card: Card, lang: str) -> str | None:
    """None if `card` captures nothing; else its best score ("caída + limpia", "caída",
    "limpia") or "" when it only captures."""
    game = session.game
    assert game is not None
    options = [Move(card, takes) for takes in game.capture_options(card)]
    if not options:
        return None
    table = set(game.table)
    kinds: list[str] = []
    for move in options:  # the engine's own tests, without playing each option on a copy
        made = ["caida"] * game.is_caida(move) + ["limpia"] * (move.takes == table)
        kinds = max(kinds, made, key=len)
    return t(f"tag.{'_'.join(kinds)}", lang) if kinds else ""


def choice_payload(
    session: TableSession, card: Card, options: list[Move], display: CardDisplay, lang: str
) -> Payload:
    """What a card that can capture may do: each capture with its points, or a drop."""
    game = session.game
    assert game is not None
    sid, version = session.session_id, session.version
    lines = [
        t("hand.choose", lang, card=display.inline(card)),
        t("hand.table", lang, cards=cards_text(game.table, display)),
    ]
    takes_buttons = []
    for index, move in enumerate(options):
        label = tn("button.take", lang, len(move.takes), takes=plain(move.takes))
        tag = score_tag(session, move, lang)
        if tag:
            label += f" · {tag}"
        takes_buttons.append(
            button(
                ids.TAKE.build(session_id=sid, version=version, card=card, option=index),
                label=label,
                style=Style.GREEN,
            )
        )
    drop = button(
        ids.TAKE.build(session_id=sid, version=version, card=card, option="d"),
        label=t("button.drop", lang, card=plain([card])),
    )
    back = button(ids.BACK.build(session_id=sid, version=version), label=t("button.back", lang))
    # One capture a row (up to four), then the rest with Drop and Back on the last row.
    rows = [[take] for take in takes_buttons[:4]] + [[*takes_buttons[4:], drop, back]]
    return Payload("\n".join(lines), Rows.stacked(rows))


def score_tag(session: TableSession, move: Move, lang: str) -> str:
    """What a capture would score, as the table log would tell it ("¡Caída! +2"), or ""."""
    game = session.game
    assert game is not None
    scored = {
        str(e.kind): e.points
        for e in game.copy().play(move)
        if e.kind in (EventKind.CAIDA, EventKind.LIMPIA)
    }
    if "caida" in scored and "limpia" in scored and not game.locked(game.to_play % 2):
        return t("event.caida_limpia", lang, points=scored["caida"] + scored["limpia"])
    parts = [t(f"event.{kind}", lang, points=points) for kind, points in scored.items() if points]
    return " ".join(parts)


def hint_button(session: TableSession, user_id: int, lang: str) -> dict[str, Any] | None:
    """The "💡 Pista" button for a player's hand on their turn, or None."""
    game = session.game
    if not session.hints_available or session.phase != Phase.PLAYING or game is None:
        return None
    if session.seat_of(user_id) != game.to_play:
        return None
    custom_id = ids.HINT.build(session_id=session.session_id, version=session.version)
    return button(custom_id, label=t("button.hint", lang))


def review_button(session: TableSession, lang: str) -> dict[str, Any] | None:
    """The "📊 Repaso" button on a finished table, or None."""
    if session.is_live or session.game is None or not session.moves:
        return None
    custom_id = ids.REVIEW.build(session_id=session.session_id)
    return button(custom_id, label=t("button.review", lang), style=Style.BLUE)


def forfeit_payload(session: TableSession, lang: str, consequence: str | None = None) -> Payload:
    """The question before a forfeit: what it will mean (`consequence`: as the table's
    feature says, a tournament's), and the button that confirms it."""
    if consequence is None:
        consequence = t("forfeit.void" if session.too_early_to_count else "forfeit.loses", lang)
    confirm = button(
        ids.FORFEIT.build(session_id=session.session_id),
        label=t("button.forfeit", lang),
        style=Style.RED,
    )
    return Payload(t("forfeit.confirm", lang, consequence=consequence), Rows.of([confirm]))
