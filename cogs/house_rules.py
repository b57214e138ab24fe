"""The house-rules panel of /cuarenta config: one control per rule option (Manage Server).

`panel()` builds the controls shown under /cuarenta config; `PANEL_ITEMS` are the
DynamicItem kinds the bot registers so the panel's controls keep working after a restart.
"""

from __future__ import annotations

from typing import Any

import discord

from tables.settings import ServerSettings

from .components import Rows

PANEL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()


def panel(settings: ServerSettings, lang: str) -> Rows | None:
    """The controls under the server's settings; None while there are none."""
    return None
