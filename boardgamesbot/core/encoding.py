"""Fixed-size numeric encodings of a seat's view; each game declares its own (``InteropKit.encoder``).

An encoder sees a view dict (what ``State.view(seat)`` returns) and nothing
else, so whatever a learning agent or OpenSpiel tool reads is, by
construction, what a player in that seat may know. Each encoder declares its
tensor as named segments (like OpenSpiel observers do) so the same layout
serves PettingZoo arrays and OpenSpiel tensors, and people can read a slice by
name instead of by offset. This module needs numpy (the ``rl`` extra); nothing
imports it until an adapter asks a game for its encoder.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

import numpy as np

Segments = list[tuple[str, tuple[int, ...]]]


class Layout:
    """One flat float32 tensor plus named, reshaped views into it (no copies)."""

    def __init__(self, segments: Segments) -> None:
        sizes = [int(np.prod(shape)) for _, shape in segments]
        self.tensor = np.zeros(sum(sizes), dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for (name, shape), size in zip(segments, sizes, strict=True):
            if name in self.dict:
                raise ValueError(f"encoder segment {name!r} is declared twice")
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size


class ViewEncoder(ABC):
    """Encodes a view of one game as float32 values in [0, 1]."""

    game_name: str

    @abstractmethod
    def segments(self, players: int, variant: Mapping[str, Any]) -> Segments:
        """Named parts of the tensor and their shapes, fixed per player count and variant."""

    @abstractmethod
    def fill(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        """Write ``view`` into the zeroed ``parts`` (from :meth:`segments`)."""

    def layout(self, players: int, variant: Mapping[str, Any]) -> Layout:
        return Layout(self.segments(players, variant))

    def size(self, players: int, variant: Mapping[str, Any]) -> int:
        return int(sum(int(np.prod(shape)) for _, shape in self.segments(players, variant)))

    def write(self, view: Mapping[str, Any], layout: Layout) -> np.ndarray:
        """Encode ``view`` into ``layout`` in place and return its tensor."""
        layout.tensor.fill(0.0)
        self.fill(view, layout.dict)
        return layout.tensor

    def encode(self, view: Mapping[str, Any], players: int, variant: Mapping[str, Any]) -> np.ndarray:
        """A fresh array for ``view``."""
        return self.write(view, self.layout(players, variant)).copy()


def one_hot(part: np.ndarray, index: int | None) -> None:
    """Set ``part[index]`` to 1; ``None`` (unknown) leaves the part zero."""
    if index is not None:
        part[index] = 1.0


def fraction(value: float, limit: float) -> float:
    """``value / limit`` clipped to [0, 1] (counts and scores as fractions)."""
    if limit <= 0:
        return 0.0
    return float(min(max(value / limit, 0.0), 1.0))
