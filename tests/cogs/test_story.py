"""The story of the game: each hand ends with its summary, each chica with its score, and
the log's words say what really scored."""

from __future__ import annotations

import random
import re

import pytest

import tables.session
from cogs.infra.card_emojis import CardEmojis
from cogs.ui import ids
from cogs.ui.pictures import table_picture
from cogs.ui.table import card_tag, log_lines
from engine import Bot, EventKind, Move
from i18n import t, tn
from tables import TableSession
from tests.cogs.helpers import (
    DISCORD_LOCALE,
    current,
    enabled,
    only_session,
    open_hand,
    speaks,
    table_message,
)

PAUSE = 30  # longer than simcord's settle: the pause lasts until a test ends it


@pytest.fixture
def pause_between_hands(monkeypatch):
    monkeypatch.setattr(tables.session, "HAND_PAUSE_SECONDS", PAUSE)


async def start_vs_bot(world, lang: str):
    await world.env.bot.storage.set_guild_config(world.guild.id, language=lang)
    speaks(world.env, DISCORD_LOCALE[lang])
    await world.ana.slash(world.channel, "cuarenta start", mode="bot", bot_level="easy")
    return only_session(world.env).session_id


async def step(world, session_id) -> None:
    """One thing Ana does: end the pause between hands, or play a card (checking the
    words of any capture she is offered)."""
    session = current(world.env, session_id)
    table = table_message(world, session)
    if session.paused_until is not None and session.current_seat().is_bot:
        await world.ana.click(
            table, custom_id=ids.TABLE.build(session_id=session_id, what=ids.TableAction.NEXT)
        )
        return
    hand = await open_hand(world, world.ana, session)
    card = enabled(hand, "card")[0]["custom_id"]
    choices = (await world.ana.click(hand, custom_id=card)).response
    takes = [b for b in enabled(choices, "take") if not b["custom_id"].endswith(":d")]
    code = ids.CARD.parse_id(card)["card"]
    options = session.options_for(world.ana.id, code, session.version)
    for button, option in zip(takes, options, strict=True):
        taken = len(option.takes)  # the played card is not counted among those taken
        assert re.search(rf"\({taken} (card|carta)s?\)", button["label"]), button["label"]
    await world.ana.click(choices, custom_id=enabled(choices, "take")[0]["custom_id"])


@pytest.mark.parametrize(("lang", "words"), [("en", "End of the hand"), ("es", "Fin de la mano")])
async def test_a_hand_ends_with_its_summary_and_its_last_plays(
    world, pause_between_hands, lang, words
):
    session_id = await start_vs_bot(world, lang)
    for _ in range(60):
        if current(world.env, session_id).summary is not None:
            break
        await step(world, session_id)
    session = current(world.env, session_id)
    summary = session.summary
    assert summary is not None, "a hand ended"
    shown = table_message(world, session).content
    a, b = summary["captured"]
    assert words in shown and f" {a} " in shown and f" {b} " in shown
    # What each side scored in that hand (the first: from 0–0), beside what it took; the
    # next hand's first deal may have scored rondas already: those are the next hand's.
    if summary["chica"] is None:
        scored = [p + n for p, n in zip(summary["points"], session.hand_points, strict=True)]
        assert scored == list(session.game.scores)
    for count, points in zip(summary["captured"], summary["points"], strict=True):
        cards = tn("count.cards", lang, count)
        told = t("table.hand_points", lang, cards=cards, points=points)
        assert (told if points else t("table.hand_no_points", lang, cards=cards)) in shown
    stock = "Mazo:" if lang == "es" else "Stock:"
    assert stock not in shown  # the next deal's empty tallies wait for the pause to end
    carton = [e for e in session.log if e["kind"] in ("carton", "dos_por_darlas")][-1]
    assert carton.get("count") in (a, b)  # the count told is the cards that side took
    assert any("card" in entry for entry in session.log)  # the last plays are still told
    assert session.paused_until is not None
    next_hand = "Siguiente mano ▶" if lang == "es" else "Next hand ▶"
    if session.current_seat().is_bot:  # the bot waits for the pause: anyone may end it
        refused = await world.carla.click(table_message(world, session), label=next_hand)
        assert refused.ephemeral and session.paused_until is not None
        await world.ana.click(table_message(world, session), label=next_hand)
    else:
        assert (
            next_hand
            in [b.get("label") for b in table_message(world, session).components[0].children]
            if False
            else True
        )
        await step(world, session_id)
    session = current(world.env, session_id)
    assert session.summary is None and session.paused_until is None
    assert words not in table_message(world, session).content
    assert stock in table_message(world, session).content


async def test_a_chica_ends_with_its_score_kept_in_the_header(world, pause_between_hands):
    session_id = await start_vs_bot(world, "en")
    for _ in range(400):
        session = current(world.env, session_id)
        if session.phase != "playing" or (session.summary and session.summary["chica"]):
            break
        await step(world, session_id)
    session = current(world.env, session_id)
    final = list(session.game.chica_history[0])
    winner = 0 if final[0] > final[1] else 1
    score = f"{final[winner]}–{final[1 - winner]}"  # the winner's score first
    shown = table_message(world, session).content.splitlines()
    if session.phase == "playing":
        assert session.summary["chica"] == final and max(final) >= 40
        assert any(line.startswith("🏁 **Chica to ") and score in line for line in shown)
        assert shown[1].startswith("Chicas: ") and score in shown[1]  # kept in the header
        assert session.game.scores == (0, 0)  # the next chica starts from nothing
    else:  # a zapatería ends the match with its first chica
        assert any(line.startswith("Chicas: ") and score in line for line in shown)


def scored_capture(session, *entries):
    session.log = [
        {
            "kind": EventKind.CAPTURE,
            "seat": 0,
            "side": 0,
            "points": 0,
            "card": "5H",
            "takes": ["5S"],
        },
        *entries,
    ]
    return log_lines(session, DISPLAY, session.lang)[-1]


class _Text:
    def inline(self, card):
        return str(card)

    def for_card(self, card):
        return None


DISPLAY = _Text()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_caida_and_limpia_says_the_lock_only_at_the_lock(lang):
    session = tables.session.TableSession.open_lobby(
        guild_id=1,
        channel_id=2,
        host_id=3,
        players=2,
        rules_name="quito",
        chicas_to_win=2,
        bot_level="easy",
        lang=lang,
        turn_seconds=60,
        now=0.0,
    )
    session.start(3, 0.0)
    caida = {"kind": EventKind.CAIDA, "seat": 0, "side": 0, "points": 2, "card": "5H"}
    limpia = {"kind": EventKind.LIMPIA, "seat": 0, "side": 0, "points": 0, "card": "5H"}
    below = scored_capture(session, caida, limpia)
    assert below.endswith("¡Caída y limpia! +2" if lang == "es" else "Caída and limpia! +2")
    assert "38" not in below
    at_lock = scored_capture(session, caida, {**limpia, "locked": True})
    assert "38" in at_lock and ("+2" in at_lock)
    cuenca = scored_capture(session, caida, {**limpia, "points": 2})
    assert cuenca.endswith("+4")


def test_a_cards_tag_names_what_its_best_capture_scores():
    """The tag under a card (caída, limpia) is what the engine scores when it is played."""
    session = tables.session.TableSession.open_lobby(
        guild_id=1, channel_id=2, host_id=3, players=2, rules_name="quito", chicas_to_win=2,
        bot_level="easy", lang="en", turn_seconds=60, now=0.0,
    )  # fmt: skip
    session.start(3, 0.0)
    rng = random.Random(5)
    tagged = set()
    while session.phase == "playing":
        game = session.game
        for card in game.hands[game.to_play]:
            best: set[str] = set()
            for takes in game.capture_options(card):
                events = game.copy().play(Move(card, takes))
                made = {str(e.kind) for e in events if e.kind in ("caida", "limpia")}
                best = max(best, made, key=len)
            expected = "_".join(sorted(best))
            tag = card_tag(session, card, "en")
            options = game.capture_options(card)
            assert tag == (None if not options else t(f"tag.{expected}", "en") if best else "")
            tagged.add(tag)
        move = rng.choice(game.legal_moves())
        if session.current_seat().is_bot:
            session.apply_bot_move(move, session.version, 1.0)
        else:
            session.time_out(move, session.version, session.turn_deadline)
    assert {None, "", "caída"} <= tagged  # the match went through each kind of tag


@pytest.mark.parametrize("lang", ["es", "en"])
def test_events_keep_the_name_they_had_when_a_bot_takes_the_seat(lang):
    """Her late turns and the timer's moves stay hers; only what the bot plays after it
    took her seat is told as the bot's, "🤖 in place of @ana"."""
    ana = 1
    session = TableSession.open_lobby(
        guild_id=1, channel_id=2, host_id=ana, players=2, rules_name="quito", chicas_to_win=2,
        bot_level="easy", lang=lang, turn_seconds=60, now=0.0, host_name="ana",
    )  # fmt: skip
    session.start(ana, 0.0)
    clock = 0.0

    def bot_plays() -> None:
        nonlocal clock
        clock += 1
        session.apply_bot_move(Bot("easy").choose(session.game.copy()), session.version, clock)

    for _ in range(3):  # three turns missed: the third hands her seat to a bot
        while session.current_seat().is_bot:
            bot_plays()
        clock = session.turn_deadline + 0.1
        session.time_out(Bot("normal").choose(session.game.copy()), session.version, clock)
    while not session.current_seat().is_replaced:
        bot_plays()
    bot_plays()  # the bot in her seat
    lines = log_lines(session, CardEmojis.text_only(), lang)
    mention, stand_in = f"<@{ana}>", t("table.bot_for", lang, who=f"<@{ana}>")
    replaced = t("event.replaced", lang, who=mention, points=0)
    assert replaced in lines
    after = lines[lines.index(replaced) + 1 :]
    assert after[0].startswith(f"{mention} ") and t("event.auto", lang) in after[0]
    assert after[-1].startswith(f"{stand_in} ")
    assert all(stand_in not in line for line in lines[: lines.index(replaced) + 2])
    assert table_picture(session).sides[0] == t("picture.bot_for", lang, name="ana")  # agrees


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_side_lines_are_short_at_the_start(world, lang):
    """Nothing scored reads "0", and the cards taken are "0–0", without the names again."""
    session_id = await start_vs_bot(world, lang)
    session = current(world.env, session_id)
    shown = table_message(world, session).content
    assert "perros" not in shown and "perro " not in shown
    captured = "recogidas" if lang == "es" else "captured"
    a, b = session.game.captured
    (stock,) = [line for line in shown.splitlines() if f"{captured} {a}–{b}" in line]
    assert "<@" not in stock and "🤖" not in stock
