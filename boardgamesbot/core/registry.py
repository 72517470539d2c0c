"""The game registry: every game is one plug-in object, registered with :func:`register_game`.

Built-in games are the packages under ``boardgamesbot/games/``; each exposes
``GAME`` and is registered the first time it is asked for, the same way any
other game is, so ``import boardgamesbot`` stays light and adding a game means
adding its folder. Games shipped by other packages register through the
``boardgamesbot.games`` entry-point group (``name = "package.module:GAME"``),
or by calling :func:`register_game` themselves.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from importlib.metadata import entry_points

from .errors import UnknownGame
from .game import Game

GAMES_PACKAGE = "boardgamesbot.games"
ENTRY_POINT_GROUP = "boardgamesbot.games"

_registered: dict[str, Game] = {}
_pending: dict[str, Callable[[], Game]] | None = None  # name -> loader, found once on first use


def builtin_games() -> list[str]:
    """Names of the game packages shipped with BoardGamesBot (found without importing them)."""
    package = importlib.import_module(GAMES_PACKAGE)
    return sorted(info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg)


def _module_loader(module: str) -> Callable[[], Game]:
    def load() -> Game:
        game = importlib.import_module(module).GAME
        if not isinstance(game, Game):
            raise TypeError(f"{module}.GAME is not a Game")
        return game

    return load


def _discover() -> dict[str, Callable[[], Game]]:
    global _pending
    if _pending is None:
        found = {name: _module_loader(f"{GAMES_PACKAGE}.{name}") for name in builtin_games()}
        for point in entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(point.name, point.load)
        _pending = found
    return _pending


def register_game(game: Game, *, replace: bool = False) -> Game:
    """Make ``game`` known by ``game.name``. Another game under the same name is refused unless ``replace``."""
    if not isinstance(game, Game):
        raise TypeError(f"register_game needs a Game instance, not {type(game).__name__}")
    name = game.name.strip().lower()
    if not name or name != game.name:
        raise ValueError(f"a game name must be lower-case with no spaces, not {game.name!r}")
    current = _registered.get(name)
    if current is not None and current is not game and not replace:
        raise ValueError(f"another game is already registered as {name!r}")
    _registered[name] = game
    return game


def unregister_game(name: str) -> None:
    """Forget a registered game (tests use this after registering their own); built-ins load again on demand."""
    _registered.pop(name, None)


def list_games() -> list[str]:
    """Every game that can be loaded: registered ones and built-in/entry-point ones not yet loaded."""
    return sorted(set(_registered) | set(_discover()))


def load_game(name: str) -> Game:
    """The Game for ``name`` (case-insensitive); UnknownGame names the known ones."""
    key = str(name).strip().lower()
    game = _registered.get(key)
    if game is not None:
        return game
    loader = _discover().get(key)
    if loader is None:
        known = ", ".join(list_games())
        raise UnknownGame(
            f"unknown game {name!r} (known: {known})", f"jogo desconhecido {name!r} (conhecidos: {known})"
        )
    game = loader()
    if game.name != key:
        raise ValueError(f"the game found as {key!r} calls itself {game.name!r}")
    return register_game(game)
