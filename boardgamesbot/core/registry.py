"""Find games by name. Games load lazily so ``import boardgamesbot`` stays light."""

from __future__ import annotations

import importlib

from .errors import UnknownGame
from .game import Game

BUILTIN_GAMES: tuple[str, ...] = ("alcatraz", "crosswise")
GAME_MODULES: dict[str, str] = {name: f"boardgamesbot.games.{name}" for name in BUILTIN_GAMES}

_loaded: dict[str, Game] = {}


def list_games() -> list[str]:
    return sorted(GAME_MODULES)


def load_game(name: str) -> Game:
    """The Game object for ``name`` (case-insensitive); UnknownGame names the known ones."""
    key = str(name).strip().lower()
    if key not in GAME_MODULES:
        known = ", ".join(list_games())
        raise UnknownGame(
            f"unknown game {name!r} (known: {known})", f"jogo desconhecido {name!r} (conhecidos: {known})"
        )
    if key not in _loaded:
        module = importlib.import_module(GAME_MODULES[key])
        _loaded[key] = module.GAME
    return _loaded[key]
