"""Generic code never names a game: a game is one plug-in, and adding one touches only its own folder.

Everything outside ``boardgamesbot/games/`` (and the test game in ``boardgamesbot/testing/``) must reach games
through the plug-in contract. The web UI's generic files likewise; each game's UI lives in
``static/js/games/<ui>.js`` and ``static/css/games/<ui>.css``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgamesbot.core.registry import builtin_games, load_game

PACKAGE = Path(__file__).resolve().parents[2] / "boardgamesbot"
STATIC = PACKAGE / "server" / "static"
GAME_FOLDERS = (PACKAGE / "games", PACKAGE / "testing", STATIC / "js" / "games", STATIC / "css" / "games")


def _generic_files() -> list[Path]:
    files = [p for ext in ("*.py", "*.js", "*.css", "*.html") for p in PACKAGE.rglob(ext)]
    return sorted(p for p in files if not any(p.is_relative_to(folder) for folder in GAME_FOLDERS))


def _names() -> list[str]:
    names = set()
    for name in builtin_games():
        names.add(name)
        names.add(name.replace("_", " "))
        names.update(load_game(name).title.values())
    return sorted(names)


@pytest.mark.parametrize("path", _generic_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_generic_code_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    pattern = re.compile("|".join(re.escape(n) for n in _names()), re.IGNORECASE)
    found = [f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}" for m in pattern.finditer(text)]
    assert not found, f"{path.relative_to(PACKAGE)} names a game ({'; '.join(found)}): ask the game's plug-in instead"


def test_the_check_sees_the_files_it_must() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in _generic_files()}
    assert {"bots/ismcts.py", "server/hub.py", "server/static/js/room.js", "rulesdesk/answer.py"} <= names
    assert not any(n.startswith("games/") for n in names)
