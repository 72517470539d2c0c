"""Getting text out of a rulebook file, page by page, in reading order.

PDFs: pypdf refuses encrypted or damaged files with a clear message; the text
comes from PDFium (pypdfium2: text runs with their boxes, fast) or, where it is
not installed, from pdfminer.six's layout analysis. Lines are read in bands (a
full-width line closes a band) and inside a band the left column before the
right one, so two-column pages read like a person would. Rows of short cells
that line up over three or more lines are a table: they come out as
``| cell | cell |`` rows, one per line, never interleaved with the columns.
Ligature glyphs (ﬁ, ﬂ...) become letters and soft hyphens real hyphens.

Text files: the encoding is detected (a BOM for UTF-8 or UTF-16, else UTF-8,
else Windows-1252/Latin-1); pages split at form feeds or ``---`` lines.
Markdown and HTML are read as text: markup and tags are dropped (never
indexed), headings stand on their own lines, tables become ``|`` rows.

Lines repeated at the top or bottom of most pages (running headers, footers,
page numbers) are removed on every page (:func:`drop_running_lines`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from .errors import IngestError

WHITESPACE_RE = re.compile(r"[^\S\n]+")
PAGE_BREAK_RE = re.compile(r"\f|^-{3,}[ \t]*$", re.MULTILINE)
LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
}
SOFT_HYPHENS = ("\u00ad", "\x02", "\ufffe")
PAGE_NUMBER_RE = re.compile(
    r"^(?:(?:page|p\.|pág(?:ina)?\.?)\s*)?[-–—(\[]?\s*\d{1,4}\s*[-–—)\]]?(?:\s*(?:/|of|de)\s*\d{1,4})?$", re.IGNORECASE
)
HTML_SUFFIXES = (".html", ".htm", ".xhtml")
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown")
HEADING_MARK = "\u2063"  # invisible separator: the line was set in a larger type (a heading)
HEADING_SIZE = 1.15  # times the body's type size
TABLE_MIN_ROWS = 3
CELL_MAX_WORDS = 6


@dataclass(frozen=True)
class Extracted:
    """The raw text of a file: one string per page; ``kind`` is "pdf", "text", "markdown" or "html"."""

    pages: list[str]
    kind: str
    encoding: str = ""
    removed: list[str] = field(default_factory=list)


def clean_spaces(text: str) -> str:
    """Any run of non-newline whitespace (incl. no-break spaces) -> the same number of plain spaces.

    Ligature repair needs to see the gap, so runs are normalised to plain spaces
    of the same length here and collapsed only after repair.
    """
    for glyph, letters in LIGATURES.items():
        text = text.replace(glyph, letters)
    return WHITESPACE_RE.sub(lambda m: " " * len(m.group(0)), text.replace("\r\n", "\n").replace("\r", "\n"))


def extract(path: Path) -> Extracted:
    """Pages of text from a PDF, a text, Markdown or HTML file; IngestError says what is wrong."""
    if not path.exists():
        raise IngestError(f"no such file: {path}", f"arquivo não encontrado: {path}")
    if path.is_dir():
        raise IngestError(f"{path} is a directory, not a rulebook file", f"{path} é uma pasta, não um arquivo")
    data = path.read_bytes()
    if not data.strip():
        raise IngestError(f"{path.name} is empty", f"{path.name} está vazio")
    if data.lstrip()[:5] == b"%PDF-":
        pages = _pdf_pages(path)
        kept, removed = drop_running_lines(pages)
        return Extracted(kept, "pdf", "", removed)
    if path.suffix.lower() == ".pdf":
        raise IngestError(
            f"{path.name} is not a valid PDF (it does not start with %PDF-)",
            f"{path.name} não é um PDF válido (não começa com %PDF-)",
        )
    text, encoding = decode_text(path.name, data)
    kind = "text"
    if path.suffix.lower() in HTML_SUFFIXES or re.match(r"\s*(<!doctype html|<html\b)", text[:500], re.IGNORECASE):
        text, kind = html_to_text(text), "html"
    elif path.suffix.lower() in MARKDOWN_SUFFIXES:
        text, kind = markdown_to_text(text), "markdown"
    pages = _text_pages(path.name, text)
    kept, removed = drop_running_lines(pages)
    return Extracted(kept, kind, encoding, removed)


# ---- text, encodings, markup ------------------------------------------------------------------------
def decode_text(name: str, data: bytes) -> tuple[str, str]:
    """The text of a file and the encoding it was read with: BOM first, then UTF-8, then Windows-1252/Latin-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        text, encoding = data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text, encoding = data.decode("utf-16", errors="replace"), "utf-16"
    else:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            if data.count(b"\x00") > len(data) // 4:
                raise IngestError(
                    f"{name} is neither a PDF nor a text file (it looks like binary data)",
                    f"{name} não é nem PDF nem arquivo de texto (parece conter dados binários)",
                ) from None
            try:
                text, encoding = data.decode("cp1252"), "cp1252"
            except UnicodeDecodeError:
                text, encoding = data.decode("latin-1"), "latin-1"
    printable = sum(ch.isprintable() or ch.isspace() for ch in text)
    if "\x00" in text or printable < 0.95 * max(1, len(text)):
        raise IngestError(
            f"{name} is neither a PDF nor a text file (it looks like binary data)",
            f"{name} não é nem PDF nem arquivo de texto (parece conter dados binários)",
        )
    return text, encoding


class _HTMLText(HTMLParser):
    BLOCK = frozenset({
        "p", "div", "section", "article", "header", "footer", "li", "ul", "ol", "br", "tr", "table", "h1", "h2",
        "h3", "h4", "h5", "h6", "blockquote", "pre", "dd", "dt", "hr", "caption", "figcaption", "main", "nav",
    })  # fmt: skip
    SKIP = frozenset({"script", "style", "head", "template", "noscript", "svg"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.row: list[str] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skip += 1
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []
        elif tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.out.append("\n\n")
        elif tag == "li":
            self.out.append("\n- ")
        elif tag in self.BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if any(self.row):
                lead = "" if self.out and self.out[-1].endswith("\n") else "\n"
                self.out.append(lead + "| " + " | ".join(self.row) + " |\n")
            self.row = None
        elif tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.out.append("\n\n")
        elif tag in self.BLOCK:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.cell is not None:
            self.cell.append(data)
        elif self.row is None:
            self.out.append(data.replace("\n", " "))


def html_to_text(source: str) -> str:
    """Visible text of an HTML page: tags, scripts and styles dropped, blocks on their own lines."""
    parser = _HTMLText()
    parser.feed(source)
    parser.close()
    text = "".join(parser.out)
    lines = [" ".join(ln.split()) for ln in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"


def markdown_to_text(source: str) -> str:
    """Markdown as plain text: heading marks, emphasis, links, images, code fences and HTML tags dropped;
    list items and tables (``| a | b |`` rows) kept."""
    out: list[str] = []
    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            continue
        if re.fullmatch(r"\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?", stripped):
            continue  # table separator row
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", stripped)
        if heading:
            out += ["", heading.group(1), ""]
            continue
        if re.fullmatch(r"(=+|-+)", stripped) and out and out[-1].strip():
            out.insert(len(out) - 1, "")
            out.append("")
            continue
        text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", line)
        text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
        text = re.sub(r"<[^>]+>", "", text)
        text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
        text = re.sub(r"(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*])", r"\2", text)
        text = text.replace("`", "")
        text = re.sub(r"^\s*[*+]\s+", "- ", text)
        if text.strip().startswith("|"):
            cells = [c.strip() for c in text.strip().strip("|").split("|")]
            text = "| " + " | ".join(cells) + " |"
        out.append(html.unescape(text))
    return "\n".join(out)


def _text_pages(name: str, text: str) -> list[str]:
    pages = [clean_spaces(p) for p in PAGE_BREAK_RE.split(text)]
    pages = [p for p in pages if p.strip()]
    if not pages:
        raise IngestError(f"{name} has no text", f"{name} não tem texto")
    return pages


# ---- running headers and footers ------------------------------------------------------------------------
def _line_key(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.lower().split()))


def drop_running_lines(pages: list[str], zone: int = 3) -> tuple[list[str], list[str]]:
    """Remove lines repeated at the top or bottom of most pages (headers, footers, "Page 7") and bare page
    numbers there; returns the pages and the distinct lines removed."""
    if len(pages) < 3:
        return pages, []
    counts: dict[str, int] = {}
    for page in pages:
        lines = [ln for ln in page.split("\n") if ln.strip()]
        for key in {_line_key(ln) for ln in lines[:zone] + lines[-zone:]}:
            counts[key] = counts.get(key, 0) + 1
    limit = max(3, int(0.4 * len(pages)))
    running = {key for key, n in counts.items() if n >= limit and len(key) <= 120}
    prefixes: dict[str, int] = {}
    for page in pages:
        lines = [ln for ln in page.split("\n") if ln.strip()]
        for key in {" ".join(_line_key(ln).split()[:3]) for ln in lines[:1] + lines[-1:] if len(ln.split()) >= 3}:
            prefixes[key] = prefixes.get(key, 0) + 1
    running_prefixes = {key for key, n in prefixes.items() if n >= limit}
    removed: list[str] = []
    kept_pages: list[str] = []
    for page in pages:
        lines = page.split("\n")
        filled = [i for i, ln in enumerate(lines) if ln.strip()]
        edge = set(filled[:zone] + filled[-zone:])
        out = []
        for i, ln in enumerate(lines):
            text = ln.strip()
            key = _line_key(ln)
            first = i in (filled[:1] + filled[-1:])
            if i in edge and (
                key in running
                or PAGE_NUMBER_RE.match(text)
                or (first and " ".join(key.split()[:3]) in running_prefixes and len(text) <= 100)
            ):
                if text and text not in removed:
                    removed.append(text)
                continue
            out.append(ln)
        kept_pages.append("\n".join(out))
    return kept_pages, removed


# ---- PDF ----------------------------------------------------------------------------------------------
def _pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted and not reader.decrypt(""):
            raise IngestError(
                f"{path.name} is password-protected; save an unprotected copy and ingest that",
                f"{path.name} está protegido por senha; salve uma cópia sem senha e importe essa",
            )
        count = len(reader.pages)
    except IngestError:
        raise
    except (PdfReadError, ValueError, OSError) as exc:
        raise IngestError(f"{path.name} is a damaged PDF: {exc}", f"{path.name} é um PDF danificado: {exc}") from None
    if count == 0:
        raise IngestError(f"{path.name} has no pages", f"{path.name} não tem páginas")
    try:
        raw = _pdfium_pages(path)
    except ImportError:
        raw = _pdfminer_pages(path)
    pages = [clean_spaces(p) for p in raw]
    if not any(p.strip() for p in pages):
        raise IngestError(
            f"{path.name} has no extractable text (image-only or blank pages; OCR is not supported)",
            f"{path.name} não tem texto extraível (só imagens ou páginas em branco; OCR não é suportado)",
        )
    return pages


Segment = tuple[float, float, float, str]  # x0, x1, top, text


def _pdfium_pages(path: Path) -> list[str]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    raw_pages: list[tuple[float, list[tuple[float, Segment]]]] = []
    doc = pdfium.PdfDocument(str(path), password="")
    try:
        for page in doc:
            width, _height = page.get_size()
            text_page = page.get_textpage()
            sized: list[tuple[float, Segment]] = []
            for i in range(text_page.count_rects()):
                left, bottom, right, top = text_page.get_rect(i)
                text = text_page.get_text_bounded(left, bottom, right, top)
                text = text.replace("\r", " ").replace("\n", " ")
                for soft in SOFT_HYPHENS:
                    text = text.replace(soft, "-")
                if not text.strip():
                    continue
                index = text_page.get_index((left + right) / 2, (bottom + top) / 2, 2, 2)
                size = (
                    float(pdfium_c.FPDFText_GetFontSize(text_page, index)) if index is not None and index >= 0 else 0.0
                )
                sized.append((size, (left, right, top, text.rstrip())))
            raw_pages.append((width, sized))
            text_page.close()
            page.close()
    finally:
        doc.close()
    weights: dict[float, int] = {}
    for _w, sized in raw_pages:
        for size, seg in sized:
            weights[round(size, 1)] = weights.get(round(size, 1), 0) + len(seg[3])
    body = max(weights, key=lambda k: weights[k]) if weights else 0.0
    pages: list[str] = []
    for width, sized in raw_pages:
        segments = [
            (
                x0,
                x1,
                top,
                HEADING_MARK + text if body and size >= HEADING_SIZE * body and len(text.split()) <= 10 else text,
            )
            for size, (x0, x1, top, text) in sized
        ]
        pages.append(_reading_order(_merge_segments(segments), width))
    return pages


def _merge_segments(segments: list[Segment]) -> list[Segment]:
    """Runs on one baseline with a small gap (a font change mid-line) become one line; far apart, they stay
    apart (columns, table cells)."""
    segments = sorted(segments, key=lambda s: (-round(s[2], 0), s[0]))
    merged: list[Segment] = []
    for x0, x1, top, text in segments:
        if merged:
            px0, px1, ptop, ptext = merged[-1]
            if abs(ptop - top) < 2.0 and 0 <= x0 - px1 < 6.0:
                sep = "" if ptext.endswith(" ") or text.startswith(" ") else " "
                merged[-1] = (px0, x1, max(ptop, top), ptext + sep + text)
                continue
        merged.append((x0, x1, top, text))
    return merged


def _pdfminer_pages(path: Path) -> list[str]:
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTTextContainer, LTTextLine

    pages: list[str] = []
    for page in extract_pages(str(path), password="", laparams=LAParams(line_margin=0.3)):
        lines: list[Segment] = []
        for element in page:
            if isinstance(element, LTTextContainer):
                for line in element:
                    if isinstance(line, LTTextLine) and line.get_text().strip():
                        lines.append((line.x0, line.x1, line.y1, line.get_text().rstrip("\n")))
        pages.append(_reading_order(lines, page.width))
    return pages


def _rows(lines: list[Segment]) -> list[list[Segment]]:
    """Segments grouped by baseline, top to bottom, each row left to right."""
    rows: list[list[Segment]] = []
    for seg in sorted(lines, key=lambda s: (-s[2], s[0])):
        if rows and abs(rows[-1][0][2] - seg[2]) < 2.0:
            rows[-1].append(seg)
        else:
            rows.append([seg])
    return [sorted(r, key=lambda s: s[0]) for r in rows]


def _cell_row(row: list[Segment], width: float) -> bool:
    """Two or more short, narrow runs on one baseline (prose lines of two columns are long and wide)."""
    return (
        len(row) >= 2
        and all(len(s[3].split()) <= CELL_MAX_WORDS for s in row)
        and max(s[1] - s[0] for s in row) < 0.3 * width
    )


def _aligned(a: list[Segment], b: list[Segment]) -> bool:
    starts = [s[0] for s in a]
    return sum(any(abs(s[0] - x) < 8 for x in starts) for s in b) >= 2


def _reading_order(lines: list[Segment], width: float) -> str:
    """Top-to-bottom bands; within a band the left column, then the right one; tables as ``|`` rows."""
    mid = width / 2
    rows = _rows(lines)
    head: list[str] = []
    foot: list[str] = []
    if len(rows) >= 4:  # a row set apart from the body by a wide gap is a running header or footer
        gaps = sorted(rows[k][0][2] - rows[k + 1][0][2] for k in range(len(rows) - 1))
        usual = gaps[len(gaps) // 2]
        if rows[0][0][2] - rows[1][0][2] > 1.8 * usual:
            head = [" ".join(s[3] for s in rows[0])]
            rows = rows[1:]
        if rows[-2][0][2] - rows[-1][0][2] > 1.8 * usual:
            foot = [" ".join(s[3] for s in rows[-1])]
            rows = rows[:-1]
    table_rows: set[int] = set()
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and _cell_row(rows[j], width) and (j == i or _aligned(rows[i], rows[j])):
            j += 1
        run = rows[i:j]
        numeric = sum(any(ch.isdigit() for s in r for ch in s[3]) for r in run)
        if len(run) >= TABLE_MIN_ROWS and (numeric * 2 >= len(run) or any(len(r) >= 3 for r in run)):
            table_rows.update(range(i, j))
            i = j
        else:
            i += 1
    out: list[str] = []
    left: list[str] = []
    right: list[str] = []

    def flush() -> None:
        out.extend(left)
        out.extend(right)
        left.clear()
        right.clear()

    for n, row in enumerate(rows):
        if n in table_rows:
            flush()
            out.append("| " + " | ".join(" ".join(s[3].split()) for s in row) + " |")
            continue
        for x0, x1, _top, text in row:
            if x1 <= mid + 2:
                left.append(text)
            elif x0 >= mid - 2:
                right.append(text)
            else:  # spans both columns: closes the band above it
                flush()
                out.append(text)
    flush()
    return "\n".join(head + out + foot)
