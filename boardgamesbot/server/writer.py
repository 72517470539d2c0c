"""The async face of storage: one writer thread and group commit for moves.

Every storage call runs on a single thread (SQLite allows one writer; order
is kept). Moves from many rooms that arrive while a commit is in flight are
committed together in the next transaction, so 200 busy games cost a few
commits per second rather than hundreds, while each move is still durable
before it is acknowledged.

In cluster mode (``fenced``) every write of a room carries the owner epoch
this process holds for it (``fences``); a room without one is not ours, and
its writes are refused (:class:`~boardgamesbot.server.storage.Fenced`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import TypeVar

from .storage import ActionData, Fenced, RoomData, SeatData, Store

T = TypeVar("T")


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bgb-db")
        self._pending: list[tuple[tuple[str, ActionData, bool], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0
        self.actions_written = 0
        self.fenced = False  # cluster mode: every room write checks the owner epoch in ``fences``
        self.fences: dict[str, int] = {}  # room -> owner epoch this process holds (cluster mode)
        self.refused = 0  # writes refused by a fence (another process owns the room now)

    def fence(self, room_id: str) -> int | None:
        """The epoch a write of ``room_id`` must carry: None without fencing, -1 (never valid) if not ours."""
        return self.fences.get(room_id, -1) if self.fenced else None

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def create_room(self, room: RoomData) -> None:
        await self.run(self.store.create_room, room)

    async def save_seat(self, room_id: str, seat: SeatData) -> None:
        epoch = self.fence(room_id)
        if epoch is None:
            await self.run(self.store.save_seat, room_id, seat)
            return
        try:
            await self.run(self.store.save_seat, room_id, seat, epoch)
        except Fenced:
            self.refused += 1
            raise

    async def load_room(self, room_id: str) -> RoomData | None:
        return await self.run(self.store.load_room, room_id)

    async def touch(self, room_ids: list[str]) -> None:
        await self.run(self.store.touch, room_ids)

    async def count_live(self, since: datetime, creator: str | None = None, bots_only: bool = False) -> int:
        return await self.run(self.store.count_live, since, creator, bots_only)

    async def append_action(self, room_id: str, action: ActionData, over: bool) -> None:
        """Return once the action is committed; raise if the commit failed."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(((room_id, action, over), fut))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await fut

    async def _append(self, items: list[tuple[str, ActionData, bool]]) -> set[str]:
        """Commit ``items``; the rooms a fence refused (cluster mode only)."""
        if not self.fenced:
            await self.run(self.store.append_actions, items)
            return set()
        fences = {room_id: self.fences.get(room_id, -1) for room_id, _, _ in items}
        return await self.run(self.store.append_actions, items, fences) or set()

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            items = [item for item, _ in batch]
            try:
                refused = await self._append(items)
            except Exception:
                await self._one_by_one(batch)
                continue
            self.commits += 1
            self.actions_written += len(batch)
            self._settle(batch, refused)

    def _settle(
        self, batch: list[tuple[tuple[str, ActionData, bool], asyncio.Future[None]]], refused: set[str]
    ) -> None:
        for (room_id, _, _), fut in batch:
            if fut.done():
                continue
            if room_id in refused:
                self.actions_written -= 1
                self.refused += 1
                fut.set_exception(Fenced({room_id}))
            else:
                fut.set_result(None)

    async def _one_by_one(self, batch: list[tuple[tuple[str, ActionData, bool], asyncio.Future[None]]]) -> None:
        """After a failed group commit, commit each move alone so one bad row fails only its own move."""
        for item, fut in batch:
            try:
                refused = await self._append([item])
            except Exception as exc:
                if not fut.done():
                    fut.set_exception(exc)
            else:
                self.commits += 1
                self.actions_written += 1
                self._settle([(item, fut)], refused)

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        await self.run(self.store.close)
        self._pool.shutdown(wait=True)
