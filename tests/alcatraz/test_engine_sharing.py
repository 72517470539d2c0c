"""Clones, samples and infoset snapshots share lists and the move log with the state they came from
(state.py, movelog.py): a slip that changes a shared list in place, or appends to a log another state
reads, would show up here as a state that no longer equals the replay of its own moves."""

from __future__ import annotations

import random

import pytest

from boardgamesbot.core.registry import load_game
from boardgamesbot.games.alcatraz.actions import AzAction
from boardgamesbot.games.alcatraz.state import AlcatrazState

GAME = load_game("alcatraz")


def _new(players: int, seed: int, variant: dict | None = None) -> AlcatrazState:
    state = GAME.new(players, seed=seed, variant=variant)
    assert isinstance(state, AlcatrazState)
    return state


def _replayed(state: AlcatrazState) -> AlcatrazState:
    again = _new(state.players, state.seed, state.variant)
    for action in state.history:
        again.apply(action)
    return again


def _same_as_replay(state: AlcatrazState) -> None:
    again = _replayed(state)
    assert state.to_position() == again.to_position()
    assert state.log() == [a.code for a in state.history]
    for seat in [None, *range(state.players)]:
        assert state.view(seat) == again.view(seat)
        assert state.view(seat, perfect_memory=True) == again.view(seat, perfect_memory=True)


CONFIGS = [(2, {}), (3, {"memory_aid": True}), (4, {"wild": True}), (3, {"turn_cap": 2})]


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_every_state_of_a_clone_tree_equals_the_replay_of_its_moves(players: int, variant: dict) -> None:
    rng = random.Random(players)
    root = _new(players, players * 11, variant)
    tree = [(root, _new(players, players * 11, variant))]  # (state, its twin: never cloned)
    # a small population of branches, cloned often so that most moves are made on lists a sibling
    # shares, over whole games (logs outgrow a chunk, rounds end, objectives are met). Every state is
    # compared with its twin after every step: a shared list changed in place may be put right later.
    clones = 0
    for _ in range(3000):
        live = [pair for pair in tree if not pair[0].is_over()]
        if not live:
            break
        state, twin = rng.choice(live)
        if rng.random() < 0.3:
            pair = (state.clone(), _replayed(state))
            if len(tree) < 10:
                tree.append(pair)
            else:
                tree[rng.randrange(1, len(tree))] = pair
            clones += 1
        else:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            twin.apply(action)
        for s, t in tree:
            assert s.to_position() == t.to_position()
    assert clones > 100 and max(s.ply for s, _ in tree) > 50
    for state, _ in tree:
        _same_as_replay(state)


def test_samples_and_snapshots_stay_apart_from_the_state_they_came_from() -> None:
    rng = random.Random(5)
    state = _new(3, 5)
    for _ in range(70):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move()
    assert seat is not None
    infoset = state.infoset(seat)
    view = state.view(seat, perfect_memory=True)
    first = [infoset.determinize(random.Random(k)).to_position() for k in range(3)]
    samples = [infoset.determinize(random.Random(k)) for k in range(3)]
    log = state.log()
    for sample in samples:  # samples play on, each its own way
        assert isinstance(sample, AlcatrazState)
        for _ in range(40):
            if sample.is_over():
                break
            sample.apply(rng.choice(sample.legal_actions()))
        assert sample.log() == log + [a.code for a in sample.history]
    for _ in range(60):  # and so does the real game
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert infoset.view == view
    assert [infoset.determinize(random.Random(k)).to_position() for k in range(3)] == first
    _same_as_replay(state)


def test_a_position_started_mid_game_keeps_its_log_through_clones() -> None:
    rng = random.Random(8)
    state = _new(2, 8)
    for _ in range(45):
        state.apply(rng.choice(state.legal_actions()))
    log = state.log()
    start = GAME.determinize(state.view(0, perfect_memory=True), random.Random(1))
    assert isinstance(start, AlcatrazState)
    assert start.log() == log
    a, b = start.clone(), start.clone()
    for s in (a, b, a, b, start):
        s.apply(rng.choice(s.legal_actions()))
    for s in (a, b, start):
        assert s.log() == log + [x.code for x in s.history]


def test_a_second_overlay_on_a_clone_leaves_the_original_alone() -> None:
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = _new(2, seed)
        while not state.is_over() and found < 3:
            row = state.rows[state.current]
            for action in state.legal_actions():
                assert isinstance(action, AzAction)
                if action.kind in ("plus", "minus", "flip") and row[action.a] in state.ovl:
                    before = state.to_position()
                    copy = state.clone()
                    copy.apply(action)
                    assert state.to_position() == before
                    found += 1
                    break
            state.apply(rng.choice(state.legal_actions()))
        if found >= 3:
            break
    assert found >= 3


def test_refilling_the_objective_deck_on_a_clone_leaves_the_original_alone() -> None:
    state = _new(2, 4)
    state.obj_done, state.obj_deck = state.obj_deck, []  # every hidden objective already met
    done, shown = list(state.obj_done), list(state.objectives)
    copy = state.clone()
    copy._replace_objective(copy.objectives[0])
    assert (state.obj_done, state.obj_deck, state.objectives) == (done, [], shown)
    assert copy.objectives != shown
