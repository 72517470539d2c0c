"""One-ply greedy play; the judgement is the game's own (``BotKit.greedy``)."""

from __future__ import annotations

from ..core.action import Action
from ..core.infoset import InfoSet
from .base import Bot
from .kits import greedy_policy


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, infoset: InfoSet) -> Action:
        return greedy_policy(infoset.game)(infoset, self.rng)
