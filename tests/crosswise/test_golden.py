"""Golden playthroughs: seeded games written out move by move, diffed to catch unintended rule changes.

If a rule change is intended, regenerate with
``.venv/bin/python tests/crosswise/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path

from boardgamesbot import load_game

HERE = Path(__file__).resolve().parent
CASES = {"playthrough_2p.txt": (2, 2024), "playthrough_3p.txt": (3, 7), "playthrough_4p.txt": (4, 99)}


def playthrough(players: int, seed: int) -> str:
    game = load_game("crosswise")
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    lines = [f"# crosswise {players} players, seed {seed}, uniformly random moves (rng seeded {seed})"]
    while not state.is_over():
        legal = state.legal_actions()
        action = rng.choice(legal)
        lines.append(
            f"{state.turn:3} seat {state.to_move()} legal {len(legal):3} play {action.code:8} | {state.to_position()}"
        )
        state.apply(action)
    out = state.outcome()
    assert out is not None
    lines.append(f"end {out.termination} team_scores {out.team_scores} winners {out.winners} | {state.to_position()}")
    return "\n".join(lines) + "\n"


def test_playthroughs_match_the_golden_files() -> None:
    for name, (players, seed) in CASES.items():
        expected = (HERE / name).read_text(encoding="utf-8")
        assert playthrough(players, seed) == expected, f"{name} changed; see the module docstring"


if __name__ == "__main__":
    for name, (players, seed) in CASES.items():
        (HERE / name).write_text(playthrough(players, seed), encoding="utf-8")
        print(f"wrote {HERE / name}")
