"""Test clients: HTTP calls and WebSocket viewers that record every message."""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

TIMEOUT = 20.0


def create(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/rooms", json=body, timeout=TIMEOUT)
    assert r.status_code == 201, r.text
    return r.json()


class Viewer:
    """One WebSocket connection (a seat or a spectator) keeping every message it got."""

    def __init__(self, ws_base: str, room: str, token: str | None = None, lang: str = "en") -> None:
        self.ws: ClientConnection = connect(f"{ws_base}/ws/rooms/{room}", max_size=None).__enter__()
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
