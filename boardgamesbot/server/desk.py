"""The rules desk, if installed: how-to-play sheets and rules questions.

The rules desk is another area of the project; the server uses it when it
imports and otherwise answers ``unavailable`` so the UI can link to the
rules doc instead.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.errors import BGBError
from .errors import ServerError
from .security import sanitize_html

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
