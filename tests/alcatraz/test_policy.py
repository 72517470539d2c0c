"""The greedy bot, the playout move and the leaf value."""

from __future__ import annotations

import random

import pytest

from boardgamesbot.bots import make_bot
from boardgamesbot.core import load_game
from boardgamesbot.games.alcatraz import evaluation, planner, policy

GAME = load_game("alcatraz")


@pytest.mark.parametrize("choose", [policy.greedy_action, planner.planner_action], ids=["greedy", "planner"])
def test_policy_depends_only_on_what_its_seat_knows(choose) -> None:
    state = GAME.new(3, seed=21)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move()
    view = state.view(seat, perfect_memory=True)
    for k in range(4):  # other worlds with the same view: same choice
        other = GAME.determinize(view, random.Random(k))
        assert choose(other.infoset(seat), random.Random(1)) == choose(state.infoset(seat), random.Random(1))


def test_greedy_claims_a_sum_it_knows(build) -> None:
    state = build(["3@0 9@0 1 2", "1 2 3 4"], objectives=(12, 4, 5), phase="after_draw")
    bot = make_bot("greedy", 1)
    assert bot.choose(state.infoset(0)).code == "claim12"
    state.apply("claim12")
    assert bot.choose(state.infoset(0)).code == "use1-2"


def test_greedy_takes_a_discard_that_completes_a_known_sum(build) -> None:
    state = build(["3@0 1 2 2", "1 2 3 4"], objectives=(12, 4, 5), piles=([9], [6]))
    bot = make_bot("greedy", 1)
    assert bot.choose(state.infoset(0)).code == "take1"
    state.apply("take1")
    assert bot.choose(state.infoset(0)).code.startswith("swap2/")


def test_greedy_beats_random() -> None:
    wins = 0
    for game in range(10):
        state = GAME.new(2, seed=game)
        bots = [make_bot("greedy", game), make_bot("random", game)]
        if game % 2:
            bots.reverse()
        while not state.is_over():
            seat = state.to_move()
            state.apply(bots[seat].choose(state.infoset(seat)))
        greedy_seat = game % 2
        wins += state.outcome().winners == (greedy_seat,)
    assert wins >= 8


def test_rollout_moves_are_legal_and_evaluate_is_bounded() -> None:
    rng = random.Random(3)
    for players in (2, 5):
        state = GAME.new(players, seed=players)
        while not state.is_over():
            action = policy.rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
            values = evaluation.evaluate(state)
            assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)


def test_evaluation_values_are_opposed_in_two_player_games() -> None:
    rng = random.Random(5)
    for seed in range(5):
        state = GAME.new(2, seed=seed)
        for _ in range(15 * seed):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            continue
        a, b = evaluation.evaluate(state)
        assert -1 <= a <= 1 and a == pytest.approx(-b)


def test_evaluate_prefers_a_known_scorable_row_and_uses_only_each_seats_knowledge(build) -> None:
    known = build(["3@0 9@0 1 2", "1 2 3 4"], objectives=(12, 4, 5))
    unknown = build(["3 9 1 2", "1 2 3 4"], objectives=(12, 4, 5))
    assert evaluation.evaluate(known)[0] > evaluation.evaluate(unknown)[0]
    row, unseen = evaluation.seat_knowledge(known, 1)
    assert row == [(None, ()), (None, ()), (None, ()), (None, ())]  # seat 1 knows none of its own cards
    assert unseen[3] == 4 and unseen[5] == 3  # and not seat 0's: only the face-up pile tops 5 and 6 are seen


def test_the_search_uses_the_evaluation_the_game_declares() -> None:
    assert GAME.bot_kit().evaluate is evaluation.evaluate
