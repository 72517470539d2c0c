"""Bots and the names players use for them (random, greedy, easy, medium, hard, ismcts)."""

from __future__ import annotations

from dataclasses import replace

from .base import Bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot, SearchSettings
from .levels import LEVELS, BotSpec, Level, parse_bot_spec
from .random_bot import RandomBot

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "easy", "medium", "hard", "ismcts")


def make_bot(name: str | Level, seed: int = 0, *, reproducible: bool = False) -> Bot:
    """A bot by its public name or spec (``hard``, ``ismcts:iterations=200``, see bots/levels.py), or a Level.

    Unknown names or options get an error listing what is known. ``reproducible=True`` drops a
    level's time cap (when it also has an iteration budget) so its decisions repeat exactly on
    any machine; the arena does this.
    """
    if isinstance(name, Level):
        level = name
    else:
        spec = parse_bot_spec(name, BOT_NAMES)
        if spec.base == "random":
            return RandomBot(seed)
        if spec.base == "greedy":
            return GreedyBot(seed)
        level = spec.level or LEVELS[spec.base]
    settings = level.settings
    if reproducible and settings.iterations is not None:
        settings = replace(settings, deadline=None, reuse=False)
    return ISMCTSBot(seed, settings, label=level.name, strength=level.strength)


__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "ISMCTSBot",
    "Level",
    "RandomBot",
    "SearchSettings",
    "make_bot",
    "parse_bot_spec",
]
