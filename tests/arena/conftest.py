"""Make the shared test game (boardgamesbot.testing, "drawtricks") loadable by name while these tests run.

Registered per test through the public registry API and forgotten after it, so tests elsewhere that loop over
``list_games()`` never see it. Forked arena workers inherit the registration.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgamesbot.testing import registered

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture(autouse=True)
def test_game_registered() -> Iterator[None]:
    with registered():
        yield
