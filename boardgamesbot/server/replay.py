"""Per-viewer replays, rebuilt from the record (seed + actions), one page at a time.

Frame k is what the viewer may see after k actions: ``view(viewer)`` and that
action's events as the viewer may see them. A page holds at most
``page_size`` frames, so one request costs at most that many views however
long the game; encoded pages are kept in a small cache (by bytes) because a
finished game never changes.

Before the end, a seat's replay holds only what the seat may know *now*: its
views leave out what a seat is shown only in the moment of looking
(``view(seat, moment=False)``: in a memory game without its memory aid, no card
value it looked at earlier) and events carry only their public part. After the end
the frames are the views as they were sent. With a reveal (after the end, if
the room allows it) a frame also carries the full position and, for
``as_seat``, that seat's view with perfect memory.
"""

from __future__ import annotations

import gzip
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from .room import describe
from .storage import ActionData


@dataclass(frozen=True)
class PageKey:
    room: str
    viewer: int | None
    over: bool
    reveal: bool
    as_seat: int | None
    lang: str
    start: int
    limit: int
    steps: int  # actions recorded when built: a page of a running game is rebuilt when it grows


def replay_frames(
    game: Game,
    players: int,
    seed: int,
    variant: dict[str, Any],
    actions: list[ActionData],
    viewer: int | None,
    lang: str,
    *,
    over: bool,
    reveal: bool,
    start: int = 0,
    limit: int = 100,
    as_seat: int | None = None,
) -> list[dict[str, Any]]:
    """Frames ``start`` .. ``start + limit - 1`` for ``viewer`` (None: spectator)."""
    state = game.new(players, seed=seed, variant=variant)
    end = min(len(actions), start + limit - 1)
    frames: list[dict[str, Any]] = []
    moment = over  # before the end: no values shown only in the moment of looking
    events_for = viewer if over else None  # before the end: only the public part of events

    def frame(step: int, act: ActionData | None, events: list[Any]) -> None:
        shown = (
            state.view(as_seat, perfect_memory=True)
            if reveal and as_seat is not None
            else state.view(viewer, moment=moment)
        )
        view: dict[str, Any] = {k: v for k, v in shown.items() if k != "log"}  # the page's "log" holds the codes once
        out: dict[str, Any] = {
            "step": step,
            "action": None,
            "seat": None,
            "text": None,
            "bot": False,
            "view": view,
            "events": [e.for_viewer(events_for) for e in events],
        }
        if act is not None:
            out.update(
                action=act.code, seat=act.seat, text=describe(game, act.code, lang, act.seat == viewer), bot=act.by_bot
            )
        if reveal:
            out["position"] = state.to_position()
        frames.append(out)

    if start == 0:
        frame(0, None, [])
    for act in actions[:end]:
        events = state.apply(act.code)
        if act.step >= start:
            frame(act.step, act, events)
    return frames


def encode(body: dict[str, Any]) -> tuple[bytes, bytes]:
    """The page as JSON and as gzip (level 5: most of the saving at a fraction of the CPU)."""
    raw = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return raw, gzip.compress(raw, compresslevel=5, mtime=0)


class PageCache:
    """Encoded replay pages, least recently used first out once over ``max_bytes``."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._pages: OrderedDict[PageKey, tuple[bytes, bytes]] = OrderedDict()
        self.hits = 0

    def get(self, key: PageKey) -> tuple[bytes, bytes] | None:
        page = self._pages.get(key)
        if page is not None:
            self._pages.move_to_end(key)
            self.hits += 1
        return page

    def put(self, key: PageKey, page: tuple[bytes, bytes]) -> None:
        size = len(page[0]) + len(page[1])
        if size > self.max_bytes // 4:
            return
        old = self._pages.pop(key, None)
        if old is not None:
            self.bytes -= len(old[0]) + len(old[1])
        self._pages[key] = page
        self.bytes += size
        while self.bytes > self.max_bytes and self._pages:
            _, dropped = self._pages.popitem(last=False)
            self.bytes -= len(dropped[0]) + len(dropped[1])

    def forget(self, room: str) -> None:
        for key in [k for k in self._pages if k.room == room]:
            page = self._pages.pop(key)
            self.bytes -= len(page[0]) + len(page[1])
