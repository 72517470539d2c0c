"""Build hook: compile the engines with mypyc when it can, and fall back to plain Python when it cannot.

``pip install .`` (and ``make install``) run this. The modules below are
typed Python that mypyc turns into C extensions; the same ``.py`` files stay
importable as they are, so:

- no C compiler, no mypyc, or a mypyc failure: a warning, and the package
  installs as plain Python (every feature works, only slower);
- ``BGB_PURE_PYTHON=1`` at build time: nothing is compiled;
- ``BGB_PURE_PYTHON=1`` at run time: the compiled modules are ignored and the
  ``.py`` files are imported (``boardgamesbot/__init__.py``), which is how the
  tests run both paths.

docs/bots.md ("Engine speed") says what each path reaches.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

#: Compiled together (one shared library), in dependency order. Only typed, self-contained engine code:
#: what the generic loop, the search and the server call per move.
COMPILED = [
    "boardgamesbot/core/events.py",
    "boardgamesbot/core/sampling.py",
    "boardgamesbot/core/view.py",
    "boardgamesbot/core/infoset.py",
    "boardgamesbot/core/state.py",
    "boardgamesbot/games/crosswise/tiles.py",
    "boardgamesbot/games/crosswise/scoring.py",
    "boardgamesbot/games/crosswise/state.py",
    "boardgamesbot/games/crosswise/determinize.py",
    "boardgamesbot/games/crosswise/policy.py",
    "boardgamesbot/games/alcatraz/cards.py",
    "boardgamesbot/games/alcatraz/phases.py",
    "boardgamesbot/games/alcatraz/kinds.py",
    "boardgamesbot/games/alcatraz/checks.py",
    "boardgamesbot/games/alcatraz/scoring.py",
    "boardgamesbot/games/alcatraz/movelog.py",
    "boardgamesbot/games/alcatraz/view.py",
    "boardgamesbot/games/alcatraz/sampler.py",
    "boardgamesbot/games/alcatraz/state.py",
    "boardgamesbot/games/alcatraz/determinize.py",
    "boardgamesbot/games/alcatraz/policy.py",
    "boardgamesbot/games/alcatraz/planner.py",
    "boardgamesbot/games/alcatraz/evaluation.py",
    "boardgamesbot/bots/ismcts.py",
]


def _warn(message: str) -> None:
    print(f"boardgamesbot: {message}; installing the pure-Python engines", file=sys.stderr)


def ext_modules() -> list:  # type: ignore[type-arg]
    if os.environ.get("BGB_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        _warn(f"mypyc is not available ({exc})")
        return []
    try:
        # pip builds the package before it installs the dependencies, so a fresh environment has no numpy or
        # rich yet: only modules outside the compiled list import them, so their types are not needed here.
        extensions = mypycify(
            ["--ignore-missing-imports", *COMPILED], opt_level="3", debug_level="0", group_name="boardgamesbot._engines"
        )
    except BaseException as exc:  # mypy reports type errors by exiting
        _warn(f"mypyc could not compile the engines ({exc!r})")
        return []
    for ext in extensions:
        ext.optional = True  # a failing C compiler leaves the package in pure Python instead of failing the install
    return extensions


setup(ext_modules=ext_modules())
