"""The greedy bot's judgement and the playout helpers the search bots rely on."""

from __future__ import annotations

import random

from boardgamesbot import load_game
from boardgamesbot.bots import make_bot
from boardgamesbot.games.crosswise import policy
from boardgamesbot.games.crosswise.position import compose

GAME = load_game("crosswise")


def test_greedy_takes_a_winning_six() -> None:
    state = GAME.from_position(compose("11111." + "." * 30, ["1234", "2345"]))
    action = policy.greedy_action(state.infoset(0), random.Random(0))
    assert action.code == "1F1"


def test_greedy_blocks_instead_of_leaving_the_opponent_a_six() -> None:
    # columns team (seat 1) has five 2s in column A with A6 open; seat 0 must fill A6
    board = "2....." * 5 + "......"
    state = GAME.from_position(compose(board, ["1345", "2346"]))
    action = policy.greedy_action(state.infoset(0), random.Random(0))
    assert action.code.endswith("A6")


def test_greedy_never_completes_the_opponents_six() -> None:
    board = "2....." * 5 + "......"
    state = GAME.from_position(compose(board, ["2211", "1346"]))  # placing a 2 on A6 would lose at once
    action = policy.greedy_action(state.infoset(0), random.Random(0))
    assert action.code != "2A6"


def test_greedy_beats_random_most_of_the_time() -> None:
    wins = 0
    for i in range(12):
        state = GAME.new(2, seed=i)
        bots = [make_bot("greedy", i), make_bot("random", i)]
        while not state.is_over():
            seat = state.to_move()
            state.apply(bots[seat].choose(state.infoset(seat)))
        wins += state.outcome().winning_teams == (0,)
    assert wins >= 9


def test_rollout_and_evaluate_on_every_player_count() -> None:
    rng = random.Random(4)
    for players in (2, 3, 4):
        state = GAME.new(players, seed=players)
        while not state.is_over():
            values = policy.evaluate(state)
            assert len(values) == players and all(-1 <= v <= 1 for v in values)
            action = policy.rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
