"""Server test fixtures: the toy game registered, a live app on a temp database."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_helpers import LiveServer
from server_toy_game import GAME as TOY

from boardgamesbot.server.config import Settings
from boardgamesbot.testing import registered


@pytest.fixture
def toy() -> Iterator[None]:
    """Make the toy game loadable as "toy" for this test (through the public registry API)."""
    with registered(TOY):
        yield


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, bot_workers=0, bot_delay=0.0, bot_time_limit=10.0)


@pytest.fixture
def live(toy: None, settings: Settings) -> Iterator[LiveServer]:
    with LiveServer(settings) as server:
        yield server
