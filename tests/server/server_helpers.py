"""Test clients: HTTP calls and WebSocket viewers that record every message."""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from boardgamesbot.server.config import Settings

TIMEOUT = 20.0


def create(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/rooms", json=body, timeout=TIMEOUT)
    assert r.status_code == 201, r.text
    return r.json()


def replay_all(
    base: str, room: str, seat: int | None = None, token: str | None = None, **params: Any
) -> dict[str, Any]:
    """Every page of a replay, joined: the first page's fields with all the frames."""
    path = f"{base}/api/rooms/{room}/replay" if seat is None else f"{base}/api/rooms/{room}/seats/{seat}/replay"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    start: int | None = 0
    out: dict[str, Any] = {}
    frames: list[dict[str, Any]] = []
    while start is not None:
        r = httpx.get(path, params={**params, "from": start}, headers=headers, timeout=TIMEOUT)
        assert r.status_code == 200, r.text
        page = r.json()
        out = out or page
        frames += page["frames"]
        start = page.get("next")  # no "next": the whole replay came in one answer
    out["frames"] = frames
    return out


class Viewer:
    """One WebSocket connection (a seat or a spectator) keeping every message it got."""

    def __init__(
        self, ws_base: str, room: str, token: str | None = None, lang: str = "en", cookies: Any = None
    ) -> None:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in dict(cookies).items())} if cookies else None
        self.ws: ClientConnection = connect(
            f"{ws_base}/ws/rooms/{room}", max_size=None, additional_headers=headers
        ).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        hello: dict[str, Any] = {"type": "hello", "lang": lang}
        if token is not None:
            hello["token"] = token
        self.send(hello)
        self.welcome = self.until("welcome")
        self.state = self.until("state")

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        text = self.ws.recv(timeout=TIMEOUT)
        assert isinstance(text, str)
        self.raw.append(text)
        msg = json.loads(text)
        self.messages.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    def until(self, kind: str, pred: Any = None) -> dict[str, Any]:
        """Read until a message of ``kind`` (matching ``pred``) arrives; return it."""
        while True:
            msg = self.recv()
            if msg["type"] == kind and (pred is None or pred(msg)):
                return msg

    def at_step(self, step: int) -> dict[str, Any]:
        """Read until this viewer's latest state is at ``step``."""
        if self.state["step"] >= step:
            return self.state
        return self.until("state", lambda m: m["step"] >= step)

    def close(self) -> None:
        self.ws.close()


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
        config = uvicorn.Config(
            create_app(settings), log_level="warning", ws_max_size=1 << 20, lifespan="on", proxy_headers=False
        )
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
        app = self.server.config.loaded_app
        while not hasattr(app, "state"):  # under uvicorn's wrappers, if any
            app = app.app  # type: ignore[union-attr]
        return app.state.hub  # type: ignore[union-attr]

    def on_loop(self, fn: Any) -> Any:
        """Call ``fn()`` on the server's event loop (hub methods are not thread-safe) and return its result."""
        import asyncio

        async def call() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(call(), self.hub.loop).result(timeout=TIMEOUT)

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()
