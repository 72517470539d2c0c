"""Fairness on the real games: what a seat cannot know never changes a bot's move.

For random positions we build states the seat cannot tell apart (samples of its
own view with different rngs, plus the true state) — they differ in other
hands, bag or deck order, unseen face-down cards — and check that a bot with
the same seed picks the same move in each.
"""

from __future__ import annotations

import pytest
from helpers_fair import choices, position, twins
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgamesbot.core import load_game
from boardgamesbot.core.registry import builtin_games

CASES = [
    (name, players, {})
    for name in builtin_games()
    for players in sorted({load_game(name).min_players, load_game(name).max_players})
] + [("crosswise", 3, {}), ("alcatraz", 4, {"wild": True})]


def _seen(state, seat: int) -> dict:
    """The seat's view; the public move log is left out because a sampled state need not carry
    the past (Crosswise samples start a fresh log) and the bots do not read it."""
    return {k: v for k, v in state.view(seat, perfect_memory=True).items() if k != "log"}


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
@settings(max_examples=6)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), a=st.integers(0, 10**6), bot_seed=st.integers(0, 99))
def test_hidden_facts_never_change_the_choice(
    name: str, players: int, variant: dict, seed: int, moves: int, a: int, bot_seed: int
) -> None:
    game = load_game(name)
    state = position(game, players, seed, moves, variant)
    if state.is_over():
        return
    seat = state.to_move()
    one, two = twins(state, seat, a, a + 1)
    assert _seen(one, seat) == _seen(state, seat) == _seen(two, seat)
    for spec in ("ismcts:iterations=12:k=4", "hard:iterations=12", "greedy"):
        assert len(set(choices([state, one, two], seat, spec, bot_seed))) == 1, spec


@pytest.mark.parametrize(("name", "players"), [("crosswise", 2), ("alcatraz", 3)])
def test_twins_differ_in_hidden_facts(name: str, players: int) -> None:
    game = load_game(name)
    state = position(game, players, seed=5, moves=6)
    seat = state.to_move()
    one, two = twins(state, seat, 1, 2)
    assert one.to_position() != two.to_position()  # so the test above compares genuinely different worlds
