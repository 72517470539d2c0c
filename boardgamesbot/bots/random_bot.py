"""Uniformly random legal moves: the baseline every other bot must beat."""

from __future__ import annotations

from ..core.action import Action
from ..core.infoset import InfoSet
from .base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, infoset: InfoSet) -> Action:
        return self.rng.choice(infoset.legal_actions)
