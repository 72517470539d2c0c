"""Test support shared by the project's tests and by anyone writing a game plug-in.

``GAME`` is *Draw tricks*, a small game that uses every part of the contract
(hidden hands, private draws, several decisions in a row, teams, a CLI flag,
every capability kit). ``registered()`` makes a game loadable by name for the
duration of a ``with`` block, through the public registry API.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..core.game import Game
from ..core.registry import register_game, unregister_game
from .drawtricks import GAME, DrawTricksGame, DrawTricksState

__all__ = ["GAME", "DrawTricksGame", "DrawTricksState", "registered"]


@contextmanager
def registered(game: Game = GAME) -> Iterator[Game]:
    """Register ``game`` for the block (replacing nothing that exists), then forget it."""
    register_game(game)
    try:
        yield game
    finally:
        unregister_game(game.name)
