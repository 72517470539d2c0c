"""Alcatraz: the 2-5 player memory-and-sums card game (rule ids AZ-*)."""

from .game import GAME, AlcatrazGame
from .state import AlcatrazState

__all__ = ["GAME", "AlcatrazGame", "AlcatrazState"]
