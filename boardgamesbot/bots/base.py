"""The bot interface: a bot sees an InfoSet, never a State."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..core.action import Action
from ..core.infoset import InfoSet


class Bot(ABC):
    """A player. ``choose`` gets only what a human in the seat would see."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"bot:{self.name}:{seed}")

    @abstractmethod
    def choose(self, infoset: InfoSet) -> Action:
        """Pick one of ``infoset.legal_actions``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
