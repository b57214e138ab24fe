"""What a tournament shows: its public message (sign-up, rounds, final), the call to a
match's thread, a pair's invitation, and the server's past champions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Rules
from i18n import t, tn
from render.tournament import BracketPicture, Match, Standing
from tables.house_rules import rule_set_name
from tables.tournament import (
    Entry,
    How,
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


def entry_plain(entry: Entry, lang: str, longest: int = 0) -> str:
    """An entry in plain words, for a thread's name and the picture: "Ana y Beto",
    "🤖 Rosita" (a bot always looks like one). `longest`: each name cut to fit (0: whole)."""
    names = [shorten(name, longest) for name in entry.names]
    if entry.is_bot:
        names = [t("tournament.bot_plain", lang, name=name) for name in names]
    return names[0] if len(names) == 1 else t("tournament.pair", lang, a=names[0], b=names[1])


def shorten(text: str, longest: int) -> str:
    """`text`, cut to `longest` characters with "…" (0: as it is)."""
    if not longest or len(text) <= longest:
        return text
    return text[: max(1, longest - 1)].rstrip() + "…"


def how_words(tournament: Tournament, lang: str) -> str:
    """ "eliminación directa · parejas · a 1 chica · reglas Quito"."""
    settings = tournament.settings
    shape = format_words(tournament, lang)
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


def format_words(tournament: Tournament, lang: str) -> str:
    """ "eliminación directa", "suizo a 3 rondas"…"""
    format_ = tournament.settings.format
    return t(f"tournament.format.{format_}", lang, rounds=tournament.swiss_rounds())


MESSAGE_LIMIT = 2000  # Discord's limit on a message's content
ROOM = MESSAGE_LIMIT - 40  # kept free: a mention or a name longer than the longest seen
ENTRY_SEPARATOR = " · "  # the sign-up list is one paragraph: 96 lines would fill a phone


def fit(lines: list[str], room: int, more: Callable[[int], str], sep: str = "\n") -> list[str]:
    """As many of `lines` as fit in `room` characters (joined by `sep`), then one saying
    how many were left out (`more(count)`), itself within the room."""
    if _size(lines, sep) <= room:
        return list(lines)
    kept: list[str] = []
    for index, line in enumerate(lines):
        tail = more(len(lines) - index)
        if _size([*kept, line, tail], sep) > room:
            return [*kept, tail] if _size([*kept, tail], sep) <= room else kept
        kept.append(line)
    return kept


def _size(lines: list[str], sep: str = "\n") -> int:
    return sum(len(line) for line in lines) + len(sep) * max(0, len(lines) - 1)


def tournament_payload(tournament: Tournament, lang: str) -> Payload:
    """The tournament's public message as it stands, within Discord's 2,000 characters by
    construction at any size: what must be said first, then the round's matches and the
    standings as far as they fit, each cut with "… and N more" (the picture has them all)."""
    head = [
        t("tournament.title", lang, how=how_words(tournament, lang)),
        t("tournament.host", lang, host=f"<@{tournament.host_id}>"),
    ]
    if tournament.phase == TournamentPhase.SIGNUP:
        return Payload(_signup_text(tournament, head, lang), _signup_rows(tournament, lang))
    if tournament.phase == TournamentPhase.CANCELLED:
        head += ["", t("tournament.cancelled", lang, host=f"<@{tournament.host_id}>")]
        return Payload("\n".join(head), None)
    running = tournament.phase == TournamentPhase.RUNNING
    current = tournament.current
    must = list(head)
    if not running:
        must += ["", *podium_lines(tournament, lang)]
    if current is not None:
        must += ["", round_title(current, lang)]
        if running:
            must.append(progress_line(tournament, current, lang))
        if running and tournament.is_paused:
            must.append(t("tournament.paused", lang))
    foot = ["", t("tournament.threads_note" if running else "tournament.final_note", lang)]
    room = ROOM - _size(must) - _size(foot) - 1
    matches: list[str] = []
    if current is not None:
        matches = ["· " + pairing_line(tournament, p, current, lang) for p in _by_interest(current)]
    table = [] if tournament.rules.listed_stage is None else standing_lines(tournament, lang)
    table_room = min(_size(table) + 1, room // 2) if table else 0
    shown = fit(matches, room - table_room, lambda n: tn("tournament.more_matches", lang, n))
    room -= _size(shown) + 1
    if table:
        table = ["", *fit(table, room, lambda n: tn("tournament.more_standings", lang, n))]
    text = "\n".join([*must, *shown, *table, *foot])
    if not running:
        return Payload(text, None)
    return Payload(text, _running_rows(tournament, lang))


def _running_rows(tournament: Tournament, lang: str) -> Rows:
    """ "🧵 My table" for everyone, "Withdraw", and a cancel that only a server manager
    may use (it stops the open tables: refused to anyone else)."""

    def action(what: TournamentAction, key: str, style: int = Style.GREY) -> dict[str, Any]:
        custom_id = ids.TOURNAMENT.build(tournament_id=tournament.tournament_id, action=what)
        return button(custom_id, label=t(key, lang), style=style)

    return Rows.of(
        [
            action(TournamentAction.MINE, "button.tournament_mine", Style.BLUE),
            action(TournamentAction.LEAVE, "button.tournament_withdraw"),
            action(TournamentAction.END, "button.tournament_end", Style.RED),
        ]
    )


def _by_interest(played: Round) -> list[Pairing]:
    """The round's matches, those being played first, then those opening, then the
    decided ones (in their order within each)."""

    def rank(pairing: Pairing) -> int:
        if pairing.done:
            return 2
        return 0 if pairing.thread_id is not None and pairing.opened_at is not None else 1

    return sorted(played.pairings, key=rank)


def progress_line(tournament: Tournament, played: Round, lang: str) -> str:
    """ "2 de 4 partidas terminadas: la ronda 3 empieza cuando terminen todas"."""
    total = sum(p.b is not None for p in played.pairings)
    done = sum(p.done and p.b is not None for p in played.pairings)
    last = tournament.rules.is_last_round(tournament, played)
    key = "tournament.progress_last" if last else "tournament.progress"
    return tn(key, lang, total, done=done, next=played.number + 1)


def _signup_text(tournament: Tournament, head: list[str], lang: str) -> str:
    settings = tournament.settings
    count = len(tournament.entries)
    title = t("tournament.entries", lang, count=count, size=settings.size)
    notes = [""]
    if settings.team_size == 2:
        notes.append(t("tournament.pairs_note", lang))
    notes.append(
        tn(
            "tournament.each_match",
            lang,
            settings.chicas_to_win,
            minutes=settings.walkover_seconds // 60,
        )
    )
    if count >= settings.size:
        notes.append(t("tournament.full", lang, host=f"<@{tournament.host_id}>"))
    elif settings.starts_at is not None:
        notes.append(t("tournament.starts_at", lang, when=f"<t:{int(settings.starts_at)}:R>"))
    else:
        notes.append(t("tournament.host_starts", lang, host=f"<@{tournament.host_id}>"))
    must = [*head, "", title]
    room = ROOM - _size(must) - _size(notes) - 1
    shown = t("tournament.no_entries", lang)
    if tournament.entries:
        listed = [f"{e.number}. {entry_words(e, lang)}" for e in tournament.entries]
        # The latest sign-ups matter most to who just pressed: the list's end is kept.
        more = lambda n: tn("tournament.more_entries", lang, n)  # noqa: E731
        shown = ENTRY_SEPARATOR.join(fit(listed[::-1], room, more, ENTRY_SEPARATOR)[::-1])
    return "\n".join([*must, shown, *notes])


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
        rows.append([remove_menu(tournament, lang)])
    return Rows.stacked(rows)


REMOVE_PAGE = 24  # entries a page of the removal menu; its 25th option turns the page
PAGE_VALUE = "page:"


def remove_menu(tournament: Tournament, lang: str, page: int = 0) -> dict[str, Any]:
    """The host's removal menu (a select) for any number of entries: 24 a page, the 25th
    option turning to the next page ("page:N"); each entry's value is its `Entry.key`,
    so a removal names the entry, never a place someone else may have taken meanwhile.
    The cogs side answers "page:N" with `remove_menu(..., page=N)` (privately) and an
    entry key with `Tournament.remove_entry`."""
    entries = tournament.entries
    pages = max(1, -(-len(entries) // REMOVE_PAGE))
    page %= pages
    options = [
        {"label": shorten(f"{e.number}. {entry_plain(e, lang)}", 100), "value": e.key[:100]}
        for e in entries[page * REMOVE_PAGE : (page + 1) * REMOVE_PAGE]
    ]
    if pages > 1:
        following = (page + 1) % pages
        label = t("tournament.remove_more", lang, page=following + 1, pages=pages)
        options.append({"label": label, "value": f"{PAGE_VALUE}{following}"})
    custom_id = ids.TOURNAMENT_REMOVE.build(tournament_id=tournament.tournament_id)
    return select(custom_id, options, t("tournament.remove_placeholder", lang))


KNOCKOUT_STAGES = {  # by the matches in the round
    1: "final",
    2: "semifinal",
    4: "quarterfinal",
    8: "round_of_16",
    16: "round_of_32",
    32: "round_of_64",
}


def stage_words(played: Round, lang: str) -> str:
    """ "fase de grupos", "octavos de final", "semifinales", "final"…"""
    if played.stage == Stage.KNOCKOUT:
        return _knockout_stage_words(len(played.pairings), lang)
    return t(f"tournament.stage.{played.stage}", lang)


def _knockout_stage_words(matches: int, lang: str) -> str:
    named = KNOCKOUT_STAGES.get(matches)
    return t(f"tournament.stage.{named or Stage.KNOCKOUT}", lang)


def round_title(played: Round, lang: str) -> str:
    return t("tournament.round", lang, number=played.number, stage=stage_words(played, lang))


def round_lines(tournament: Tournament, played: Round, lang: str) -> list[str]:
    """A round in full: its title, then each match (under its group's name)."""
    lines = [round_title(played, lang)]
    group = None
    for pairing in played.pairings:
        if pairing.group is not None and pairing.group != group:
            group = pairing.group
            lines.append(t("tournament.group", lang, name=group_name(group)))
        lines.append("· " + pairing_line(tournament, pairing, played, lang))
    return lines


def group_name(index: int) -> str:
    """A, B, … Z, then AA, AB… (the Mundial has 24 groups)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def pairing_line(tournament: Tournament, pairing: Pairing, played: Round, lang: str) -> str:
    """One match as the message says it: waiting, in play (its thread), or decided and
    how ("pasa: … se rindió", "gana por abandono: … no se presentó", a bye)."""
    a = entry_words(tournament.entry(pairing.a), lang)
    if pairing.b is None:
        return t(
            "tournament.bye" if played.stage.advances else "tournament.bye_counts", lang, entry=a
        )
    b = entry_words(tournament.entry(pairing.b), lang)
    how = pairing.decided_how
    if how is not None:
        winner, loser = (a, b) if pairing.winner == pairing.a else (b, a)
        if how.is_walkover:
            verdict = "tournament.goes_on" if played.stage.advances else "tournament.by_default"
            return t(
                "tournament.decided",
                lang,
                verdict=t(verdict, lang, winner=winner),
                why=t(f"tournament.why.{how}", lang, loser=loser),
            )
        ours = 0 if pairing.winner == pairing.a else 1
        score = f"{pairing.chicas[ours]}–{pairing.chicas[1 - ours]}"
        line = t("tournament.match_won", lang, winner=winner, loser=loser, score=score)
        return line + (t("tournament.stopped_note", lang) if how == How.STOPPED else "")
    match = t("tournament.match", lang, a=a, b=b)
    if pairing.thread_id is not None and pairing.opened_at is not None:
        return t("tournament.match_live", lang, match=match, thread=f"<#{pairing.thread_id}>")
    return t("tournament.match_waiting", lang, match=match)


def standing_lines(tournament: Tournament, lang: str) -> list[str]:
    stage = tournament.rules.listed_stage
    lines = [t("tournament.standings", lang)]
    groups: list[int | None] = [None]
    if tournament.rules.grouped:
        groups = list(range(len(tournament.groups())))
    for group in groups:
        if group is not None:
            lines.append(t("tournament.group", lang, name=group_name(group)))
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
    """Champion, runner-up, third place (shared by the semifinal losers, and said so)."""
    podium = tournament.final_podium()
    if podium is None:
        return []

    def named(number: int) -> str:
        return entry_words(tournament.entry(number), lang)

    lines = [t("tournament.champion", lang, entry=named(podium.champion))]
    if podium.runner_up is not None:
        lines.append(t("tournament.runner_up", lang, entry=named(podium.runner_up)))
    if podium.third_shared:
        both = t("tournament.pair", lang, a=named(podium.thirds[0]), b=named(podium.thirds[1]))
        lines.append(t("tournament.thirds_shared", lang, entries=both))
    elif podium.thirds:
        lines.append(t("tournament.third", lang, entry=named(podium.thirds[0])))
    return lines


def call_text(
    tournament: Tournament,
    pairing: Pairing,
    played: Round,
    lang: str,
    opening_at: float | None = None,
) -> str:
    """The call that starts a match's thread: who plays, and the deadline to show up
    (`opening_at`: the table is opening now, its clock starts about then)."""
    people = [
        f"<@{user}>" for number in pairing.entries() for user in tournament.entry(number).members
    ]
    deadline = tournament.show_up_deadline(pairing)
    if deadline is None and opening_at is not None and not tournament.is_paused:
        deadline = opening_at + tournament.settings.walkover_seconds
    return t(
        "tournament.call" if deadline is None else "tournament.call_until",
        lang,
        people=" ".join(people),
        stage=stage_words(played, lang),
        number=played.number,
        minutes=tournament.settings.walkover_seconds // 60,
        deadline=f"<t:{int(deadline or 0)}:t>",
    )


def call_done_text(tournament: Tournament, pairing: Pairing, lang: str) -> str:
    """A match's call once the match is decided: its result, where the call was (the
    channel then reads as the round's results, each with its thread under it)."""
    played = round_of(tournament, pairing)
    assert played is not None
    return t(
        "tournament.call_done",
        lang,
        number=played.number,
        stage=stage_words(played, lang),
        result=pairing_line(tournament, pairing, played, lang),
    )


THREAD_NAME_LIMIT = 100  # Discord's limit on a thread's name


def thread_name(tournament: Tournament, pairing: Pairing, played: Round, lang: str) -> str:
    """ "Ronda 2 · Ana y Beto vs 🤖 Rosita y 🤖 Lucho", its names cut to fit in 100."""
    assert pairing.b is not None
    a, b = tournament.entry(pairing.a), tournament.entry(pairing.b)
    for longest in (0, 24, 16, 10, 6, 3):
        match = t(
            "tournament.match",
            lang,
            a=entry_plain(a, lang, longest),
            b=entry_plain(b, lang, longest),
        )
        name = t("tournament.thread_name", lang, number=played.number, match=match)
        if len(name) <= THREAD_NAME_LIMIT:
            return name
    return shorten(name, THREAD_NAME_LIMIT)


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
        line = t(
            "tournament.past_line",
            lang,
            when=f"<t:{int(tournament.created_at)}:d>",
            champion=entry_words(tournament.entry(podium[0]), lang),
            how=how_words(tournament, lang),
        )
        if tournament.entry(podium[0]).is_bot:  # a bot won: the best person is named too
            ranked = [*podium, *(row.entry for row in tournament.standings())]
            person = next((n for n in ranked if not tournament.entry(n).is_bot), None)
            if person is not None:
                best = entry_words(tournament.entry(person), lang)
                line += t("tournament.past_best_person", lang, entry=best)
        lines.append(line)
    if len(lines) == 1:
        lines.append(t("tournament.past_none", lang))
    more = lambda n: tn("tournament.more_past", lang, n)  # noqa: E731
    return "\n".join([lines[0], *fit(lines[1:], ROOM - len(lines[0]) - 1, more)])


def my_table_text(tournament: Tournament, user_id: int, lang: str) -> str:
    """The private answer of a "🧵 Mi mesa" button: the thread, the rival and the show-up
    deadline, or where the player stands and when their next table opens."""
    where = tournament.whereabouts(user_id)
    if where.entry is None:
        return t("tournament.mine.none", lang, link=message_link(tournament))
    if where.out:
        return t("tournament.mine.out", lang, link=message_link(tournament))
    if not tournament.is_running or where.played is None:
        return t("tournament.mine.not_started", lang)
    pairing, played = where.pairing, where.played
    if pairing is None or pairing.done:
        return tn("tournament.mine.waiting", lang, where.left, next=played.number + 1)
    rival = where.rival
    assert rival is not None  # (a bye is decided at once)
    rival_words = entry_words(tournament.entry(rival), lang)
    deadline = tournament.show_up_deadline(pairing)
    if tournament.is_paused:
        return t("tournament.paused", lang)
    if pairing.thread_id is None or deadline is None:
        return t("tournament.mine.opening", lang, rival=rival_words)
    return t(
        "tournament.mine.table",
        lang,
        thread=f"<#{pairing.thread_id}>",
        rival=rival_words,
        stage=stage_words(played, lang),
        deadline=f"<t:{int(deadline)}:t>",  # a time of day: "antes de las 19:10"
    )


def match_over_lines(tournament: Tournament, pairing: Pairing, lang: str) -> list[str]:
    """What a decided match means for each side, for its thread: who goes on and when
    their next table opens, who is out; in the final, who is champion."""
    if pairing.winner is None or pairing.b is None:
        return []
    played = round_of(tournament, pairing)
    assert played is not None
    winner = entry_words(tournament.entry(pairing.winner), lang)
    loser_number = pairing.loser
    assert loser_number is not None
    loser = entry_words(tournament.entry(loser_number), lang)
    podium = tournament.final_podium()
    if podium is not None and played is tournament.rounds[-1]:
        champion = entry_words(tournament.entry(podium.champion), lang)
        return [
            t("tournament.over.champion", lang, entry=champion),
            t("tournament.over.see_all", lang, link=f"<#{tournament.channel_id}>"),
        ]
    left = sum(not p.done for p in played.pairings)
    link = f"<#{tournament.channel_id}>"  # (a chip a phone reads, not a long address)
    following = played.number + 1

    def goes_on(key: str, entry: str) -> str:
        """ "… when the N matches left end", or (none left: the next round is paired
        already) "… its table opens now, in a new thread"."""
        if left == 0:
            return t(f"{key}_now", lang, entry=entry, next=following, link=link)
        return tn(key, lang, left, entry=entry, next=following, link=link)

    if played.stage.advances:
        lines = [goes_on("tournament.over.goes_on", winner)]
        lines.append(t("tournament.over.out", lang, entry=loser, link=link))
        return lines
    lines = [goes_on("tournament.over.plays_on", winner)]
    if tournament.eliminated(loser_number):
        lines.append(t("tournament.over.out", lang, entry=loser, link=link))
    else:
        lines.append(goes_on("tournament.over.plays_on", loser))
    return lines


def round_of(tournament: Tournament, pairing: Pairing) -> Round | None:
    return next((r for r in tournament.rounds if any(p is pairing for p in r.pairings)), None)


def forfeit_consequence(tournament: Tournament, table_id: str, lang: str) -> str:
    """What giving up a tournament match does, said before the confirmation."""
    pairing = tournament.pairing_of(table_id)
    played = None if pairing is None else round_of(tournament, pairing)
    if pairing is None or pairing.b is None or played is None:
        return t("forfeit.loses", lang)
    key = "tournament.forfeit_out" if played.stage.advances else "tournament.forfeit_loses"
    return t(key, lang)


def bracket_picture(tournament: Tournament, lang: str) -> BracketPicture:
    """The picture of a started tournament: its groups or Swiss standings, its knockout
    from its first round to the final (rounds to come as empty slots), its champion."""
    rounds = [r for r in tournament.rounds if r.stage.advances]
    drawn = [(_picture_round_name(r, lang), _drawn_matches(tournament, r, lang)) for r in rounds]
    knockout = [r for r in rounds if r.stage == Stage.KNOCKOUT]
    if knockout and tournament.is_running:
        drawn += _rounds_to_come(tournament, knockout[-1], lang)
    stage = tournament.rules.listed_stage
    standings: tuple[Standing, ...] = ()
    groups: tuple[tuple[str, tuple[Standing, ...]], ...] = ()
    if stage is not None and tournament.rules.grouped and not knockout:
        # (once the knockout is on, it is the picture: the groups are played out)
        groups = tuple(
            (
                t("tournament.group", lang, name=group_name(index)),
                _drawn_standings(tournament, stage, lang, group=index),
            )
            for index in range(len(tournament.groups()))
        )
    elif stage is not None and not tournament.rules.grouped:
        standings = _drawn_standings(tournament, stage, lang)
    podium = tournament.final_podium()
    title = t("tournament.picture_title", lang, how=format_words(tournament, lang))
    current = tournament.current
    if current is not None and tournament.is_running:
        title = t("tournament.picture_round", lang, number=current.number,
                  stage=stage_words(current, lang))  # fmt: skip
    champion = None
    if podium is not None:
        name = entry_plain(tournament.entry(podium.champion), lang)
        champion = t("tournament.picture_champion", lang, name=name)
    return BracketPicture(
        title=title,
        rounds=tuple(drawn),
        standings=standings,
        columns=(t("tournament.picture_wins", lang), t("tournament.picture_chicas", lang)),
        champion=champion,
        groups=groups,
        groups_title=t("tournament.stage.group", lang).capitalize(),
    )


PICTURE_NAME = 10  # a pair's names are cut to this in the picture, so both show


def _picture_round_name(played: Round, lang: str) -> str:
    stage = stage_words(played, lang)
    return t("tournament.picture_round", lang, number=played.number, stage=stage)


def _drawn_standings(
    tournament: Tournament, stage: Stage, lang: str, group: int | None = None
) -> tuple[Standing, ...]:
    longest = PICTURE_NAME if tournament.settings.team_size > 1 else 0
    return tuple(
        Standing(
            place,
            entry_plain(tournament.entry(row.entry), lang, longest),
            row.wins,
            f"{row.chicas_won}–{row.chicas_lost}",
        )
        for place, row in enumerate(tournament.standings(stage, group=group), start=1)
    )


def _drawn_matches(tournament: Tournament, played: Round, lang: str) -> tuple[Match, ...]:
    drawn = []
    longest = PICTURE_NAME if tournament.settings.team_size > 1 else 0
    for pairing in played.pairings:
        a = entry_plain(tournament.entry(pairing.a), lang, longest)
        b = None if pairing.b is None else entry_plain(tournament.entry(pairing.b), lang, longest)
        winner = None if pairing.winner is None else int(pairing.winner != pairing.a)
        how = pairing.decided_how
        score, note = "", ""
        if how is not None and how.is_walkover:
            note = t(f"tournament.picture_note.{how}", lang)
        elif how is not None and pairing.b is not None:
            score = f"{pairing.chicas[0]}–{pairing.chicas[1]}"
        elif how == How.BYE:
            note = t("tournament.picture_note.bye", lang)
        drawn.append(Match(a, b, winner, score, note))
    return tuple(drawn)


def _rounds_to_come(
    tournament: Tournament, last: Round, lang: str
) -> list[tuple[str, tuple[Match, ...]]]:
    """The knockout's rounds not paired yet, down to the final: each side is the winner
    of two matches of the round before, named once known ("gana Ana / Beto" until then)."""
    sides: list[str] = []
    known: list[bool] = []
    for pairing in last.pairings:
        known.append(pairing.winner is not None)
        if pairing.winner is not None:
            sides.append(entry_plain(tournament.entry(pairing.winner), lang))
        else:
            a = entry_plain(tournament.entry(pairing.a), lang, longest=9)
            b = "" if pairing.b is None else entry_plain(tournament.entry(pairing.b), lang, 9)
            sides.append(t("tournament.picture_slot", lang, a=a, b=b))
    number, drawn = last.number, []
    while len(sides) > 1:
        number += 1
        matches = tuple(
            Match(a, b, None, slot=True, known=(known[2 * i], known[2 * i + 1]))
            for i, (a, b) in enumerate(zip(sides[::2], sides[1::2], strict=True))
        )
        stage = _knockout_stage_words(len(matches), lang)
        drawn.append((t("tournament.picture_round", lang, number=number, stage=stage), matches))
        sides, known = ["—"] * len(matches), [False] * len(matches)
    return drawn
