"""A live room in memory: the authoritative state, its seats and connections.

Everything a client receives about the game is built here from
``State.view(seat)`` (``view(None)`` for spectators) plus public facts: the
seat list, the action codes played (public in every game, see
docs/ARCHITECTURE.md) and their descriptions, and events filtered by
``Event.for_viewer``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.events import Event
from ..core.game import Game, State
from ..core.view import View
from .storage import ActionData, RoomData, SeatData

ANNOUNCE_DELAY = 0.05  # s: seat changes within this are announced once


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


_WORDS: dict[tuple[str, str, str, bool], str] = {}


def describe(game: Game, code: str, lang: str, mover: bool = True) -> str:
    """``game.describe_action`` cached: a code's words never change, and legal lists repeat a lot.

    ``mover``: words for the player who makes the move ("your row"); else for the others ("their row").
    """
    key = (game.name, code, lang, mover)
    words = _WORDS.get(key)
    if words is None:
        if len(_WORDS) > 100_000:
            _WORDS.clear()
        words = _WORDS[key] = game.describe_action(code, lang, mover=mover)
    return words


class Connection:
    """One WebSocket viewer: a seat (or None) and an ordered outbox.

    Messages are queued under the room lock and written by the connection's
    own task, so a slow client never blocks a room, and order is kept. The
    outbox is bounded by messages and by bytes: a client that stops reading
    is dropped (with a close reason) instead of growing the server.
    """

    def __init__(self, seat: int | None, lang: str, limit: int, max_bytes: int = 4 * 1024 * 1024) -> None:
        self.seat = seat
        self.lang = lang
        self.limit = limit
        self.max_bytes = max_bytes
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued_bytes = 0
        self.sent_step = 0  # history entries this client already has
        self.overflowed = False
        self.close_reason = ""
        self.account: str | None = None  # the signed-in account behind this connection, if any
        self.client = ""  # who the connection counts against (quotas)

    def send(self, text: str) -> None:
        if self.overflowed:
            return
        size = len(text)
        if self.queue.qsize() >= self.limit or self.queued_bytes + size > self.max_bytes:
            self.overflowed = True
            self.close_reason = f"too slow: {self.queue.qsize()} messages ({self.queued_bytes} bytes) unread; reconnect for the full state"
            self.queue.put_nowait(None)  # tells the writer to close: the client is not reading
            return
        self.queued_bytes += size
        self.queue.put_nowait(text)

    def sent(self, text: str) -> None:
        """The writer wrote ``text``: it no longer counts against the outbox."""
        self.queued_bytes -= len(text)


@dataclass
class Seat:
    data: SeatData
    connections: int = 0
    away_since: float = field(default_factory=time.monotonic)
    cover_task: asyncio.Task[None] | None = None
    forced: str | None = None  # a stand-in level making one decision because the seat's clock ran out

    @property
    def claimed(self) -> bool:
        return self.data.kind == "human" and self.data.token_hash is not None

    @property
    def controller(self) -> str | None:
        """The bot level playing this seat now, or None if a person plays it."""
        if self.data.kind == "bot":
            return self.data.bot
        return self.data.stand_in or self.forced


class Room:
    def __init__(self, data: RoomData, game: Game, state: State) -> None:
        self.data = data
        self.id = data.id
        self.game = game
        self.state = state
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.seats = [Seat(sd) for sd in data.seats]
        self.entries: list[ActionData] = data.actions
        self.turn: int = self.state.ply
        self.last_events: list[Event] = []
        self.last_move_at = 0.0
        self.bot_task: asyncio.Task[None] | None = None
        self._texts: dict[str, list[str]] = {}
        self.pins = 0  # requests working on this room now: it may not leave memory meanwhile
        self.touched = time.monotonic()  # last connection, request or person's move
        self.evicted = False  # left memory: whoever still holds this object must load the room again
        self._announce: asyncio.TimerHandle | None = None
        self._announce_again = False
        # social.py: the room's clock, chat, rematch and ratings in the summary; called when seats change
        self.extra_summary: Callable[[Room], dict[str, Any]] | None = None
        self.on_seats_changed: Callable[[Room], None] | None = None

    # ---- facts -----------------------------------------------------------
    @property
    def reveal_at_end(self) -> bool:
        return bool(self.data.options.get("reveal_at_end", True))

    @property
    def stand_in_level(self) -> str:
        return str(self.data.options.get("stand_in", "medium"))

    def started(self) -> bool:
        """No open seat: every human seat is claimed or covered by a stand-in."""
        return all(s.data.kind == "bot" or s.claimed or s.data.stand_in for s in self.seats)

    def status(self) -> str:
        if self.state.is_over():
            return "over"
        return "playing" if self.started() else "waiting"

    @property
    def all_bots(self) -> bool:
        """No human seat at all: its bots are served after rooms with people (background lane)."""
        return all(s.data.kind == "bot" for s in self.seats)

    def evictable(self) -> bool:
        return self.pins == 0 and not self.conns and not self.lock.locked()

    def humans_watching(self) -> bool:
        return any(c.seat is None or self.seats[c.seat].controller is None for c in self.conns)

    # ---- payloads --------------------------------------------------------
    def summary(self, lang: str = "en") -> dict[str, Any]:
        out = {
            "id": self.id,
            "game": self.game.name,
            "ui": self.game.ui_component,
            "title": self.game.title.get(lang, self.game.title.get("en", self.game.name)),
            "players": self.data.players,
            "variant": dict(self.state.variant),
            "lang": self.data.lang,
            "status": self.status(),
            "turn": self.turn,
            "step": len(self.entries),
            "to_move": self.state.to_move(),
            "teams": self.game.teams(self.data.players, self.state.variant),
            "reveal_at_end": self.reveal_at_end,
            "seats": [
                {
                    "seat": s.data.seat,
                    "name": s.data.name,
                    "kind": s.data.kind,
                    "bot": s.data.bot if s.data.kind == "bot" else None,
                    "claimed": s.claimed,
                    "connected": s.connections > 0,
                    "stand_in": s.data.stand_in,
                    "away": s.claimed and s.connections == 0,
                    "cover_after": s.data.cover_after,
                    "account": s.data.account,
                    "stand_in_reason": s.data.stand_in_reason,
                }
                for s in self.seats
            ],
        }
        if self.extra_summary is not None:
            out.update(self.extra_summary(self))
        return out

    def view_for(self, seat: int | None) -> View:
        """What a person in ``seat`` sees (memory aids are the game's own variant options)."""
        return self.state.view(seat)

    def text(self, index: int, lang: str, viewer: int | None = None) -> str:
        """Words for history entry ``index`` (0-based) as ``viewer`` reads them (the mover: second
        person; everyone else: third person), cached per language."""
        act = self.entries[index]
        mover = act.seat == viewer
        texts = self._texts.setdefault(f"{lang}:{int(mover)}", [])
        if len(texts) <= index:
            texts.extend([""] * (len(self.entries) - len(texts)))
        if not texts[index]:
            texts[index] = describe(self.game, act.code, lang, mover)
        return texts[index]

    def entry(self, index: int, lang: str, viewer: int | None = None) -> dict[str, Any]:
        act = self.entries[index]
        return {
            "step": act.step,
            "seat": act.seat,
            "action": act.code,
            "text": self.text(index, lang, viewer),
            "bot": act.by_bot,
        }

    def legal_text(self, view: View, lang: str) -> dict[str, str]:
        return {code: describe(self.game, code, lang) for code in view.get("legal") or []}

    def refresh(self) -> dict[int | None, View]:
        """After a move: the view of every connected seat, computed once, and the new version."""
        views = {seat: self.view_for(seat) for seat in {c.seat for c in self.conns}}
        self.turn = self.state.ply
        return views

    def state_message(
        self,
        seat: int | None,
        lang: str,
        history_from: int,
        *,
        fresh: bool = False,
        view: View | None = None,
        summary: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        view = self.view_for(seat) if view is None else view
        last = self.entry(len(self.entries) - 1, lang, seat) if self.entries and not fresh else None
        return {
            "type": "state",
            "room": self.summary(lang) if summary is None else summary,
            "seat": seat,
            "turn": self.turn,
            "step": len(self.entries),
            "view": view,
            "legal_text": self.legal_text(view, lang),
            "history": {
                "from": history_from,
                "entries": [self.entry(i, lang, seat) for i in range(history_from, len(self.entries))],
            },
            "events": [] if fresh else [e.for_viewer(seat) for e in self.last_events],
            "last": last,
        }

    def snapshot(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The HTTP answer for GET room/seat: summary, view, legal moves and the whole history."""
        view = self.view_for(seat)
        return {
            "room": self.summary(lang),
            "seat": seat,
            "turn": self.turn,
            "step": len(self.entries),
            "view": view,
            "legal_text": self.legal_text(view, lang),
            "history": [self.entry(i, lang, seat) for i in range(len(self.entries))],
        }

    # ---- fan-out -----------------------------------------------------------
    def broadcast_state(self, views: dict[int | None, View]) -> None:
        """Queue every connection its own state message (call under the room lock, after ``refresh``)."""
        cache: dict[tuple[int | None, str, int], str] = {}
        summaries: dict[str, dict[str, Any]] = {}
        step = len(self.entries)
        for conn in list(self.conns):
            start = min(conn.sent_step, step)
            key = (conn.seat, conn.lang, start)
            if key not in cache:
                if conn.lang not in summaries:
                    summaries[conn.lang] = self.summary(conn.lang)
                cache[key] = dumps(
                    self.state_message(
                        conn.seat, conn.lang, start, view=views.get(conn.seat), summary=summaries[conn.lang]
                    )
                )
            conn.send(cache[key])
            conn.sent_step = step

    def send_state(self, conn: Connection) -> None:
        """A full state (history from 0) to one connection: on hello and sync."""
        conn.send(dumps(self.state_message(conn.seat, conn.lang, 0, fresh=True)))
        conn.sent_step = len(self.entries)

    def announce(self) -> None:
        """Send every connection the room summary, at most once per ``ANNOUNCE_DELAY`` window.

        The first seat change goes out at once (so it keeps its place before
        the moves that follow); further changes within the window (a burst of
        joins, reconnects, stand-ins) are sent once at its end. Spectators
        coming and going change nothing in the summary and announce nothing,
        so N spectators joining cost O(N) messages, not O(N²).
        """
        if self.on_seats_changed is not None:
            self.on_seats_changed(self)
        if self._announce is not None:
            self._announce_again = True
            return
        self.broadcast_room()
        self._announce = asyncio.get_running_loop().call_later(ANNOUNCE_DELAY, self._window_end)

    def _window_end(self) -> None:
        self._announce = None
        if self._announce_again and not self.evicted:
            self._announce_again = False
            self.announce()

    def cancel_announce(self) -> None:
        if self._announce is not None:
            self._announce.cancel()
            self._announce = None

    def broadcast_room(self) -> None:
        cache: dict[str, str] = {}
        for conn in list(self.conns):
            if conn.lang not in cache:
                cache[conn.lang] = dumps({"type": "room", "room": self.summary(conn.lang)})
            conn.send(cache[conn.lang])
