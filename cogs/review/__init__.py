"""Reviews: `/cuarenta review`, the 💡 hint and 📊 review buttons (handlers.py), the
reviews made in a worker (reviews.py), their messages (messages.py)."""

from __future__ import annotations

from ..services import Feature, Services
from .handlers import HintButton, ReviewButton, ReviewPicturesButton
from .reviews import Reviews


def setup(services: Services) -> Feature:
    services.provide(Reviews(services.workers, services.tuning.review_worlds))
    return Feature((HintButton, ReviewButton, ReviewPicturesButton))
