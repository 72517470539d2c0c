"""BoardGamesBot: learn, look up and play tabletop games with a bot."""

from ._purepath import compiled, install

install()  # BGB_PURE_PYTHON=1: import the .py engines even where compiled ones exist (setup.py)

from .core import (  # noqa: E402
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
    "compiled",
    "list_games",
    "load_game",
]
