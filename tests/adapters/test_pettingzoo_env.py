"""PettingZoo AEC environments: PettingZoo's own conformance tests plus what a trainer relies on."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from boardgamesbot.adapters.pettingzoo import BoardGameAECEnv, alcatraz_env, crosswise_env, make_env  # noqa: E402
from boardgamesbot.core.errors import IllegalAction  # noqa: E402


def _env(case: Any, **kwargs: Any) -> Any:
    return make_env(case.game(), case.players, case.variant, encoder=case.encoder(), **kwargs)


def _play_random(env: Any, rng: random.Random, limit: int = 100_000) -> None:
    """Step every agent with a random legal action (None once terminated) until all are gone."""
    for _ in env.agent_iter(limit):
        obs, _reward, terminated, truncated, _info = env.last()
        action = None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        env.step(action)


def test_pettingzoo_api_test(case: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the same advisory warnings PettingZoo's own dict-observation envs get
        api_test(_env(case), num_cycles=2_000)


def test_pettingzoo_seed_test(case: Any) -> None:
    seed_test(lambda: _env(case), num_cycles=2_000)


def test_pettingzoo_render_test_shows_only_the_acting_agents_view(case: Any) -> None:
    seen: list[str] = []

    def is_text(result: Any) -> bool:
        seen.append(result)
        return isinstance(result, str) and result.strip() != ""

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        render_test(lambda render_mode=None: _env(case, render_mode=render_mode), custom_tests={"ansi": is_text})
    env = _env(case, render_mode="ansi")
    env.reset(seed=5)
    raw: BoardGameAECEnv = env.unwrapped
    seat = int(env.agent_selection.split("_")[1])
    assert env.render() == raw.game.render_view(raw.state.view(seat, perfect_memory=True))


def test_observation_ignores_hidden_facts_of_other_seats(case: Any) -> None:
    """Swap the true state for another one consistent with the observer's view: nothing it sees changes."""
    env = _env(case)
    env.reset(seed=11)
    rng = random.Random(3)
    raw: BoardGameAECEnv = env.unwrapped
    for _ in range(30):
        if not env.agents or raw.state.is_over():
            break
        for agent in list(raw.agents):
            seat = int(agent.split("_")[1])
            before = raw.observe(agent)
            true_state = raw.state
            raw.state = raw.game.determinize(true_state.view(seat, perfect_memory=True), rng)
            after = raw.observe(agent)
            raw.state = true_state
            np.testing.assert_array_equal(before["observation"], after["observation"])
            np.testing.assert_array_equal(before["action_mask"], after["action_mask"])
        obs, *_ = env.last()
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_rewards_come_at_the_end_and_teams_share_them(case: Any) -> None:
    env = _env(case)
    env.reset(seed=2)
    raw: BoardGameAECEnv = env.unwrapped
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(8)
    for agent in env.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if not terminated:
            assert reward == 0.0, "no reward before the game ends"
        env.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    outcome = raw.state.outcome()
    assert outcome is not None
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == outcome.reward(seat)
        assert totals[agent] in (-1.0, 0.0, 1.0)
    for team in raw.game.teams(case.players, case.variant):
        assert len({totals[env.possible_agents[s]] for s in team}) == 1, "team-mates share one result"


def test_only_the_agent_to_move_gets_a_nonempty_mask(case: Any) -> None:
    env = _env(case)
    env.reset(seed=4)
    raw: BoardGameAECEnv = env.unwrapped
    rng = random.Random(1)
    for _ in range(40):
        if raw.state.is_over():
            break
        mover = env.agent_selection
        for agent in env.agents:
            mask = raw.observe(agent)["action_mask"]
            assert mask.any() == (agent == mover)
        legal = {raw.state.action_to_index(a) for a in raw.state.legal_actions()}
        assert set(np.flatnonzero(raw.observe(mover)["action_mask"]).tolist()) == legal
        env.step(rng.choice(sorted(legal)))


def test_illegal_and_out_of_range_actions_raise_and_change_nothing(case: Any) -> None:
    env = _env(case)
    env.reset(seed=9)
    raw: BoardGameAECEnv = env.unwrapped
    before = raw.state.to_position()
    mask = raw.observe(env.agent_selection)["action_mask"]
    illegal = np.flatnonzero(mask == 0)
    if illegal.size:
        with pytest.raises(IllegalAction) as err:
            env.step(int(illegal[0]))
        assert err.value.rule_id
    with pytest.raises(IllegalAction, match="outside") as err:
        env.step(raw.num_actions)
    assert err.value.rule_id == "CORE-INDEX"
    with pytest.raises(IllegalAction, match="whole number"):
        env.step("first")
    assert raw.state.to_position() == before


def test_unseeded_resets_after_a_seeded_one_repeat(case: Any) -> None:
    def positions() -> list[str]:
        env = _env(case)
        env.reset(seed=21)
        out = []
        for _ in range(3):
            env.reset()
            out.append(env.unwrapped.state.to_position())
        return out

    assert positions() == positions()


def test_a_full_game_through_the_wrapper(case: Any) -> None:
    env = _env(case)
    env.reset(seed=1)
    _play_random(env, random.Random(0))
    assert env.agents == []
    assert env.unwrapped.state.is_over()


def test_named_constructors_and_bad_arguments() -> None:
    pytest.importorskip("boardgamesbot.games.crosswise")
    pytest.importorskip("boardgamesbot.games.alcatraz")
    cw = crosswise_env()
    assert cw.unwrapped.possible_agents == [f"player_{i}" for i in range(4)]
    assert str(cw.unwrapped) == "crosswise_v0"
    az = alcatraz_env(players=3, wild=True)
    assert az.unwrapped.variant["wild"] is True
    assert str(az.unwrapped) == "alcatraz_v1"
    with pytest.raises(Exception, match="players"):
        crosswise_env(players=7)
    with pytest.raises(ValueError, match="render_mode"):
        crosswise_env(render_mode="rgb_array")
