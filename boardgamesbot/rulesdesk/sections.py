"""Finding headings in extracted rulebook text and cutting it into quotable chunks.

Extracted text has no markup, so headings are recognised by shape: a short
line without closing punctuation that is ALL CAPS, stands between blank lines,
follows a finished sentence, or names a known rulebook section. Each heading
is mapped to one of the six parts of a how-to-play sheet (unknown sub-headings
inherit the part of the heading above them). Chunks are sentences (or short
runs of lines where a page has no punctuation), so an answer can quote the
sentences that answer a question rather than a whole page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .text import fold

PARTS = ("objective", "setup", "flow", "actions", "end", "tips")
PART_TITLES = {
    "en": {
        "objective": "Objective of the Game",
        "setup": "Setup",
        "flow": "Game Flow",
        "actions": "Actions and How to Play",
        "end": "End of Game and Scoring",
        "tips": "Tips for Winning",
        "variants": "Variants",
        "decisions": "Project decisions",
    },
    "pt": {
        "objective": "Objetivo do Jogo",
        "setup": "Preparação",
        "flow": "Fluxo do Jogo",
        "actions": "Ações e Como Jogar",
        "end": "Fim do Jogo e Pontuação",
        "tips": "Dicas para Vencer",
        "variants": "Variantes",
        "decisions": "Decisões do projeto",
    },
}

# Checked in order: the first part whose pattern occurs in the folded heading wins.
HEADING_PARTS: tuple[tuple[str, str], ...] = (
    ("tips", r"\btips?\b|\bdicas?\b|strateg|estrategi|\bhints?\b"),
    ("other", r"\bcredit|\bcredito"),
    ("variants", r"\bvariant|\bmodo\b|\bmode\b|advanced|avancad|selvagem|\bwild\b"),
    (
        "actions",
        r"\bactions?\b|\bacoes\b|\bacao\b|draw a card|comprar uma carta|cumprir|fulfil|\byour turn\b|habilidade|abilit",
    ),
    (
        "end",
        r"end of (the )?game|game end|fim do jogo|final d[eo] jogo|scoring|pontuacao|\bvitoria\b|victory|winning|tie.?break|desempate",
    ),
    (
        "flow",
        r"game flow|how to play|como (se )?joga|turn order|sequence of play|gameplay|\brounds?\b|\brodadas?\b|\bturnos?\b",
    ),
    ("setup", r"set ?up|preparac|montagem|prepar|components?|contents|conteudo|componentes"),
    ("objective", r"objective|objetivo|\bgoal\b|object of|\baim\b"),
)

NOISE_RE = re.compile(r"\.indd\b|^\d{1,2}\.\d{2}\.\d{2}\s+\d{1,2}:\d{2}$|^\d{1,3}$|^[A-ZÀ-Ú]+ [A-Z]$")
CAPTION_RE = re.compile(r"^(figura|figure|fig\.)\s*[IVXLC\d]+\s*:", re.IGNORECASE)
BULLET_RE = re.compile(r"^\s*(?:[•▪■□◦●\-*–]|\d{1,2}[.)]|[a-z][.)])\s+")
PAREN_TAIL_RE = re.compile(r"\s*\([^)]*\)\s*$")
SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[«]?[A-ZÀ-ÚÉÍÓÔÕÇ0-9])")
MAX_CHUNK_WORDS = 70


@dataclass
class Section:
    """A heading (as printed) and the body lines under it."""

    heading: str
    part: str
    page: int | None
    lines: list[tuple[int | None, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Chunk:
    """One quotable unit of a rulebook: a sentence or a short run of lines."""

    seq: int
    section: str
    part: str
    page: int | None
    text: str


@lru_cache(maxsize=4096)
def map_heading(heading: str) -> str | None:
    """The sheet part a rulebook heading belongs to, or None if it names no known part."""
    folded = fold(heading)
    for part, pattern in HEADING_PARTS:
        if re.search(pattern, folded):
            return part
    return None


def is_noise(line: str) -> bool:
    """Print artefacts: file names, print dates, page numbers, figure captions and labels."""
    text = line.strip()
    return bool(NOISE_RE.search(text) or CAPTION_RE.match(text))


def drop_noise(lines: list[str]) -> tuple[list[str], list[bool]]:
    """Lines without print artefacts (short lower-case lines right after a caption are its tail),
    and for each kept line whether an artefact was dropped just before it (a layout break)."""
    kept: list[str] = []
    breaks: list[bool] = []
    in_caption = dropped = False
    for line in lines:
        text = line.strip()
        if is_noise(text):
            in_caption = bool(CAPTION_RE.match(text))
            dropped = True
            continue
        if in_caption and text[:1].islower() and len(text.split()) <= 4:
            continue
        in_caption = False
        kept.append(line)
        breaks.append(dropped)
        dropped = False
    return kept, breaks


def _heading_text(line: str) -> str:
    """The heading as printed, without a trailing colon or "(see Figure I)" remark."""
    return PAREN_TAIL_RE.sub("", line.strip().lstrip(HEADING_MARK)).rstrip(":").strip()


HEADING_MARK = "\u2063"  # set by extract.py on lines printed in a larger type


def is_heading(line: str, prev: str | None, nxt: str | None, after_break: bool = False) -> bool:
    """Decide from the line's shape and its neighbours; see the module docstring."""
    if line.startswith(HEADING_MARK):
        return bool(line.strip(HEADING_MARK + " \t"))
    text = _heading_text(line)
    if not text or is_noise(text) or BULLET_RE.match(text):
        return False
    toks = text.rstrip(":").split()
    letters = [c for c in text if c.isalpha()]
    if not letters or not text[0].isupper():
        return False
    if text[-1] in ".,;!?" or len(toks) > 8 or len(text) > 60:
        return False
    next_lower = nxt is not None and nxt.strip()[:1].islower() and not BULLET_RE.match(nxt)
    if next_lower:
        return False
    if all(c.isupper() for c in letters) and len(letters) >= 3:
        return True
    if line.strip().endswith(":") and len(toks) > (6 if after_break else 3):
        return False
    blank_before = prev is None or not prev.strip()
    blank_after = nxt is None or not nxt.strip()
    if blank_before and blank_after:
        return True
    if map_heading(text) is not None and len(toks) <= 6:
        return True
    prev_done = prev is None or not prev.strip() or prev.strip()[-1] in ".!?:|" or after_break
    short = len(toks) <= (6 if after_break and line.strip().endswith(":") else 4)
    return prev_done and short and nxt is not None and nxt.strip()[:1].isupper()


def _last_text(section: Section) -> str:
    return next((t for _, t in reversed(section.lines) if t), "")


def split_sections(pages: list[str], numbered: bool) -> list[Section]:
    """Sections in reading order; text before the first heading goes to an untitled section.

    A run of lines that starts in lower case after a finished sentence is the
    rest of a sentence cut by a page or column break; it is moved back to the
    section that stopped mid-sentence, so quotes keep their true heading.
    """
    sections: list[Section] = [Section("", "other", 1 if numbered else None)]
    part = "other"
    target: Section = sections[0]
    for number, page in enumerate(pages, 1):
        page_no = number if numbered else None
        lines, breaks = drop_noise(page.split("\n"))
        for i, line in enumerate(lines):
            prev = lines[i - 1] if i else None
            nxt = lines[i + 1] if i + 1 < len(lines) else None
            text = line.strip().lstrip(HEADING_MARK)
            if is_heading(line, prev, nxt, breaks[i]):
                heading = _heading_text(line)
                mapped = map_heading(heading)
                part = mapped if mapped else part
                sections.append(Section(" ".join(heading.split()), part, page_no))
                target = sections[-1]
                continue
            if text[:1].islower() and not BULLET_RE.match(text) and _last_text(target)[-1:] in (".", "!", "?", ":"):
                cut = next(
                    (s for s in reversed(sections[:-1]) if _last_text(s)[-1:] not in ("", ".", "!", "?", ":", ")")),
                    None,
                )
                if cut is not None and cut is not target:
                    target = cut
                    while target.lines and not target.lines[-1][1]:
                        target.lines.pop()
            target.lines.append((page_no, text))
    return [s for s in sections if s.heading or any(t for _, t in s.lines)]


def _blocks(lines: list[tuple[int | None, str]]) -> list[tuple[int | None, list[str]]]:
    """Paragraph-like blocks: a new block at a blank line or a list item."""
    blocks: list[tuple[int | None, list[str]]] = []
    current: list[str] = []
    page: int | None = None
    for page_no, text in lines:
        if not text or BULLET_RE.match(text):
            if current:
                blocks.append((page, current))
            current = [text] if text else []
            page = page_no
            continue
        if not current:
            page = page_no
        current.append(text)
    if current:
        blocks.append((page, current))
    return blocks


def _split_long(text: str) -> list[str]:
    toks = text.split(" ")
    if len(toks) <= MAX_CHUNK_WORDS:
        return [text]
    size = max(20, MAX_CHUNK_WORDS // 2)
    return [" ".join(toks[i : i + size]) for i in range(0, len(toks), size)]


TABLE_MIN_ROWS = 4
TABLE_MAX_WORDS = 7


def _table_like(text: str) -> bool:
    return (
        bool(text)
        and len(text.split()) <= TABLE_MAX_WORDS
        and not text.endswith((".", ":", ";", ","))
        and not BULLET_RE.match(text)
    )


def split_tables(
    lines: list[tuple[int | None, str]],
) -> tuple[list[tuple[int | None, str]], list[tuple[int, int | None, list[str]]]]:
    """Runs of short cell-like lines, most holding a number (a score table flattened by extraction),
    taken out of the running text: (remaining lines, [(position, page, rows)])."""
    rest: list[tuple[int | None, str]] = []
    tables: list[tuple[int, int | None, list[str]]] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j][1].startswith("|") and lines[j][1].count("|") >= 3:
            j += 1
        if j - i >= 2:  # rows already cut into cells (PDF tables, Markdown and HTML tables)
            tables.append((len(rest), lines[i][0], [ln.strip("| ") for _p, ln in lines[i:j]]))
            rest.append((lines[i][0], ""))
            i = j
            continue
        while j < len(lines) and _table_like(lines[j][1]):
            j += 1
        run = [t for _p, t in lines[i:j]]
        if len(run) >= TABLE_MIN_ROWS and sum(any(c.isdigit() for c in t) for t in run) >= 0.6 * len(run):
            tables.append((len(rest), lines[i][0], run))
            rest.append((lines[i][0], ""))  # a break where the table was
            i = j
            continue
        rest.append(lines[i])
        i += 1
    return rest, tables


def table_text(rows: list[str]) -> str:
    """A table as quotable text: one row per line, cells between bars (`| 1 pair | 1 point |`)."""
    return "\n".join(f"| {row} |" for row in rows)


def chunk_sections(sections: list[Section]) -> list[Chunk]:
    """Sentences of every section, each tagged with heading, part and page; tables stay whole."""
    chunks: list[Chunk] = []
    for section in sections:
        lines, tables = split_tables(section.lines)
        for _pos, page, rows in tables:
            chunks.append(Chunk(len(chunks), section.heading, section.part, page, table_text(rows)))
        for page, block in _blocks(lines):
            joined = " ".join(" ".join(block).split())
            for sentence in SENTENCE_RE.split(joined):
                for piece in _split_long(sentence.strip()):
                    if len(piece) >= 3:
                        chunks.append(Chunk(len(chunks), section.heading, section.part, page, piece))
    return chunks
