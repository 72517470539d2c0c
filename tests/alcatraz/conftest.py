"""Fixtures for Alcatraz tests: hand-built positions, every unplaced card put in the deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from boardgamesbot.core import load_game
from boardgamesbot.games.alcatraz.cards import FULL_COUNTS, OBJECTIVES
from boardgamesbot.games.alcatraz.position import _parse_card, desc_to_text
from boardgamesbot.games.alcatraz.state import AlcatrazState

GAME = load_game("alcatraz")


def build_position(
    rows: list[str],
    *,
    piles: tuple[list[int], list[int]] = ([5], [6]),
    objectives: tuple[int, ...] = (12, 9, 7),
    phase: str = "start",
    current: int = 0,
    first: int = 0,
    held: tuple[int, bool] | None = None,
    deck_top: tuple[int, ...] = (),
    deck: list[int] | None = None,
    victory: list[list[int]] | None = None,
    variant: dict[str, Any] | None = None,
    rest_to: int | None = None,
    **extra: Any,
) -> AlcatrazState:
    """A position from row strings like "3 -3 14^ 1@0" (^ face up, @0 seen by seat 0, {p12} overlay)."""
    n = len(rows)
    parsed = [[_parse_card(tok, "test") for tok in r.split()] for r in rows]
    victory = victory or [[] for _ in range(n)]
    placed: Counter[int] = Counter()
    for row in parsed:
        for value, _, _, covers in row:
            placed[value] += 1
            placed.update(v for _, v in covers)
    for pile in piles:
        placed.update(pile)
    for won in victory:
        placed.update(won)
    placed.update(deck_top)
    placed.update(extra.get("pending", ()))
    if held is not None:
        placed[held[0]] += 1
    if deck is not None:
        placed.update(deck)
    rest = sorted((FULL_COUNTS - placed).elements())
    if deck is None:
        deck = rest + list(deck_top)
    elif rest_to is not None:  # park every unplaced card in one victory pile
        victory[rest_to] = victory[rest_to] + rest
    desc: dict[str, Any] = {
        "players": n,
        "variant": GAME.resolve_variant(variant),
        "seed": 7,
        "shuffles": 0,
        "obj_shuffles": 0,
        "ply": 0,
        "round": 1,
        "first": first,
        "current": current,
        "phase": phase,
        "turns": 0,
        "ending": False,
        "emptied": [],
        "last_emptier": -1,
        "peek_queue": [],
        "circles": [0] * n,
        "round_start": [0] * n,
        "round_scores": [],
        "capped": [],
        "rows": parsed,
        "deck": deck,
        "piles": [list(p) for p in piles],
        "victory": victory,
        "held": held,
        "claim": 0,
        "pending": [],
        "pile_next": "end",
        "objectives": list(objectives),
        "obj_deck": sorted(set(OBJECTIVES) - set(objectives)),
        "obj_done": [],
        "flash": [[] for _ in range(n)],
        "points": list(extra.get("round_start", [0] * n)),
    }
    desc.update(extra)
    return GAME.from_position(desc_to_text(desc))


@pytest.fixture
def build() -> Callable[..., AlcatrazState]:
    return build_position
