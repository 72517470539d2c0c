"""Bots off the event loop: two lanes of worker processes, a time limit and a safe fallback.

A bot gets only ``State.infoset(seat)`` and returns an action code. Bots run
in worker processes so a thinking bot never holds the server's GIL; a move
that overruns the time limit is replaced by a ``greedy`` move and the pool is
recycled, so one runaway bot cannot keep other rooms waiting.

Rooms with people in them are served first: their bots run in the main lane
(``workers`` processes), while rooms with only bots wait in the background
lane, a few processes at a lower OS priority (``nice``), so however many
all-bot rooms run, a person's bot reply is not queued behind them and gets
the CPU first. Each decision reports the CPU it used, for the per-room budget.
"""

from __future__ import annotations

import asyncio
import contextlib
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


def timed_choice(level: str, seed: int, infoset: InfoSet) -> tuple[str, float]:
    """Run in a worker: the move code and the CPU seconds the decision took."""
    start = time.thread_time()
    code = choose_code(level, seed, infoset)
    return code, time.thread_time() - start


def fallback_code(seed: int, infoset: InfoSet) -> str:
    """A quick move when a bot failed or overran: greedy, else uniformly random."""
    try:
        return make_bot(FALLBACK_LEVEL, seed).choose(infoset).code
    except Exception:
        log.exception("greedy fallback failed; playing a random legal move")
        return random.Random(seed).choice(infoset.legal_actions).code


def _warm() -> bool:
    return True


BACKGROUND_NICE = 10  # how much lower the background lane's OS priority is


def _watch_parent(parent: int, nice: int = 0) -> None:
    """Worker start-up: exit when the server process is gone (even after a SIGKILL); lower priority if asked."""
    if nice:
        with contextlib.suppress(OSError):  # not allowed here: the lane still keeps its own queue
            os.nice(nice)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="bgb-parent-watch", daemon=True).start()


class _Lane:
    """One pool of workers (processes, or threads when ``workers`` is 0)."""

    def __init__(self, name: str, workers: int, threads: int, nice: int) -> None:
        self.name = name
        self.workers = workers
        self.threads = threads
        self.nice = nice
        self.pool: Executor = self.new_pool()

    def new_pool(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix=f"bgb-bot-{self.name}")
        ctx = multiprocessing.get_context("spawn")  # fresh interpreters: safe beside the event loop's threads
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=ctx, initializer=_watch_parent, initargs=(os.getpid(), self.nice)
        )

    def recycle(self, pool: Executor) -> None:
        """Replace the pool, killing its processes so a runaway search stops using a core."""
        if pool is not self.pool:
            return
        self.pool = self.new_pool()
        _shutdown(pool)


def _shutdown(pool: Executor) -> None:
    processes = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes.values():
        proc.terminate()


class BotPool:
    """Chooses bot moves with a time limit. ``workers=0`` uses threads (for tests).

    ``choose(..., background=True)`` (rooms without people) runs in the
    background lane: ``background_workers`` niced processes, so those bots
    never take a worker or a core a person's room is waiting for.
    """

    def __init__(self, workers: int, time_limit: float, background_workers: int = 1) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.overruns = 0
        self.main = _Lane("main", workers, 2, 0)
        self.background = _Lane(
            "background", max(1, background_workers) if workers > 0 else 0, max(1, background_workers), BACKGROUND_NICE
        )

    async def warm(self) -> None:
        """Start the worker processes now rather than on the first bot move."""
        loop = asyncio.get_running_loop()
        jobs = [loop.run_in_executor(self.main.pool, _warm) for _ in range(max(1, self.workers))]
        jobs.append(loop.run_in_executor(self.background.pool, _warm))
        await asyncio.gather(*jobs)

    async def choose(self, level: str, seed: int, infoset: InfoSet, *, background: bool = False) -> tuple[str, float]:
        """The move code and the CPU seconds the bot used (the time limit if it overran)."""
        loop = asyncio.get_running_loop()
        lane = self.background if background else self.main
        for _attempt in range(2):
            pool = lane.pool
            fut = loop.run_in_executor(pool, timed_choice, level, seed, infoset)
            try:
                return await asyncio.wait_for(fut, self.time_limit)
            except TimeoutError:
                self.overruns += 1
                log.warning("bot %s overran %.1fs; playing a greedy move instead", level, self.time_limit)
                lane.recycle(pool)
                return await asyncio.to_thread(fallback_code, seed, infoset), self.time_limit
            except BrokenProcessPool:
                if pool is lane.pool:
                    lane.recycle(pool)
                continue  # the pool was recycled under us (another bot overran): try again
            except Exception:
                log.exception("bot %s failed; playing a greedy move instead", level)
                break
        return await asyncio.to_thread(fallback_code, seed, infoset), 0.0

    def close(self) -> None:
        _shutdown(self.main.pool)
        _shutdown(self.background.pool)
