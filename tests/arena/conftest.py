"""Reuse the toy trick game from tests/bots (importable by name, also in forked workers)."""

from __future__ import annotations

import sys
from pathlib import Path

BOTS_TESTS = str(Path(__file__).resolve().parents[1] / "bots")
if BOTS_TESTS not in sys.path:
    sys.path.insert(0, BOTS_TESTS)

from boardgamesbot.core import registry  # noqa: E402

registry.GAME_MODULES.setdefault("toytricks", "toy_tricks")
