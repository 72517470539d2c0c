"""Where the rules desk keeps its index and finds the shared rulebooks.

The rulebooks are reference material outside the package (never copied in):
``BGB_RULEBOOKS`` names their folder(s); otherwise we look for
``shared/rulebooks`` beside the repository or any of its parents, which is
where CI puts them (``<clone>/../shared/rulebooks``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

LANG_IN_NAME_RE = re.compile(r"\.(pt|en|es|fr|de|it)(?:[-_][A-Za-z]{2})?\.(?:txt|pdf)$", re.IGNORECASE)


def data_dir() -> Path:
    """``BGB_DATA_DIR``, else ``$XDG_DATA_HOME/boardgamesbot`` (default ~/.local/share/boardgamesbot)."""
    if os.environ.get("BGB_DATA_DIR"):
        return Path(os.environ["BGB_DATA_DIR"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "boardgamesbot"


def index_path() -> Path:
    return data_dir() / "rulesdesk.sqlite3"


def rulebook_dirs() -> list[Path]:
    """Folders holding the shared rulebooks, most specific first."""
    found: list[Path] = []
    env = os.environ.get("BGB_RULEBOOKS")
    if env:
        found.extend(Path(p).expanduser() for p in env.split(os.pathsep) if p)
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent / "shared" / "rulebooks"
        if candidate.is_dir():
            found.append(candidate)
            break
    return [p for p in found if p.is_dir()]


def shared_rulebooks(game: str) -> list[Path]:
    """The shared rulebook files of ``game`` (named ``<game>-*.txt|pdf``)."""
    files: list[Path] = []
    for folder in rulebook_dirs():
        files.extend(
            sorted(
                p
                for p in folder.iterdir()
                if p.is_file() and p.name.lower().startswith(f"{game}-") and p.suffix.lower() in (".txt", ".pdf")
            )
        )
        if files:
            break
    return files


def lang_from_name(path: Path) -> str | None:
    """A language tag in the file name ("manual.pt-BR.txt" -> "pt"), if any."""
    match = LANG_IN_NAME_RE.search(path.name)
    return match.group(1).lower() if match else None
