"""A small on-disk cache for what a cold `bgb ask` would otherwise rebuild: the game's vocabulary and rule index.

Entries are pickles in ``<data dir>/cache/``, named by a digest of everything
they were built from (the glossary and pipeline version, the sheets' text, the
rule table, the indexed rulebooks), so a change to any of them simply misses
the cache. Only this program writes these files; an unreadable entry is
rebuilt, never trusted.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .paths import data_dir

T = TypeVar("T")
VERSION = "1"
STALE_SECONDS = 3600.0  # a temporary file this old is no write in progress


def digest(*parts: object) -> str:
    h = hashlib.sha256(VERSION.encode())
    for part in parts:
        h.update(repr(part).encode("utf-8", "replace"))
        h.update(b"\0")
    return h.hexdigest()[:24]


def cached(name: str, key: str, build: Callable[[], T]) -> T:
    """``build()``'s value, from the cache when an entry for ``key`` exists."""
    folder = data_dir() / "cache"
    path = folder / f"{name}-{key}.pickle"
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass
    value = build()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob(f"{name}-*.pickle"):
            with contextlib.suppress(OSError):
                old.unlink()
        _drop_stale_temporaries(folder)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)  # gone already when the replace succeeded
    return value


def _drop_stale_temporaries(folder: Path) -> None:
    """Remove half-written entries left by a process killed while writing (the server kills its start-up warm-up
    when it stops): any ``*.tmp`` older than ``STALE_SECONDS``, so one being written right now is left alone."""
    limit = time.time() - STALE_SECONDS
    for tmp in folder.glob("*.tmp"):
        with contextlib.suppress(OSError):
            if tmp.stat().st_mtime < limit:
                tmp.unlink()
