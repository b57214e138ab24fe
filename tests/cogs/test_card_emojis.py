"""The card emojis against simcord's simulated Discord: created once, reused, text if not."""

from __future__ import annotations

import base64
import logging

import discord
import pytest
import simcord

from cogs.infra.card_emojis import CardEmojis, sync_card_emojis
from engine.cards import Card, full_deck
from render.faces import FACE_VERSION, card_face_png, emoji_name

ALL_NAMES = {emoji_name(card) for card in full_deck()}


@pytest.fixture
def simcord_bot() -> discord.Client:
    return discord.Client(intents=discord.Intents.default())


def creations(env: simcord.Env) -> list[simcord.types.HttpLogEntry]:
    return [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/emojis")]


def app_emoji_names(env: simcord.Env) -> list[str]:
    return [e.name for e in env.backend.application_emojis.values()]


async def test_first_sync_creates_all_40(simcord_env: simcord.Env) -> None:
    emojis = await sync_card_emojis(simcord_env.bot)

    assert sorted(app_emoji_names(simcord_env)) == sorted(ALL_NAMES)
    assert len(creations(simcord_env)) == 40
    assert emojis.complete and not emojis.is_text_only
    # Each upload is the card's own face, as PNG.
    request = next(r for r in creations(simcord_env) if r.json["name"] == "c40_7h")
    prefix = "data:image/png;base64,"
    assert request.json["image"].startswith(prefix)
    assert base64.b64decode(request.json["image"][len(prefix) :]) == card_face_png(Card.parse("7h"))


async def test_second_sync_creates_nothing_and_reuses(simcord_env: simcord.Env) -> None:
    first = await sync_card_emojis(simcord_env.bot)
    second = await sync_card_emojis(simcord_env.bot)

    assert len(creations(simcord_env)) == 40  # all from the first sync
    assert len(simcord_env.backend.application_emojis) == 40
    assert second.complete
    for card in full_deck():
        assert second.for_card(card) == first.for_card(card)


async def test_sync_creates_only_the_missing(simcord_env: simcord.Env) -> None:
    backend = simcord_env.backend
    present = {
        card: backend.create_application_emoji(emoji_name(Card.parse(card))).id
        for card in ("7h", "As")
    }
    backend.create_application_emoji("not_a_card")

    emojis = await sync_card_emojis(simcord_env.bot)

    created = [r.json["name"] for r in creations(simcord_env)]
    assert sorted(created) == sorted(ALL_NAMES - {emoji_name(Card.parse(c)) for c in present})
    assert emojis.complete
    assert emojis.for_card(Card.parse("7h")).id == present["7h"]
    assert emojis.for_card(Card.parse("As")).id == present["As"]
    assert len(backend.application_emojis) == 41


def deletions(env: simcord.Env) -> list[simcord.types.HttpLogEntry]:
    return [r for r in env.http_requests if r.method == "DELETE" and "/emojis/" in r.path]


async def test_replacing_uploads_new_faces_and_deletes_only_card_emojis(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    """Faces of an older version ("c40_7h", or "c40_7h_v1" as a short-lived scheme named
    them) are all deleted and uploaded again; any other emoji of the application stays."""
    backend = simcord_env.backend
    old = {backend.create_application_emoji(f"c40_{card}").id for card in full_deck()}
    old.add(backend.create_application_emoji("c40_Kc_v1").id)
    other = backend.create_application_emoji("trophy").id

    with caplog.at_level(logging.INFO, logger="cogs.infra.card_emojis"):
        emojis = await sync_card_emojis(simcord_env.bot, replace=True)

    assert sorted(r.json["name"] for r in creations(simcord_env)) == sorted(ALL_NAMES)
    assert emojis.complete
    assert {emojis.for_card(card).id for card in full_deck()}.isdisjoint(old)
    assert sorted(app_emoji_names(simcord_env)) == sorted(ALL_NAMES | {"trophy"})
    assert other in backend.application_emojis
    assert len(deletions(simcord_env)) == 41
    assert "0 reused, 40 created, 41 old faces deleted" in caplog.text

    again = await sync_card_emojis(simcord_env.bot)  # and the start after: nothing to do
    assert len(creations(simcord_env)) == 40 and len(deletions(simcord_env)) == 41
    assert again.for_card("7h") == emojis.for_card("7h")


async def test_an_old_face_that_cannot_be_deleted_does_not_stop_the_new_ones(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    simcord_env.backend.create_application_emoji("c40_7h_v1")
    simcord_env.inject_error(
        "DELETE", "/applications/*/emojis/*", status=500, message="Internal", times=None
    )
    with caplog.at_level(logging.WARNING, logger="cogs.infra.card_emojis"):
        emojis = await sync_card_emojis(simcord_env.bot, replace=True)
    assert emojis.complete and emojis.for_card("7h").name == emoji_name(Card.parse("7h"))
    assert "could not delete the old c40_7h_v1" in caplog.text


async def test_emojis_for_buttons_and_text(simcord_env: simcord.Env) -> None:
    emojis = await sync_card_emojis(simcord_env.bot)
    seven = Card.parse("7h")
    partial = emojis.for_card(seven)

    assert isinstance(partial, discord.PartialEmoji)
    assert partial.name == "c40_7h" and partial.id is not None
    assert emojis.inline(seven) == f"<:c40_7h:{partial.id}>"
    assert emojis.inline("7h") == emojis.inline(seven)
    assert emojis.inline_cards([seven, Card.parse("Jd")]).count("<:c40_") == 2
    # A button takes it as its emoji.
    button = discord.ui.Button(label="7", emoji=emojis.for_card(seven))
    assert button.emoji == partial


async def test_no_permission_falls_back_to_text(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    simcord_env.inject_error(
        "POST",
        "/applications/*/emojis",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    with caplog.at_level(logging.WARNING, logger="cogs.infra.card_emojis"):
        emojis = await sync_card_emojis(simcord_env.bot)

    assert emojis.is_text_only
    assert emojis.for_card(Card.parse("7h")) is None
    assert emojis.inline(Card.parse("7h")) == "7♥"
    assert emojis.inline_cards([Card.parse("7h"), Card.parse("Qs")]) == "7♥ Q♤"
    assert "text" in caplog.text and emoji_name(Card.parse("As")) in caplog.text
    assert len(creations(simcord_env)) == 1  # it stops at the first refusal


async def test_limit_reached_midway_falls_back_to_text_and_next_start_finishes(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    for card in full_deck()[:30]:
        simcord_env.backend.create_application_emoji(emoji_name(card))
    simcord_env.inject_error(
        "POST",
        "/applications/*/emojis",
        status=400,
        code=30056,
        message="Maximum number of emojis reached",
        times=1,
    )
    with caplog.at_level(logging.WARNING, logger="cogs.infra.card_emojis"):
        emojis = await sync_card_emojis(simcord_env.bot)
    assert emojis.is_text_only  # all or nothing: a hand never mixes pictures and text
    assert "30 of 40" in caplog.text

    again = await sync_card_emojis(simcord_env.bot)  # the next start-up
    assert again.complete
    assert len(simcord_env.backend.application_emojis) == 40


async def test_listing_failure_falls_back_to_text(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    simcord_env.inject_error("GET", "/applications/*/emojis", status=500)
    with caplog.at_level(logging.WARNING, logger="cogs.infra.card_emojis"):
        emojis = await sync_card_emojis(simcord_env.bot)
    assert emojis.is_text_only
    assert "could not list" in caplog.text
    assert creations(simcord_env) == []


async def test_no_application_id_falls_back_to_text(caplog: pytest.LogCaptureFixture) -> None:
    client = discord.Client(intents=discord.Intents.default())  # never logged in
    with caplog.at_level(logging.WARNING, logger="cogs.infra.card_emojis"):
        emojis = await sync_card_emojis(client)
    assert emojis.is_text_only
    assert "text" in caplog.text


async def test_sync_from_setup_hook() -> None:
    class Bot(discord.Client):
        card_emojis: CardEmojis | None = None

        async def setup_hook(self) -> None:
            self.card_emojis = await sync_card_emojis(self)

    bot = Bot(intents=discord.Intents.default())
    async with simcord.run(bot) as env:
        assert bot.card_emojis is not None and bot.card_emojis.complete
        assert len(env.backend.application_emojis) == 40


def test_text_only_and_partial_mappings() -> None:
    text = CardEmojis.text_only()
    assert text.is_text_only and not text.complete
    assert all(text.for_card(card) is None for card in full_deck())
    assert text.inline(Card.parse("Kc")) == "K♧"
    assert repr(text) == "<CardEmojis 0/40 emojis>"


async def test_a_bot_replaces_faces_of_another_version_once(make_bot) -> None:
    """A bot whose database notes older faces than its own uploads all 40 again, once;
    the version it then notes keeps the next start from redoing it."""
    from bot import CARD_FACES_KEY

    def card_faces(env: simcord.Env) -> set[int]:
        return {e.id for e in env.backend.application_emojis.values() if e.name.startswith("c40_")}

    async with simcord.run(make_bot(upload_emojis=True)) as env:
        first = card_faces(env)
        assert len(first) == 40
        assert await env.bot.storage.get_bot_state(CARD_FACES_KEY) == str(FACE_VERSION)
        await env.bot.storage.set_bot_state(CARD_FACES_KEY, "1")  # as a bot of faces v1 left it
        await env.restart_bot(make_bot(upload_emojis=True))
        second = card_faces(env)
        assert len(second) == 40 and second.isdisjoint(first)
        await env.restart_bot(make_bot(upload_emojis=True))
        assert card_faces(env) == second  # nothing uploaded the second time
