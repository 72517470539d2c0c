"""Make the toy game importable by name (also in forked arena workers) and registered for load_game."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from boardgamesbot.core import registry  # noqa: E402

registry.GAME_MODULES.setdefault("toytricks", "toy_tricks")
