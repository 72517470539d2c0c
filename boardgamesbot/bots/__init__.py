"""Bots and the names players use for them (random, greedy, easy, medium, hard)."""

from __future__ import annotations

from ..core.errors import InvalidSetup
from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

BOT_NAMES: tuple[str, ...] = ("random", "greedy")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by its public name; unknown names get an error listing the known ones."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return GreedyBot(seed)
    raise InvalidSetup(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})",
                       f"robô desconhecido {name!r} (conhecidos: {', '.join(BOT_NAMES)})")


__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "make_bot"]
