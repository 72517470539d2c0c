"""Make the toy game importable by name and known to load_game, only while these tests run.

The registry entry is added per test (and removed after it) so tests elsewhere that loop over
``list_games()`` never see the toy game. Forked arena workers inherit it during the test.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardgamesbot.core import registry

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture(autouse=True)
def toy_game_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_MODULES, "toytricks", "toy_tricks")
