"""The foreign opponents of bench/foreign.py: legal moves, no peeking, and the careful
player leaves no caída it can see; bench/arena.py's cheaper paired comparison of the
expert with expert-reading; and bench/regret.py's positions played by any of them."""

from __future__ import annotations

import math
import random

import pytest

from bench.arena import TUNED, Job, Player, parse_tune, play_chica
from bench.foreign import FOREIGN, Foreign
from bench.reading_info import true_hand_log_chance
from bench.regret import positions
from engine import Bot, Game, Move, Rules
from engine.ai import search
from engine.ai.memory import Memory
from engine.ai.sim import counts
from engine.ai.view import SeatView
from tests.engine.test_bots import random_states, shuffle_hidden


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("style", FOREIGN)
def test_each_plays_legally_and_only_from_its_seat(style: str, players: int) -> None:
    """A legal move, the game unchanged; dealing the unseen cards differently changes no
    choice."""
    rng = random.Random(3)
    for index, game in enumerate(random_states(players, 12, seed=40 + players)):
        before = game.to_dict()
        move = Foreign(style, index).choose(game)
        assert move in game.legal_moves()
        assert game.to_dict() == before
        assert Foreign(style, index).choose(shuffle_hidden(game, rng)) == move


def test_the_careful_player_drops_no_rank_it_has_not_seen_all_of() -> None:
    """With no capture, it drops a rank whose other cards it has all seen, if it holds one:
    nobody can take it by caída."""
    checked = 0
    for seed in range(6):
        game = Game.new(2, Rules(), seed=seed)
        players = [Foreign("careful", 0), Foreign("noisy", 1)]
        while not game.chica_history:
            seat = game.to_play
            move = players[seat].choose(game)
            if seat == 0 and not any(m.takes for m in game.legal_moves()):
                hand, table = counts(game.hands[0]), counts(game.table)
                gone = players[0]._watch(game)
                safe = [r for r in range(1, 11) if hand[r] and hand[r] + table[r] + gone[r] == 4]
                if safe:
                    checked += 1
                    assert move.card.rank in safe
            game.play(move)
    assert checked >= 5


def test_the_arena_replays_expert_reading_only_from_the_experts_first_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """bench/arena.py's shortcut (play_pair): the expert and expert-reading play a chica
    alike until the expert first answers a read style, and expert-reading taking the
    chica up from there ends it exactly as playing it whole does: the same plays, so the
    same outcome and paired difference."""
    monkeypatch.setattr(search, "FUSE_FLOOR_MS", 1e9)  # no time limits: repeatable
    monkeypatch.setattr(search, "THINK_LIMIT_MS", 1e9)
    job = Job(("expert", "careful"), 4, 2, 1.0, False, Rules(), "expert-reading")
    mine = play_chica(job, 0)
    assert mine.first_answer is not None and mine.answered > 0
    reading = job._replace(levels=("expert-reading", "careful"))
    whole, taken_up = play_chica(reading, 0), play_chica(reading, 0, fork=mine)
    assert whole.moves[: mine.first_answer] == mine.moves[: mine.first_answer]
    assert whole.moves != mine.moves  # answering the style changed the chica
    assert (taken_up.won, taken_up.margin, taken_up.moves) == (
        whole.won,
        whole.margin,
        whole.moves,
    )
    assert len(taken_up.times_a) == len(whole.times_a)


def test_the_tuned_expert_changes_a_constant_only_while_it_chooses() -> None:
    """`--tune search.MAX_WORLDS=2`: the expert-tuned level chooses with it, and leaves
    the module as it found it."""
    assert parse_tune("search.MAX_WORLDS = 2") == ("search", "MAX_WORLDS", 2)
    with pytest.raises(ValueError):
        parse_tune("MAX_WORLDS=2")
    seen: list[int] = []
    kept = search.MAX_WORLDS

    class Spy(Bot):
        def choose(self, game: Game) -> Move:
            seen.append(search.MAX_WORLDS)
            return super().choose(game)

    player = Player(TUNED, 0, 1.0, (parse_tune("search.MAX_WORLDS=2"),))
    player.player = Spy("expert", 0, 1.0)
    game = Game.new(2, Rules(), seed=1)
    assert player.choose(game) in game.legal_moves()
    assert seen == [2]
    assert kept == search.MAX_WORLDS


def test_regret_takes_its_positions_from_chicas_the_chosen_player_played() -> None:
    """Each position is where that player's own chica stood: its plays so far are the
    ones fresh players of that level choose again from the deal."""
    games = positions(4, 3, seed=2, played_by="careful")
    assert len(games) == 3
    for game in games:
        replay = Game.new(4, Rules(), seed=game.seed)
        players = [Player("careful", seat, None) for seat in range(4)]
        assert game.moves is not None
        for move in game.moves:
            assert players[replay.to_play].choose(replay) == move
            replay.play(move)
    assert [game.moves for game in positions(4, 3, seed=2)] != [game.moves for game in games]


def test_reading_info_scores_the_true_hand_as_the_unseen_cards_make_it_without_reading() -> None:
    """With no reading, the true hand's chance is its share of the ways to deal the
    opponent's cards from the unseen ones; a reading only moves that weight around."""
    game = Game.new(2, Rules(), seed=7)
    players = [Player("pimc", seat, None) for seat in (0, 1)]
    memory = Memory()
    checked = 0
    while not game.chica_history and checked < 6:
        if game.to_play == 0 and len(game.legal_moves()) > 1:
            unseen = SeatView(game, gone=memory.recall(game)).unseen
            hand = counts(game.hands[1])
            ways = math.prod(math.comb(unseen[rank], hand[rank]) for rank in range(11))
            size = len(game.hands[1])
            share = ways / math.comb(sum(unseen), size)
            got = true_hand_log_chance(game, memory, "none")
            if got is not None:
                assert got == pytest.approx(math.log(share))
                read = true_hand_log_chance(game, memory, "styles")
                assert read is not None and read <= 0.0
                checked += 1
        move = players[game.to_play].choose(game)
        memory.observe(game, move)
        game.play(move)
    assert checked == 6
