"""The custom_ids of the lessons' controls (the machinery and the other features'
templates: ui/ids.py).

Every id names the lesson and the `version` of it the player saw (LessonSession.version,
which counts on across lessons): a click on an older message, or a second click of the
same moment, no longer fits and is refused. The player is the clicker: nobody else's
lesson can be reached through an id.
"""

from __future__ import annotations

from enum import StrEnum

from ..ui.ids import CARD_TEXT, VERSION, IdTemplate, Part, choices_pattern


class LessonAction(StrEnum):
    BACK = "back"  # from a card's choices back to the hand
    AGAIN = "again"  # the lesson again from its deal
    NEXT = "next"  # the next lesson
    LEAVE = "leave"
    CHICA = "chica"  # the guided first chica against the easy bot


LESSON = Part("lesson", r"[a-z]+")
LEARN = IdTemplate(
    "ln", (LESSON, VERSION, Part("action", choices_pattern(LessonAction), LessonAction))
)
LEARN_CARD = IdTemplate("lnc", (LESSON, VERSION, CARD_TEXT))  # a card of the lesson's hand
LEARN_MOVE = IdTemplate("lnm", (LESSON, VERSION, CARD_TEXT, Part("option", r"d|[0-9]+")))
