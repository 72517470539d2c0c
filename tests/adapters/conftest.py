"""Shared fixtures for the adapter tests.

``case`` parametrizes a test over every (game, player count, variant) the
adapters must serve: the shared test game (boardgamesbot.testing) and every
built-in game at every player count. Tests skip when the ``rl`` extra (numpy,
pettingzoo, pyspiel) is missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from boardgamesbot import testing


@dataclass(frozen=True)
class Case:
    """One game configuration the adapters are checked on."""

    game_name: str
    players: int
    variant: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.variant.items()))
        return f"{self.game_name}-{self.players}p{extra}"

    def game(self) -> Any:
        if self.game_name == testing.GAME.name:
            return testing.GAME
        from boardgamesbot.core.registry import load_game

        return load_game(self.game_name)

    def encoder(self) -> Any:
        return self.game().interop_kit().encoder()


TOY_CASES = [Case("drawtricks", 2), Case("drawtricks", 3), Case("drawtricks", 4, {"teams": True})]


def _builtin_cases() -> list[Case]:
    """Every built-in game at every player count (a new game is covered without editing this file)."""
    from boardgamesbot.core.registry import builtin_games, load_game

    cases = []
    for name in builtin_games():
        game = load_game(name)
        cases += [Case(name, p) for p in range(game.min_players, game.max_players + 1)]
    return cases


REAL_CASES = _builtin_cases() + [Case("alcatraz", p, {"wild": True}) for p in (2, 3, 4, 5)]
ALL_CASES = TOY_CASES + REAL_CASES


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", ALL_CASES, ids=[c.id for c in ALL_CASES])
    if "two_player_case" in metafunc.fixturenames:
        two = [c for c in ALL_CASES if c.players == 2]
        metafunc.parametrize("two_player_case", two, ids=[c.id for c in two])


@pytest.fixture(scope="session")
def toy() -> Any:
    """The shared test game (``boardgamesbot.testing.GAME``), with numpy available for its encoder."""
    pytest.importorskip("numpy")
    return testing.GAME
