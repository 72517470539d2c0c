"""Small helpers for samplers (determinization): a shuffle cheap enough to run thousands of times a move."""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place, uniformly (Fisher–Yates on ``rng.random()``).

    ``random.shuffle`` draws each index through ``getrandbits`` in interpreted
    code; one float per step is three to four times cheaper, and the bias of
    ``int(u * n)`` (about n / 2**53) is far below anything a game can notice.
    The same ``rng`` state always gives the same order, compiled or not.
    """
    rand = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]


def same_shuffle(items: list[T], rng: random.Random) -> None:
    """Exactly ``rng.shuffle(items)`` (the same order for the same generator state), without the interpreted
    loop: engines deal with it, and their games must stay the same game for the same seed."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
