"""The rules desk, if installed: how-to-play sheets and rules questions.

The rules desk is another area of the project; the server uses it when it
imports and otherwise answers ``unavailable`` so the UI can link to the
rules doc instead. At start-up the server may build the desk's indexes ahead
of the first question (``warm_games``, ``warm_command``, ``load``; hub.py).
"""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any

from ..core.errors import BGBError
from .errors import ServerError
from .security import sanitize_html

READY_LINE = re.compile(r"^warm: (\S+) ready\b")  # what rulesdesk/warm.py prints when a game is built
FORMATS = {"html": "html", "md": "markdown", "markdown": "markdown", "text": "text"}


def _module(name: str) -> Any:
    try:
        return importlib.import_module(f"boardgamesbot.rulesdesk.{name}")
    except Exception as exc:
        raise ServerError(
            "unavailable",
            f"the rules desk is not available ({exc})",
            f"a central de regras não está disponível ({exc})",
        ) from None


def available() -> bool:
    try:
        _module("sheets")
        _module("answer")
    except ServerError:
        return False
    return True


def sheet(game: str, lang: str, fmt: str) -> str:
    """The how-to-play sheet; blocking (call it off the event loop)."""
    if fmt not in FORMATS:
        raise ServerError(
            "bad_message",
            f"fmt must be one of {', '.join(FORMATS)}, not {fmt!r}",
            f"fmt deve ser um de {', '.join(FORMATS)}, não {fmt!r}",
        )
    module = _module("sheets")
    try:
        text = str(module.render_sheet(game, lang, FORMATS[fmt]))
    except BGBError as exc:
        raise ServerError("rules_desk_error", exc.message, exc.message_pt) from None
    # A sheet may quote an ingested rulebook, which is anyone's text: the page gets only safe HTML.
    return sanitize_html(text) if FORMATS[fmt] == "html" else text


def ask(game: str, question: str, lang: str | None) -> dict[str, Any]:
    """A cited answer to a rules question; blocking (call it off the event loop)."""
    module = _module("answer")
    try:
        return dict(module.ask(game, question, lang=lang).to_dict())
    except BGBError as exc:
        raise ServerError("rules_desk_error", exc.message, exc.message_pt) from None


# ---- warming up at start (hub.py runs these; docs/server.md, "Rules desk") ----
def warm_games() -> list[str]:
    """The games whose indexes the server builds at start: the built-in games with a knowledge base."""
    return list(_module("warm").knowledge_base_games())


def warm_command(games: list[str]) -> list[str]:
    """The subprocess that builds those indexes (it lowers its own priority)."""
    return [sys.executable, "-m", "boardgamesbot.rulesdesk.warm", *games]


def ready_game(line: str) -> str | None:
    """The game a line of the warm-up's output says is built, if it says so."""
    match = READY_LINE.match(line)
    return match.group(1) if match else None


def load(games: list[str]) -> None:
    """Load the indexes the subprocess cached into this process; blocking (call it off the event loop)."""
    module = _module("warm")
    for game in games:
        module.warm(game)


def sheet_reads_index(game: str) -> bool:
    """Whether ``game``'s sheet is made from its ingested rulebook (no stored sheet), so it may ingest."""
    return not _module("sheets").has_sheet(str(game).strip().lower())
