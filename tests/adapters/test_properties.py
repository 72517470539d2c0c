"""Property tests: for any seed and any stretch of random play, the adapters keep their promises."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from boardgamesbot.adapters.openspiel import load  # noqa: E402
from boardgamesbot.adapters.pettingzoo import make_env  # noqa: E402
from boardgamesbot.core.registry import builtin_games, load_game  # noqa: E402

GAMES = st.sampled_from(
    [
        (name, players)
        for name in builtin_games()
        for players in sorted({load_game(name).min_players, load_game(name).max_players})
    ]
)


def _walk(name: str, players: int, seed: int, steps: int) -> Any:
    game = load(name, players=players, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@given(GAMES, st.integers(0, 2**31 - 1), st.integers(0, 80))
def test_serialized_and_resampled_states_keep_every_information_state(spec: Any, seed: int, steps: int) -> None:
    game, state = _walk(*spec, seed, steps)
    players = game.num_players()
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    for seat in range(players):
        assert copy.information_state_string(seat) == state.information_state_string(seat)
        world = state.resample_from_infostate(seat, None)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
        if world.current_player() == seat:
            assert world.legal_actions() == state.legal_actions(), "the mover's options are its own knowledge"


@given(st.sampled_from(builtin_games()), st.integers(0, 2**31 - 1), st.integers(0, 60))
def test_env_mask_is_exactly_the_engines_legal_moves(name: str, seed: int, steps: int) -> None:
    env = make_env(name, load_game(name).interop_kit().default_players)
    env.reset(seed=seed)
    raw = env.unwrapped
    rng = random.Random(seed)
    for _ in range(steps):
        if raw.state.is_over():
            break
        obs, *_ = env.last()
        legal = sorted(raw.state.action_to_index(a) for a in raw.state.legal_actions())
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        env.step(rng.choice(legal))
