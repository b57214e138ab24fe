"""The custom_ids of the puzzles' controls (the machinery and the other features'
templates: ui/ids.py)."""

from __future__ import annotations

from ..ui.ids import CARD_TEXT, IdTemplate, Part

# Puzzles: open one (from the daily post, or again after an answer), a card of its hand,
# a move (the card and a capture, or "d" for the drop). `day` is the server's day the
# puzzle counts for, or "p" for practice (counts for nothing).
PUZZLE_ID = Part("puzzle_id", r"[0-9a-f]{12}")
PUZZLE_DAY = Part("day", r"[0-9]+|p")
PUZZLE = IdTemplate("pz", (PUZZLE_ID, PUZZLE_DAY, Part("action", r"open|again")))
PUZZLE_CARD = IdTemplate("pzc", (PUZZLE_ID, PUZZLE_DAY, CARD_TEXT))
PUZZLE_MOVE = IdTemplate("pzm", (PUZZLE_ID, PUZZLE_DAY, CARD_TEXT, Part("option", r"d|[0-9]+")))
# Share a day's counted answer in the channel (spoiler-free), by the player who gave it.
PUZZLE_SHARE = IdTemplate(
    "pzs", (PUZZLE_ID, Part("day", r"[0-9]+", int), Part("user_id", r"[0-9]+", int))
)
