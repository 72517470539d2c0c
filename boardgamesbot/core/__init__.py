"""Game-agnostic core: the protocol, errors, records, variants, registry."""

from .action import Action
from .errors import (
    BGBError,
    GameOver,
    IllegalAction,
    InvalidActionText,
    InvalidPosition,
    InvalidRecord,
    InvalidSetup,
    InvalidVariant,
    UnknownGame,
)
from .events import Event
from .game import Game, State, new_seed, rng_for
from .infoset import InfoSet
from .outcome import Outcome
from .record import GameRecord
from .registry import list_games, load_game
from .rules import RuleInfo, rule_table
from .variant import VariantOption

__all__ = [
    "Action",
    "BGBError",
    "Event",
    "Game",
    "GameOver",
    "GameRecord",
    "IllegalAction",
    "InfoSet",
    "InvalidActionText",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidSetup",
    "InvalidVariant",
    "Outcome",
    "RuleInfo",
    "State",
    "UnknownGame",
    "VariantOption",
    "list_games",
    "load_game",
    "new_seed",
    "rng_for",
    "rule_table",
]
