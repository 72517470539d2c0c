"""Shared fixtures for the adapter tests.

``case`` parametrizes a test over every (game, player count, variant) the
adapters must serve: the toy game from toy_game.py (loaded by path, because
tests run in importlib mode) and both real engines at every player count.
Tests skip when the ``rl`` extra (numpy, pettingzoo, pyspiel) is missing.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def load_toy() -> ModuleType:
    name = "bgb_adapter_toy_game"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("toy_game.py"))
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


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
        if self.game_name == "toy":
            return load_toy().TOY
        from boardgamesbot.core.registry import load_game

        return load_game(self.game_name)

    def encoder(self) -> Any:
        if self.game_name == "toy":
            return load_toy().TOY_ENCODER
        from boardgamesbot.adapters.encoders import get_encoder

        return get_encoder(self.game_name)


TOY_CASES = [Case("toy", 2), Case("toy", 3), Case("toy", 4, {"teams": True})]
REAL_CASES = [Case("crosswise", p) for p in (2, 3, 4)] + [
    Case("alcatraz", p, {"wild": w}) for p in (2, 3, 4, 5) for w in (False, True)
]
ALL_CASES = TOY_CASES + REAL_CASES


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", ALL_CASES, ids=[c.id for c in ALL_CASES])
    if "two_player_case" in metafunc.fixturenames:
        two = [c for c in ALL_CASES if c.players == 2]
        metafunc.parametrize("two_player_case", two, ids=[c.id for c in two])


@pytest.fixture(scope="session")
def toy() -> ModuleType:
    """The toy game module: ``toy.TOY`` (Game) and ``toy.TOY_ENCODER``."""
    pytest.importorskip("numpy")
    return load_toy()
