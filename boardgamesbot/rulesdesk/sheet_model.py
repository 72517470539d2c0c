"""The how-to-play sheet as data: sections of lines, each statement tagged with the rule ids it states.

Kept apart from loading and rendering (sheets.py) so the outline built from an
ingested rulebook (outline.py) can produce a Sheet without depending on them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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
    _statements: dict[tuple[str, bool], list[str]] = field(default_factory=dict, repr=False, compare=False)

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

    def statements(self, rule_id: str, only: bool = False) -> list[str]:
        """The sheet's sentences that state ``rule_id``, without markers or bullets (``only``: those that
        state no other rule)."""
        key = (rule_id, only)
        if key not in self._statements:
            self._statements[key] = self._find_statements(rule_id, only)
        return list(self._statements[key])

    def _find_statements(self, rule_id: str, only: bool) -> list[str]:
        out: list[str] = []
        for line in self.intro + [ln for s in self.sections for ln in s.lines]:
            ids = MARKER_RE.findall(line)
            if rule_id in ids and (not only or len(set(ids)) == 1):
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
