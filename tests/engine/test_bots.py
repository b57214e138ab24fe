"""Computer opponents: legal moves, determinism, no peeking, and a few obvious positions.

These tests check behaviour only; strength and speed are measured by bench/arena.py.
"""

from __future__ import annotations

import copy
import random

import pytest

from engine import Bot, BotLevel, Card, Game, Move, Rules
from engine.ai.memory import Memory
from engine.cards import parse_cards

HONEST = ("random", "easy", "normal", "expert")
ALL = (*HONEST, "oracle")
BUDGET = 15  # ms: small, to keep the tests fast
QUICK = 3  # ms: for what holds at any budget (legal, private, repeatable), not for strength
RULE_SETS = (
    Rules(),
    Rules.preset("cuenca"),
    Rules(sum_cards=None, lock_at=30, leftovers="last_capturer", doble_ronda=4),
    Rules(caidas_seguidas=3, carton_at_lock=True, ronda_points=4),
)


def bot(level: str, seed: int = 7, budget_ms: float = BUDGET) -> Bot:
    return Bot(level, seed=seed, budget_ms=budget_ms)


def random_states(players: int, count: int, seed: int) -> list[Game]:
    """Positions reached by random play, under varied rules, some near the 38 lock."""
    rng = random.Random(seed)
    states: list[Game] = []
    game = Game.new(players, RULE_SETS[0], seed=seed)
    while len(states) < count:
        if game.winner is not None or game.chica_history:
            rules = RULE_SETS[len(states) % len(RULE_SETS)]
            game = Game.new(players, rules, seed=rng.randrange(10**9))
            if rng.random() < 0.3:
                game.points = [rng.randrange(30, 40), rng.randrange(20, 40)]
        if rng.random() < 0.25:
            states.append(game.copy())
        game.play(rng.choice(game.legal_moves()))
    return states


def shuffle_hidden(game: Game, rng: random.Random) -> Game:
    """The same position with the cards the seat to play cannot see dealt differently."""
    other = game.copy()
    seat = other.to_play
    hidden = [c for s, hand in enumerate(other.hands) if s != seat for c in hand] + other.stock
    rng.shuffle(hidden)
    cards = iter(hidden)
    for s in range(other.players):
        if s != seat:
            other.hands[s] = [next(cards) for _ in other.hands[s]]
    other.stock = [next(cards) for _ in other.stock]
    return other


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ALL)
def test_every_level_plays_a_legal_move(level: str, players: int) -> None:
    for index, game in enumerate(random_states(players, 40, seed=players)):
        before = game.to_dict()
        move = bot(level, seed=index, budget_ms=QUICK).choose(game)
        assert move in game.legal_moves()
        assert game.to_dict() == before, "choose() must not change the game"
        game.play(move)


@pytest.mark.parametrize("level", ALL)
def test_a_fresh_bot_with_the_same_seed_chooses_the_same(level: str) -> None:
    for index, game in enumerate(random_states(2, 12, seed=11) + random_states(4, 6, seed=12)):
        first = bot(level, seed=index, budget_ms=QUICK).choose(game)
        again = bot(level, seed=index, budget_ms=QUICK)
        assert again.choose(game) == first
        assert again.choose(game.copy()) == first


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", HONEST)
def test_no_peeking_at_hidden_cards(level: str, players: int) -> None:
    """Dealing the unseen cards (other hands, stock) differently never changes a choice."""
    rng = random.Random(5)
    for index, game in enumerate(random_states(players, 25, seed=20 + players)):
        choice = bot(level, seed=index, budget_ms=QUICK).choose(game)
        for _ in range(2):
            assert (
                bot(level, seed=index, budget_ms=QUICK).choose(shuffle_hidden(game, rng)) == choice
            )


def position(hand: str, table: str, other: str, last: str | None = None, **kw) -> Game:
    """A 2-player position: seat 0 to play with `hand`; seat 1 holds `other`."""
    return Game.from_position(
        Rules(),
        hands=[parse_cards(hand), parse_cards(other)],
        table=parse_cards(table),
        to_play=0,
        last_played=None if last is None else Card.parse(last),
        **kw,
    )


@pytest.mark.parametrize("level", ["easy", "normal", "expert", "oracle"])
def test_takes_an_obvious_caida(level: str) -> None:
    game = position("4h 7s Kd", "4c 2s", "5s 6s Jd", last="4c")
    assert bot(level).choose(game) == Move(Card.parse("4h"), frozenset([Card.parse("4c")]))


@pytest.mark.parametrize("level", ["easy", "normal", "expert", "oracle"])
def test_takes_an_obvious_limpia(level: str) -> None:
    game = position("5h Jc Qd", "2s 3d", "As 6s Kd")
    assert bot(level).choose(game) == Move(Card.parse("5h"), frozenset(parse_cards("2s 3d")))


@pytest.mark.parametrize("level", ["easy", "normal", "expert", "oracle"])
def test_at_38_only_the_caida_counts_and_it_wins(level: str) -> None:
    """Three cards by a sum score nothing at 38; the caída wins the chica."""
    game = position("5h 7c", "5s 3d 4c", "Kd Qd", last="5s", scores=(38, 30))
    assert bot(level).choose(game) == Move(Card.parse("5h"), frozenset([Card.parse("5s")]))


@pytest.mark.parametrize("level", ["normal", "expert", "oracle"])
def test_does_not_drop_a_card_the_opponent_can_fall_on(level: str) -> None:
    """Holding every king, dropping a king is safe; a 5 on the empty table is a gift."""
    game = position("Kh Ks Kd Kc 5c", "", "5s 5d 2h 3h Js")
    assert bot(level).choose(game) in [Move(Card.parse(k)) for k in ("Kh", "Ks", "Kd", "Kc")]


@pytest.mark.parametrize("level", ["expert", "oracle"])
def test_four_players_take_a_caida_for_the_team(level: str) -> None:
    game = Game.from_position(
        Rules(),
        hands=[parse_cards(h) for h in ("3s", "2c", "6h Kd", "4c Qd")],
        table=parse_cards("6c Jh"),
        to_play=2,
        dealer=3,
        last_played=Card.parse("6c"),
        captured=(10, 12),
    )
    move = bot(level).choose(game)
    assert move.card == Card.parse("6h") and Card.parse("6c") in move.takes


def test_the_oracle_sees_the_hidden_hand() -> None:
    """Which drop is safe depends on the opponent's cards: only the oracle knows them."""
    safe_king = position("5h Kd", "Jc", "5s", last="Jc", dealer=0)
    safe_five = position("5h Kd", "Jc", "Ks", last="Jc", dealer=0)
    assert bot("oracle").choose(safe_king) == Move(Card.parse("Kd"))
    assert bot("oracle").choose(safe_five) == Move(Card.parse("5h"))


def test_unknown_level_and_finished_match_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        Bot("grandmaster")
    game = position("5h", "5s", "Kd", last="5s", scores=(38, 0), chicas=(1, 0))
    game.play(Move(Card.parse("5h"), frozenset([Card.parse("5s")])))
    assert game.winner == 0
    with pytest.raises(ValueError, match="over"):
        Bot("easy").choose(game)


def play_along(players: int, level: str, seed: int, moves: int):
    """A game where one persistent Bot per seat plays `moves` moves (an expert watching
    every play, at the QUICK budget); yields before each."""
    game = Game.new(players, Rules(), seed=seed)
    bots = [bot(level, seed=seat, budget_ms=QUICK) for seat in range(players)]
    for _ in range(moves):
        if game.chica_history:
            return
        yield game, bots[game.to_play]
        move = bots[game.to_play].choose(game)
        game.play(move)


def play_counting(game: Game, move: Move, captured: list[int]) -> list[int]:
    """Play `move`; the ranks captured so far this hand (`captured`, counted on)."""
    hand = game.hand_number
    for event in game.play(move):
        if event.kind == "capture":
            for card in (event.card, *event.takes):
                captured[card.rank] += 1
    return captured if game.hand_number == hand else [0] * 11


@pytest.mark.parametrize("overruled", [0.0, 0.3])
@pytest.mark.parametrize("players", [2, 4])
def test_memory_holds_only_cards_seen_captured(players: int, overruled: float) -> None:
    """A bot's memory of the hand never names a card that was not captured in sight,
    even when some of its choices are not the moves played (`overruled`)."""
    rng = random.Random(players)
    known = total = 0
    for seed in range(6):
        game = Game.new(players, Rules(), seed=seed)
        bots = [bot("normal", seed=seat) for seat in range(players)]
        captured = [0] * 11
        while not game.chica_history:
            seat_bot = bots[game.to_play]
            gone = seat_bot.memory.recall(game)
            assert all(gone[r] <= captured[r] for r in range(11))
            known += sum(gone)
            total += sum(captured)
            move = seat_bot.choose(game)
            if rng.random() < overruled:
                move = rng.choice(game.legal_moves())
            captured = play_counting(game, move, captured)
    if not overruled:
        assert known > (0.9 if players == 2 else 0.4) * total


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ["normal", "expert"])
def test_no_peeking_with_memory(level: str, players: int) -> None:
    """A bot that has watched the game still ignores how the unseen cards lie."""
    rng = random.Random(3)
    for step, (game, seat_bot) in enumerate(play_along(players, level, seed=4, moves=60)):
        if step % 3:
            continue
        twin = copy.deepcopy(seat_bot)
        assert twin.choose(shuffle_hidden(game, rng)) == copy.deepcopy(seat_bot).choose(game)


def test_a_replayed_game_is_replayed_move_for_move() -> None:
    first = [str(b.choose(g)) for g, b in play_along(2, "expert", seed=9, moves=40)]
    again = [str(b.choose(g)) for g, b in play_along(2, "expert", seed=9, moves=40)]
    assert first == again


def test_memory_starts_over_in_another_game() -> None:
    bots = {}
    for game, seat_bot in play_along(2, "normal", seed=1, moves=25):
        bots[game.to_play] = seat_bot
    assert any(bots[0].memory.gone)
    assert bots[0].memory.recall(Game.new(2, Rules(), seed=2)) == [0] * 11


@pytest.mark.parametrize("players", [2, 4])
def test_a_watching_expert_knows_every_captured_card(players: int) -> None:
    """Shown every play, the expert's memory is exactly the cards captured this hand."""
    game = Game.new(players, Rules(), seed=players)
    watcher = Memory()  # as the expert's, which watches every play
    players_bots = [bot("easy", seed=seat) for seat in range(players)]
    captured = [0] * 11
    checked = 0
    while not game.chica_history:
        gone = watcher.recall(game)
        if watcher.lacking(game) is not None:
            assert gone == captured
            checked += 1
        move = players_bots[game.to_play].choose(game)
        watcher.observe(game, move)
        captured = play_counting(game, move, captured)
    assert checked > 50


@pytest.mark.parametrize("players", [2, 4])
def test_what_a_watching_expert_suspects_is_true_of_greedy_players(players: int) -> None:
    """The easy level always scores the most it can, so every rank the expert suspects a
    seat of lacking (it scored less than that rank could have) is truly not in its hand."""
    suspected = 0
    for seed in range(4):
        game = Game.new(players, Rules(), seed=seed)
        watcher = Memory()  # as the expert's, which watches every play
        greedy = [bot("easy", seed=seat) for seat in range(players)]
        while not game.chica_history:
            lacking = watcher.lacking(game)
            for seat, ranks in enumerate(lacking or []):
                held = {card.rank for card in game.hands[seat]}
                for rank in range(1, 11):
                    if ranks[rank]:
                        suspected += 1
                        assert rank not in held, (seat, rank, game.hands[seat])
            move = greedy[game.to_play].choose(game)
            watcher.observe(game, move)
            game.play(move)
    assert suspected > 100


def test_a_bot_new_at_the_table_catches_up_with_the_plays_it_missed() -> None:
    """An expert made mid-match (a restart) watches the match from its first play before
    it chooses: it remembers what an expert that watched all along remembers, and chooses
    the same."""
    game = Game.new(4, Rules(), seed=8)
    players = [bot("normal", seed=seat) for seat in range(4)]
    live = bot("expert")
    for step in range(70):
        if step % 7 == 3:
            live.choose(game)  # it watches the plays since its last choice, then chooses
        game.play(players[game.to_play].choose(game))
    late = bot("expert")
    assert late.choose(game) == live.choose(game)
    assert late.memory.recall(game) == live.memory.recall(game)
    assert late.memory.lacking(game) == live.memory.lacking(game)
    assert late.memory.reading(game) == live.memory.reading(game)
    assert any(late.memory.recall(game))
    memory = late.memory
    late.choose(game)
    assert late.memory is memory, "nothing new: nothing watched again"
    assert late.memory.recall(game) == live.memory.recall(game)


def test_a_bot_starts_over_in_another_game_or_an_earlier_one() -> None:
    """Shown another match, or this one from fewer plays (a table restored from an older
    save), the expert watches that game from its first play: it knows what a Bot new at
    that table knows."""
    game = Game.new(2, Rules(), seed=3)
    players = [bot("normal", seed=seat) for seat in range(2)]
    for _ in range(30):
        game.play(players[game.to_play].choose(game))
    earlier = game.copy()
    for _ in range(12):
        game.play(players[game.to_play].choose(game))
    other = Game.new(2, Rules(), seed=4)
    for _ in range(9):
        other.play(players[other.to_play].choose(other))
    expert = bot("expert")
    for shown in (game, other, earlier, game):
        expert.choose(shown)
        fresh = bot("expert")
        fresh.choose(shown)
        assert expert.memory.recall(shown) == fresh.memory.recall(shown)
        assert expert.memory.lacking(shown) == fresh.memory.lacking(shown)
        assert expert.memory.reading(shown) == fresh.memory.reading(shown)
        assert expert.memory.lacking(shown) is not None  # it watched


def test_a_bot_plays_a_game_that_does_not_know_its_plays() -> None:
    """A game built from a position, or changed by hand (its plays do not lead to it), is
    not watched: the expert plays it as it would without the plays, soundly."""
    game = Game.new(2, Rules(), seed=6)
    players = [bot("normal", seed=seat) for seat in range(2)]
    for _ in range(15):
        game.play(players[game.to_play].choose(game))
    changed = game.copy()
    changed.points = [30, 12]  # not what its plays scored
    unknown = forgetting(changed)
    assert unknown.moves is None and changed.moves is not None
    assert bot("expert").choose(changed) == bot("expert").choose(unknown)
    expert = bot("expert")
    assert expert.choose(changed) in changed.legal_moves()
    assert expert.memory.lacking(changed) is None  # nothing watched


def forgetting(game: Game) -> Game:
    """The same game, not knowing its plays (as a save from before games kept them)."""
    data = game.to_dict()
    del data["moves"]
    return Game.from_dict(data)


def test_choosing_alone_plays_as_watching_every_play() -> None:
    """Four experts that only choose (each learns the plays from the game) make the same
    moves, a whole chica long, as four shown every play by hand on a game that does not
    know its plays (as the bots were shown them before games kept them)."""

    def arena(by_hand: bool) -> list[str]:
        played: list[str] = []
        for seed in (1,):
            game = Game.new(4, Rules(), seed=seed)
            if by_hand:
                game = forgetting(game)
            bots = [Bot("expert", seed=seed * 4 + seat, budget_ms=3) for seat in range(4)]
            while not game.chica_history:
                move = bots[game.to_play].choose(game)
                if by_hand:
                    for watcher in bots:
                        watcher.memory.observe(game, move)
                played.append(str(move))
                game.play(move)
        return played

    assert arena(by_hand=False) == arena(by_hand=True)


def test_bot_levels() -> None:
    assert [str(level) for level in BotLevel] == ["random", "easy", "normal", "expert", "oracle"]
    assert BotLevel.offered() == ("easy", "normal", "expert")
    assert [Bot(level).searches for level in BotLevel] == [False, False, False, True, True]
    assert Bot("expert").level is BotLevel.EXPERT and Bot("expert").level == "expert"


@pytest.mark.parametrize("players", [2, 4])
def test_watching_reads_only_what_the_table_shows(players: int) -> None:
    """A memory shown each play of a game where the other hands and the stock lie
    differently ends up the same (the cards gone, the suspicions, the reading of the
    plays): observe reads the table and the play, nothing hidden."""
    rng = random.Random(players)
    game = Game.new(players, Rules(), seed=11)
    players_bots = [bot("normal", seed=seat) for seat in range(players)]
    seen, twin = Memory(), Memory()
    for _ in range(150):
        if game.chica_history:
            break
        move = players_bots[game.to_play].choose(game)
        seen.observe(game, move)
        twin.observe(shuffle_hidden(game, rng), move)
        assert twin.recall(game) == seen.recall(game)
        assert twin.lacking(game) == seen.lacking(game)
        assert twin.reading(game) == seen.reading(game)
        game.play(move)
