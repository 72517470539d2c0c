"""One conformance suite run over every registered game and player count.

These are the promises the protocol makes to every consumer (CLI, bots,
server, adapters): seeded replay, JSON-safe views, refusals that change
nothing, positions that round-trip, and determinizations that keep exactly
what the seat knows.
"""

from __future__ import annotations

import json
import random

import pytest

from boardgamesbot import testing
from boardgamesbot.core import Game, GameOver, IllegalAction
from boardgamesbot.core.registry import builtin_games
from boardgamesbot.core.registry import load_game as _load_registered

GAMES: dict[str, Game] = {name: _load_registered(name) for name in builtin_games()}
GAMES[testing.GAME.name] = testing.GAME  # the shared test game keeps the same promises
CASES = [(name, players) for name, game in GAMES.items() for players in range(game.min_players, game.max_players + 1)]


def load_game(name: str) -> Game:
    return GAMES[name]


def _play(name: str, players: int, seed: int, max_actions: int = 10_000):
    game = load_game(name)
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < max_actions:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_games_end_and_replay_exactly(name: str, players: int) -> None:
    for seed in range(3):
        state = _play(name, players, seed)
        assert state.is_over(), f"{name} {players}p seed {seed} did not end"
        outcome = state.outcome()
        assert outcome is not None and len(outcome.scores) == players
        replay = load_game(name).from_record(json.loads(state.to_record().to_json()))
        assert replay.to_position() == state.to_position()
        assert replay.view(None) == state.view(None)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_views_are_json_safe_and_follow_the_contract(name: str, players: int) -> None:
    game = load_game(name)
    state = game.new(players, seed=11)
    rng = random.Random(11)
    for _ in range(40):
        if state.is_over():
            break
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            for key in ("game", "players", "variant", "seat", "to_move", "over", "outcome", "turn", "legal", "log"):
                assert key in view, f"{name} view lacks {key!r}"
            expected = [a.code for a in state.legal_actions()] if seat is not None and seat == state.to_move() else []
            assert sorted(view["legal"]) == sorted(expected)
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_illegal_and_garbled_moves_change_nothing(name: str, players: int) -> None:
    game = load_game(name)
    state = game.new(players, seed=5)
    before = state.to_position()
    for junk in ["", "??", "xyzzy 99", "P" * 200]:
        with pytest.raises(IllegalAction) as info:
            state.apply(junk)
        assert info.value.rule_id
    assert state.to_position() == before


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_move_after_the_end(name: str, players: int) -> None:
    state = _play(name, players, 2)
    with pytest.raises(GameOver):
        state.apply("anything")


@pytest.mark.parametrize(("name", "players"), CASES)
def test_positions_and_action_codes_round_trip(name: str, players: int) -> None:
    game = load_game(name)
    state = game.new(players, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over():
            break
        assert game.from_position(state.to_position()).to_position() == state.to_position()
        for action in state.legal_actions():
            assert game.parse_action(action.code) == action
            index = state.action_to_index(action)
            assert 0 <= index < state.num_distinct_actions()
            assert state.index_to_action(index) == action
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_clone_is_independent(name: str, players: int) -> None:
    """Moves on a clone never change the original (nor the original's moves the clone), all game long."""
    state = load_game(name).new(players, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        if state.is_over():
            break
        before, history = state.to_position(), list(state.history)
        copy = state.clone()
        assert copy.to_position() == before
        steps = 0
        while not copy.is_over() and steps < 5:
            copy.apply(rng.choice(copy.legal_actions()))
            steps += 1
        assert state.to_position() == before, f"{name}: playing on a clone changed the original"
        assert state.history == history
        after_copy = copy.to_position()
        state.apply(rng.choice(state.legal_actions()))
        assert copy.to_position() == after_copy, f"{name}: playing on the original changed its clone"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_determinize_keeps_exactly_what_the_seat_knows(name: str, players: int) -> None:
    game = load_game(name)
    state = game.new(players, seed=21)
    rng = random.Random(21)
    for step in range(50):
        if state.is_over():
            break
        for seat in range(players):
            view = state.view(seat, perfect_memory=True)
            sample = game.determinize(view, random.Random(step))
            assert sample.view(seat, perfect_memory=True) == view, f"{name}: sample changes seat {seat}'s view"
            again = game.determinize(view, random.Random(step))
            assert again.to_position() == sample.to_position(), "same rng must give the same sample"
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_infoset_samples_equal_the_views_samples(name: str, players: int) -> None:
    """``State.infoset(seat).determinize`` (a sampler read straight off the position, when the game has one)
    gives sample for sample what ``Game.determinize`` gives from the seat's view: it reads nothing more."""
    game = load_game(name)
    state = game.new(players, seed=33)
    rng = random.Random(33)
    for step in range(60):
        if state.is_over():
            break
        for seat in range(players):
            infoset = state.infoset(seat)
            prepared = game.sampler(state.view(seat, perfect_memory=True))
            for k in range(2):
                a = infoset.determinize(random.Random(step * 10 + k))
                b = game.determinize(state.view(seat, perfect_memory=True), random.Random(step * 10 + k))
                c = prepared.sample(random.Random(step * 10 + k))
                assert a.to_position() == b.to_position() == c.to_position(), f"{name}: seat {seat}, step {step}"
                assert a.view(seat, perfect_memory=True) == state.view(seat, perfect_memory=True)
                # the sample's own view (caches included) is the view of the position it holds
                rebuilt = game.from_position(a.to_position())
                for viewer in range(players):
                    got = {k: v for k, v in a.view(viewer, perfect_memory=True).items() if k != "log"}
                    want = {k: v for k, v in rebuilt.view(viewer, perfect_memory=True).items() if k != "log"}
                    assert got == want, f"{name}: a sample's view of seat {viewer} is not its position's"
        state.apply(rng.choice(state.legal_actions()))
