"""Server test fixtures: the toy game registered, a live app on a temp database."""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from toy_game import GAME as TOY

from boardgamesbot.core import registry
from boardgamesbot.server.config import Settings


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy game loadable as "toy" for this test."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "toy_game")
    monkeypatch.setitem(registry._loaded, "toy", TOY)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, bot_workers=0, bot_delay=0.0, bot_time_limit=10.0)


class LiveServer:
    """uvicorn serving the app in a thread on a free loopback port."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        from boardgamesbot.server.app import create_app

        self.settings = settings
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(settings), log_level="warning", ws_max_size=1 << 20, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("test server did not start")
            time.sleep(0.02)
        return self

    @property
    def hub(self):  # type: ignore[no-untyped-def]
        return self.server.config.loaded_app.app.state.hub  # type: ignore[union-attr]

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()


@pytest.fixture
def live(toy: None, settings: Settings) -> Iterator[LiveServer]:
    with LiveServer(settings) as server:
        yield server
