"""Shared fairness check: a bot's choice depends only on what its seat may know."""

from __future__ import annotations

import random
from typing import Any

from boardgamesbot.bots import make_bot
from boardgamesbot.core import Game, State


def position(game: Game, players: int, seed: int, moves: int, variant: dict[str, Any] | None = None) -> State:
    """A random position: ``moves`` random legal moves into a seeded game (stops early at the end)."""
    state = game.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def twins(state: State, seat: int, a: int, b: int) -> tuple[State, State]:
    """Two full states the seat cannot tell apart: samples of its own view with different rngs."""
    view = state.view(seat, perfect_memory=True)
    one = state.game.determinize(view, random.Random(a))
    two = state.game.determinize(view, random.Random(b))
    return one, two


def choices(states: list[State], seat: int, spec: str, bot_seed: int) -> list[str]:
    """The move a fresh bot with the same seed picks in each state's information set."""
    return [make_bot(spec, bot_seed, reproducible=True).choose(s.infoset(seat)).code for s in states]
