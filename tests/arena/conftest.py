"""Reuse the toy trick game from tests/bots, registered only while these tests run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardgamesbot.core import registry

BOTS_TESTS = str(Path(__file__).resolve().parents[1] / "bots")
if BOTS_TESTS not in sys.path:
    sys.path.insert(0, BOTS_TESTS)


@pytest.fixture(autouse=True)
def toy_game_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_MODULES, "toytricks", "toy_tricks")
