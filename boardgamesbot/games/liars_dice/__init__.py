"""Liar's Dice: the traditional dice-bluffing game for 2–6 players (the Perudo / Dudo family)."""

from .game import GAME, LiarsDiceGame
from .state import LiarsDiceState

__all__ = ["GAME", "LiarsDiceGame", "LiarsDiceState"]
