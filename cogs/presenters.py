"""What each message says and which buttons it carries, built from a table's state.

Public messages (lobby, table) are in the table's language; private ones (hand, replies)
in the reader's. Nothing here shows a card that is in someone's hand, except the hand
itself, which is only ever sent ephemerally.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from engine import Card, Move, Rules
from engine.tally import perros_tantos
from i18n import t, tn
from render.table import TablePicture
from render.text import text_cards
from tables import Challenge, TableSession, house_rules
from tables.session import FEMININE_BOT_NAMES, LogEntry, Seat

from . import history, review
from .components import (
    BackButton,
    CardButton,
    ChallengeButton,
    LobbyButton,
    Rows,
    Style,
    TableButton,
    TakeButton,
    button,
)

LOG_LINES = 5


class CardDisplay(Protocol):
    def inline(self, card: Card) -> str: ...
    def for_card(self, card: Card) -> Any: ...


@dataclass
class Payload:
    content: str
    rows: Rows | None

    @property
    def view(self) -> discord.ui.View | None:
        """The rows, for discord.py's `view=`: they quack like a View (see `Rows`)."""
        return cast(discord.ui.View | None, self.rows)

    def to_send(self) -> dict[str, Any]:
        """Keyword arguments for sending it (discord.py wants no `view` rather than None)."""
        return {"content": self.content} | ({"view": self.view} if self.rows else {})


def when(timestamp: float) -> str:
    """A Discord timestamp shown to each reader in their own time ("in 1 minute")."""
    return f"<t:{int(timestamp)}:R>"


def level_word(seat: Seat, lang: str) -> str:
    """A bot's level, agreeing with its name in Spanish ("Rosita (experta)")."""
    feminine = ".f" if seat.name in FEMININE_BOT_NAMES else ""
    return t(f"level.{seat.bot_level}{feminine}", lang)


def seat_name(session: TableSession, index: int, lang: str) -> str:
    seat = session.seats[index]
    if seat is None:
        return t("lobby.free", lang)
    if seat.is_replaced:
        return t("table.bot_for", lang, who=f"<@{seat.user_id}>")
    if seat.is_bot:
        return t("table.bot_name", lang, name=seat.name or "bot", level=level_word(seat, lang))
    return f"<@{seat.user_id}>"


def side_label(session: TableSession, side: int, lang: str) -> str:
    if session.players == 2:
        return seat_name(session, side, lang)
    return t("table.team_a" if side == 0 else "table.team_b", lang)


def score_text(points: int, lang: str) -> str:
    perros, tantos = perros_tantos(points)
    return t(
        "table.score",
        lang,
        perros=perros,
        perro_word=t("word.perro" if perros == 1 else "word.perros", lang),
        tantos=tantos,
        tanto_word=t("word.tanto" if tantos == 1 else "word.tantos", lang),
        points=points,
    )


def length_text(chicas: int, lang: str) -> str:
    return t("length.one", lang) if chicas == 1 else t("length.many", lang, n=chicas)


def rules_label(rules: Rules, lang: str) -> str:
    """The rule set and every option that differs from it: "Quito · ronda 4 · sin 38"."""
    return house_rules.summary(rules, lang, leave_out=[house_rules.LENGTH_FIELD])


def cards_text(cards: Sequence[Card], display: CardDisplay) -> str:
    return " ".join(display.inline(card) for card in cards)


# ----------------------------------------------------------------------------- lobby
def lobby_payload(session: TableSession, lang: str) -> Payload:
    mode = t("choice.2v2" if session.players == 4 else "choice.1v1", lang)
    lines = [
        t(
            "lobby.title",
            lang,
            host=f"<@{session.host_id}>",
            mode=mode,
            rules=rules_label(session.rules, lang),
            length=length_text(session.chicas_to_win, lang),
        )
    ]
    names = [seat_name(session, i, lang) for i in range(session.players)]
    if session.players == 2:
        lines.append(t("lobby.seats_1v1", lang, a=names[0], b=names[1]))
    else:
        lines.append(
            t("lobby.seats_2v2", lang, a=f"{names[0]}, {names[2]}", b=f"{names[1]}, {names[3]}")
        )
    if session.phase == "lobby":
        level = t(f"choice.{session.bot_level}", lang)
        lines.append(t("lobby.expires", lang, when=when(session.lobby_expires_at), level=level))
        return Payload("\n".join(lines), lobby_view(session, lang))
    closing = {
        "expired": "lobby.expired",
        "cancelled": "lobby.cancelled",
        "stopped": "lobby.cancelled",
    }.get(session.ended_by or "", "lobby.started")
    lines.append(t(closing, lang))
    return Payload("\n".join(lines), None)


_green = Style.GREEN
_blue = Style.BLUE
_red = Style.RED
_grey = Style.GREY


def lobby_view(session: TableSession, lang: str) -> Rows:
    """Join (in 2 vs 2: a team, which also moves a seated player), Leave, Add bot, Start,
    Cancel."""
    sid = session.session_id
    if session.players == 4:
        joins = [
            button(LobbyButton.id_for(sid, "teama"), label=t("button.team_a", lang), style=_green),
            button(LobbyButton.id_for(sid, "teamb"), label=t("button.team_b", lang), style=_green),
        ]
    else:
        joins = [
            button(LobbyButton.id_for(sid, "join"), label=t("button.join", lang), style=_green)
        ]
    joins.append(button(LobbyButton.id_for(sid, "leave"), label=t("button.leave", lang)))
    rule_set = t("button.rules_set", lang, name=house_rules.rule_set_label(session.rules, lang))
    hints = t("button.hints", lang, state=t("word.on" if session.hints_on else "word.off", lang))
    host = [
        button(LobbyButton.id_for(sid, "rules"), label=rule_set),
        button(LobbyButton.id_for(sid, "hints"), label=hints),
        button(LobbyButton.id_for(sid, "bot"), label=t("button.add_bot", lang)),
        button(LobbyButton.id_for(sid, "start"), label=t("button.start", lang), style=_blue),
        button(LobbyButton.id_for(sid, "cancel"), label=t("button.cancel", lang), style=_red),
    ]
    return Rows.stacked([joins, host])


def public_payload(session: TableSession, display: CardDisplay) -> Payload:
    """The table's public message: the lobby until the game starts, then the table."""
    if session.game is None:
        return lobby_payload(session, session.lang)
    return table_payload(session, display)


# ------------------------------------------------------------------------- challenge
def challenge_payload(challenge: Challenge, state: str, lang: str) -> Payload:
    """`state`: "open", "accepted", "declined" or "expired"."""
    names = {
        "challenger": f"<@{challenge.challenger_id}>",
        "challenged": f"<@{challenge.challenged_id}>",
    }
    if state != "open":
        return Payload(t(f"challenge.{state}", lang, **names), None)
    text = t(
        "challenge.text",
        lang,
        rules=rules_label(challenge_rules(challenge), lang),
        length=length_text(challenge.chicas_to_win, lang),
        when=when(challenge.expires_at),
        **names,
    )
    cid = challenge.challenge_id
    view = Rows.of(
        [
            button(
                ChallengeButton.id_for(cid, "accept"), label=t("button.accept", lang), style=_green
            ),
            button(
                ChallengeButton.id_for(cid, "decline"), label=t("button.decline", lang), style=_red
            ),
            button(ChallengeButton.id_for(cid, "withdraw"), label=t("button.withdraw", lang)),
        ]
    )
    return Payload(text, view)


# ----------------------------------------------------------------------------- table
def table_payload(session: TableSession, display: CardDisplay) -> Payload:
    lang = session.lang
    game = session.game
    assert game is not None
    chica = sum(game.chicas) + (0 if game.winner is not None else 1)
    lines = [
        t(
            "table.title",
            lang,
            rules=rules_label(session.rules, lang),
            chica=max(chica, 1),
            length=length_text(session.chicas_to_win, lang),
        )
        + (t("table.casual", lang) if session.casual else ""),
    ]
    if game.chica_history and session.phase == "playing":
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
    if session.phase == "playing":
        a, b = game.captured
        lines.append(
            t(
                "table.stock",
                lang,
                stock=tn("count.cards", lang, len(game.stock)),
                deal=game.deal_number,
                deals=game.deals_per_hand,
                a_name=side_label(session, 0, lang),
                a=a,
                b_name=side_label(session, 1, lang),
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
    """How the last hand ended: the cards each side took (its cartón is in the log), and
    the chica's final score when it ended one."""
    summary = session.summary
    assert summary is not None
    a, b = summary["captured"]
    lines = [
        t(
            "table.hand_over",
            lang,
            a_name=side_label(session, 0, lang),
            a=tn("count.cards", lang, a),
            b_name=side_label(session, 1, lang),
            b=tn("count.cards", lang, b),
        )
    ]
    if summary["chica"] is not None:
        lines.append(chica_result(session, summary["chica"], "table.chica_over", lang))
    return lines


def table_picture(session: TableSession) -> TablePicture:
    """The picture of the table: its cards, the sides' names and scores, whose turn."""
    game = session.game
    assert game is not None
    lang = session.lang
    final = game.chica_history[-1] if game.winner is not None and game.chica_history else None

    def name(index: int) -> str:
        seat = session.seats[index]
        if seat is None:
            return t("picture.player", lang, seat=index + 1)
        if seat.is_bot and seat.name:
            return t("picture.bot_named", lang, name=seat.name)
        if seat.is_bot:
            return t("picture.bot", lang, level=level_word(seat, lang))
        return seat.name or t("picture.player", lang, seat=index + 1)

    sides = tuple(" + ".join(name(i) for i in range(side, session.players, 2)) for side in (0, 1))
    turn = session.seat_to_play
    return TablePicture(
        cards=tuple(str(card) for card in game.table),
        sides=sides,  # type: ignore[arg-type]
        points=final or game.scores,
        chicas=game.chicas,
        stock=len(game.stock),
        turn=None if turn is None else turn % 2,
        lang=lang,
        dropped=game.last_played,  # the card a caída would fall on, marked
    )


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
    if session.ended_by == "stopped" or session.winner is None:
        return t("table.stopped", lang)
    game = session.game
    assert game is not None
    winner = side_label(session, session.winner, lang)
    loser = side_label(session, 1 - session.winner, lang)
    a, b = game.chicas[session.winner], game.chicas[1 - session.winner]
    if session.ended_by == "forfeit":
        return t("table.result_forfeit", lang, loser=loser, winner=winner)
    key = "table.result_zapateria" if session.zapaterias[session.winner] else "table.result"
    lines = [t(key, lang, winner=winner, a=a, b=b)]
    if game.chica_history:
        lines.append(t("table.chicas_so_far", lang, results=chica_results(session, lang)))
    ratings = history.rating_line(session, lang)
    return "\n".join([*lines, ratings] if ratings else lines)


def table_view(session: TableSession) -> Rows:
    lang, sid = session.lang, session.session_id
    playing = session.phase == "playing"
    buttons = []
    if playing and session.paused_until is not None:
        buttons.append(
            button(TableButton.id_for(sid, "next"), label=t("button.next_hand", lang), style=_green)
        )
    buttons += [
        button(
            TableButton.id_for(sid, "hand"),
            label=t("button.my_hand", lang),
            style=_blue if playing else _grey,
            disabled=not playing,
        ),
        button(TableButton.id_for(sid, "rules"), label=t("button.rules", lang)),
    ]
    if playing and any(seat is not None and seat.is_replaced for seat in session.seats):
        buttons.append(button(TableButton.id_for(sid, "reclaim"), label=t("button.reclaim", lang)))
    if not playing:
        buttons.append(
            button(
                TableButton.id_for(sid, "rematch"), label=t("button.rematch", lang), style=_green
            )
        )
        reviewing = review.review_button(session, lang)
        if reviewing is not None:
            buttons.append(reviewing)
    return Rows.of(buttons)


def log_lines(session: TableSession, display: CardDisplay, lang: str) -> list[str]:
    """The recent events told like at a table; a capture and its caída/limpia on one line."""
    lines: list[str] = []
    previous: LogEntry | None = None
    for entry in session.log:
        kind = entry["kind"]
        seat, side_index = entry.get("seat"), entry.get("side")
        who = seat_name(session, seat, lang) if seat is not None else ""
        side = side_label(session, side_index, lang) if side_index is not None else ""
        card = display.inline(Card.parse(entry["card"])) if "card" in entry else ""
        if kind == "drop":
            lines.append(t("event.drop", lang, who=who, card=card))
        elif kind == "capture":
            takes = cards_text([Card.parse(c) for c in entry["takes"]], display)
            lines.append(t("event.capture", lang, who=who, card=card, takes=takes))
        elif kind in ("caida", "limpia") and lines:
            lines[-1] = _with_score(lines[-1], entry, previous, session, lang)
            previous = entry
            continue
        elif kind in ("ronda", "doble_ronda", "timeout", "replaced", "reclaimed", "forfeit"):
            lines.append(t(f"event.{kind}", lang, who=who, points=entry.get("points", 0)))
        elif kind in ("carton", "dos_por_darlas", "chica", "zapateria", "match"):
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
        elif kind == "caidas_seguidas":
            lines.append(t("event.caidas_seguidas", lang, side=side, count=entry.get("count", 0)))
        elif kind == "deal" and entry.get("count", 0) > 1:
            lines.append(t("event.deal", lang, count=entry["count"]))
        else:
            continue
        previous = entry
        if entry.get("by") == "timeout":
            lines[-1] += f" {t('event.auto', lang)}"
    return lines[-LOG_LINES:]


def _with_score(
    line: str, entry: LogEntry, previous: LogEntry | None, session: TableSession, lang: str
) -> str:
    """A capture's line with its caída or limpia told after it.

    A caída that also clears the table is one "caída y limpia" worth both parts, unless the
    side was at the lock: then the caída counts and the limpia is said to score nothing.
    """
    points = entry["points"]
    if entry["kind"] == "caida":
        return f"{line} — {t('event.caida', lang, points=points)}"
    if entry.get("locked"):
        lock = session.rules.lock_at
        return f"{line} · {t('event.limpia_locked', lang, lock=lock)}"
    if previous is not None and previous["kind"] == "caida":
        head, _, _ = line.rpartition(" — ")
        total = previous["points"] + points
        return f"{head} — {t('event.caida_limpia', lang, points=total)}"
    return f"{line} — {t('event.limpia', lang, points=points)}"


# ------------------------------------------------------------------------------ hand
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
    if session.phase == "playing" and session.was_replaced(user_id):
        lines.append(t("hand.replaced_seat", lang))
        sid = session.session_id
        reclaim = button(TableButton.id_for(sid, "reclaim"), label=t("button.reclaim", lang))
        return Payload("\n".join(lines), Rows.of([reclaim]))
    if session.phase != "playing" or seat is None:
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
    for card in sorted(game.hands[seat], key=lambda c: (c.rank, c.suit)):
        emoji = display.for_card(card)
        tag = card_tag(session, card, lang) if my_turn else None
        parts = ([] if emoji else [_plain([card])]) + ([tag] if tag else [])
        buttons.append(
            button(
                CardButton.id_for(sid, version, card),
                label=" · ".join(parts) or None,
                emoji=emoji,
                style=(_green if tag is not None else _blue) if my_turn else _grey,
                disabled=not my_turn,
            )
        )
    rows = Rows.of(buttons).rows if buttons else ()
    hint = review.hint_button(session, user_id, lang) if my_turn else None
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
        takes = sorted(move.takes, key=lambda c: (c.rank, c.suit))
        label = tn("button.take", lang, len(takes), takes=_plain(takes))
        tag = score_tag(session, move, lang)
        if tag:
            label += f" · {tag}"
        takes_buttons.append(
            button(TakeButton.id_for(sid, version, card, index), label=label, style=_green)
        )
    drop = button(
        TakeButton.id_for(sid, version, card, "d"),
        label=t("button.drop", lang, card=_plain([card])),
    )
    back = button(BackButton.id_for(sid, version), label=t("button.back", lang))
    # One capture a row (up to four), then the rest with Drop and Back on the last row.
    rows = [[take] for take in takes_buttons[:4]] + [[*takes_buttons[4:], drop, back]]
    return Payload("\n".join(lines), Rows.stacked(rows))


def score_tag(session: TableSession, move: Move, lang: str) -> str:
    """What a capture would score, as the table log would tell it ("¡Caída! +2"), or ""."""
    game = session.game
    assert game is not None
    scored = {
        str(e.kind): e.points for e in game.copy().play(move) if e.kind in ("caida", "limpia")
    }
    if "caida" in scored and "limpia" in scored and not game.locked(game.to_play % 2):
        return t("event.caida_limpia", lang, points=scored["caida"] + scored["limpia"])
    parts = [t(f"event.{kind}", lang, points=points) for kind, points in scored.items() if points]
    return " ".join(parts)


def _plain(cards: Sequence[Card]) -> str:
    """Cards as text for a button label (labels can't hold custom emojis)."""
    return text_cards(cards)


def challenge_rules(challenge: Challenge) -> Rules:
    if challenge.rule_options:
        return house_rules.rules_from_saved(challenge.rule_options)
    return Rules.preset(challenge.rules_name)


def rules_text(rules: Rules, lang: str) -> str:
    """How Cuarenta is played, in short, with these rules' numbers."""
    lock = t("rules.lock", lang, lock=rules.lock_at) if rules.lock_at is not None else ""
    doble = (
        t("rules.doble_wins", lang)
        if rules.doble_ronda is None
        else t("rules.doble_points", lang, points=rules.doble_ronda)
    )
    return t(
        "rules.text",
        lang,
        rules=house_rules.rule_set_label(rules, lang),
        ronda=rules.ronda_points,
        doble=doble,
        lock=lock,
        chicas=tn("rules.chicas", lang, rules.chicas_to_win),
        sum_cards=rules.sum_cards if rules.sum_cards else t("rules.any", lang),
        caida_limpia=rules.caida_limpia_points,
        leftovers=t(f"rules.leftovers.{rules.leftovers}", lang),
    )
