"""A 1 vs 1 challenge: `/cuarenta challenge`, the user menu, and its answer buttons."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import ChallengeButton


def setup(services: Services) -> Feature:
    return Feature((ChallengeButton,))
