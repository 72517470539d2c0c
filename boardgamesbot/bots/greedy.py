"""One-ply greedy play; the judgement lives in each game's ``policy`` module."""

from __future__ import annotations

from ..core.action import Action
from ..core.errors import InvalidSetup
from ..core.game import Game
from ..core.infoset import InfoSet
from .base import Bot
from .hooks import GreedyFn, hooks_for


def greedy_policy(game: Game) -> GreedyFn:
    """The game's ``policy.greedy_action``; a game without one is refused by name."""
    greedy = hooks_for(game).greedy
    if greedy is None:
        raise InvalidSetup(
            f"the greedy bot needs games/{game.name}/policy.py: greedy_action, which is missing",
            f"o robô greedy precisa de games/{game.name}/policy.py: greedy_action, que falta",
        )
    return greedy


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, infoset: InfoSet) -> Action:
        return greedy_policy(infoset.game)(infoset, self.rng)
