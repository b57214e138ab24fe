"""The one message catalog: every text a user sees, in Spanish and English."""

from .catalog import MESSAGES
from .language import LANGUAGES, pick_language, t, tn

__all__ = ["LANGUAGES", "MESSAGES", "pick_language", "t", "tn"]
