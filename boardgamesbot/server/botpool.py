"""Bots off the event loop: a process pool, a time limit and a safe fallback.

A bot gets only ``State.infoset(seat)`` and returns an action code. Bots run
in worker processes so a thinking bot never holds the server's GIL; a move
that overruns the time limit is replaced by a ``greedy`` move and the pool is
recycled, so one runaway bot cannot keep other rooms waiting.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..bots import make_bot
from ..bots.base import Bot
from ..core.errors import InvalidSetup
from ..core.infoset import InfoSet

log = logging.getLogger("bgb.server.bots")

FALLBACK_LEVEL = "greedy"
# Levels a room may ask for; search budgets beyond these (bot specs) are for the CLI and arena only.
OFFERED = ("easy", "medium", "hard", "random", "greedy")


def offered_levels() -> list[str]:
    """The offered levels the installed bots package knows."""
    return [name for name in OFFERED if resolve_level(name) == name]


@functools.lru_cache(maxsize=64)
def resolve_level(level: str | None) -> str:
    """The level actually used: ``level`` if offered and known to the bots package, else greedy."""
    name = (level or FALLBACK_LEVEL).strip().lower()
    if name not in OFFERED:
        return FALLBACK_LEVEL
    try:
        make_bot(name, 0)
    except InvalidSetup:
        return FALLBACK_LEVEL
    return name


def _make(level: str, seed: int) -> Bot:
    try:
        return make_bot(level, seed)
    except InvalidSetup:
        return make_bot(FALLBACK_LEVEL, seed)


def choose_code(level: str, seed: int, infoset: InfoSet) -> str:
    """Run in a worker: one bot decision as a move code."""
    return _make(level, seed).choose(infoset).code


def fallback_code(seed: int, infoset: InfoSet) -> str:
    """A quick move when a bot failed or overran: greedy, else uniformly random."""
    try:
        return make_bot(FALLBACK_LEVEL, seed).choose(infoset).code
    except Exception:
        log.exception("greedy fallback failed; playing a random legal move")
        return random.Random(seed).choice(infoset.legal_actions).code


def _warm() -> bool:
    return True


def _watch_parent(parent: int) -> None:
    """Worker start-up: exit when the server process is gone (even after a SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="bgb-parent-watch", daemon=True).start()


class BotPool:
    """Chooses bot moves with a time limit. ``workers=0`` uses threads (for tests)."""

    def __init__(self, workers: int, time_limit: float) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.overruns = 0
        self._pool: Executor = self._new_pool()

    def _new_pool(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(max_workers=2, thread_name_prefix="bgb-bot")
        ctx = multiprocessing.get_context("spawn")  # fresh interpreters: safe beside the event loop's threads
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=ctx, initializer=_watch_parent, initargs=(os.getpid(),)
        )

    async def warm(self) -> None:
        """Start the worker processes now rather than on the first bot move."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _warm) for _ in range(max(1, self.workers))))

    async def choose(self, level: str, seed: int, infoset: InfoSet) -> str:
        loop = asyncio.get_running_loop()
        for _attempt in range(2):
            pool = self._pool
            fut = loop.run_in_executor(pool, choose_code, level, seed, infoset)
            try:
                return await asyncio.wait_for(fut, self.time_limit)
            except TimeoutError:
                self.overruns += 1
                log.warning("bot %s overran %.1fs; playing a greedy move instead", level, self.time_limit)
                self._recycle(pool)
                break
            except BrokenProcessPool:
                if pool is self._pool:
                    self._recycle(pool)
                continue  # the pool was recycled under us (another bot overran): try again
            except Exception:
                log.exception("bot %s failed; playing a greedy move instead", level)
                break
        return await asyncio.to_thread(fallback_code, seed, infoset)

    def _recycle(self, pool: Executor) -> None:
        """Replace the pool, killing its processes so a runaway search stops using a core."""
        if pool is not self._pool:
            return
        self._pool = self._new_pool()
        processes = dict(getattr(pool, "_processes", None) or {})
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes.values():
            proc.terminate()

    def close(self) -> None:
        processes = dict(getattr(self._pool, "_processes", None) or {})
        self._pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes.values():
            proc.terminate()
