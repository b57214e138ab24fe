"""/cuarenta historial and replays: paging, stepping through a match, and the hidden-card
rule (a replay shows the viewer's own hand only, unless the server lets it show all)."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import discord
import pytest

from cogs.review.reviews import Reviewed, Reviews
from db import LoggedSeat, MatchLog, MatchOutcome, MatchRecord, PlayerResult
from engine import Bot, BotLevel, Game, Move, Rules
from i18n import t, tn
from tables.replays import Replay, ReplayCache
from tests.cogs.helpers import (
    buttons,
    cards_in,
    enabled,
    in_language,
    only_session,
    open_hand,
    play_until_over,
)

RULES = Rules(chicas_to_win=1)


def played_match(
    match_id: str, guild_id: int, ana: int, beto: int, finished_at: float, rules: Rules = RULES
):
    """A whole match (one chica, unless `rules` say otherwise) between ana (seat 0) and beto
    (seat 1), each playing as the easy level does (greedy: a chica of a few hands, as
    people play it; random moves take three times as many), recorded with its move log."""
    seed = random.Random(match_id).getrandbits(32)
    game = Game.new(players=2, rules=rules, seed=seed)
    players = [Bot(BotLevel.EASY, seed=seed + seat) for seat in (0, 1)]
    moves = []
    while game.winner is None:
        move = players[game.to_play].choose(game)
        moves.append(str(move))
        game.play(move)

    def result(user, seat):
        won, chicas = seat == game.winner, game.chicas
        return PlayerResult(
            user, seat, seat, won, chicas[seat], chicas[1 - seat], 30, 0, 0, 0, 0, 0
        )

    return MatchRecord(
        match_id=match_id, guild_id=guild_id, channel_id=1, finished_at=finished_at,
        rules="quito", players=2, with_bots=False, winner_side=game.winner,
        results=[result(ana, 0), result(beto, 1)], rule_options=rules.to_dict(),
        seed=seed, moves=tuple(moves),
    )  # fmt: skip


async def record_history(world, count=7, logged=(6,)):
    """`count` matches of ana against beto, newest last; those in `logged` keep a replay."""
    storage = world.env.bot.storage
    for number in range(count):
        when = time.time() - 3600 + number  # recent: within the move logs' retention
        match = played_match(f"h{number}", world.guild.id, world.ana.id, world.beto.id, when)
        if number not in logged:
            match = replace(match, seed=None, moves=None)
        await storage.record_match(match)


def hand_lines(content: str) -> list[str]:
    return [line for line in content.splitlines() if "hand: " in line]


async def test_history_pages_with_buttons(world):
    await record_history(world)
    shown = await world.carla.slash(world.channel, "cuarenta history", user=world.ana)
    assert shown.ephemeral
    content = shown.response.content
    assert f"<@{world.ana.id}>'s history · this server · 7 matches" in content
    assert "**1.**" in content and "**5.**" in content and "**6.**" not in content
    assert f"against <@{world.beto.id}>" in content and "Page 1 of 2" in content
    replays = [b for b in buttons(shown.response) if b["custom_id"].endswith(":open")]
    assert [b["label"] for b in replays] == ["🎬 1", "🎬 2", "🎬 3", "🎬 4", "🎬 5"]
    assert [not b.get("disabled") for b in replays] == [True, False, False, False, False]
    assert content.count("no replay") == 4
    following = await world.carla.click(shown.response, label="Next ▶")
    assert "**6.**" in following.response.content and "**7.**" in following.response.content
    assert "Page 2 of 2" in following.response.content
    assert enabled(following.response, "hist")[0]["label"] == "◀ Previous"
    nothing = await world.carla.slash(world.channel, "cuarenta history")
    assert "No matches here yet" in nothing.response.content


async def test_a_match_of_the_history_is_reviewed_for_who_played_it(world):
    await record_history(world, count=1, logged=(0,))
    # The review itself is computed first, outside the simulated Discord (a worker process
    # takes seconds on a busy machine); the clicks then show the cached review.
    log = await world.env.bot.storage.match_log("h0")
    await world.env.bot.services.get(Reviews).of(Reviewed.of_log(log, 0, "en"))
    shown = await world.ana.slash(world.channel, "cuarenta history")
    review = next(b for b in buttons(shown.response) if b["custom_id"].endswith(":review"))
    assert review["label"] == "📊 1" and not review.get("disabled")
    reviewed = await world.ana.click(shown.response, custom_id=review["custom_id"])
    assert reviewed.ephemeral
    content = reviewed.response.content
    assert "You: **" in content and f"<@{world.beto.id}>: **" in content  # the accuracies
    by_code = await world.ana.slash(world.channel, "cuarenta review", match="h0")
    assert by_code.ephemeral and by_code.response.content == reviewed.response.content
    by_row = await world.ana.slash(world.channel, "cuarenta review", match="1")  # its row
    assert by_row.response.content == reviewed.response.content
    others = await world.carla.slash(world.channel, "cuarenta review", match="h0")
    assert others.ephemeral and f"<@{world.ana.id}>" not in others.response.content


async def test_a_replay_steps_through_every_play(world):
    await record_history(world, count=1, logged=(0,))
    log = await world.env.bot.storage.match_log("h0")
    replay = Replay.build(log)
    shown = await world.ana.slash(world.channel, "cuarenta history")
    opened = await world.ana.click(shown.response, label="🎬 1")
    assert opened.ephemeral
    message = opened.response
    assert "🎬 Replay" in message.content and "**First deal**" in message.content
    assert [a.filename for a in message.attachments] == ["repeticion.png"]
    moved = await world.ana.click(message, label="Next ▶")
    assert f"**Play 1 of {replay.last}**" in moved.response.content
    back = await world.ana.click(moved.response, label="◀ Previous")
    assert "**First deal**" in back.response.content
    hand = await world.ana.click(back.response, label="Next hand ⏭")
    assert f"**Play {replay.hand_starts[1]} of {replay.last}**" in hand.response.content
    labels = {b["label"] for b in buttons(hand.response)}
    assert "Next chica ⏭" not in labels  # a one-chica match has no next chica: no button
    shown = hand.response
    while "Next hand ⏭" in {b["label"] for b in enabled(shown, "rp")}:  # to the last hand
        shown = (await world.ana.click(shown, label="Next hand ⏭")).response
    in_the_last_hand = shown
    for label in ("Next ▶", "Next ▶"):  # two plays on, then straight to the end
        shown = (await world.ana.click(shown, label=label)).response
    shown = (await world.ana.click(shown, label="To the end ⏭")).response
    assert f"**Play {replay.last} of {replay.last}**" in shown.content
    assert "To the end ⏭" in {b["label"] for b in buttons(in_the_last_hand)}
    assert "End of the match" in shown.content
    assert {b["label"] for b in enabled(shown, "rp")} == {"⏮", "◀ Previous"}
    last = await world.ana.click(shown, label="◀ Previous")
    first = await world.ana.click(last.response, label="⏮")
    assert "**First deal**" in first.response.content


async def test_a_replay_shows_only_the_viewers_hand(world):
    await record_history(world, count=1, logged=(0,))
    replay = Replay.build(await world.env.bot.storage.match_log("h0"))
    display = world.env.bot.card_emojis
    step = replay.step(3)
    ana_cards = " ".join(display.inline(c) for c in sorted(step.game.hands[0]))
    for viewer, expected in (
        (world.ana, [f"<@{world.ana.id}>'s hand: {ana_cards}"]),
        (world.carla, []),
    ):
        listed = await viewer.slash(world.channel, "cuarenta history", user=world.ana)
        shown = (await viewer.click(listed.response, label="🎬 1")).response
        for _ in range(3):
            shown = (await viewer.click(shown, label="Next ▶")).response
        assert "**Play 3 of" in shown.content
        assert hand_lines(shown.content) == expected
        assert "Other players' hands are not shown" in shown.content


async def test_with_the_server_setting_on_a_replay_shows_every_hand(world):
    await record_history(world, count=1, logged=(0,))
    replay = Replay.build(await world.env.bot.storage.match_log("h0"))
    display = world.env.bot.card_emojis
    admins = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    configured = await dora.slash(world.channel, "cuarenta config", replay_all_hands=True)
    assert "replays show all hands on" in configured.response.content
    listed = await world.carla.slash(world.channel, "cuarenta history", user=world.ana)
    shown = (await world.carla.click(listed.response, label="🎬 1")).response
    game = replay.step(0).game
    assert hand_lines(shown.content) == [
        f"<@{world.ana.id}>'s hand: {' '.join(display.inline(c) for c in sorted(game.hands[0]))}",
        f"<@{world.beto.id}>'s hand: {' '.join(display.inline(c) for c in sorted(game.hands[1]))}",
    ]
    assert "not shown" not in shown.content


async def test_a_match_without_a_replay_says_so(world):
    await record_history(world, count=2, logged=(1,))
    listed = await world.ana.slash(world.channel, "cuarenta history")
    replays = [b for b in buttons(listed.response) if b["custom_id"].endswith(":open")]
    assert [bool(b.get("disabled")) for b in replays] == [False, True]  # newest first
    storage = world.env.bot.storage
    storage.keep_moves_days = 0  # the log is forgotten while the history is on screen
    assert await storage.prune_move_logs() == 1
    forced = await world.ana.click(listed.response, label="🎬 1")
    assert forced.ephemeral and "has no replay" in forced.response.content


def test_a_replay_rebuilds_the_recorded_game():
    match = played_match("x", 1, 10, 20, 0.0)
    log = MatchLog(
        match_id="x", guild_id=1, finished_at=0.0, rules="quito", rule_options=match.rule_options,
        players=2, seed=match.seed,
        seats=(LoggedSeat(0, 10, None, ""), LoggedSeat(1, 20, None, "")),
        moves=match.moves, outcome=MatchOutcome.PLAYED, winner_side=match.winner_side,
    )  # fmt: skip
    replay = Replay.build(log)
    game = Game.new(players=2, rules=RULES, seed=match.seed)
    for number, text in enumerate(match.moves, start=1):
        game.play(Move.parse(text))
        if number % 17 == 0 or number == replay.last:
            assert replay.step(number).game.to_dict() == game.to_dict()
    assert replay.step(replay.last).game.winner == match.winner_side
    assert replay.hand_starts[0] == 0 and len(replay.hand_starts) > 1
    assert replay.step(-5).number == 0 and replay.step(10**6).number == replay.last


def test_the_replay_cache_keeps_the_latest_and_databases_apart():
    def replay_of(match_id):
        log = MatchLog(
            match_id=match_id, guild_id=1, finished_at=0.0, rules="quito", rule_options={},
            players=2, seed=1, seats=(), moves=(), outcome=MatchOutcome.PLAYED, winner_side=0,
        )  # fmt: skip
        return Replay(log, (), (), (0,), (0,))

    cache = ReplayCache(size=2)
    first, second, third = replay_of("a"), replay_of("b"), replay_of("c")
    cache.put("one.db", first)
    cache.put("one.db", second)
    assert cache.get("one.db", "a") is first  # now the most recently used
    assert cache.get("two.db", "a") is None
    cache.put("one.db", third)
    assert cache.get("one.db", "b") is None
    assert cache.get("one.db", "a") is first and cache.get("one.db", "c") is third


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_review_asked_for_a_match_it_cannot_review_says_why(world, lang):
    await in_language(world, lang)
    await record_history(world, count=1, logged=())  # her only match kept no plays
    nothing = await world.ana.slash(world.channel, "cuarenta review", match="1")
    assert nothing.ephemeral and nothing.response.content == t("refuse.review_no_moves", lang)
    unknown = await world.ana.slash(world.channel, "cuarenta review", match="zz9")
    assert unknown.response.content == t("refuse.review_unknown", lang)
    too_far = await world.ana.slash(world.channel, "cuarenta review", match="7")
    assert too_far.response.content == t("refuse.review_unknown", lang)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_replay_tells_the_moves_the_timer_or_a_bot_made_for_a_player(world, lang):
    """Move 1 played by the timer, move 2 by the bot that took the seat: the replay says
    so, in the words the live table used; the players' own moves are told plainly."""
    await in_language(world, lang)
    match = played_match("h0", world.guild.id, world.ana.id, world.beto.id, time.time())
    await world.env.bot.storage.record_match(replace(match, stand_ins={0: "timeout", 1: "bot"}))
    log = await world.env.bot.storage.match_log("h0")
    first = Replay.build(log).step(1).game
    shown = await world.ana.slash(world.channel, "cuarenta history")
    step = (await world.ana.click(shown.response, label="🎬 1")).response
    told = []
    for _ in range(3):
        step = (await world.ana.click(step, label=t("button.next", lang))).response
        told.append(step.content)
    assert t("event.auto", lang) in told[0]
    mover = first.to_play  # who made move 2: the seat to play after move 1
    stand_in = t("table.bot_for", lang, who=f"<@{[world.ana.id, world.beto.id][mover]}>")
    assert stand_in in told[1] and t("event.auto", lang) not in told[1]
    assert t("event.auto", lang) not in told[2] and "🤖" not in told[2]


@pytest.mark.parametrize("lang", ["es"])  # (the English words: test_review_words.py)
async def test_a_replaced_players_review_rates_only_the_moves_she_made(world, lang):
    """Ana's first two moves of the second half were the timer's, the rest the bot's that
    took her seat: her accuracy, her count and her costliest moves are of her own moves;
    the others are counted apart, and she is "you", not "🤖 in place of @ana"."""
    await in_language(world, lang)
    match = played_match("h0", world.guild.id, world.ana.id, world.beto.id, time.time())
    game = Game.new(players=2, rules=RULES, seed=match.seed)
    hers = []
    for index, text in enumerate(match.moves):
        if game.to_play == 0:
            hers.append(index)
        game.play(Move.parse(text))
    later = hers[len(hers) // 2 :]
    stand_ins = {index: "timeout" for index in later[:2]} | {i: "bot" for i in later[2:]}
    await world.env.bot.storage.record_match(replace(match, stand_ins=stand_ins))
    log = await world.env.bot.storage.match_log("h0")
    found = await world.env.bot.services.get(Reviews).of(Reviewed.of_log(log, 0, lang))
    own = [d for d in found.seats[0].decisions if d.index not in stand_ins]
    assert len(own) < found.seats[0].judged  # (some of her judged moves were not hers)

    shown = await world.ana.slash(world.channel, "cuarenta review", match="h0")
    content = shown.response.content
    you = f"{t('review.you', lang)}: **"
    mine = next(line for line in content.splitlines() if line.startswith(you))
    assert tn("review.moves", lang, len(own)) in mine
    assert tn("review.stood_in.bot", lang, len(later) - 2) in mine
    assert tn("review.stood_in.timeout", lang, 2) in mine
    assert t("table.bot_for", lang, who=f"<@{world.ana.id}>") not in content
    costly_turns = {d.index for d in found.seats[0].decisions if d.index in stand_ins}
    assert costly_turns  # the bot's moves were judged, but are not hers to answer for
    told = [line for line in content.splitlines() if line[:3] in ("1. ", "2. ", "3. ")]
    expected = sorted(own, key=lambda d: (-d.loss, d.index))[: len(told)]
    for line, decision in zip(told, expected, strict=True):
        assert "–".join(map(str, decision.scores)) in line


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_a_history_row_gives_each_chicas_score_not_a_sum(world, lang):
    """Players remember "14–40, 8–50", not the sum of their points over the chicas: each
    chica's final score, the player's side first as in "chicas 0–2"; a match whose moves
    were not kept shows how many chicas each side won, and no sum."""
    await in_language(world, lang)
    storage = world.env.bot.storage
    ana, beto = world.ana.id, world.beto.id
    two_chicas = played_match("h0", world.guild.id, ana, beto, time.time() - 60, Rules())
    await storage.record_match(two_chicas)
    unlogged = played_match("h1", world.guild.id, ana, beto, time.time() - 120)
    await storage.record_match(replace(unlogged, seed=None, moves=None))
    game = Game.new(players=2, rules=Rules(), seed=two_chicas.seed)
    for move in two_chicas.moves:
        game.play(Move.parse(move))
    assert len(game.chica_history) >= 2
    for player, side in ((world.ana, 0), (world.beto, 1)):
        shown = await player.slash(world.channel, "cuarenta history")
        rows = [line for line in shown.response.content.splitlines() if line.startswith("**")]
        told = ", ".join(f"{c[side]}–{c[1 - side]}" for c in game.chica_history)
        won, lost = game.chicas[side], game.chicas[1 - side]
        assert rows[0].endswith(f" · chicas {won}–{lost} ({told})")
        mine = unlogged.results[side]
        assert rows[1].endswith(f" · chicas {mine.chicas_won}–{mine.chicas_lost}")
        assert t("word.perro.other", lang) not in shown.response.content  # no sum of points


async def test_a_replay_shows_a_hand_in_the_order_the_live_hand_did(world):
    """The live hand and the replay's hand list the same cards in the same order (by rank),
    not the replay in the order they were dealt."""
    await world.ana.slash(
        world.channel, "cuarenta start", mode="bot", bot_level="easy", length="one"
    )
    session = only_session(world.env)
    dealt = list(session.game.hands[0])
    assert dealt != sorted(dealt), "the first hand was dealt in order: pick another game"
    live = cards_in(await open_hand(world, world.ana, session))
    await play_until_over(world, [world.ana], session.session_id)
    await world.env.settle()
    history = await world.ana.slash(world.channel, "cuarenta history")
    opened = await world.ana.click(history.response, label="🎬 1")
    display = world.env.bot.card_emojis
    who = f"<@{world.ana.id}>"
    hand = t("replay.hand", "en", who=who, cards=" ".join(display.inline(c) for c in live))
    assert hand in opened.response.content.splitlines()
