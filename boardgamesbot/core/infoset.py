"""What a bot receives: the seat's view, its legal moves and a sampler.

A bot never holds a :class:`State`. ``determinize`` builds a full state from
the seat's view alone, so whatever the bot samples is, by construction,
consistent with what the seat knows and independent of what it does not.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .action import Action
    from .game import Game, State
    from .view import View


@dataclass(frozen=True)
class InfoSet:
    game: Game
    seat: int
    view: View
    legal_actions: tuple[Action, ...]

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn uniformly from those consistent with ``view``."""
        return self.game.determinize(self.view, rng)
