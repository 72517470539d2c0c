"""The public move log of a state, cheap to clone and to extend.

A search clones a state thousands of times and a view lists every code played, so the log is kept
in pieces nobody ever changes: full chunks of ``CHUNK`` codes chained back to the first, shared by
every clone, and a short tail list. The tail is shared too and only its owner appends to it; a clone
that moves copies at most ``CHUNK`` codes of it first (see ``AlcatrazState._note``).
"""

from __future__ import annotations

from typing import Final

CHUNK: Final = 16


class Chunk:
    """``CHUNK`` codes and the chunk before them (None: the log's start). Never changed once made."""

    def __init__(self, prev: Chunk | None, codes: tuple[str, ...]) -> None:
        self.prev = prev
        self.codes = codes


def codes_of(chunk: Chunk | None, tail: list[str], size: int) -> list[str]:
    """A fresh list of the log: the chained chunks, oldest first, then the first ``size`` codes of ``tail``."""
    chunks: list[tuple[str, ...]] = []
    while chunk is not None:
        chunks.append(chunk.codes)
        chunk = chunk.prev
    out: list[str] = []
    for i in range(len(chunks) - 1, -1, -1):
        out.extend(chunks[i])
    out.extend(tail[:size])
    return out


def chunked(codes: list[str]) -> tuple[Chunk | None, list[str]]:
    """A log given as a list (a position's or a view's), as chunks and a tail shorter than ``CHUNK``."""
    chunk: Chunk | None = None
    full = len(codes) - len(codes) % CHUNK
    for start in range(0, full, CHUNK):
        chunk = Chunk(chunk, tuple(codes[start : start + CHUNK]))
    return chunk, codes[full:]
