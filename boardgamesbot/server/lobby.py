"""The lobby: public tables waiting for players, pushed live to every lobby WebSocket.

A public table is listed from its creation until no seat is open (the game starts) or it
ends; storage marks it (``rooms.listed``) so a restart lists it again. Changes are coalesced:
the first change goes out at once, further changes within ``COALESCE`` seconds once at the end
of that window, each time as the whole list (at most ``MAX_TABLES`` tables), so a burst of
joins costs a few messages. Each lobby socket has the rooms' bounded outbox (a client that
does not read is dropped with 4408) and counts against the client's WebSocket quota.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .room import Connection, Room, dumps

COALESCE = 0.25
MAX_TABLES = 200


def table_of(room: Room) -> dict[str, Any]:
    """What the lobby shows of a table (public facts only: no tokens, no invites)."""
    summary = room.summary(room.data.lang)
    seats = summary["seats"]
    return {
        "id": room.id,
        "game": summary["game"],
        "ui": summary["ui"],
        "players": summary["players"],
        "variant": summary["variant"],
        "lang": summary["lang"],
        "rated": bool(room.data.options.get("rated")),
        "clock": room.data.options.get("clock"),
        "teams": summary["teams"],
        "seats": [
            {
                "seat": s["seat"],
                "name": s["name"],
                "kind": s["kind"],
                "bot": s["bot"],
                "claimed": s["claimed"],
                "account": s.get("account"),
            }
            for s in seats
        ],
        "free": sum(1 for s in seats if s["kind"] == "human" and not s["claimed"] and not s["stand_in"]),
        "created": room.data.created.isoformat(),
    }


class Lobby:
    def __init__(self, max_age: float = 3600.0) -> None:
        self.max_age = max_age  # a table nobody touched for this long is no longer shown (like live rooms)
        self.tables: dict[str, dict[str, Any]] = {}
        self.conns: set[Connection] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._again = False
        self.touched: dict[str, float] = {}

    def listing(self) -> list[dict[str, Any]]:
        self.prune(self.max_age)
        tables = sorted(self.tables.values(), key=lambda t: t["created"], reverse=True)
        return tables[:MAX_TABLES]

    def update(self, room: Room, listed: bool) -> None:
        if listed:
            self.tables[room.id] = table_of(room)
            self.touched[room.id] = time.monotonic()
        elif self.tables.pop(room.id, None) is None:
            return
        else:
            self.touched.pop(room.id, None)
        self.changed()

    def prune(self, older_than: float) -> None:
        """Forget tables nobody touched for ``older_than`` seconds (storage stops listing them too)."""
        cut = time.monotonic() - older_than
        gone = [rid for rid, at in self.touched.items() if at < cut]
        for rid in gone:
            self.tables.pop(rid, None)
            self.touched.pop(rid, None)
        # no broadcast here: listing() prunes on its way to every message

    def message(self) -> str:
        return dumps({"type": "lobby", "tables": self.listing()})

    def changed(self) -> None:
        if self._timer is not None:
            self._again = True
            return
        self._send()
        try:
            self._timer = asyncio.get_running_loop().call_later(COALESCE, self._window_end)
        except RuntimeError:  # no loop (a test calling from outside): nothing to coalesce
            self._timer = None

    def _window_end(self) -> None:
        self._timer = None
        if self._again:
            self._again = False
            self.changed()

    def _send(self) -> None:
        if not self.conns:
            return
        text = self.message()
        for conn in list(self.conns):
            conn.send(text)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
