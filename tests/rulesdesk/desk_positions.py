"""Alcatraz positions for the rules desk's tests, made with the Alcatraz tests' position builder."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any


def build_position() -> Any:
    """``build_position`` of tests/alcatraz/conftest.py (loaded by path: conftest modules are not importable)."""
    path = Path(__file__).resolve().parents[1] / "alcatraz" / "conftest.py"
    spec = importlib.util.spec_from_file_location("alcatraz_positions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("alcatraz_positions", module)
    spec.loader.exec_module(module)
    return module.build_position


def claim(row: str, objective: int) -> str:
    """Two players, seat 0 to move with ``row`` (e.g. "4^ 5^ 3 2", ^ face up) having declared ``objective``."""
    state = build_position()([row, "5 6 7 8"], objectives=(objective, 11, 14), current=0, first=0)
    state.apply(f"claim{objective}")
    return str(state.to_position())
