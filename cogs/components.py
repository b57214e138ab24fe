"""The bot's buttons: one DynamicItem class per kind, each with a named-part template.

Every button's state lives in its custom_id (`c40:<kind>:<part>:<part>…`), so one
registration per class (`bot.add_dynamic_items`) serves every game before and after a
restart, and after the 15 minutes an ephemeral view would live. Messages carry raw
component rows (`Rows`): sending a message builds plain dicts, not `discord.ui` objects;
the classes below only come to life when a button is clicked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from tables import ChallengeAnswer

if TYPE_CHECKING:
    from .cuarenta import Cuarenta

PREFIX = "c40"
SESSION = r"(?P<session>[a-z0-9]+)"
VERSION = r"(?P<version>[0-9]+)"
CARD = r"(?P<card>[A-Za-z0-9]{2})"


class Style:
    """Discord's button styles, as the raw numbers a component row carries."""

    BLUE = discord.ButtonStyle.primary.value
    GREY = discord.ButtonStyle.secondary.value
    GREEN = discord.ButtonStyle.success.value
    RED = discord.ButtonStyle.danger.value


def button(
    custom_id: str,
    *,
    label: str | None = None,
    style: int = Style.GREY,
    emoji: discord.PartialEmoji | None = None,
    disabled: bool = False,
) -> dict[str, Any]:
    """One raw button."""
    raw: dict[str, Any] = {"type": 2, "style": style, "custom_id": custom_id}
    if label:
        raw["label"] = label[:80]
    if emoji is not None:
        raw["emoji"] = emoji.to_dict()
    if disabled:
        raw["disabled"] = True
    return raw


@dataclass(frozen=True)
class Rows:
    """Raw component rows, accepted wherever discord.py takes a `view=`.

    discord.py only calls these methods on a view it sends; not being dispatchable, it is
    never put in the view store (clicks reach the DynamicItem classes instead).
    """

    rows: tuple[tuple[dict[str, Any], ...], ...]
    __discord_ui_view__: ClassVar[bool] = True
    timeout: ClassVar[None] = None

    @classmethod
    def of(cls, buttons: list[dict[str, Any]], per_row: int = 5) -> Rows:
        return cls(tuple(tuple(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row)))

    @classmethod
    def stacked(cls, rows: list[list[dict[str, Any]]]) -> Rows:
        return cls(tuple(tuple(row) for row in rows if row))

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": list(row)} for row in self.rows]

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True  # nothing waits on it: discord.py then neither stores nor times it

    def is_dispatchable(self) -> bool:
        return False


def _cog(interaction: discord.Interaction) -> Cuarenta:
    return interaction.client.get_cog("Cuarenta")  # type: ignore[attr-defined]


class _Kind:
    """What every kind shares: its custom_id is `c40:<kind>:<part>:<part>…`."""

    kind: ClassVar[str]

    @classmethod
    def id_for(cls, *parts: object) -> str:
        return ":".join((PREFIX, cls.kind, *(str(p) for p in parts)))


class _Button(_Kind, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """Base of the kinds below (its template matches nothing; it is never registered)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))


class LobbyButton(_Button, template=rf"{PREFIX}:lobby:{SESSION}:(?P<action>[a-z]+)"):
    kind = "lobby"

    def __init__(self, session_id: str, action: str) -> None:
        super().__init__(self.id_for(session_id, action))
        self.session_id, self.action = session_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).click_lobby(interaction, self.session_id, self.action)


class ChallengeButton(
    _Button,
    template=rf"{PREFIX}:chal:(?P<challenge>[a-z0-9]+):(?P<answer>accept|decline|withdraw)",
):
    kind = "chal"

    def __init__(self, challenge_id: str, answer: str) -> None:
        super().__init__(self.id_for(challenge_id, answer))
        self.challenge_id, self.answer = challenge_id, ChallengeAnswer(answer)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["challenge"], match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).click_challenge(interaction, self.challenge_id, self.answer)


class TableButton(
    _Button, template=rf"{PREFIX}:table:{SESSION}:(?P<what>hand|rules|rematch|next|reclaim)"
):
    kind = "table"

    def __init__(self, session_id: str, what: str) -> None:
        super().__init__(self.id_for(session_id, what))
        self.session_id, self.what = session_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"], match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        clicks = {
            "hand": cog.click_hand,
            "rules": cog.click_rules,
            "rematch": cog.click_rematch,
            "next": cog.click_next_hand,
            "reclaim": cog.click_reclaim,
        }
        await clicks[self.what](interaction, self.session_id)


class CardButton(_Button, template=rf"{PREFIX}:card:{SESSION}:{VERSION}:{CARD}"):
    """A card in a private hand: plays it (or offers its captures)."""

    kind = "card"

    def __init__(self, session_id: str, version: int, card: str) -> None:
        super().__init__(self.id_for(session_id, version, card))
        self.session_id, self.version, self.card = session_id, version, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"], int(match["version"]), match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).click_card(interaction, self.session_id, self.version, self.card)


class TakeButton(
    _Button, template=rf"{PREFIX}:take:{SESSION}:{VERSION}:{CARD}:(?P<option>d|[0-9]+)"
):
    """One choice for a card that can capture: capture number N, or drop it ("d")."""

    kind = "take"

    def __init__(self, session_id: str, version: int, card: str, option: str) -> None:
        super().__init__(self.id_for(session_id, version, card, option))
        self.session_id, self.version, self.card, self.option = session_id, version, card, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"], int(match["version"]), match["card"], match["option"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).click_take(
            interaction, self.session_id, self.version, self.card, self.option
        )


class BackButton(_Button, template=rf"{PREFIX}:back:{SESSION}:{VERSION}"):
    """Back from a card's choices to the hand."""

    kind = "back"

    def __init__(self, session_id: str, version: int) -> None:
        super().__init__(self.id_for(session_id, version))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["session"], int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).click_back(interaction, self.session_id)


class LeaderboardButton(
    _Button,
    template=rf"{PREFIX}:lb:(?P<scope>all|[0-9]+):(?P<sort>[a-z_]+):(?P<bots>[01]):(?P<page>-?[0-9]+)",
):
    """A page of a leaderboard."""

    kind = "lb"

    def __init__(self, scope: str, sort: str, with_bots: bool, page: int) -> None:
        super().__init__(self.id_for(scope, sort, int(with_bots), page))
        self.guild_id = None if scope == "all" else int(scope)
        self.sort, self.with_bots, self.page = sort, with_bots, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["scope"], match["sort"], match["bots"] == "1", int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).click_leaderboard(
            interaction, self.guild_id, self.sort, self.with_bots, self.page
        )


BUTTON_KINDS: tuple[type[_Button], ...] = (
    LobbyButton,
    ChallengeButton,
    TableButton,
    CardButton,
    TakeButton,
    BackButton,
    LeaderboardButton,
)
HAND_BUTTONS: tuple[type[_Button], ...] = (CardButton, TakeButton, BackButton)


def is_hand_button(custom_id: str) -> bool:
    """A button of a private hand: a refusal there shows the hand as it is now."""
    return custom_id.startswith(tuple(f"{PREFIX}:{kind.kind}:" for kind in HAND_BUTTONS))
