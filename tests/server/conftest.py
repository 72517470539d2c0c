"""Server test fixtures: the shared test game registered, a live app on a temp database."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_helpers import LiveServer

from boardgamesbot.server.config import Settings
from boardgamesbot.testing import registered


@pytest.fixture
def toy() -> Iterator[None]:
    """Make the shared test game (boardgamesbot.testing, "drawtricks") loadable for this test."""
    with registered():
        yield


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Test settings: bots in threads, no pacing, and no per-socket message rate (tests send in bursts)."""
    config = Settings(data_dir=tmp_path, bot_workers=0, bot_delay=0.0, bot_time_limit=10.0)
    config.ws_messages_per_second = 0
    return config


@pytest.fixture
def live(toy: None, settings: Settings) -> Iterator[LiveServer]:
    with LiveServer(settings) as server:
        yield server


@pytest.fixture
def thinking(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """ "easy" bots think until the test sets the returned event (like hard bots); other bots answer at once."""
    from boardgamesbot.server import botpool

    real = botpool.choose_code
    gate = threading.Event()

    def choose(level: str, seed: int, infoset: Any) -> str:
        if level == "easy":
            gate.wait(60)
        return real("random", seed, infoset)

    monkeypatch.setattr(botpool, "choose_code", choose)
    yield gate
    gate.set()
