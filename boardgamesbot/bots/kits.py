"""The bots' view of a game's BotKit: asked once per game object, with a plain default for games without one."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..core.capabilities import BotKit, LearnKit, PolicyFn
from ..core.errors import InvalidSetup
from ..core.game import Game

_EMPTY = BotKit()
_cache: WeakKeyDictionary[Game, BotKit] = WeakKeyDictionary()


def bot_kit(game: Game) -> BotKit:
    """The game's declared BotKit, or an empty one (random playouts, no evaluation, no greedy policy)."""
    kit = _cache.get(game)
    if kit is None:
        kit = game.bot_kit() or _EMPTY
        _cache[game] = kit
    return kit


def greedy_policy(game: Game) -> PolicyFn:
    """The game's greedy policy; a game that declares none is refused by name."""
    greedy = bot_kit(game).greedy
    if greedy is None:
        raise InvalidSetup(
            f"the greedy bot needs a greedy policy in {game.name}'s BotKit, and it declares none",
            f"o robô greedy precisa de uma política gulosa no BotKit de {game.name}, que não a declara",
        )
    return greedy


_NO_LEARNING = LearnKit()
_learn_cache: WeakKeyDictionary[Game, LearnKit] = WeakKeyDictionary()


def learn_kit(game: Game) -> LearnKit:
    """The game's declared LearnKit, or an empty one (no guided game; hints name the move and its value only)."""
    kit = _learn_cache.get(game)
    if kit is None:
        kit = game.learn_kit() or _NO_LEARNING
        _learn_cache[game] = kit
    return kit
