"""How-to-play sheets: data files in the project's own words, rendered three ways.

A game declares its sheets in its DeskKit (``games/<game>/sheets/<lang>.md``): markdown with the six sections
players know (plus variants and the project's decisions), where each
statement ends with the rule ids it states, written ``[[CW-...]]``. The ids
tie every sentence to the engine and to the rulebook section; the rules desk
quotes these statements when it answers a question. Games with no sheet but
an ingested rulebook get an outline of the sections found in the book.
"""

from __future__ import annotations

import html
import re
import textwrap
from functools import lru_cache
from pathlib import Path

from .errors import DeskError
from .outline import outline_sheet
from .sheet_model import FORMATS, MARKER_RE, SHEET_KEYS, Sheet, SheetSection, normalize_lang, parse_sheet, strip_markers

__all__ = [
    "FORMATS",
    "MARKER_RE",
    "SHEET_KEYS",
    "Sheet",
    "SheetSection",
    "has_sheet",
    "load_sheet",
    "normalize_lang",
    "parse_sheet",
    "render_sheet",
    "strip_markers",
]


def sheet_file(game: str, lang: str) -> Path | None:
    """The sheet a registered game declares in its DeskKit for ``lang``, if it has one."""
    from ..core.registry import list_games, load_game

    if game not in list_games():
        return None
    kit = load_game(game).desk_kit()
    path = kit.sheets.get(lang) if kit is not None else None
    return path if path is not None and path.is_file() else None


@lru_cache(maxsize=64)
def has_sheet(game: str) -> bool:
    return sheet_file(game, "en") is not None


@lru_cache(maxsize=16)
def load_sheet(game: str, lang: str = "en") -> Sheet:
    """The stored sheet of ``game`` in ``lang``; DeskError if the project has none."""
    code = normalize_lang(lang)
    path = sheet_file(game, code)
    if path is None:
        raise DeskError(f"no how-to-play sheet for {game!r}", f"não há resumo de regras para {game!r}")
    return parse_sheet(game, code, path.read_text(encoding="utf-8"))


# ---- rendering -------------------------------------------------------------
def _markdown(sheet: Sheet) -> str:
    def conv(line: str) -> str:
        return MARKER_RE.sub(lambda m: f" `{m.group(1)}`", line)

    out = [f"# {sheet.title}", "", *[conv(ln) for ln in sheet.intro]]
    for section in sheet.sections:
        out += ["", f"## {section.title}", "", *[conv(ln) for ln in section.lines]]
    return "\n".join(out).rstrip() + "\n"


def _text(sheet: Sheet, width: int = 88) -> str:
    def conv(line: str) -> list[str]:
        line = MARKER_RE.sub(lambda m: f" [{m.group(1)}]", line)
        if not line.strip():
            return [""]
        if line.startswith("- "):
            return textwrap.wrap(
                line[2:], width, initial_indent="  • ", subsequent_indent="    ", break_on_hyphens=False
            )
        return textwrap.wrap(line, width, break_on_hyphens=False)

    out = [sheet.title.upper(), "=" * len(sheet.title)]
    for line in sheet.intro:
        out += conv(line)
    for section in sheet.sections:
        out += ["", section.title, "-" * len(section.title)]
        fenced = False
        for line in section.lines:
            if line.strip().startswith("```"):  # a diagram: printed as is, indented, without the fences
                fenced = not fenced
                continue
            out += ["    " + line] if fenced else conv(line)
    return "\n".join(out).rstrip() + "\n"


def _html(sheet: Sheet) -> str:
    from markdown_it import MarkdownIt

    source = MARKER_RE.sub(lambda m: f" \u27e6{m.group(1)}\u27e7", _markdown_raw(sheet))
    body = MarkdownIt("commonmark", {"html": False}).render(source)  # raw HTML in a rulebook quote stays text
    body = re.sub(
        "\u27e6([A-Z0-9-]+)\u27e7",
        lambda m: f'<span class="rule-id" data-rule="{html.escape(m.group(1))}">{html.escape(m.group(1))}</span>',
        body,
    )
    return f'<article class="rules-sheet" lang="{"pt-BR" if sheet.lang == "pt" else "en"}">\n{body}</article>\n'


def _markdown_raw(sheet: Sheet) -> str:
    out = [f"# {sheet.title}", "", *sheet.intro]
    for section in sheet.sections:
        out += ["", f"## {section.title}", "", *section.lines]
    return "\n".join(out) + "\n"


def render_sheet(game: str, lang: str = "en", fmt: str = "markdown") -> str:
    """The how-to-play sheet of ``game`` in ``lang`` ("en"/"pt") as markdown, text or html.

    Games without a stored sheet get an outline built from their ingested
    rulebook (six sections, missing ones marked); DeskError if there is neither.
    """
    if fmt not in FORMATS:
        raise DeskError(
            f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}",
            f"formato desconhecido {fmt!r}: use um de {', '.join(FORMATS)}",
        )
    code = normalize_lang(lang)
    slug = str(game).strip().lower()
    sheet = load_sheet(slug, code) if has_sheet(slug) else outline_sheet(slug, code)
    return {"markdown": _markdown, "text": _text, "html": _html}[fmt](sheet)
