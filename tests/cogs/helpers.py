"""Reading what the bot showed, and acting on it the way a player would."""

from __future__ import annotations

import asyncio
import json

from discord.webhook.async_ import async_context

from cogs.ui import ids
from cogs.ui.ids import PREFIX
from cogs.ui.table import public_payload
from engine import Card


def buttons(message) -> list[dict]:
    """Every button of a message (discord.Message or simcord response), as raw dicts."""
    found = []
    for row in message.components:
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
    return [Card.parse(ids.CARD.parse_id(b["custom_id"])["card"]) for b in enabled(message, "card")]


def services(env):
    return env.bot.services


def sessions(env) -> dict:
    """Every table the bot holds (live, or ended within a day), by id, as saved."""
    return {key: table.session for key, table in services(env).runtime.tables.items()}


def only_session(env):
    found = list(sessions(env).values())
    assert len(found) == 1, found
    return found[0]


def current(env, session_id):
    return services(env).runtime.table(session_id).session


def message(channel, message_id):
    return next(m for m in channel.history() if m.id == message_id)


def table_message(world, session):
    return message(world.channel, session.table_message_id)


async def open_hand(world, player, session):
    result = await player.click(
        table_message(world, session),
        custom_id=ids.TABLE.build(session_id=session.session_id, what=ids.TableAction.HAND),
    )
    assert result.ephemeral
    return result.response


async def play_one_turn(world, player, session):
    """Open the hand and play the first card (taking its first capture, if any)."""
    hand = await open_hand(world, player, session)
    cards = enabled(hand, "card")
    assert cards, f"no playable card on the player's turn: {hand.content}"
    result = await player.click(hand, custom_id=cards[0]["custom_id"])
    takes = enabled(result.response, "take")
    if takes:
        result = await player.click(result.response, custom_id=takes[0]["custom_id"])
    return result


async def play_until_over(world, players, session_id, max_turns=600, after_each=None) -> int:
    """Let each human play in turn (bots move by themselves) until the game ends."""
    by_id = {p.id: p for p in players}
    turns = 0
    session = current(world.env, session_id)
    while session.phase == "playing":
        seat = session.current_seat()
        assert seat is not None and not seat.is_bot, "a bot seat did not move by itself"
        await play_one_turn(world, by_id[seat.user_id], session)
        if after_each is not None:
            after_each(current(world.env, session_id))
        turns += 1
        assert turns < max_turns
        session = current(world.env, session_id)
    return turns


async def at_once(env, *actions, then=None):
    """Deliver several interactions in the same loop tick, then let the bot settle once.

    Each action (e.g. `member.click(...)`) normally waits for the bot to finish before
    returning; here each only hands its interaction to the bot, so the bot's handlers
    all start before any of them has awaited anything: two clicks at the same instant.
    """
    settle = env._settle_internal

    async def deliver_only(**_):
        return None

    env._settle_internal = deliver_only
    try:
        results = [await action for action in actions]
    finally:
        env._settle_internal = settle
    await (then if then is not None else env.settle())
    return results


async def assert_consistent(world, session_id):
    """What is saved is what the bot holds, the next step is scheduled, the table shows it."""
    table = services(world.env).runtime.table(session_id)
    row = await world.env.bot.storage.get_session(session_id)
    assert row.state == json.loads(json.dumps(table.session.to_dict()))
    assert table.has_next_step()
    assert table.publisher.is_shown()
    shown = message(world.channel, table.message_id)
    assert shown.content == public_payload(table.session, world.env.bot.card_emojis).content


async def click_that_plays(env, player, hand) -> tuple:
    """The message and button of the click that plays the hand's first card.

    A tap on a card first shows what it can do (a click that saves nothing); then its
    first choice (a capture, or the drop) is the click that plays. Returned unclicked, so
    that a test can fail a request, race a timer or crash just before it.
    """
    card = enabled(hand, "card")[0]["custom_id"]
    choices = (await player.click(hand, custom_id=card)).response
    return choices, enabled(choices, "take")[0]["custom_id"]


def message_as_seen(world, member, shown):
    """The message `shown` (a reply, perhaps private) as `member` sees it now."""
    return next(m for m in world.channel.history(viewer=member) if m.id == shown.id)


async def forfeit_question(world, member) -> tuple:
    """/cuarenta forfeit asks first: the question and the custom_id that confirms it."""
    asked = await member.slash(world.channel, "cuarenta forfeit")
    assert asked.ephemeral
    (confirm,) = enabled(asked.response, "forfeit")
    return asked.response, confirm["custom_id"]


async def forfeit(world, member):
    """/cuarenta forfeit, confirmed."""
    question, confirm = await forfeit_question(world, member)
    return await member.click(question, custom_id=confirm)


async def duel_started(world):
    """Ana challenges Beto to one chica and he accepts: the new table."""
    sent = await world.ana.slash(world.channel, "cuarenta challenge", user=world.beto, length="one")
    await world.beto.click(sent.response, label="Accept")
    return only_session(world.env)


async def duel_played(world):
    """Ana challenges Beto to one chica and they play it out: the finished table."""
    session = await duel_started(world)
    await play_until_over(world, [world.ana, world.beto], session.session_id)
    await world.env.settle()
    return only_session(world.env)


async def tap_a_card_that_captures_nothing(world, player, session):
    """Open the player's hand and tap the first card that captures nothing there."""
    hand = await open_hand(world, player, session)
    drops = [
        b["custom_id"]
        for b in enabled(hand, "card")
        if not session.options_for(
            player.id, ids.CARD.parse_id(b["custom_id"])["card"], session.version
        )
    ]
    assert drops, "the seeded deal has a card that captures nothing"
    return await player.click(hand, custom_id=drops[0])


def before_each_request(env, monkeypatch, hook) -> None:
    """Await `hook(route, kwargs)` before every request of the bot: with the bot token
    (messages sent and edited) and through the webhook adapter (interaction answers)."""
    bot_http = env.bot.http
    bot_request = bot_http.request

    async def bot_token_request(route, **kwargs):
        await hook(route, kwargs)
        return await bot_request(route, **kwargs)

    webhooks = async_context.get()
    webhook_request = webhooks.request

    async def interaction_request(route, session, **kwargs):
        await hook(route, kwargs)
        return await webhook_request(route, session, **kwargs)

    monkeypatch.setattr(bot_http, "request", bot_token_request)
    monkeypatch.setattr(webhooks, "request", interaction_request)


def rest_that_yields(env, monkeypatch) -> None:
    """Every request of the bot gives the event loop a turn before it is answered, as real
    HTTP does; simcord answers at once otherwise."""

    async def a_turn(route, kwargs) -> None:
        await asyncio.sleep(0)

    before_each_request(env, monkeypatch, a_turn)


# ------------------------------------------------------------------ languages
DISCORD_LOCALE = {"es": "es-419", "en": "en-US", "nl": "nl", "fr": "fr", "tr": "tr"}


def with_locales(build):
    """simcord's interaction payload builder (`simcord.interactions.base_payload`), with
    the locale each user was given by `speaks` ("en-US", simcord's own, by default)."""

    def built(backend, *, user_id, guild_id, **rest):
        record, payload = build(backend, user_id=user_id, guild_id=guild_id, **rest)
        locales = getattr(backend, "cuarenta_locales", {})
        payload["locale"] = locales.get(user_id, locales.get(None, "en-US"))
        return record, payload

    return built


def speaks(env, locale: str, *members) -> None:
    """These members' Discord is in `locale` ("nl", "es-ES"…); no member: everyone's."""
    locales = env.backend.__dict__.setdefault("cuarenta_locales", {})
    for member in members or (None,):
        locales[None if member is None else member.id] = locale


async def in_language(world, lang: str) -> None:
    """The server set to `lang`, and everyone's Discord in it too: every answer, public or
    private, is in `lang`."""
    await world.env.bot.services.settings.change(world.guild.id, language=lang)
    speaks(world.env, DISCORD_LOCALE[lang])


def card_text(result) -> str:
    """What a /cuarenta stats card says: its few lines, and the whole card in words in its
    picture's description (alt text)."""
    message = result.response
    described = [a.description or "" for a in message.attachments]
    return "\n".join([message.content, *described])


def simcord_threads_as_discord(monkeypatch) -> None:
    """A thread started from a message gets no "started a thread" line in its channel
    (simcord posts one for every thread; Discord only without a message, or from an old
    one: discord-api-docs, "Thread Created messages")."""
    from simcord.backend.ops.channels import ChannelMixin as owner

    create = owner.create_thread

    def create_thread(self, parent_id, name, owner_id, *, message_id=None, **options):
        if message_id is None or not options.get("broadcast", True):
            return create(self, parent_id, name, owner_id, message_id=message_id, **options)
        options["broadcast"] = False
        thread = create(self, parent_id, name, owner_id, message_id=message_id, **options)
        self.announce_thread_create(thread)
        return thread

    monkeypatch.setattr(owner, "create_thread", create_thread)
