"""Golden playthroughs: seeded bot games whose every move and final position are stored.

A rules change that alters any of them fails here on purpose. If the change
is intended, regenerate with ``BGB_REGEN_GOLDEN=1 pytest tests/alcatraz/test_golden.py``
and say why in the commit.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardgamesbot.bots import make_bot
from boardgamesbot.core import load_game

GOLDEN = Path(__file__).with_name("golden_playthroughs.json")
GAME = load_game("alcatraz")
CASES = [
    {"players": 2, "seed": 101, "variant": {}, "bots": ["greedy", "greedy"]},
    {"players": 5, "seed": 202, "variant": {"wild": True}, "bots": ["greedy", "random", "greedy", "random", "greedy"]},
    {"players": 3, "seed": 303, "variant": {"turn_cap": 5, "ability_table": "none"}, "bots": ["random"] * 3},
]


def _play(case: dict) -> dict:
    state = GAME.new(case["players"], seed=case["seed"], variant=case["variant"])
    bots = [make_bot(name, i) for i, name in enumerate(case["bots"])]
    while not state.is_over():
        seat = state.to_move()
        state.apply(bots[seat].choose(state.infoset(seat)))
    return {
        **case,
        "actions": [a.code for a in state.history],
        "position": state.to_position(),
        "outcome": state.outcome().to_dict(),
    }


def test_golden_playthroughs_replay_exactly() -> None:
    if os.environ.get("BGB_REGEN_GOLDEN"):
        GOLDEN.write_text(json.dumps([_play(c) for c in CASES], indent=1) + "\n", encoding="utf-8")
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(stored) == len(CASES)
    for case in stored:
        state = GAME.new(case["players"], seed=case["seed"], variant=case["variant"])
        for code in case["actions"]:
            state.apply(code)
        assert state.is_over()
        assert state.to_position() == case["position"]
        assert state.outcome().to_dict() == case["outcome"]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_same_seed_same_bots_same_game(index: int) -> None:
    assert _play(CASES[index]) == _play(CASES[index])
