"""The switch between the compiled engines and the plain-Python ones (setup.py builds the former).

With ``BGB_PURE_PYTHON=1`` in the environment, this package's modules are
imported from their ``.py`` files even where a compiled extension sits beside
them, so both paths can be tested and measured from one installation.
:func:`compiled` says which path is running.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from types import ModuleType

PACKAGE = __name__.rpartition(".")[0]
_SOURCE = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
_BYTECODE = (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES)


class _SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds this package's submodules as source files only (never a compiled extension)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE + ".") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, _SOURCE, _BYTECODE).find_spec(fullname)
            if spec is not None and spec.origin is not None and spec.origin.endswith(f"{name}.py"):
                return spec
            if spec is not None and spec.submodule_search_locations is not None:
                return spec
        return None


def pure_requested() -> bool:
    return os.environ.get("BGB_PURE_PYTHON", "") not in ("", "0")


def install() -> None:
    """Put the source-only finder first when the pure path is asked for (idempotent)."""
    if pure_requested() and not any(isinstance(f, _SourceOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnlyFinder())


def compiled() -> bool:
    """True when the engines run compiled (mypyc), False on the plain-Python path."""
    from .core import state

    return not (state.__file__ or "").endswith(".py")
