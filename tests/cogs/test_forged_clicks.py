"""A click acts only on what it was pressed on.

Buttons are dispatched straight from their custom_id (discord_io.click_buttons_directly),
so an id sent by hand with another message (a hand's card id on the public table) would
reach the card's handler. It is refused privately instead, nothing is played and no
shared message is edited.
"""

from __future__ import annotations

from simcord.actors import _component_interaction, _visible_message

from cogs.tournament import ids as tournament_ids
from cogs.ui import ids
from i18n import t
from tests.cogs.helpers import current, enabled, only_session, open_hand, table_message


async def forged_click(actor, message, custom_id: str):
    """`actor` clicks `message` with a button id it does not carry (a client sending ids
    by hand). simcord's own click only presses the buttons a message has, so the
    interaction is made with its internals."""
    stored = _visible_message(actor, message)
    data = {"custom_id": custom_id, "component_type": 2}
    return await _component_interaction(actor, stored, data)


def shared_edits(world, since: int) -> list:
    """Edits of the channel's messages, and answers that edit the message clicked."""
    return [
        r
        for r in world.env.http_requests[since:]
        if (r.method == "PATCH" and r.path.startswith(f"/channels/{world.channel.id}/"))
        or (isinstance(r.json, dict) and r.json.get("type") == 7)  # UPDATE_MESSAGE
    ]


async def a_game_and_her_card_id(world):
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    session = only_session(world.env)
    await world.env.settle()
    hand = await open_hand(world, world.ana, current(world.env, session.session_id))
    card_id = enabled(hand, "card")[0]["custom_id"]
    assert ids.CARD.parse_id(card_id) is not None
    return session, card_id


async def test_a_card_id_forged_onto_the_public_table_is_refused_privately(world):
    session, card_id = await a_game_and_her_card_id(world)
    before = current(world.env, session.session_id).to_dict()
    public = table_message(world, session)
    shown = (public.content, repr(public.components))
    since = len(world.env.http_requests)
    for clicker in (world.beto, world.ana):  # not playing; and the player herself
        answer = await forged_click(clicker, public, card_id)
        assert answer.ephemeral
        assert answer.response.content == t("refuse.stray_click", "en")
    await world.env.settle()
    assert current(world.env, session.session_id).to_dict() == before  # nothing played
    assert shared_edits(world, since) == []
    public = table_message(world, session)
    assert (public.content, repr(public.components)) == shown
    assert t("refuse.not_in_game", "en") not in public.content


async def test_a_button_of_another_table_forged_onto_this_one_is_refused(world):
    session, _ = await a_game_and_her_card_id(world)
    other = ids.TABLE.build(session_id="zzzzzzzz", what=ids.TableAction.HAND)
    since = len(world.env.http_requests)
    answer = await forged_click(world.beto, table_message(world, session), other)
    assert answer.ephemeral and answer.response.content == t("refuse.stray_click", "en")
    assert shared_edits(world, since) == []


async def test_a_select_forged_onto_the_public_table_is_refused_privately(world, manager):
    session, _ = await a_game_and_her_card_id(world)
    forged = tournament_ids.TOURNAMENT_PARTNER.build(tournament_id="zzzzzzzz")
    stored = _visible_message(world.beto, table_message(world, session))
    since = len(world.env.http_requests)
    data = {"custom_id": forged, "component_type": 5, "values": [str(world.ana.id)]}
    answer = await _component_interaction(world.beto, stored, data)
    assert answer.ephemeral and answer.response.content == t("refuse.stray_click", "en")
    assert shared_edits(world, since) == []
