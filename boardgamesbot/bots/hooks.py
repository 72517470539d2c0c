"""Per-game search hooks and knobs for the generic ISMCTS bot.

The judgement (fast playout moves, position values) lives in each game's
``games/<name>/policy.py``; this module only finds it, supplies plain
fallbacks for games that lack a hook, and keeps the per-game search knobs
(playout depth, exploration) here in ``bots/`` so game packages stay free of
search tuning.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.action import Action
from ..core.game import Game, State
from ..core.infoset import InfoSet
from .evaluators import search_evaluator

RolloutFn = Callable[[State, random.Random], Action]
EvaluateFn = Callable[[State], list[float]]
GreedyFn = Callable[[InfoSet, random.Random], Action]


@dataclass(frozen=True)
class Knobs:
    """Search settings that suit one game; a level or a bot spec may override them."""

    rollout_depth: int = 40
    exploration: float = 0.7
    candidates: int = 0  # 0: search every root move; k: only the k best after one ply (+ greedy's pick)
    widening: float = 0.0  # 0: off; w: a node below the root opens 1 + w*sqrt(visits) moves
    greedy_margin: float = 0.0  # 0: off; m: keep greedy's pick unless the search likes another by more than m
    tree_depth: int = 0  # 0: unlimited; d: the tree stops d moves below the root, playouts do the rest
    greedy_steps: int = 0  # playout moves chosen by the (slower, smarter) greedy policy before rollout_action
    anchor: str = "greedy"  # which policy greedy_margin protects: "greedy" or the game's "planner"


# Chosen by measurement (docs/bots.md and docs/balance.md have the figures). Crosswise: the root is
# wide (up to ~500 moves), so only the 8 best after one ply (plus greedy's pick) are searched, with
# short playouts then the board evaluation. Alcatraz: playouts add noise, so leaves are valued at
# once with the search evaluation (bots/evaluators.py). The search alone was measured weaker than
# the one-turn planner (games/alcatraz/planner.py), and its low-confidence overrides cost games
# (planner-anchored, 250 iterations: margin 0.05 won 53.5% against greedy, margin 0.1 65.5%, the
# planner alone ~66%). hard keeps the planner's move unless the search rates another clearly higher;
# medium lets more of its shorter search's overrides through, which puts it between greedy and hard.
GAME_KNOBS: dict[str, Knobs] = {
    "crosswise": Knobs(rollout_depth=8, exploration=0.7, candidates=8),
    "alcatraz": Knobs(rollout_depth=0, exploration=0.7),
}
LEVEL_KNOBS: dict[tuple[str, str], Knobs] = {
    ("alcatraz", "medium"): Knobs(rollout_depth=0, exploration=0.7, greedy_margin=0.05, anchor="planner"),
    ("alcatraz", "hard"): Knobs(rollout_depth=0, exploration=0.7, greedy_margin=0.3, anchor="planner"),
}


def knobs_for(game: Game, level: str | None = None) -> Knobs:
    """Knobs for ``game`` at ``level`` (easy/medium/hard/ismcts), falling back to the game's, then defaults."""
    found = LEVEL_KNOBS.get((game.name, level)) if level else None
    return found or GAME_KNOBS.get(game.name, Knobs())


def random_rollout(state: State, rng: random.Random) -> Action:
    """Fallback playout move: uniform over the legal actions."""
    return rng.choice(state.legal_actions())


@dataclass(frozen=True)
class Hooks:
    """The policy functions a search may call; all but ``rollout`` may be absent.

    ``planner`` is a game's stronger (slower) move chooser, when it has one
    (``games/<name>/planner.py: planner_action``); levels may anchor on it."""

    rollout: RolloutFn = random_rollout
    evaluate: EvaluateFn | None = None
    greedy: GreedyFn | None = None
    planner: GreedyFn | None = None


_cache: dict[str, Hooks] = {}


def _policy_module(game: Game, module: str = "policy") -> Any:
    try:
        return importlib.import_module(f"boardgamesbot.games.{game.name}.{module}")
    except ModuleNotFoundError as exc:
        # Only a missing policy module means "no hooks"; a broken import inside it is a real error.
        if exc.name and exc.name.startswith("boardgamesbot.games"):
            return None
        raise


def hooks_for(game: Game) -> Hooks:
    """Hooks from ``games/<name>/policy.py`` (a bots-side evaluation from evaluators.py takes
    precedence); games without a policy get the plain fallbacks."""
    if game.name not in _cache:
        module = _policy_module(game)
        if module is None:
            _cache[game.name] = Hooks()
        else:
            _cache[game.name] = Hooks(
                rollout=getattr(module, "rollout_action", random_rollout),
                evaluate=search_evaluator(game.name) or getattr(module, "evaluate", None),
                greedy=getattr(module, "greedy_action", None),
                planner=getattr(_policy_module(game, "planner"), "planner_action", None),
            )
    return _cache[game.name]
