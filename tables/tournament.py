"""A tournament in a server: its sign-up, its rounds and pairings, its standings, its champion.

Pure rules, no Discord (cogs/tournament drives it): entries sign up alone or as a pair,
the host starts it, and each round pairs the entries still in it, as its format says
(tables/tournament_formats.py: knockout, Swiss, groups and repechaje, one class each).

Every match is a table like any other; its result comes back with `record_table` (or
`record_result`), told as it ended: played, given up, not shown up, withdrawn, stopped.

The people rules hold inside each change: one tournament a person at any instant (a
`busy` check the caller passes, asked in the same change), lapsed invitations hold
nobody, removal by `Entry.key`, a sign-up expires, only a manager cancels a running one
(and is told its open tables to stop), a withdrawal's walkover is found again after a
crash (`walkovers_due`), a pause holds openings and show-up clocks.
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine import Bot, BotLevel

from .refusal import Refusal
from .session import BOT_NAMES, EndReason, Seat, TableSession, new_session_id
from .tournament_formats import FORMATS, FormatRules, Podium
from .tournament_parts import (
    GROUP_SIZE,
    Entry,
    Format,
    How,
    Pairing,
    Round,
    Stage,
    Standing,
    bracket,
)

__all__ = [
    "GROUP_SIZE",
    "Entry",
    "Format",
    "How",
    "Pairing",
    "Podium",
    "Round",
    "Stage",
    "Standing",
    "Tournament",
    "TournamentPhase",
    "TournamentSettings",
    "Whereabouts",
    "bracket",
    "play_between_bots",
]

MAX_ENTRIES = 96  # the Mundial de 40: 96 pairs in 24 groups
INVITE_SECONDS = 600  # a partner has this long to accept a pair sign-up
SIGNUP_SECONDS = 24 * 3600  # a sign-up nobody starts ends by itself after this long
SIGNUP_GRACE_SECONDS = 3600  # ... or this long after its start time, if it could not start

# Whether a person is already taken elsewhere (another tournament, a table): asked inside
# the change that would take them, so that two changes in one tick cannot both succeed.
Busy = Callable[[int], bool]


def _nobody_busy(user_id: int) -> bool:
    return False


class TournamentPhase(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass
class Invite:
    """A pair sign-up waiting for the partner's answer."""

    inviter: int
    inviter_name: str
    partner: int
    partner_name: str
    expires_at: float


@dataclass
class TournamentSettings:
    team_size: int = 1  # 1: singles (1 vs 1); 2: fixed pairs (2 vs 2)
    format: Format = Format.KNOCKOUT
    size: int = 8  # the most entries it takes
    chicas_to_win: int = 1
    rules_name: str = "quito"
    rule_options: dict[str, Any] | None = None  # the rule set (Rules.to_dict()); None: preset
    bot_level: str = "normal"  # bot entries, and bots taking an idle player's seat
    swiss_rounds: int = 0  # 0: as many as a knockout of the same size would need
    hints: bool = False
    walkover_seconds: int = 600  # a side that has not played by then loses
    turn_seconds: int = 90
    starts_at: float | None = None  # starts by itself then (None: the host starts it)


@dataclass(frozen=True)
class Whereabouts:
    """Where a person stands in a tournament, for "my table" and the end of a match."""

    entry: Entry | None  # None: not in it
    pairing: Pairing | None  # the entry's match of the current round (maybe decided)
    played: Round | None  # the current round
    out: bool  # knocked out or withdrawn
    left: int  # matches of the current round still undecided

    @property
    def rival(self) -> int | None:
        if self.entry is None or self.pairing is None or self.pairing.b is None:
            return None
        a, b = self.pairing.a, self.pairing.b
        return b if a == self.entry.number else a


@dataclass
class Tournament:
    tournament_id: str
    guild_id: int | None
    channel_id: int
    host_id: int
    lang: str
    created_at: float
    settings: TournamentSettings
    phase: TournamentPhase = TournamentPhase.SIGNUP
    entries: list[Entry] = field(default_factory=list)
    invites: list[Invite] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    message_id: int | None = None  # the public message that follows it
    seed: int = field(default_factory=lambda: secrets.randbits(32))
    version: int = 0
    paused_since: float | None = None  # paused (maintenance) since then: nothing opens

    # --------------------------------------------------------------- sign-up
    @classmethod
    def new(
        cls,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str,
        settings: TournamentSettings,
        now: float,
    ) -> Tournament:
        if settings.team_size not in (1, 2):
            raise ValueError("a tournament is of singles or of pairs")
        settings.size = max(2, min(settings.size, MAX_ENTRIES))
        return cls(
            tournament_id=new_session_id(),
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            lang=lang,
            created_at=now,
            settings=settings,
        )

    @property
    def is_live(self) -> bool:
        return self.phase in (TournamentPhase.SIGNUP, TournamentPhase.RUNNING)

    def entry(self, number: int) -> Entry:
        return self.entries[number - 1]

    def entry_of(self, user_id: int) -> Entry | None:
        return next((e for e in self.entries if user_id in e.members), None)

    def people(self, now: float | None = None) -> set[int]:
        """Everyone it holds: signed up (and not withdrawn nor out, once it runs), or in a
        pending invitation (one that has not lapsed by `now`, when given)."""
        if not self.is_live:
            return set()
        out = self.out() if self.started else set()
        signed = {
            user for entry in self.entries if entry.number not in out for user in entry.members
        }
        invites = [i for i in self.invites if now is None or i.expires_at > now]
        return signed | {i.inviter for i in invites} | {i.partner for i in invites}

    def _require_signup(self) -> None:
        if self.phase != TournamentPhase.SIGNUP:
            raise Refusal("tournament_started" if self.is_live else "tournament_over")

    def _require_host(self, user_id: int) -> None:
        if user_id != self.host_id:
            raise Refusal("tournament_not_host")

    def _require_room(
        self, user_ids: list[int], now: float | None = None, busy: Busy = _nobody_busy
    ) -> None:
        if any(user in self.people(now) or busy(user) for user in user_ids):
            raise Refusal("tournament_already_in")
        if len(self.entries) >= self.settings.size:
            raise Refusal("tournament_full")

    def _change(self) -> None:
        self.version += 1

    def show_in(self, message_id: int | None) -> None:
        """The public message that follows the tournament (None: to be posted again)."""
        self.message_id = message_id

    @property
    def is_running(self) -> bool:
        return self.phase == TournamentPhase.RUNNING

    def check_sign_up(
        self, user_ids: list[int], now: float | None = None, busy: Busy = _nobody_busy
    ) -> None:
        """Refusal unless these people may sign up now (a pair's first step)."""
        self._require_signup()
        self._require_room(user_ids, now, busy)

    def check_can_withdraw(self, user_id: int) -> Entry:
        """The entry `user_id` may withdraw (still in the running tournament)."""
        entry = self.entry_of(user_id)
        if entry is None or entry.withdrawn or self.eliminated(entry.number):
            raise Refusal("tournament_not_in")
        return entry

    def join(
        self, user_id: int, name: str, now: float | None = None, busy: Busy = _nobody_busy
    ) -> Entry:
        """A player signs up alone (singles). `busy`: taken elsewhere (asked now)."""
        self._require_signup()
        if self.settings.team_size != 1:
            raise Refusal("tournament_needs_partner")
        if now is not None:
            self._drop_expired(now)
        self._require_room([user_id], now, busy)
        entry = Entry(len(self.entries) + 1, [user_id], [name])
        self.entries.append(entry)
        self._change()
        return entry

    def invite(
        self,
        user_id: int,
        name: str,
        partner_id: int,
        partner_name: str,
        now: float,
        busy: Busy = _nobody_busy,
    ) -> Invite:
        """A pair sign-up: `partner_id` must accept (`answer_invite`) within INVITE_SECONDS.
        Checked here, when the partner is picked (a picker left open checked nothing)."""
        self._require_signup()
        if self.settings.team_size != 2:
            raise Refusal("tournament_singles")
        if partner_id == user_id:
            raise Refusal("tournament_partner_self")
        self._drop_expired(now)
        self._require_room([user_id, partner_id], now, busy)
        invite = Invite(user_id, name, partner_id, partner_name, now + INVITE_SECONDS)
        self.invites.append(invite)
        self._change()
        return invite

    def _drop_expired(self, now: float) -> None:
        self.invites = [invite for invite in self.invites if invite.expires_at > now]

    def answer_invite(
        self, user_id: int, inviter_id: int, accept: bool, now: float, busy: Busy = _nobody_busy
    ) -> Entry | None:
        """The partner accepts (a new entry) or declines; the inviter may withdraw it.
        Accepting checks both again: either may have been taken elsewhere meanwhile."""
        invite = next((i for i in self.invites if i.inviter == inviter_id), None)
        if invite is None or invite.expires_at <= now:
            raise Refusal("tournament_invite_gone")
        if user_id not in (invite.partner, invite.inviter):
            raise Refusal("tournament_invite_not_yours")
        if accept and user_id != invite.partner:
            raise Refusal("tournament_invite_not_yours")
        self._require_signup()
        self.invites.remove(invite)
        self._change()
        if not accept:
            return None
        if len(self.entries) >= self.settings.size:
            raise Refusal("tournament_full")
        if busy(invite.inviter) or busy(invite.partner):
            raise Refusal("tournament_already_in")
        entry = Entry(
            len(self.entries) + 1,
            [invite.inviter, invite.partner],
            [invite.inviter_name, invite.partner_name],
        )
        self.entries.append(entry)
        return entry

    def leave(self, user_id: int) -> Entry:
        """Before the start: the entry is gone (a pair, both). Once started, a player
        withdraws instead (`withdraw`, after a confirmation): refused here."""
        self._require_signup()
        found = self.entry_of(user_id)
        if found is None:
            raise Refusal("tournament_not_in")
        self._remove(found)
        return found

    def withdraw(self, user_id: int) -> Entry:
        """After the start: the entry loses the match it is playing and every match after."""
        if self.phase != TournamentPhase.RUNNING:
            raise Refusal("tournament_over" if not self.is_live else "tournament_not_in")
        entry = self.check_can_withdraw(user_id)
        entry.withdrawn = True
        self._change()
        return entry

    def remove(self, user_id: int, number: int) -> Entry:
        """The host takes an entry off the list by its number as it is now (before the
        start). A menu names entries by `Entry.key`: `remove_entry` then."""
        self._require_host(user_id)
        self._require_signup()
        if not 1 <= number <= len(self.entries):
            raise Refusal("tournament_no_entry")
        entry = self.entry(number)
        self._remove(entry)
        return entry

    def remove_entry(self, user_id: int, key: str, manager: bool = False) -> Entry:
        """The host (or a server manager) takes the entry `key` off the list before the
        start; Refusal if it is gone meanwhile (never another entry in its place)."""
        if not manager:
            self._require_host(user_id)
        self._require_signup()
        entry = next((e for e in self.entries if e.key == key), None)
        if entry is None:
            raise Refusal("tournament_no_entry")
        self._remove(entry)
        return entry

    def _remove(self, entry: Entry) -> None:
        self.entries.remove(entry)
        for number, kept in enumerate(self.entries, start=1):
            kept.number = number
        self._change()

    def fill_with_bots(self, user_id: int) -> int:
        """The host fills every free place with bot entries; how many were added."""
        self._require_host(user_id)
        self._require_signup()
        added = 0
        taken = {name.casefold() for entry in self.entries for name in entry.names}
        names = [name for name, _ in BOT_NAMES if name.casefold() not in taken]
        random.Random(self.seed).shuffle(names)
        while len(self.entries) < self.settings.size:
            size = self.settings.team_size
            if len(names) < size:  # more bots than names: number them
                names += [
                    name
                    for i in range(size)
                    if (name := f"Bot {len(self.entries) + 1 + i}").casefold() not in taken
                ] or [f"Bot {self.tournament_id}-{len(self.entries) + 1}"]
            team, names = names[:size], names[size:]
            self.entries.append(
                Entry(len(self.entries) + 1, [], team, bot_level=self.settings.bot_level)
            )
            added += 1
        if added:
            self._change()
        return added

    def cancel(self, user_id: int, manager: bool = False) -> list[str]:
        """Cancel it. The host may during the sign-up; once it runs, only a server manager
        may, and its open tables must then be stopped: their ids are returned (the sign-up:
        none). A stale Cancel pressed by the host on a running tournament is refused, so no
        table is left playing for a tournament that is gone."""
        if not self.is_live:
            raise Refusal("tournament_over")
        if not manager:
            self._require_host(user_id)
            if self.is_running:
                raise Refusal("tournament_running_cancel")
        to_stop = self.open_tables()
        self.phase = TournamentPhase.CANCELLED
        self._change()
        return to_stop

    def open_tables(self) -> list[str]:
        """The table ids of the current round's matches that are open and undecided."""
        current = self.current
        if not self.is_running or current is None:
            return []
        return [p.table_id for p in current.pairings if p.table_id and p.opened_at and not p.done]

    @property
    def signup_expires_at(self) -> float:
        """When a sign-up nobody started ends by itself."""
        starts_at = self.settings.starts_at
        if starts_at is not None:
            return starts_at + SIGNUP_GRACE_SECONDS
        return self.created_at + SIGNUP_SECONDS

    def expire_signup(self, now: float) -> None:
        """The sign-up lapsed (nobody started it): cancelled. Refusal if not due."""
        self._require_signup()
        if now < self.signup_expires_at:
            raise Refusal("tournament_not_expired")
        self.phase = TournamentPhase.CANCELLED
        self._change()

    def start(self, user_id: int | None, now: float) -> Round:
        """Close the sign-up and pair the first round. `user_id` None: its start time came."""
        if user_id is not None:
            self._require_host(user_id)
        self._require_signup()
        if len(self.entries) < 2:
            raise Refusal("tournament_too_few")
        if all(entry.is_bot for entry in self.entries):
            raise Refusal("tournament_only_bots")
        self.invites = []
        self.phase = TournamentPhase.RUNNING
        seeded = [entry.number for entry in self.entries]
        random.Random(self.seed).shuffle(seeded)
        first = self._new_round(*self.rules.first_round(self, seeded))
        self._change()
        return first

    # ---------------------------------------------------------------- rounds
    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def _new_round(self, stage: Stage, pairings: list[Pairing]) -> Round:
        played = Round(len(self.rounds) + 1, stage, pairings)
        self.rounds.append(played)
        for pairing in pairings:
            self._settle_without_play(pairing)
        return played

    def _settle_without_play(self, pairing: Pairing) -> None:
        """A bye is won at once; a withdrawn entry loses without playing."""
        if pairing.done:
            return
        if pairing.b is None:
            pairing.winner, pairing.how = pairing.a, How.BYE
            return
        a, b = self.entry(pairing.a), self.entry(pairing.b)
        if a.withdrawn or b.withdrawn:
            pairing.winner = pairing.b if a.withdrawn else pairing.a
            pairing.walkover, pairing.how = True, How.WITHDREW

    def to_open(self) -> list[Pairing]:
        """The current round's matches whose table is still to be opened (a match of an
        entry that withdrew meanwhile is settled instead); none while it is paused."""
        current = self.current
        if self.phase != TournamentPhase.RUNNING or current is None or self.is_paused:
            return []
        for pairing in current.pairings:
            if pairing.opened_at is None:
                self._settle_without_play(pairing)
        return [p for p in current.pairings if not p.done and p.opened_at is None]

    # ------------------------------------------------------------- pausing
    @property
    def is_paused(self) -> bool:
        return self.paused_since is not None

    def pause(self, now: float) -> None:
        """Hold it (maintenance): no table opens, and the show-up clocks stop."""
        if not self.is_running:
            raise Refusal("tournament_over" if not self.is_live else "tournament_not_started")
        if self.paused_since is None:
            self.paused_since = now
            self._change()

    def resume(self, now: float) -> None:
        """Go on after a pause: the show-up deadlines of the open matches move by as long
        as the pause lasted (their players lost no time), and tables open again."""
        if self.paused_since is None:
            return
        held = max(0.0, now - self.paused_since)
        current = self.current
        for pairing in [] if current is None else current.pairings:
            if pairing.opened_at is not None and not pairing.done:
                pairing.opened_at += held
        self.paused_since = None
        self._change()

    def walkovers_allowed(self) -> bool:
        """Whether a side that has not shown up may lose now (never during a pause)."""
        return self.is_running and not self.is_paused

    def reopen(self, table_id: str) -> Pairing:
        """The match's table or thread is gone (deleted) before it ended: it opens again
        from scratch (new table id, new thread) at the next `to_open`. Refusal if it was
        decided meanwhile, or is not a match of the current round."""
        pairing = self.pairing_of(table_id)
        current = self.current
        if pairing is None or current is None or not any(p is pairing for p in current.pairings):
            raise Refusal("tournament_no_match")
        if pairing.done:
            raise Refusal("tournament_result_known")
        pairing.table_id, pairing.thread_id, pairing.opened_at = "", None, None
        self._change()
        return pairing

    def pairing_of(self, table_id: str) -> Pairing | None:
        for played in reversed(self.rounds):
            for pairing in played.pairings:
                if pairing.table_id == table_id:
                    return pairing
        return None

    def record_result(
        self,
        table_id: str,
        winner_side: int,
        chicas: list[int],
        points: list[int],
        walkover: bool = False,
        how: How | None = None,
    ) -> Pairing:
        """The result of a match's table (side 0 is entry `a`); Refusal if it is unknown
        or already in (a result told twice counts once). `how` None: played, or (walkover)
        lost by a side that withdrew or never showed up."""
        pairing = self.pairing_of(table_id)
        if pairing is None or pairing.b is None:
            raise Refusal("tournament_no_match")
        if pairing.done:
            raise Refusal("tournament_result_known")
        pairing.winner = pairing.a if winner_side == 0 else pairing.b
        loser = pairing.loser
        assert loser is not None
        if how is None:
            how = How.PLAYED
            if walkover:
                how = How.WITHDREW if self.entry(loser).withdrawn else How.NO_SHOW
        if how == How.NO_SHOW and self.entry(loser).withdrawn:
            how = How.WITHDREW
        pairing.chicas, pairing.points = list(chicas), list(points)
        pairing.walkover, pairing.how = how.is_walkover, how
        self._change()
        return pairing

    def record_table(self, session: TableSession) -> Pairing:
        """The result of a match's ended table, told as it ended: played out, given up
        ("se rindió"), never shown up, withdrawn, or stopped (the side ahead goes on).
        Refusal as `record_result` (unknown, or known already)."""
        game = session.game
        if game is None:
            raise Refusal("tournament_no_match")
        winner = session.winner
        how = How.PLAYED
        if winner is None or session.ended_by == EndReason.STOPPED:
            lead = [(game.chicas[side], session.match_points(side)) for side in (0, 1)]
            winner, how = (0 if lead[0] >= lead[1] else 1), How.STOPPED
        elif session.ended_by == EndReason.FORFEIT:
            how = How.NO_SHOW if session.walked_over else How.GAVE_UP
        chicas = list(game.chicas)
        points = [session.match_points(side) for side in (0, 1)]
        return self.record_result(session.session_id, winner, chicas, points, how=how)

    def walkovers_due(self) -> list[tuple[str, int]]:
        """(table id, losing side) of each open match of the current round an entry has
        withdrawn from: its table still has to be walked over (the withdrawal is saved
        first; this finds the walkover again after a crash in between)."""
        current = self.current
        if not self.is_running or current is None:
            return []
        due = []
        for pairing in current.pairings:
            if pairing.done or pairing.b is None or not pairing.table_id or not pairing.opened_at:
                continue
            for side, number in enumerate(pairing.entries()):
                if self.entry(number).withdrawn:
                    due.append((pairing.table_id, side))
                    break
        return due

    def withdraw_from_current(self, number: int) -> Pairing | None:
        """The pairing of the current round the withdrawn entry `number` still plays."""
        current = self.current
        if current is None:
            return None
        return next((p for p in current.pairings if not p.done and number in p.entries()), None)

    def advance(self) -> Round | None:
        """When the current round is over: pair the next one, or finish. Returns the new
        round (None: not over yet, or the tournament finished)."""
        current = self.current
        if self.phase != TournamentPhase.RUNNING or current is None or not current.done:
            return None
        following = self.rules.next_round(self, current)
        if following is None:
            self.phase = TournamentPhase.FINISHED
            self._change()
            return None
        stage, pairings = following
        played = self._new_round(stage, pairings)
        self._change()
        if played.done:  # only byes and walkovers: straight on
            return self.advance() or played
        return played

    # ---------------------------------------------------------------- format
    @property
    def rules(self) -> FormatRules:
        """Its format's rules: pairings, podium, what it lists."""
        return FORMATS[self.settings.format]

    @property
    def started(self) -> bool:
        return self.phase != TournamentPhase.SIGNUP

    @property
    def places(self) -> int:
        return self.settings.size

    @property
    def rounds_asked(self) -> int:
        return self.settings.swiss_rounds

    def swiss_rounds(self) -> int:
        """The rounds its format plays (Swiss: as set, or as a knockout would need)."""
        return self.rules.rounds_count(self)

    def groups(self) -> list[list[int]]:
        """The groups its entries are drawn into (one of all, but in the groups format)."""
        return self.rules.groups(self)

    # -------------------------------------------------------------- standings
    def standings(self, stage: Stage | None = None, group: int | None = None) -> list[Standing]:
        """Entries by matches won, then chica difference, then points, then the match
        between the two; of one stage (and group), or of the whole tournament."""
        numbers = self.groups()[group] if group is not None else [e.number for e in self.entries]
        table = {number: Standing(number) for number in numbers}
        heads: dict[frozenset[int], int] = {}
        for played in self.rounds:
            if stage is not None and played.stage != stage:
                continue
            for pairing in played.pairings:
                if pairing.winner is None or pairing.a not in table:
                    continue
                sides = pairing.entries()
                for side, number in enumerate(sides):
                    row = table.get(number)
                    if row is None:
                        continue
                    row.played += 1
                    row.wins += pairing.winner == number
                    if pairing.b is not None:
                        row.chicas_won += pairing.chicas[side]
                        row.chicas_lost += pairing.chicas[1 - side]
                        row.points += pairing.points[side]
                if pairing.b is not None:
                    heads[frozenset(sides)] = pairing.winner

        def order(x: Standing, y: Standing) -> int:
            ours = (x.wins, x.chica_difference, x.points)
            theirs = (y.wins, y.chica_difference, y.points)
            if ours != theirs:
                return -1 if ours > theirs else 1
            winner = heads.get(frozenset((x.entry, y.entry)))
            if winner is not None:
                return -1 if winner == x.entry else 1
            return -1 if x.entry < y.entry else 1

        return sorted(table.values(), key=functools.cmp_to_key(order))

    def whereabouts(self, user_id: int) -> Whereabouts:
        """Where `user_id` stands: their entry, their match of the current round, whether
        they are out, and how many matches of the round are left."""
        entry = self.entry_of(user_id)
        current = self.current
        left = 0 if current is None else sum(not p.done for p in current.pairings)
        if entry is None:
            return Whereabouts(None, None, current, False, left)
        pairing = None
        if current is not None:
            pairing = next((p for p in current.pairings if entry.number in p.entries()), None)
        out = self.started and self.eliminated(entry.number)
        return Whereabouts(entry, pairing, current, out, left)

    def show_up_deadline(self, pairing: Pairing) -> float | None:
        """When a side of `pairing` that has not played loses by not showing up (None:
        not open, decided, or the tournament is paused: the clock is stopped)."""
        if pairing.opened_at is None or pairing.done or self.is_paused:
            return None
        return pairing.opened_at + self.settings.walkover_seconds

    def eliminated(self, number: int) -> bool:
        """Out of it: withdrawn, or knocked out by its results (as its format says)."""
        return self.entry(number).withdrawn or number in self.rules.knocked_out(self)

    def out(self) -> set[int]:
        """The entries out of it: withdrawn or knocked out."""
        withdrawn = {entry.number for entry in self.entries if entry.withdrawn}
        return withdrawn | self.rules.knocked_out(self)

    def final_podium(self) -> Podium | None:
        """Champion, runner-up and third place (maybe shared), once finished."""
        if self.phase != TournamentPhase.FINISHED:
            return None
        return self.rules.podium(self)

    def podium(self) -> list[int]:
        """Champion, runner-up, then third place (two entries when it is shared)."""
        found = self.final_podium()
        return [] if found is None else found.entries()

    # ---------------------------------------------------------------- tables
    def table_for(self, pairing: Pairing, channel_id: int, now: float) -> TableSession:
        """The table of `pairing` (entry `a` on side 0), started, in `channel_id` (its
        thread). Its id is the pairing's `table_id`, chosen before (so a restart finds it)."""
        assert pairing.b is not None and pairing.table_id
        a, b = self.entry(pairing.a), self.entry(pairing.b)
        players = 2 * self.settings.team_size
        seats: list[Seat | None] = []
        for place in range(self.settings.team_size):
            for entry in (a, b):
                if entry.is_bot:
                    seats.append(Seat(bot_level=entry.bot_level, name=entry.names[place]))
                else:
                    seats.append(Seat(user_id=entry.members[place], name=entry.names[place]))
        session = TableSession(
            session_id=pairing.table_id,
            guild_id=self.guild_id,
            channel_id=channel_id,
            host_id=self.host_id,
            players=players,
            rules_name=self.settings.rules_name,
            chicas_to_win=self.settings.chicas_to_win,
            bot_level=self.settings.bot_level,
            lang=self.lang,
            turn_seconds=self.settings.turn_seconds,
            created_at=now,
            seats=seats,
            seed=secrets.randbits(48),
            rule_options=self.settings.rule_options,
            hints_on=self.settings.hints,
            tournament_id=self.tournament_id,
        )
        session.start(None, now)
        return session

    def between_bots(self, pairing: Pairing) -> bool:
        """Both sides of `pairing` are bot entries: it is decided without a table in
        Discord (no thread, no message: nobody is there to play or to watch it)."""
        return (
            pairing.b is not None and self.entry(pairing.a).is_bot and self.entry(pairing.b).is_bot
        )

    def bots_search(self, pairing: Pairing) -> bool:
        """A side of `pairing` is a bot that searches (each move takes its budget)."""
        return any(
            BotLevel(self.entry(n).bot_level or self.settings.bot_level).searches
            for n in pairing.entries()
        )

    # ------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        return {
            "tournament_id": self.tournament_id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "lang": self.lang,
            "created_at": self.created_at,
            "settings": {**vars(self.settings), "format": str(self.settings.format)},
            "phase": str(self.phase),
            "entries": [dict(vars(entry)) for entry in self.entries],
            "invites": [dict(vars(invite)) for invite in self.invites],
            "rounds": [
                {
                    "number": played.number,
                    "stage": str(played.stage),
                    "pairings": [dict(vars(p)) for p in played.pairings],
                }
                for played in self.rounds
            ],
            "message_id": self.message_id,
            **({} if self.paused_since is None else {"paused_since": self.paused_since}),
            "seed": self.seed,
            "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        settings = dict(data["settings"])
        settings["format"] = Format(settings["format"])
        return cls(
            tournament_id=data["tournament_id"],
            guild_id=data["guild_id"],
            channel_id=data["channel_id"],
            host_id=data["host_id"],
            lang=data["lang"],
            created_at=data["created_at"],
            settings=TournamentSettings(**settings),
            phase=TournamentPhase(data["phase"]),
            entries=[Entry(**entry) for entry in data["entries"]],
            invites=[Invite(**invite) for invite in data["invites"]],
            rounds=[
                Round(
                    played["number"],
                    Stage(played["stage"]),
                    [Pairing(**p) for p in played["pairings"]],
                )
                for played in data["rounds"]
            ],
            message_id=data["message_id"],
            paused_since=data.get("paused_since"),
            seed=data["seed"],
            version=data["version"],
        )


def play_between_bots(session: TableSession) -> TableSession:
    """Play a table whose seats are all bots to its end, at once, each bot at its level
    (a match between two bot entries: the same game a table would have played, without
    Discord). Pauses between hands end at once; the session's clock stays where it was."""
    at = session.created_at
    bots: dict[int, Bot] = {}
    while session.is_live:
        if session.paused_until is not None:
            session.next_hand(None, session.version, at)
            continue
        index, game = session.seat_to_play, session.game
        seat = None if index is None else session.seats[index]
        assert index is not None and game is not None and seat is not None and seat.is_bot
        player = bots.setdefault(index, Bot(str(seat.bot_level), seed=session.seed + index))
        session.apply_bot_move(player.choose(game.copy()), session.version, at)
    return session
