"""The 40 card faces as the bot's application emojis: created once, reused after.

At start-up (`setup_hook`, when the application id is known) call `sync_card_emojis(client)`:
it lists the application's emojis, uploads a face (drawn by `render.faces`) for each card
whose emoji is missing, matched by name ("c40_7h"), and returns a `CardEmojis`. With
`replace` (the faces changed since the bot last uploaded them: `render.faces.FACE_VERSION`
differs from the version the bot keeps), it first deletes every card emoji, so the new
faces are uploaded (application emojis serve every server at once). If the
emojis cannot be listed or created (no permission, the application's emoji limit, an
outage), it logs a warning and returns `CardEmojis.text_only()`: every card then shows as
text, "7♥". It is all or nothing, so a hand never mixes pictures and text; the next
start-up reuses what was created and tries the rest again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping

import discord

from engine.cards import Card, full_deck
from render.faces import card_face_png, emoji_name, is_card_emoji_name
from render.text import text_card

log = logging.getLogger(__name__)

DECK_SIZE = 40


def _key(card: Card | str) -> str:
    return str(card if isinstance(card, Card) else Card.parse(card))


class CardEmojis:
    """Card → emoji, for buttons (`for_card`) and message text (`inline`).

    Built from a mapping of card text ("7h") to emoji; a card missing from it (or mapped
    to None) shows as text. `CardEmojis.text_only()` has no emojis at all.
    """

    def __init__(self, emojis: Mapping[str, discord.Emoji | None] | None = None) -> None:
        given = emojis or {}
        self.emojis: dict[str, discord.Emoji | None] = {
            str(card): given.get(str(card)) for card in full_deck()
        }
        self._partial: dict[str, discord.PartialEmoji] = {
            key: discord.PartialEmoji(name=emoji.name, id=emoji.id, animated=emoji.animated)
            for key, emoji in self.emojis.items()
            if emoji is not None
        }
        # What `inline` gives, made once: the table's text shows some 40 cards an edit.
        self._inline: dict[str, str] = {
            key: str(self._partial[key]) if key in self._partial else text_card(Card.parse(key))
            for key in self.emojis
        }

    @classmethod
    def text_only(cls) -> CardEmojis:
        """No emojis: every card shows as text ("7♥")."""
        return cls()

    @property
    def complete(self) -> bool:
        """True when all 40 cards have an emoji."""
        return len(self._partial) == DECK_SIZE

    @property
    def is_text_only(self) -> bool:
        return not self._partial

    def for_card(self, card: Card | str) -> discord.PartialEmoji | None:
        """The emoji for a button showing `card`, or None (then label the button with text)."""
        return self._partial.get(_key(card))

    def inline(self, card: Card | str) -> str:
        """`card` for message text: the emoji markup ("<:c40_7h:123>") or "7♥"."""
        shown = self._inline.get(card if isinstance(card, str) else str(card))
        return shown if shown is not None else self._inline[_key(card)]

    def inline_cards(self, cards: Iterable[Card | str], sep: str = " ") -> str:
        """Several cards for message text, `sep` between them."""
        return sep.join(self.inline(card) for card in cards)

    def __repr__(self) -> str:
        return f"<CardEmojis {len(self._partial)}/{DECK_SIZE} emojis>"


async def sync_card_emojis(client: discord.Client, *, replace: bool = False) -> CardEmojis:
    """Make sure the application has an emoji for each card; create only the missing ones
    (with `replace`, delete the card emojis there are first: their faces are old).

    Needs the application id (call it from `setup_hook` or later). Never raises for a
    Discord failure: it logs a warning and returns `CardEmojis.text_only()`.
    """
    try:
        existing = await client.fetch_application_emojis()
    except discord.DiscordException as error:
        log.warning(
            "Card emojis: could not list the application's emojis (%s); "
            "cards will show as text (7♥).",
            error,
        )
        return CardEmojis.text_only()

    deleted = 0
    if replace:
        for old in [e for e in existing if is_card_emoji_name(e.name)]:
            try:
                await old.delete()
            except discord.DiscordException as error:  # its name stays taken: text this time
                log.warning("Card emojis: could not delete the old %s (%s).", old.name, error)
            else:
                existing.remove(old)
                deleted += 1
    by_name: dict[str, discord.Emoji] = {}
    for uploaded in existing:
        by_name.setdefault(uploaded.name, uploaded)

    found: dict[str, discord.Emoji | None] = {}
    created = 0
    for card in full_deck():
        name = emoji_name(card)
        emoji = by_name.get(name)
        if emoji is None:
            image = await asyncio.to_thread(card_face_png, card)  # Pillow off the event loop
            try:
                emoji = await client.create_application_emoji(name=name, image=image)
            except discord.DiscordException as error:
                log.warning(
                    "Card emojis: could not create %s (%s); %d of %d are ready, so cards "
                    "will show as text (7♥) until a later start-up creates the rest.",
                    name,
                    error,
                    len(found),
                    DECK_SIZE,
                )
                return CardEmojis.text_only()
            created += 1
        found[str(card)] = emoji

    log.info(
        "Card emojis: %d reused, %d created, %d old faces deleted.",
        DECK_SIZE - created,
        created,
        deleted,
    )
    return CardEmojis(found)
