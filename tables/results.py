"""A finished table as a match record: for the leaderboards, ratings, history and replays."""

from __future__ import annotations

from db import MatchOutcome, MatchRecord, PlayerResult

from .session import EndReason, TableSession


def match_record(session: TableSession, finished_at: float) -> MatchRecord | None:
    """The record of a match that was played out or forfeited; None for anything else."""
    game = session.game
    if game is None or session.winner is None:
        return None
    if session.ended_by not in (EndReason.MATCH, EndReason.FORFEIT):
        return None
    results = []
    for index, seat in enumerate(session.seats):
        assert seat is not None
        side = index % 2
        human = seat.user_id if seat.user_id is not None else None
        stats = session.stats[index]
        results.append(
            PlayerResult(
                user_id=human,
                seat=index,
                side=side,
                won=side == session.winner,
                chicas_won=game.chicas[side],
                chicas_lost=game.chicas[1 - side],
                points=session.match_points(side),
                caidas=stats.caidas,
                limpias=stats.limpias,
                rondas=stats.rondas,
                zapaterias_given=session.zapaterias[side],
                zapaterias_suffered=session.zapaterias[1 - side],
                bot_level=seat.bot_level if human is None else None,
                name=seat.name,
            )
        )
    with_bots = any(seat is not None and seat.is_bot for seat in session.seats)
    return MatchRecord(
        match_id=session.session_id,
        guild_id=session.guild_id,
        channel_id=session.channel_id,
        finished_at=finished_at,
        rules=session.rules_name,
        players=session.players,
        with_bots=with_bots,
        winner_side=session.winner,
        results=results,
        outcome=outcome(session),
        rule_options=session.rules.to_dict(),
        casual=session.casual,
        seed=session.seed,
        moves=tuple(session.moves),
        stand_ins=dict(session.stand_ins),
        tournament_id=session.tournament_id,
    )


def outcome(session: TableSession) -> MatchOutcome:
    """Played out, given up, or given up so early that nobody really won."""
    if session.ended_by == EndReason.MATCH:
        return MatchOutcome.PLAYED
    return MatchOutcome.ABANDONED if session.abandoned_early else MatchOutcome.FORFEIT
