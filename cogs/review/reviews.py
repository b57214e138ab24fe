"""Match reviews, computed once in the review worker and kept by match."""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from dataclasses import dataclass
from enum import StrEnum

from db import MatchLog, MatchOutcome
from engine import Rules
from engine.ai import teacher
from tables import EndReason, TableSession

from ..infra.workers import Work, Workers
from ..ui.pictures import table_picture
from ..ui.words import bot_words, seat_name

REVIEWS_KEPT = 64  # reviews kept in memory, by match


class Ending(StrEnum):
    """How the match ended, for the reader."""

    WON = "won"
    LOST = "lost"
    WON_FORFEIT = "won_forfeit"  # the other side gave up
    LOST_FORFEIT = "lost_forfeit"  # the reader's side gave up
    NO_RESULT = "no_result"  # given up before it really began: it counts for nobody
    STOPPED = "stopped"  # stopped from outside the game, before the end

    @classmethod
    def of(cls, won: bool | None, forfeit: bool = False) -> Ending:
        """`won` None: no winner."""
        if won is None:
            return cls.STOPPED
        if forfeit:
            return cls.WON_FORFEIT if won else cls.LOST_FORFEIT
        return cls.WON if won else cls.LOST


@dataclass(frozen=True)
class Reviewed:
    """A finished match to review for one reader: what rebuilds it, who sat where, how it
    ended and which of the reader's moves they did not make."""

    match_id: str
    players: int
    rules: Rules
    seed: int
    moves: tuple[str, ...]
    names: tuple[str, ...]  # each seat as the review's text names it
    sides: tuple[str, str]  # the sides as the pictures name them (plain names)
    seat: int  # the reader's
    ending: Ending
    stand_ins: dict[int, str]  # move index -> "timeout" or "bot" (TableSession.stand_ins)

    @classmethod
    def of_table(cls, session: TableSession, seat: int, lang: str) -> Reviewed:
        if session.winner is not None and session.abandoned_early:
            ending = Ending.NO_RESULT
        else:
            won = None if session.winner is None else session.winner == seat % 2
            ending = Ending.of(won, forfeit=session.ended_by == EndReason.FORFEIT)
        return cls(
            match_id=session.session_id,
            players=session.players,
            rules=session.rules,
            seed=session.seed,
            moves=tuple(session.moves),
            names=tuple(seat_name(session, i, lang) for i in range(session.players)),
            sides=table_picture(session).sides,
            seat=seat,
            ending=ending,
            stand_ins=dict(session.stand_ins),
        )

    @classmethod
    def of_log(cls, log: MatchLog, seat: int, lang: str) -> Reviewed:
        names = tuple(
            f"<@{s.user_id}>"
            if s.user_id is not None
            else bot_words(s.name, s.bot_level or "normal", lang)
            for s in log.seats
        )
        plain = [s.name for s in log.seats]
        if log.outcome == MatchOutcome.ABANDONED:
            ending = Ending.NO_RESULT
        else:
            won = log.winner_side == seat % 2
            ending = Ending.of(won, forfeit=log.outcome == MatchOutcome.FORFEIT)
        return cls(
            match_id=log.match_id,
            players=log.players,
            rules=Rules.from_dict(log.rule_options),
            seed=log.seed,
            moves=log.moves,
            names=names,
            sides=(" + ".join(plain[0::2]), " + ".join(plain[1::2])),
            seat=seat,
            ending=ending,
            stand_ins=dict(log.stand_ins),
        )


class Reviews:
    """Match reviews by (table, moves), computed once: clicks that come while one is being
    worked out wait for that same one."""

    def __init__(self, workers: Workers, worlds: int = teacher.JUDGE_WORLDS) -> None:
        self._workers = workers
        self._worlds = worlds  # hidden deals judged per decision (fewer: quicker, rougher)
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
                self._workers.run(
                    Work.REVIEW,
                    functools.partial(teacher.review, worlds=self._worlds),
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
