"""The engine's caches (view parts kept per state version and shared by clones, samplers that share a frozen
snapshot's lists) never show a stale or foreign fact: every view equals the view of the same position rebuilt
from its text, which has nothing cached."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgamesbot import load_game
from boardgamesbot.games.crosswise.state import CrosswiseState

VARIANTS: list[dict[str, Any]] = [
    {},
    {"redraws": "unlimited", "stuck": "discard"},  # redraws (a new version, same board) and discarding passes
    {"opponent_six": "illegal", "tiebreak": "best_line"},
]


def _rebuilt_view(state: CrosswiseState, seat: int | None) -> dict[str, Any]:
    """The view of ``state``'s position read back from text (no cache), without the log (positions carry none)."""
    fresh = state.game.from_position(state.to_position())
    return {k: v for k, v in fresh.view(seat, perfect_memory=True).items() if k != "log"}


def _view(state: CrosswiseState, seat: int | None) -> dict[str, Any]:
    view = state.view(seat, perfect_memory=True)
    assert view["log"] == [a.code for a in state.history]
    return {k: v for k, v in view.items() if k != "log"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS)
def test_cached_view_parts_follow_every_move_of_the_state_and_its_clones(players: int, variant: dict) -> None:
    game = load_game("crosswise")
    rng = random.Random(players)
    for seed in range(3):
        state = game.new(players, seed=seed, variant=variant)
        assert isinstance(state, CrosswiseState)
        while not state.is_over():
            for seat in [None, *range(players)]:
                assert _view(state, seat) == _rebuilt_view(state, seat)
            branch = state.clone()  # inherits the parts cached just now
            branch.apply(rng.choice(branch.legal_actions()))
            assert _view(branch, branch.to_move()) == _rebuilt_view(branch, branch.to_move())
            state.apply(rng.choice(state.legal_actions()))
            assert _view(state, None) == _rebuilt_view(state, None)


@pytest.mark.parametrize("players", [2, 4])
def test_an_infoset_keeps_its_position_while_the_game_goes_on(players: int) -> None:
    """The infoset's sampler shares its snapshot's lists: moves played afterwards must not reach its samples."""
    game = load_game("crosswise")
    state = game.new(players, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        if state.is_over():
            break
        seat = state.to_move()
        assert seat is not None
        infoset = state.infoset(seat)
        view = state.view(seat, perfect_memory=True)
        legal = tuple(state.legal_actions())
        for _ in range(3):
            if not state.is_over():
                state.apply(rng.choice(state.legal_actions()))
        assert infoset.legal_actions == legal
        assert infoset.view == view
        for k in range(3):
            sample = infoset.determinize(random.Random(k))
            assert sample.to_position() == game.determinize(view, random.Random(k)).to_position()
            assert sample.view(seat, perfect_memory=True) == view
