"""The async face of storage: one writer thread and group commit for moves.

Every storage call runs on a single thread (SQLite allows one writer; order
is kept). Moves from many rooms that arrive while a commit is in flight are
committed together in the next transaction, so 200 busy games cost a few
commits per second rather than hundreds, while each move is still durable
before it is acknowledged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import TypeVar

from .storage import ActionData, RoomData, SeatData, Store

T = TypeVar("T")


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bgb-db")
        self._pending: list[tuple[tuple[str, ActionData, bool], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0
        self.actions_written = 0

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def create_room(self, room: RoomData) -> None:
        await self.run(self.store.create_room, room)

    async def save_seat(self, room_id: str, seat: SeatData) -> None:
        await self.run(self.store.save_seat, room_id, seat)

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

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self.run(self.store.append_actions, [item for item, _ in batch])
            except Exception:
                await self._one_by_one(batch)
                continue
            self.commits += 1
            self.actions_written += len(batch)
            for _, fut in batch:
                if not fut.done():
                    fut.set_result(None)

    async def _one_by_one(self, batch: list[tuple[tuple[str, ActionData, bool], asyncio.Future[None]]]) -> None:
        """After a failed group commit, commit each move alone so one bad row fails only its own move."""
        for item, fut in batch:
            try:
                await self.run(self.store.append_actions, [item])
            except Exception as exc:
                if not fut.done():
                    fut.set_exception(exc)
            else:
                self.commits += 1
                self.actions_written += 1
                if not fut.done():
                    fut.set_result(None)

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        await self.run(self.store.close)
        self._pool.shutdown(wait=True)
