"""The engine's caches and shared parts never show a stale or foreign fact: view parts kept per state version
and shared by clones (every view equals the view of the same position rebuilt from its text, which has nothing
cached), table facts shared by clones until one writes them, samplers that share a frozen snapshot's lists."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgamesbot import load_game
from boardgamesbot.games.crosswise.position import compose
from boardgamesbot.games.crosswise.state import CrosswiseState

EMPTY_BOARD = "." * 36

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


def _positions_with_every_kind_of_move() -> list[CrosswiseState]:
    """Positions where passing (stuck, discarding), redrawing and every board move are legal somewhere."""
    game = load_game("crosswise")
    board = "12...." + "3.4..." + "......" + "..5..6" + "......" + "1....."
    texts = [
        compose(EMPTY_BOARD, ["RMST", "1234"], extra="started=10"),  # a pass that shows a stuck hand
        compose(EMPTY_BOARD, ["RMST", "1234"], extra="started=10 variant=stuck:discard"),  # discards
        compose(EMPTY_BOARD, ["RMST", "RMSS"], extra="started=11"),  # everyone passes
        compose(EMPTY_BOARD, ["RRMS", "1234"], extra="variant=redraws:unlimited"),  # redraws
        compose(board, ["1RMS", "T234"], extra="known=1/2"),  # places, removes, moves, swaps
        compose(board, ["T234", "1RMS"], next=0, extra="known=2/1"),  # trades
    ]
    states = []
    for text in texts:
        state = game.from_position(text)
        assert isinstance(state, CrosswiseState)
        states.append(state)
    return states


def test_every_move_played_on_a_clone_leaves_the_original_untouched() -> None:
    """The table facts (used, started, redraws, known, stuck) are shared by clones until one writes them."""
    kinds: set[str] = set()
    for start in _positions_with_every_kind_of_move():
        frontier = [start]
        for _ in range(3):  # a few plies deep, every legal move, on clones of clones
            following = []
            for state in frontier:
                before = state.to_position()
                for action in state.legal_actions():
                    kinds.add(type(action).__name__)
                    branch = state.clone()
                    branch.apply(action)
                    assert state.to_position() == before, f"{action.code} on a clone changed the original"
                    twig = branch.clone()
                    after = branch.to_position()
                    if not twig.is_over():
                        twig.apply(twig.legal_actions()[-1])
                        assert branch.to_position() == after
                    if not branch.is_over() and len(following) < 40:
                        following.append(branch)
            frontier = following
    assert kinds >= {"Place", "Remove", "Move", "Swap", "Trade", "Pass", "Redraw"}
