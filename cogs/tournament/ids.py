"""The custom_ids of a tournament's controls (the machinery and the other features'
templates: ui/ids.py)."""

from __future__ import annotations

from enum import StrEnum

from ..ui.ids import IdTemplate, Part, choices_pattern, flag


class TournamentAction(StrEnum):
    """A button of a tournament's message."""

    JOIN = "join"  # singles: sign up; pairs: pick a partner
    LEAVE = "leave"  # before the start: off the list; after: withdraw (asks first)
    CONFIRM_LEAVE = "quit"  # the withdrawal confirmed
    BOTS = "bots"  # the host fills the free places with bots
    START = "start"
    CANCEL = "cancel"  # the host (or a server manager) ends the sign-up
    END = "end"  # a server manager cancels the running tournament (its tables stop)
    MINE = "mine"  # "🧵 My table": privately, the player's thread, rival and deadline


# A tournament: its message's buttons, the partner and the entry to remove (selects), and
# the answer to a pair's invitation.
TOURNAMENT_ID = Part("tournament_id", r"[a-z0-9]+")
TOURNAMENT = IdTemplate(
    "tn", (TOURNAMENT_ID, Part("action", choices_pattern(TournamentAction), TournamentAction))
)
TOURNAMENT_PARTNER = IdTemplate("tnpartner", (TOURNAMENT_ID,))
TOURNAMENT_REMOVE = IdTemplate("tnremove", (TOURNAMENT_ID,))
TOURNAMENT_INVITE = IdTemplate(
    "tninv", (TOURNAMENT_ID, Part("inviter", r"[0-9]+", int), Part("accept", r"[01]", flag))
)
