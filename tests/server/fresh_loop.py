"""Run a coroutine on an event loop of its own, in a thread of its own.

The browser tests' session-wide Playwright (tests/browser/conftest.py) keeps its event loop marked as running
in the xdist worker's main thread, so a later ``asyncio.run`` in that worker fails with "cannot be called from a
running event loop" whenever a browser test happened to run there first. A new thread has no running loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_fresh(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
