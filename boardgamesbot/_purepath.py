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
import warnings
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


def stale_extensions() -> list[str]:
    """Compiled modules whose source changed after the build (an edited checkout not rebuilt), or whose
    shared library is missing: they must not run. The compiled code lives in one shared library
    (``_engines__mypyc``); each module's own extension is a small shim, so the sources are compared with
    the library."""
    root = os.path.dirname(os.path.abspath(__file__))
    try:
        library = max(
            os.path.getmtime(os.path.join(root, name))
            for name in os.listdir(root)
            if name.startswith("_engines__mypyc")
        )
    except ValueError:  # no shared library: any module shim left (a half-failed build) cannot import
        library = float("-inf")
    stale: list[str] = []
    for folder, _dirs, files in os.walk(root):
        for name in files:
            if not name.endswith(".so") or name.startswith("_engines__mypyc"):
                continue
            source = os.path.join(folder, name.split(".", 1)[0] + ".py")
            try:
                if os.path.getmtime(source) > library:
                    stale.append(os.path.relpath(source, root))
            except OSError:
                continue
    return stale


def install() -> None:
    """Put the source-only finder first when the pure path is asked for, or when a compiled module is older
    than its source (then with a warning: ``make install`` rebuilds). Idempotent."""
    if any(isinstance(f, _SourceOnlyFinder) for f in sys.meta_path):
        return
    use_sources = pure_requested()
    if not use_sources:
        stale = stale_extensions()
        if stale:
            warnings.warn(
                f"compiled engines older than their sources or incomplete ({', '.join(sorted(stale)[:3])}...): "
                "running the plain-Python engines; `make install` rebuilds the compiled ones",
                RuntimeWarning,
                stacklevel=2,
            )
            use_sources = True
    if use_sources:
        sys.meta_path.insert(0, _SourceOnlyFinder())


def compiled() -> bool:
    """True when the engines run compiled (mypyc), False on the plain-Python path."""
    from .core import state

    return not (state.__file__ or "").endswith(".py")
