"""The two engine paths (docs/bots.md, "Engine speed"): compiled with mypyc when built, plain Python always.

``make test`` runs the whole suite on the path the installation has (compiled where a compiler was
found) and the engine suites once more with ``BGB_PURE_PYTHON=1``; these tests check that the switch
really selects the path and that both play the same games.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import boardgamesbot
from boardgamesbot._purepath import pure_requested, stale_extensions

_PLAY = """
import json, random, boardgamesbot
from boardgamesbot.core import load_game
out = {"compiled": boardgamesbot.compiled(), "games": []}
for name, players in (("crosswise", 4), ("alcatraz", 3), ("liars_dice", 3)):
    game = load_game(name)
    state = game.new(players, seed=77)
    rng = random.Random(77)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    out["games"].append(state.to_position())
print(json.dumps(out))
"""


def _run(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BGB_PURE_PYTHON"}
    if pure:
        env["BGB_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", _PLAY], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_switch_selects_the_path() -> None:
    assert not _run(pure=True)["compiled"]
    if pure_requested():
        assert not boardgamesbot.compiled()


def test_both_paths_play_the_same_games() -> None:
    assert _run(pure=True)["games"] == _run(pure=False)["games"]


def test_no_stale_compiled_engine_runs() -> None:
    """A compiled module older than its source is never imported (the sources run instead, with a warning)."""
    if stale_extensions():
        assert not boardgamesbot.compiled()
