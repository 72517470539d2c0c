"""Game-agnostic core: the protocol, its capabilities, errors, records, variants, registry."""

from .action import Action
from .actiontable import ActionTable
from .capabilities import (
    BotKit,
    CliFlag,
    DeskKit,
    Explanation,
    InteropKit,
    LearnKit,
    MoveValue,
    PositionReport,
    SearchTuning,
    Strength,
    TerminalKit,
    Tutorial,
    TutorialStep,
    Words,
)
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
from .fields import PositionFields
from .game import Game, State, new_seed, rng_for
from .infoset import InfoSet
from .outcome import Outcome
from .record import GameRecord
from .registry import list_games, load_game, register_game, unregister_game
from .rules import RuleInfo, rule_table
from .variant import VariantOption
from .view import View, ViewBase, base_view

__all__ = [
    "Action",
    "ActionTable",
    "BGBError",
    "BotKit",
    "CliFlag",
    "DeskKit",
    "Event",
    "Explanation",
    "Game",
    "GameOver",
    "GameRecord",
    "IllegalAction",
    "InfoSet",
    "InteropKit",
    "InvalidActionText",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidSetup",
    "InvalidVariant",
    "LearnKit",
    "MoveValue",
    "Outcome",
    "PositionFields",
    "PositionReport",
    "RuleInfo",
    "SearchTuning",
    "State",
    "Strength",
    "TerminalKit",
    "Tutorial",
    "TutorialStep",
    "UnknownGame",
    "VariantOption",
    "View",
    "ViewBase",
    "Words",
    "base_view",
    "list_games",
    "load_game",
    "new_seed",
    "register_game",
    "rng_for",
    "rule_table",
    "unregister_game",
]
