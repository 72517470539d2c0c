"""Server test fixtures: the toy game registered, a live app on a temp database."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_helpers import LiveServer
from server_toy_game import GAME as TOY

from boardgamesbot.core import registry
from boardgamesbot.server.config import Settings


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy game loadable as "toy" for this test."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "server_toy_game")
    monkeypatch.setitem(registry._loaded, "toy", TOY)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Test settings: bots in threads, no pacing, and no per-socket message rate (tests send in bursts)."""
    return Settings(data_dir=tmp_path, bot_workers=0, bot_delay=0.0, bot_time_limit=10.0, ws_messages_per_second=0)


@pytest.fixture
def live(toy: None, settings: Settings) -> Iterator[LiveServer]:
    with LiveServer(settings) as server:
        yield server
