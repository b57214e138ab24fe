"""What a tournament shows: its public message (sign-up, rounds, final), the call to a
match's thread, a pair's invitation, and the server's past champions."""

from __future__ import annotations

from typing import Any

from engine import Rules
from i18n import t, tn
from render.tournament import BracketPicture, Match, Standing
from tables.house_rules import rule_set_name
from tables.tournament import (
    Entry,
    Format,
    Invite,
    Pairing,
    Round,
    Stage,
    Tournament,
    TournamentPhase,
)

from ..ui.rows import Payload, Rows, Style, button, select
from ..ui.words import bot_words
from . import ids
from .ids import TournamentAction

GROUP_NAMES = "ABCDEFGHIJKLMNOP"


def message_link(tournament: Tournament) -> str:
    """A link to the tournament's message (to its channel while it has none)."""
    if tournament.message_id is None:
        return f"<#{tournament.channel_id}>"
    guild = tournament.guild_id
    return f"https://discord.com/channels/{guild}/{tournament.channel_id}/{tournament.message_id}"


def entry_words(entry: Entry, lang: str) -> str:
    """An entry as the messages name it: "<@1> y <@2>", "🤖 Rosita (normal)"."""
    if entry.is_bot:
        names = [bot_words(name, str(entry.bot_level), lang) for name in entry.names]
    else:
        names = [f"<@{user}>" for user in entry.members]
    text = names[0] if len(names) == 1 else t("tournament.pair", lang, a=names[0], b=names[1])
    return t("tournament.withdrawn", lang, entry=text) if entry.withdrawn else text


def entry_plain(entry: Entry, lang: str) -> str:
    """An entry in plain words, for a thread's name: "Ana y Beto"."""
    names = entry.names
    return names[0] if len(names) == 1 else t("tournament.pair", lang, a=names[0], b=names[1])


def how_words(tournament: Tournament, lang: str) -> str:
    """ "eliminación directa · parejas · a 1 chica · reglas Quito"."""
    settings = tournament.settings
    if settings.format == Format.SWISS:
        shape = t("tournament.format.swiss", lang, rounds=tournament.swiss_rounds())
    else:
        shape = t(f"tournament.format.{settings.format}", lang)
    rules = Rules.from_dict(settings.rule_options) if settings.rule_options else Rules()
    parts = [
        shape,
        t(f"tournament.teams.{settings.team_size}", lang),
        tn("tournament.chicas", lang, settings.chicas_to_win),
        rule_set_name(rules, lang),
    ]
    if settings.hints:
        parts.append(t("tournament.hints_on", lang))
    return " · ".join(parts)


def tournament_payload(tournament: Tournament, lang: str) -> Payload:
    """The tournament's public message as it stands."""
    lines = [
        t("tournament.title", lang, how=how_words(tournament, lang)),
        t("tournament.host", lang, host=f"<@{tournament.host_id}>"),
    ]
    if tournament.phase == TournamentPhase.SIGNUP:
        lines += _signup_lines(tournament, lang)
        return Payload("\n".join(lines), _signup_rows(tournament, lang))
    if tournament.phase == TournamentPhase.CANCELLED:
        lines += ["", t("tournament.cancelled", lang, host=f"<@{tournament.host_id}>")]
        return Payload("\n".join(lines), None)
    if tournament.phase == TournamentPhase.FINISHED:
        lines += ["", *podium_lines(tournament, lang)]
    for played in reversed(tournament.rounds):  # the latest round first
        lines += ["", *round_lines(tournament, played, lang)]
        if tournament.phase == TournamentPhase.RUNNING:
            break
    if tournament.settings.format != Format.KNOCKOUT:
        lines += ["", *standing_lines(tournament, lang)]
    if tournament.phase == TournamentPhase.RUNNING:
        lines += ["", t("tournament.threads_note", lang)]
        withdraw = button(
            ids.TOURNAMENT.build(
                tournament_id=tournament.tournament_id, action=TournamentAction.LEAVE
            ),
            label=t("button.tournament_withdraw", lang),
        )
        return Payload("\n".join(lines), Rows.of([withdraw]))
    lines += ["", t("tournament.final_note", lang)]
    return Payload("\n".join(lines), None)


def _signup_lines(tournament: Tournament, lang: str) -> list[str]:
    settings = tournament.settings
    lines = ["", t("tournament.entries", lang, count=len(tournament.entries), size=settings.size)]
    if tournament.entries:
        lines += [f"{e.number}. {entry_words(e, lang)}" for e in tournament.entries]
    else:
        lines.append(t("tournament.no_entries", lang))
    lines.append("")
    if settings.team_size == 2:
        lines.append(t("tournament.pairs_note", lang))
    if settings.starts_at is not None:
        lines.append(t("tournament.starts_at", lang, when=f"<t:{int(settings.starts_at)}:R>"))
    else:
        lines.append(t("tournament.host_starts", lang, host=f"<@{tournament.host_id}>"))
    return lines


def _signup_rows(tournament: Tournament, lang: str) -> Rows:
    def action(what: TournamentAction, key: str, style: int = Style.GREY) -> dict[str, Any]:
        custom_id = ids.TOURNAMENT.build(tournament_id=tournament.tournament_id, action=what)
        return button(custom_id, label=t(key, lang), style=style)

    everyone = [
        action(TournamentAction.JOIN, "button.tournament_join", Style.GREEN),
        action(TournamentAction.LEAVE, "button.tournament_leave"),
    ]
    host = [
        action(TournamentAction.BOTS, "button.tournament_bots"),
        action(TournamentAction.START, "button.tournament_start", Style.BLUE),
        action(TournamentAction.CANCEL, "button.tournament_cancel", Style.RED),
    ]
    rows = [everyone, host]
    if tournament.entries:
        options = [
            {"label": f"{e.number}. {entry_plain(e, lang)}"[:100], "value": str(e.number)}
            for e in tournament.entries[:25]
        ]
        remove = ids.TOURNAMENT_REMOVE.build(tournament_id=tournament.tournament_id)
        rows.append([select(remove, options, t("tournament.remove_placeholder", lang))])
    return Rows.stacked(rows)


KNOCKOUT_STAGES = {1: "final", 2: "semifinal", 4: "quarterfinal"}  # by matches in the round


def stage_words(played: Round, lang: str) -> str:
    """ "fase de grupos", "cuartos de final", "semifinales", "final"…"""
    named = KNOCKOUT_STAGES.get(len(played.pairings))
    if played.stage == Stage.KNOCKOUT and named is not None:
        return t(f"tournament.stage.{named}", lang)
    return t(f"tournament.stage.{played.stage}", lang)


def round_lines(tournament: Tournament, played: Round, lang: str) -> list[str]:
    lines = [
        t(
            "tournament.round",
            lang,
            number=played.number,
            stage=stage_words(played, lang),
        )
    ]
    group = None
    for pairing in played.pairings:
        if pairing.group is not None and pairing.group != group:
            group = pairing.group
            lines.append(t("tournament.group", lang, name=GROUP_NAMES[group % len(GROUP_NAMES)]))
        lines.append("· " + pairing_line(tournament, pairing, lang))
    return lines


def pairing_line(tournament: Tournament, pairing: Pairing, lang: str) -> str:
    a = entry_words(tournament.entry(pairing.a), lang)
    if pairing.b is None:
        return t("tournament.bye", lang, entry=a)
    b = entry_words(tournament.entry(pairing.b), lang)
    if pairing.winner is not None:
        winner, loser = (a, b) if pairing.winner == pairing.a else (b, a)
        if pairing.walkover:
            return t("tournament.match_walkover", lang, winner=winner, loser=loser)
        ours = 0 if pairing.winner == pairing.a else 1
        score = f"{pairing.chicas[ours]}–{pairing.chicas[1 - ours]}"
        return t("tournament.match_won", lang, winner=winner, loser=loser, score=score)
    match = t("tournament.match", lang, a=a, b=b)
    if pairing.thread_id is not None and pairing.opened_at is not None:
        return t("tournament.match_live", lang, match=match, thread=f"<#{pairing.thread_id}>")
    return t("tournament.match_waiting", lang, match=match)


def standing_lines(tournament: Tournament, lang: str) -> list[str]:
    stage = Stage.SWISS if tournament.settings.format == Format.SWISS else Stage.GROUP
    lines = [t("tournament.standings", lang)]
    groups = range(len(tournament.groups())) if stage == Stage.GROUP else [None]
    for group in groups:
        if group is not None:
            lines.append(t("tournament.group", lang, name=GROUP_NAMES[group % len(GROUP_NAMES)]))
        for place, row in enumerate(tournament.standings(stage, group=group), start=1):
            lines.append(
                t(
                    "tournament.standing",
                    lang,
                    place=place,
                    entry=entry_words(tournament.entry(row.entry), lang),
                    wins=row.wins,
                    won=row.chicas_won,
                    lost=row.chicas_lost,
                    points=row.points,
                )
            )
    return lines


def podium_lines(tournament: Tournament, lang: str) -> list[str]:
    keys = ("tournament.champion", "tournament.runner_up", "tournament.third")
    return [
        t(key, lang, entry=entry_words(tournament.entry(number), lang))
        for key, number in zip(keys, tournament.podium(), strict=False)
    ]


def call_text(tournament: Tournament, pairing: Pairing, played: Round, lang: str) -> str:
    """The ping in a match's thread: who plays, and the deadline to show up."""
    people = [
        f"<@{user}>" for number in pairing.entries() for user in tournament.entry(number).members
    ]
    return t(
        "tournament.call",
        lang,
        people=" ".join(people),
        stage=stage_words(played, lang).capitalize(),
        number=played.number,
        minutes=tournament.settings.walkover_seconds // 60,
    )


def thread_name(tournament: Tournament, pairing: Pairing, played: Round, lang: str) -> str:
    assert pairing.b is not None
    match = t(
        "tournament.match",
        lang,
        a=entry_plain(tournament.entry(pairing.a), lang),
        b=entry_plain(tournament.entry(pairing.b), lang),
    )
    return t("tournament.thread_name", lang, number=played.number, match=match)


def invite_payload(tournament: Tournament, invite: Invite, lang: str) -> Payload:
    def answer(accept: bool, key: str, style: int) -> dict[str, Any]:
        custom_id = ids.TOURNAMENT_INVITE.build(
            tournament_id=tournament.tournament_id, inviter=invite.inviter, accept=accept
        )
        return button(custom_id, label=t(key, lang), style=style)

    text = t(
        "tournament.invite", lang, partner=f"<@{invite.partner}>", inviter=f"<@{invite.inviter}>"
    )
    rows = Rows.of(
        [answer(True, "button.accept", Style.GREEN), answer(False, "button.decline", Style.GREY)]
    )
    return Payload(text, rows)


def partner_payload(tournament: Tournament, lang: str) -> Payload:
    custom_id = ids.TOURNAMENT_PARTNER.build(tournament_id=tournament.tournament_id)
    picker = {
        "type": 5,  # a user select
        "custom_id": custom_id,
        "placeholder": t("tournament.partner_placeholder", lang),
        "min_values": 1,
        "max_values": 1,
    }
    return Payload(t("tournament.pick_partner", lang), Rows.stacked([[picker]]))


def confirm_leave_payload(tournament: Tournament, lang: str) -> Payload:
    custom_id = ids.TOURNAMENT.build(
        tournament_id=tournament.tournament_id, action=TournamentAction.CONFIRM_LEAVE
    )
    sure = button(custom_id, label=t("button.tournament_confirm_leave", lang), style=Style.RED)
    return Payload(t("tournament.leave_confirm", lang), Rows.of([sure]))


def past_text(finished: list[Tournament], lang: str) -> str:
    """The server's champions, newest first."""
    lines = [t("tournament.past", lang)]
    for tournament in finished:
        podium = tournament.podium()
        if not podium:
            continue
        lines.append(
            t(
                "tournament.past_line",
                lang,
                when=f"<t:{int(tournament.created_at)}:d>",
                champion=entry_words(tournament.entry(podium[0]), lang),
                how=how_words(tournament, lang),
            )
        )
    if len(lines) == 1:
        lines.append(t("tournament.past_none", lang))
    return "\n".join(lines)


def bracket_picture(tournament: Tournament, lang: str) -> BracketPicture:
    """The picture of a started tournament: its knockout rounds as a bracket, its Swiss or
    group standings as a list, its champion once it has one. Plain names only."""
    knockout = [r for r in tournament.rounds if r.stage == Stage.KNOCKOUT]
    rounds = tuple(
        (stage_words(r, lang).capitalize(), _drawn_matches(tournament, r, lang)) for r in knockout
    )
    standings: tuple[Standing, ...] = ()
    if tournament.settings.format != Format.KNOCKOUT:
        stage = Stage.SWISS if tournament.settings.format == Format.SWISS else Stage.GROUP
        standings = tuple(
            Standing(
                place,
                entry_plain(tournament.entry(row.entry), lang),
                row.wins,
                f"{row.chicas_won}–{row.chicas_lost}",
            )
            for place, row in enumerate(tournament.standings(stage), start=1)
        )
    podium = tournament.podium()
    current = tournament.current
    shape = t(
        f"tournament.format.{tournament.settings.format}", lang, rounds=tournament.swiss_rounds()
    )
    title = t("tournament.picture_title", lang, how=shape)
    if current is not None and tournament.is_running:
        now_playing = stage_words(current, lang)
        title = t("tournament.picture_round", lang, number=current.number, stage=now_playing)
    return BracketPicture(
        title=title,
        rounds=rounds,
        standings=standings,
        columns=(t("tournament.picture_wins", lang), t("tournament.picture_chicas", lang)),
        champion=entry_plain(tournament.entry(podium[0]), lang) if podium else None,
    )


def _drawn_matches(tournament: Tournament, played: Round, lang: str) -> tuple[Match, ...]:
    drawn = []
    for pairing in played.pairings:
        a = entry_plain(tournament.entry(pairing.a), lang)
        b = None if pairing.b is None else entry_plain(tournament.entry(pairing.b), lang)
        winner = None if pairing.winner is None else int(pairing.winner != pairing.a)
        score = ""
        if pairing.done and pairing.b is not None and not pairing.walkover:
            score = f"{pairing.chicas[0]}–{pairing.chicas[1]}"
        drawn.append(Match(a, b, winner, score))
    return tuple(drawn)
