"""The search-side Alcatraz evaluation: bounded, zero-sum in two-player games, and knowledge-based."""

from __future__ import annotations

import pytest
from helpers_fair import position

from boardgamesbot.bots.evaluators import search_evaluator
from boardgamesbot.core import load_game


def test_alcatraz_values_are_bounded_and_opposed() -> None:
    game = load_game("alcatraz")
    evaluate = search_evaluator("alcatraz")
    assert evaluate is not None
    for seed in range(5):
        state = position(game, 2, seed=seed, moves=15 * seed)
        if state.is_over():
            continue
        a, b = evaluate(state)
        assert -1 <= a <= 1 and a == pytest.approx(-b)


def test_games_without_a_search_evaluation_use_their_policy() -> None:
    assert search_evaluator("crosswise") is None
