"""Every tournament payload within Discord's limits at the largest sizes a server can
reach: 96 pairs in groups and repechaje, 64 singles in knockout and in Swiss (and 96 of
each), the longest ids and names, every moment from the sign-up to the podium, in both
languages. Each payload goes through tests/discord_limits.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.tournament.messages import (
    bracket_picture,
    call_done_text,
    call_text,
    confirm_leave_payload,
    entry_plain,
    forfeit_consequence,
    invite_payload,
    match_over_lines,
    message_link,
    my_table_text,
    partner_payload,
    past_text,
    podium_lines,
    remove_menu,
    thread_name,
    tournament_payload,
)
from i18n import t
from tables.tournament import Format, How, Tournament, TournamentPhase, TournamentSettings
from tests import discord_limits as limits

LONGEST_ID = 10**19 - 1  # 19 digits: the longest snowflake a mention will carry soon
LONG_NAME = "maximiliano_fernandez_loor_2026"  # 31 characters (32 is Discord's most)
HOST = LONGEST_ID - 1


def big(fmt: Format, pairs: bool, count: int, lang: str, bots: int = 0) -> Tournament:
    made = Tournament.new(
        guild_id=LONGEST_ID, channel_id=LONGEST_ID - 2, host_id=HOST, lang=lang,
        settings=TournamentSettings(
            format=fmt, size=count, team_size=2 if pairs else 1, rules_name="quito",
        ),
        now=0.0,
    )  # fmt: skip
    for index in range(count - bots):
        user = LONGEST_ID - 10 - 2 * index
        name = f"{LONG_NAME}{index % 10}"
        if pairs:
            made.invite(user, name, user - 1, name[::-1], 0.0)
            made.answer_invite(user - 1, user, True, 0.0)
        else:
            made.join(user, name)
    made.fill_with_bots(HOST)
    return made


def check(payload) -> None:
    limits.check(payload)


def check_text(text: str) -> None:
    limits.check({"content": text})


def check_everything(made: Tournament, lang: str) -> None:
    check(tournament_payload(made, lang))
    current = made.current
    if current is None:
        return
    for pairing in current.pairings:
        if pairing.b is not None:
            assert limits.thread_name_violations(thread_name(made, pairing, current, lang)) == []
            check_text(call_text(made, pairing, current, lang))
        check_text("\n".join(match_over_lines(made, pairing, lang)))
        if pairing.done and pairing.b is not None:
            check_text(call_done_text(made, pairing, lang))
    for entry in made.entries[:: max(1, len(made.entries) // 6)]:
        for user in entry.members:
            check_text(my_table_text(made, user, lang))


def play_through(made: Tournament, lang: str, seed: int, every: int = 1) -> None:
    """Every match decided in turn (played, given up, no-show, stopped), the payloads
    checked after every `every` results and at each round's start and end."""
    rng = random.Random(seed)
    made.start(HOST, 0.0)
    tables = 0
    while made.phase == TournamentPhase.RUNNING:
        for pairing in made.to_open():
            tables += 1
            pairing.table_id = f"t{tables}"
            pairing.thread_id, pairing.opened_at = LONGEST_ID - 5000 - tables, 1.0
        check_everything(made, lang)
        open_ = [p for p in made.current.pairings if not p.done]
        for done, pairing in enumerate(open_, 1):
            side = rng.randrange(2)
            how = rng.choice([How.PLAYED, How.PLAYED, How.GAVE_UP, How.NO_SHOW, How.STOPPED])
            chicas = [0, 0] if how.is_walkover else ([1, 0] if side == 0 else [0, 1])
            made.record_result(pairing.table_id, side, chicas, [40, 12], how=how)
            if done % every == 0:
                check(tournament_payload(made, lang))
        check_everything(made, lang)
        made.advance()
    assert made.phase == TournamentPhase.FINISHED
    check_everything(made, lang)
    check_text("\n".join(podium_lines(made, lang)))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(
    ("fmt", "pairs", "count"),
    [
        (Format.GROUPS, True, 96),  # the Mundial de 40
        (Format.KNOCKOUT, False, 64),
        (Format.SWISS, False, 64),
    ],
)
def test_the_largest_tournaments_fit_at_every_moment(fmt, pairs, count, lang):
    made = big(fmt, pairs, count, lang, bots=count // 8)
    check(tournament_payload(made, lang))  # the full sign-up
    play_through(made, lang, seed=count, every=3)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_mundial_s_message_tells_the_round_and_how_many_matches_are_left(lang):
    made = big(Format.GROUPS, True, 96, lang)
    made.start(HOST, 0.0)
    for index, pairing in enumerate(made.to_open()):
        pairing.table_id, pairing.thread_id, pairing.opened_at = f"t{index}", 9000 + index, 1.0
    for pairing in made.current.pairings[:5]:
        made.record_result(pairing.table_id, 0, [1, 0], [40, 3])
    text = tournament_payload(made, lang).content
    assert t("tournament.round", lang, number=1, stage=t("tournament.stage.group", lang)) in text
    assert t("tournament.progress.other", lang, done=5, count=48, next=2) in text
    assert any(t("tournament.more_matches.other", lang, count=n) in text for n in range(2, 48))
    assert len(text) <= 2000


@settings(max_examples=25, deadline=None)
@given(
    fmt=st.sampled_from(list(Format)),
    pairs=st.booleans(),
    count=st.integers(2, 96),
    lang=st.sampled_from(["es", "en"]),
    seed=st.integers(0, 1000),
)
def test_any_tournament_fits_at_every_moment(fmt, pairs, count, lang, seed):
    made = big(fmt, pairs, count, lang, bots=seed % (count // 2 + 1))
    check(tournament_payload(made, lang))
    play_through(made, lang, seed, every=max(1, count // 8))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_small_payloads_and_the_champions_fit(lang):
    made = big(Format.KNOCKOUT, True, 96, lang)
    pairs = Tournament.new(
        guild_id=1, channel_id=2, host_id=HOST, lang=lang,
        settings=TournamentSettings(team_size=2), now=0.0,
    )  # fmt: skip
    invite = pairs.invite(LONGEST_ID, LONG_NAME, LONGEST_ID - 1, LONG_NAME, 0.0)
    check(invite_payload(pairs, invite, lang))
    check(partner_payload(pairs, lang))
    check(confirm_leave_payload(made, lang))
    made.start(HOST, 0.0)
    check_text(forfeit_consequence(made, "nothing", lang))
    finished = []
    for seed in range(40):  # more champions than the command reads
        one = big(Format.SWISS, True, 4, lang)
        play_through(one, lang, seed)
        finished.append(one)
    check_text(past_text(finished, lang))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_picture_s_names_are_bots_as_bots(lang):
    made = big(Format.KNOCKOUT, False, 8, lang, bots=4)
    made.start(HOST, 0.0)
    picture = bracket_picture(made, lang)
    names = [name for _, matches in picture.rounds for m in matches for name in (m.a, m.b)]
    bots = {n for e in made.entries if e.is_bot for n in e.names}
    assert all(name.startswith("🤖") for name in names if name and name[2:] in bots)
    assert sum(bool(name) and name.startswith("🤖") for name in names) == 4


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_picture_shows_the_path_to_the_final_walkovers_byes_and_the_champion(lang):
    made = big(Format.KNOCKOUT, False, 13, lang, bots=3)  # 16 places: 3 byes
    made.start(HOST, 0.0)
    for index, pairing in enumerate(made.to_open()):
        pairing.table_id, pairing.opened_at = f"t{index}", 1.0
    made.record_result("t0", 1, [0, 0], [0, 0], how=How.GAVE_UP)
    picture = bracket_picture(made, lang)
    names = [name for name, _ in picture.rounds]
    assert len(names) == 4  # round 1, then the quarter-finals, semi-finals and final to come
    first = picture.rounds[0][1]
    assert sum(m.b is None and m.note == t("tournament.picture_note.bye", lang) for m in first) == 3
    gave_up = next(m for m in first if m.note == t("tournament.picture_note.gave_up", lang))
    assert gave_up.winner == 1 and gave_up.score == ""
    quarter = picture.rounds[1][1]
    assert all(m.slot for m in quarter) and any(any(m.known) for m in quarter)
    assert picture.rounds[-1][1][0].slot and picture.champion is None
    while made.is_running:
        for pairing in made.to_open():
            pairing.table_id, pairing.opened_at = f"x{id(pairing)}", 1.0
        for pairing in [p for p in made.current.pairings if not p.done]:
            made.record_result(pairing.table_id, 0, [1, 0], [40, 0])
        made.advance()
    picture = bracket_picture(made, lang)
    assert not any(m.slot for _, matches in picture.rounds for m in matches)
    champion = made.final_podium().champion
    name = entry_plain(made.entry(champion), lang)
    assert picture.champion == t("tournament.picture_champion", lang, name=name)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("count", [1, 24, 25, 49, 96])
def test_the_removal_menu_reaches_every_entry_by_its_key(count, lang):
    made = big(Format.KNOCKOUT, False, count, lang, bots=count // 3)
    seen: list[str] = []
    page, pages_seen = 0, 0
    while True:
        menu = remove_menu(made, lang, page)
        check({"components": [{"type": 1, "components": [menu]}]})
        values = [option["value"] for option in menu["options"]]
        seen += [v for v in values if not v.startswith("page:")]
        turn = [v for v in values if v.startswith("page:")]
        pages_seen += 1
        if not turn or turn[0] == "page:0":
            break
        page = int(turn[0].split(":")[1])
    assert seen == [entry.key for entry in made.entries]
    assert len(set(seen)) == len(made.entries) == max(2, count)  # (2 places at least)
    assert pages_seen == -(-len(made.entries) // 24)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_bot_champion_is_listed_with_the_best_person(lang):
    made = big(Format.KNOCKOUT, False, 4, lang, bots=3)
    made.start(HOST, 0.0)
    human = next(e.number for e in made.entries if not e.is_bot)
    while made.is_running:
        for index, pairing in enumerate(made.to_open()):
            pairing.table_id, pairing.opened_at = f"r{made.current.number}x{index}", 1.0
            bot_side = 0 if made.entry(pairing.a).is_bot else 1
            made.record_result(pairing.table_id, bot_side, [1, 0], [40, 0])
        made.advance()
    text = past_text([made], lang)
    best = t("tournament.past_best_person", lang, entry=f"<@{made.entry(human).members[0]}>")
    assert made.entry(made.podium()[0]).is_bot and best in text
    assert "((" not in text and "))" not in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_paused_tournament_says_so_in_its_message_and_to_its_players(lang):
    made = big(Format.GROUPS, True, 96, lang)
    made.start(HOST, 0.0)
    made.pause(10.0)
    payload = tournament_payload(made, lang)
    check(payload)
    assert t("tournament.paused", lang) in payload.content
    player = made.entries[0].members[0]
    assert my_table_text(made, player, lang) == t("tournament.paused", lang)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_call_gives_the_show_up_deadline_as_a_time(lang):
    made = big(Format.KNOCKOUT, False, 2, lang)
    (played,) = [made.start(HOST, 0.0)]
    (pairing,) = made.to_open()
    pairing.table_id, pairing.thread_id, pairing.opened_at = "t", 5, 1000.0
    text = call_text(made, pairing, played, lang)
    assert f"<t:{1000 + made.settings.walkover_seconds}:t>" in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_players_are_told_where_they_stand(lang):
    """ "My table" and a match's end: the thread, the rival and the deadline; then who
    goes on, how many matches are left before the next table, who is out; the champion."""
    made = big(Format.KNOCKOUT, False, 8, lang)
    first = made.start(HOST, 0.0).pairings[0]
    for index, pairing in enumerate(made.to_open()):
        pairing.table_id, pairing.thread_id, pairing.opened_at = f"t{index}", 700 + index, 50.0
    ana = made.entry(first.a).members[0]
    rival = f"<@{made.entry(first.b).members[0]}>"
    deadline = f"<t:{50 + made.settings.walkover_seconds}:t>"
    mine = my_table_text(made, ana, lang)
    assert "<#700>" in mine and rival in mine and deadline in mine
    made.record_result("t0", 0, [1, 0], [40, 10])
    assert my_table_text(made, ana, lang) == t(
        "tournament.mine.waiting.other", lang, count=3, next=2
    )
    over = match_over_lines(made, first, lang)
    winner, loser = f"<@{ana}>", rival
    assert over == [
        t(
            "tournament.over.goes_on.other",
            lang,
            count=3,
            entry=winner,
            next=2,
            link=f"<#{made.channel_id}>",
        ),
        t("tournament.over.out", lang, entry=loser, link=f"<#{made.channel_id}>"),
    ]
    assert my_table_text(made, made.entry(first.b).members[0], lang) == t(
        "tournament.mine.out", lang, link=message_link(made)
    )
    while made.is_running:
        for pairing in [p for p in made.current.pairings if not p.done]:
            pairing.table_id = pairing.table_id or f"x{id(pairing)}"
            pairing.opened_at = 60.0
            made.record_result(pairing.table_id, 0, [1, 0], [40, 10])
        made.advance()
    final = made.rounds[-1].pairings[0]
    champion = f"<@{made.entry(made.podium()[0]).members[0]}>"
    assert match_over_lines(made, final, lang)[0] == t(
        "tournament.over.champion", lang, entry=champion
    )
