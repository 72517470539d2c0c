"""PettingZoo AEC environments for every BoardGamesBot game.

Follows PettingZoo's classic-game conventions: one ``Discrete`` action space
per game and player count (the engine's dense action index), observations
``{"observation": float32 array, "action_mask": int8 array}``, rewards only
when the game ends (+1 win, 0 shared first place, -1 loss; team-mates share
their team's result), agents named ``player_<seat>``.

The observation is the encoder applied to ``State.view(seat)`` and nothing
else, and ``render()`` draws the view of the agent to act, so an agent can
never read a hand or card its seat has not seen.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.encoding import Layout, ViewEncoder
from ..core.game import Game, State
from ..core.registry import load_game
from .common import (
    IndexCache,
    agent_name,
    agent_seat,
    checked_action_index,
    final_rewards,
    game_encoder,
    interop_kit,
    legal_mask,
)


class BoardGameAECEnv(AECEnv):
    """One game of any registered BoardGamesBot game as a PettingZoo AEC environment."""

    # PettingZoo reads ``metadata`` from the instance; each env sets its own versioned name in __init__.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: Game | str,
        players: int,
        variant: Mapping[str, Any] | None = None,
        *,
        encoder: ViewEncoder | None = None,
        render_mode: str | None = None,
        perfect_memory: bool = True,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.game = load_game(game) if isinstance(game, str) else game
        self.game.check_players(players)
        self.players = players
        self.variant = self.game.resolve_variant(variant)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.perfect_memory = perfect_memory
        self.lang = lang
        version = kit.env_version if (kit := self.game.interop_kit()) is not None else 0  # the game's own version
        self.metadata = {**type(self).metadata, "name": f"{self.game.name}_v{version}"}
        self.encoder = game_encoder(self.game, encoder)

        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self.num_actions = self.game.num_distinct_actions(players, self.variant)
        obs_size = self.encoder.size(players, self.variant)
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=(obs_size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._layout: Layout = self.encoder.layout(players, self.variant)
        self._index_cache = IndexCache()
        self._seeds: random.Random | None = None
        self.state: State | None = None

    # ---- spaces ---------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- episode --------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes this game and every later unseeded reset.

        ``options`` is accepted for API compatibility and not used.
        """
        if seed is not None:
            self._seeds = random.Random(f"pettingzoo:{self.game.name}:{int(seed)}")
        elif self._seeds is None:
            self._seeds = random.Random(secrets.randbits(64))
        self.state = self.game.new(self.players, seed=self._seeds.getrandbits(63), variant=self.variant)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select_next(previous=None)

    def step(self, action: Any) -> None:
        """Play the dense action ``action`` for the selected agent.

        An index outside the space or an action the rules forbid raises
        IllegalAction (with the rule id) and changes nothing.
        """
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = checked_action_index(action, self.num_actions)
        state.apply(state.index_to_action(index))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over():
            for seat, reward in enumerate(final_rewards(state)):
                self.rewards[agent_name(seat)] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select_next(previous=agent)
        if self.render_mode == "human":
            self.render()

    def _select_next(self, previous: str | None) -> None:
        """The seat to move, or once over the next agent in seat order (each then steps ``None``)."""
        state = self._require_state()
        seat = state.to_move()
        if seat is not None:
            self.agent_selection = agent_name(seat)
        elif previous is None:
            self.agent_selection = self.agents[0]
        else:
            after = (agent_seat(previous) + 1) % self.players
            self.agent_selection = agent_name(after)

    # ---- observing ----------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._require_state()
        seat = agent_seat(agent)
        view = state.view(seat, perfect_memory=self.perfect_memory)
        observation = self.encoder.write(view, self._layout).copy()
        if state.to_move() == seat:
            mask = legal_mask(state, self.num_actions, self._index_cache)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The selected agent's own view as text ("ansi" returns it, "human" prints it)."""
        if self.render_mode is None:
            return None
        state = self._require_state()
        seat = agent_seat(self.agent_selection)
        text = self.game.render_view(state.view(seat, perfect_memory=self.perfect_memory), self.lang)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the engine holds no windows or files."""

    def _require_state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def __str__(self) -> str:
        return str(self.metadata["name"])


def make_env(
    game: Game | str,
    players: int,
    variant: Mapping[str, Any] | None = None,
    *,
    encoder: ViewEncoder | None = None,
    render_mode: str | None = None,
    perfect_memory: bool = True,
    lang: str = "en",
) -> AECEnv:
    """A ready-to-use env (order-enforcing wrapper, as PettingZoo's own classic envs)."""
    raw = BoardGameAECEnv(
        game, players, variant, encoder=encoder, render_mode=render_mode, perfect_memory=perfect_memory, lang=lang
    )
    return wrappers.OrderEnforcingWrapper(raw)


def __getattr__(name: str) -> Any:
    """``<game>_env(players=..., **variant)`` for every registered game (e.g. ``<game>_env(players=4)``),
    without this module naming any game."""
    from ..core.errors import UnknownGame
    from ..core.registry import list_games

    game = name[: -len("_env")] if name.endswith("_env") else ""
    if not game or game not in list_games():
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def env(
        players: int | None = None,
        *,
        render_mode: str | None = None,
        perfect_memory: bool = True,
        lang: str = "en",
        **variant: Any,
    ) -> AECEnv:
        try:
            chosen = load_game(game)
        except UnknownGame as exc:
            raise AttributeError(str(exc)) from None
        count = players if players is not None else interop_kit(chosen).default_players
        return make_env(chosen, count, variant, render_mode=render_mode, perfect_memory=perfect_memory, lang=lang)

    env.__name__ = name
    env.__doc__ = f"A ready {game} environment: ``{name}(players, **variant options)``."
    return env
