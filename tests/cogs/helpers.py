"""Reading what the bot showed, the way a player would."""

from __future__ import annotations

from engine import Card

from cogs.components import PREFIX


def buttons(message) -> list[dict]:
    """Every button of a message (discord.Message or simcord response), as raw dicts."""
    rows = message.components
    found = []
    for row in rows:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            found.append(child if isinstance(child, dict) else child.to_dict())
    return found


def enabled(message, action: str) -> list[dict]:
    return [
        b
        for b in buttons(message)
        if b.get("custom_id", "").startswith(f"{PREFIX}:{action}:") and not b.get("disabled")
    ]


def cards_in(message) -> list[Card]:
    return [Card.parse(b["custom_id"].split(":")[-1]) for b in enabled(message, "card")]


def cog(env):
    return env.bot.get_cog("Cuarenta")


def only_session(env):
    sessions = list(cog(env).runtime.sessions.values())
    assert len(sessions) == 1, sessions
    return sessions[0]
