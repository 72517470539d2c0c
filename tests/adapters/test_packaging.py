"""The RL stack stays optional: playing never imports numpy, gymnasium, pettingzoo or pyspiel."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def test_core_games_and_adapters_package_import_without_the_rl_stack() -> None:
    code = (
        "import sys\n"
        "import boardgamesbot, boardgamesbot.adapters\n"
        "from boardgamesbot.core.registry import list_games, load_game\n"
        "for name in list_games():\n"
        "    state = load_game(name).new(2, seed=1)\n"
        "    state.apply(state.legal_actions()[0])\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]", f"imported without need: {out.stdout.strip()}"
