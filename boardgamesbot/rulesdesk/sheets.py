"""How-to-play sheets: data files in the project's own words, rendered three ways.

A sheet lives in ``sheets/<game>.<lang>.md``: markdown with the six sections
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
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from .errors import DeskError
from .sections import PART_TITLES, PARTS

MARKER_RE = re.compile(r"\s*\[\[([A-Z][A-Z0-9]*-[A-Z0-9-]*[A-Z0-9])\]\]")
FORMATS = ("markdown", "text", "html")
SHEET_KEYS = (*PARTS, "variants", "decisions")


def normalize_lang(lang: str | None) -> str:
    """ "pt", "pt-BR", "pt_br" -> "pt"; "en", "en-US" -> "en"; anything else is refused."""
    code = (lang or "en").strip().lower().replace("_", "-").split("-")[0]
    if code not in ("en", "pt"):
        raise DeskError(
            f"unknown language {lang!r}: use 'en' or 'pt'", f"idioma desconhecido {lang!r}: use 'en' ou 'pt'"
        )
    return code


@dataclass
class SheetSection:
    key: str
    title: str
    lines: list[str] = field(default_factory=list)


@dataclass
class Sheet:
    """A parsed sheet: title, intro lines and the sections in order."""

    game: str
    lang: str
    title: str
    intro: list[str]
    sections: list[SheetSection]

    def rule_ids(self) -> dict[str, list[str]]:
        """Rule id -> keys of the sections that mention it."""
        found: dict[str, list[str]] = {}
        for section in [SheetSection("intro", "", self.intro), *self.sections]:
            for line in section.lines:
                for rid in MARKER_RE.findall(line):
                    found.setdefault(rid, [])
                    if section.key not in found[rid]:
                        found[rid].append(section.key)
        return found

    def statements(self, rule_id: str) -> list[str]:
        """The sheet's sentences that state ``rule_id``, without markers or bullets."""
        out: list[str] = []
        for line in self.intro + [ln for s in self.sections for ln in s.lines]:
            if rule_id in MARKER_RE.findall(line):
                text = strip_markers(line).lstrip("-* ").strip()
                if text not in out:
                    out.append(text)
        return out

    def section(self, key: str) -> SheetSection | None:
        return next((s for s in self.sections if s.key == key), None)


def strip_markers(line: str) -> str:
    return MARKER_RE.sub("", line).rstrip()


def _title_key(title: str, lang: str) -> str:
    for key, text in PART_TITLES[lang].items():
        if text.lower() == title.strip().lower():
            return key
    raise DeskError(f"sheet section {title!r} is not one of the known sections", f"seção {title!r} desconhecida")


def parse_sheet(game: str, lang: str, text: str) -> Sheet:
    title = game
    intro: list[str] = []
    sections: list[SheetSection] = []
    for line in text.splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
        elif line.startswith("## "):
            heading = line[3:].strip()
            sections.append(SheetSection(_title_key(heading, lang), heading))
        elif sections:
            sections[-1].lines.append(line)
        else:
            intro.append(line)
    for section in sections:
        while section.lines and not section.lines[-1].strip():
            section.lines.pop()
    return Sheet(game, lang, title, [ln for ln in intro if ln.strip()], sections)


@lru_cache(maxsize=64)
def has_sheet(game: str) -> bool:
    return resources.files(__package__).joinpath("sheets", f"{game}.en.md").is_file()


@lru_cache(maxsize=16)
def load_sheet(game: str, lang: str = "en") -> Sheet:
    """The stored sheet of ``game`` in ``lang``; DeskError if the project has none."""
    code = normalize_lang(lang)
    path = resources.files(__package__).joinpath("sheets", f"{game}.{code}.md")
    if not path.is_file():
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
        for line in section.lines:
            out += conv(line)
    return "\n".join(out).rstrip() + "\n"


def _html(sheet: Sheet) -> str:
    from markdown_it import MarkdownIt

    source = MARKER_RE.sub(lambda m: f" \u27e6{m.group(1)}\u27e7", _markdown_raw(sheet))
    body = MarkdownIt("commonmark").render(source)
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
    if has_sheet(slug):
        sheet = load_sheet(slug, code)
    else:
        from .outline import outline_sheet

        sheet = outline_sheet(slug, code)
    return {"markdown": _markdown, "text": _text, "html": _html}[fmt](sheet)
