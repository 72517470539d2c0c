"""Getting text out of a rulebook file, page by page, in reading order.

PDFs go through pdfminer.six's layout analysis: text lines are grouped into
horizontal bands separated by full-width lines, and inside a band the left
column is read before the right one, so two-column pages read like a person
would. pypdf is used first to refuse encrypted files with a clear message.
Text files are split into pages at form feeds or ``---`` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import IngestError

WHITESPACE_RE = re.compile(r"[^\S\n]+")
PAGE_BREAK_RE = re.compile(r"\f|^-{3,}[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Extracted:
    """The raw text of a file: one string per page; ``kind`` is "pdf" or "text"."""

    pages: list[str]
    kind: str


def clean_spaces(text: str) -> str:
    """Any run of non-newline whitespace (incl. no-break spaces) except ligature gaps -> keep count.

    Ligature repair needs to see the gap, so runs are normalised to plain spaces
    of the same length here and collapsed only after repair.
    """
    return WHITESPACE_RE.sub(lambda m: " " * len(m.group(0)), text.replace("\r\n", "\n").replace("\r", "\n"))


def extract(path: Path) -> Extracted:
    """Pages of text from a PDF or a UTF-8 text file; IngestError says what is wrong."""
    if not path.exists():
        raise IngestError(f"no such file: {path}", f"arquivo não encontrado: {path}")
    if path.is_dir():
        raise IngestError(f"{path} is a directory, not a rulebook file", f"{path} é uma pasta, não um arquivo")
    data = path.read_bytes()
    if not data.strip():
        raise IngestError(f"{path.name} is empty", f"{path.name} está vazio")
    if data.lstrip()[:5] == b"%PDF-":
        return Extracted(_pdf_pages(path), "pdf")
    if path.suffix.lower() == ".pdf":
        raise IngestError(
            f"{path.name} is not a valid PDF (it does not start with %PDF-)",
            f"{path.name} não é um PDF válido (não começa com %PDF-)",
        )
    return Extracted(_text_pages(path.name, data), "text")


def _text_pages(name: str, data: bytes) -> list[str]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise IngestError(
            f"{name} is neither a PDF nor a UTF-8 text file",
            f"{name} não é nem PDF nem arquivo de texto UTF-8",
        ) from None
    printable = sum(ch.isprintable() or ch.isspace() for ch in text)
    if "\x00" in text or printable < 0.95 * len(text):
        raise IngestError(
            f"{name} looks like binary data, not a PDF or text file",
            f"{name} parece conter dados binários, não PDF nem texto",
        )
    pages = [clean_spaces(p) for p in PAGE_BREAK_RE.split(text)]
    pages = [p for p in pages if p.strip()]
    if not pages:
        raise IngestError(f"{name} has no text", f"{name} não tem texto")
    return pages


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
    pages = [clean_spaces(p) for p in _layout_pages(path, reader.is_encrypted)]
    if not any(p.strip() for p in pages):
        raise IngestError(
            f"{path.name} has no extractable text (image-only or blank pages; OCR is not supported)",
            f"{path.name} não tem texto extraível (só imagens ou páginas em branco; OCR não é suportado)",
        )
    return pages


def _layout_pages(path: Path, encrypted: bool) -> list[str]:
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTTextContainer, LTTextLine

    pages: list[str] = []
    for page in extract_pages(str(path), password="", laparams=LAParams(line_margin=0.3)):
        lines: list[tuple[float, float, float, str]] = []  # x0, x1, top, text
        for element in page:
            if isinstance(element, LTTextContainer):
                for line in element:
                    if isinstance(line, LTTextLine) and line.get_text().strip():
                        lines.append((line.x0, line.x1, line.y1, line.get_text().rstrip("\n")))
        pages.append(_reading_order(lines, page.width))
    return pages


def _reading_order(lines: list[tuple[float, float, float, str]], width: float) -> str:
    """Top-to-bottom bands; within a band the left column, then the right one."""
    mid = width / 2
    lines = sorted(lines, key=lambda ln: (-ln[2], ln[0]))
    out: list[str] = []
    left: list[str] = []
    right: list[str] = []

    def flush() -> None:
        out.extend(left)
        out.extend(right)
        left.clear()
        right.clear()

    for x0, x1, _top, text in lines:
        if x1 <= mid + 2:
            left.append(text)
        elif x0 >= mid - 2:
            right.append(text)
        else:  # spans both columns: closes the band above it
            flush()
            out.append(text)
    flush()
    return "\n".join(out)
