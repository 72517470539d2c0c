"""Golden playthroughs: seeded games written out move by move, diffed to catch unintended rule changes.

If a rule change is intended, regenerate with
``.venv/bin/python tests/liars_dice/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from boardgamesbot import load_game

HERE = Path(__file__).resolve().parent
CASES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "playthrough_2p.txt": (2, 2024, {}),
    "playthrough_4p.txt": (4, 7, {"ones_wild": True}),
    "playthrough_6p.txt": (6, 99, {"dice": 2, "spot_on": True, "bid_order": "face"}),
}


def playthrough(players: int, seed: int, variant: dict[str, Any]) -> str:
    game = load_game("liars_dice")
    state = game.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    lines = [
        f"# liars_dice {players} players, seed {seed}, variant {variant}, random moves (calls 1 in 3 once a bid stands)"
    ]
    while not state.is_over():
        legal = state.legal_actions()
        calls = [a for a in legal if a.code in ("liar", "spot")]
        action = rng.choice(calls) if calls and rng.random() < 1 / 3 else rng.choice(legal)
        lines.append(
            f"{state.ply:3} seat {state.to_move()} legal {len(legal):3} play {action.code:5} | {state.to_position()}"
        )
        state.apply(action)
    out = state.outcome()
    assert out is not None
    lines.append(
        f"end {out.termination} scores {out.scores} winners {out.winners} ranking {out.ranking} | {state.to_position()}"
    )
    return "\n".join(lines) + "\n"


def test_playthroughs_match_the_golden_files() -> None:
    for name, (players, seed, variant) in CASES.items():
        expected = (HERE / name).read_text(encoding="utf-8")
        assert playthrough(players, seed, variant) == expected, f"{name} changed; see the module docstring"


if __name__ == "__main__":
    for name, (players, seed, variant) in CASES.items():
        (HERE / name).write_text(playthrough(players, seed, variant), encoding="utf-8")
        print(f"wrote {HERE / name}")
