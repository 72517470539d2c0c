"""Crosswise: a 2–4 player team tile-placement game, rows against columns on a 6×6 board."""

from .game import GAME, CrosswiseGame
from .state import CrosswiseState

__all__ = ["GAME", "CrosswiseGame", "CrosswiseState"]
