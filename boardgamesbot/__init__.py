"""BoardGamesBot: learn, look up and play tabletop games with a bot."""

from .core import (
    Action,
    BGBError,
    Game,
    GameRecord,
    IllegalAction,
    Outcome,
    State,
    list_games,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BGBError",
    "Game",
    "GameRecord",
    "IllegalAction",
    "Outcome",
    "State",
    "__version__",
    "list_games",
    "load_game",
]
