"""Chat in a room: two audiences that never see each other's messages, limits, mutes, history.

- Players (connections holding a seat) talk among themselves; spectators among themselves.
  A message is sent, and its history kept, for its own audience only.
- Text is cleaned like names (control, bidi and zero-width characters dropped; names.py), at
  most ``MAX_CHARS`` characters, and the UI shows it as text in an isolate: markup is never markup.
- Each connection may send ``PER_CONNECTION`` messages, and each client ``PER_CLIENT``
  (``limits``, moving windows): more are refused with ``rate_limited``.
- A player can mute another seat: that seat's messages are no longer sent to them (stored with
  the seat, so it lasts across reloads). History: the last ``HISTORY`` messages per audience.
"""

from __future__ import annotations

import math
import time
from collections import deque
from typing import Any

from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .errors import ServerError, bad_message
from .names import clean_text
from .storage import ChatData

MAX_CHARS = 300
HISTORY = 100
PER_CONNECTION = "5/10 seconds"
PER_CLIENT = "30/minute"
PLAYERS = "players"
SPECTATORS = "spectators"


def audience_of(seat: int | None) -> str:
    return SPECTATORS if seat is None else PLAYERS


def message_dict(msg: ChatData) -> dict[str, Any]:
    return {"id": msg.id, "audience": msg.audience, "seat": msg.seat, "name": msg.name, "text": msg.text,
            "at": msg.at.isoformat()}  # fmt: skip


def clean(raw: Any) -> str:
    if not isinstance(raw, str):
        raise bad_message("field 'text' must be text", "o campo 'text' deve ser texto")
    if len(raw) > 4 * MAX_CHARS:
        raise bad_message(
            f"a chat message has at most {MAX_CHARS} characters", f"uma mensagem tem no máximo {MAX_CHARS} caracteres"
        )
    text = clean_text(raw, MAX_CHARS)
    if not text:
        raise bad_message("an empty message", "uma mensagem vazia")
    return text


class ChatLimits:
    def __init__(self) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.conn = parse(PER_CONNECTION)
        self.client = parse(PER_CLIENT)

    def hit(self, conn_key: str, client: str) -> None:
        for item, key in ((self.conn, f"chat:{conn_key}"), (self.client, f"chat-client:{client}")):
            if not self.limiter.hit(item, key):
                retry = max(1, math.ceil(self.limiter.get_window_stats(item, key).reset_time - time.time()))
                raise ServerError(
                    "rate_limited",
                    f"too many chat messages; wait {retry} s",
                    f"mensagens demais no chat; espere {retry} s",
                    retry_after=retry,
                )


class ChatBox:
    """One room's recent messages per audience (loaded from storage once)."""

    def __init__(self) -> None:
        self.history: dict[str, deque[ChatData]] = {}

    def loaded(self, audience: str) -> bool:
        return audience in self.history

    def load(self, audience: str, messages: list[ChatData]) -> None:
        self.history[audience] = deque(messages, maxlen=HISTORY)

    def add(self, msg: ChatData) -> None:
        self.history.setdefault(msg.audience, deque(maxlen=HISTORY)).append(msg)

    def visible(self, audience: str, muted: set[int]) -> list[dict[str, Any]]:
        return [message_dict(m) for m in self.history.get(audience, ()) if m.seat not in muted]
