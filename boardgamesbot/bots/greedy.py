"""One-ply greedy play; the judgement lives in each game's ``policy`` module."""

from __future__ import annotations

import importlib

from ..core.action import Action
from ..core.infoset import InfoSet
from .base import Bot


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, infoset: InfoSet) -> Action:
        policy = importlib.import_module(f"boardgamesbot.games.{infoset.game.name}.policy")
        return policy.greedy_action(infoset, self.rng)
