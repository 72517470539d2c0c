"""Rulebook file -> repaired text -> sections -> indexed chunks, with a report.

``ingest`` is what ``bgb ingest`` runs; ``ensure_shared`` ingests the shared
rulebooks of a game on first use (and again when a file changed), so
``bgb ask`` works on a fresh machine without a setup step.
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .errors import IngestError
from .glossary import analyze, analyzer_version
from .index import Index, NewChunk
from .paths import index_path, lang_from_name, shared_rulebooks
from .sections import PARTS, chunk_sections, split_sections
from .text import STEMMERS, detect_language

SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
LANG_CHOICES = ("auto", *STEMMERS)


@dataclass
class IngestReport:
    """What ingest found, printed by ``bgb ingest`` and stored with the document."""

    game: str
    source: str
    kind: str
    lang: str
    lang_detected: bool
    pages: int
    encoding: str = ""
    seconds: float = 0.0
    likeness: float | None = None
    removed_lines: list[str] = field(default_factory=list)
    tables: int = 0
    sections: list[dict[str, Any]] = field(default_factory=list)
    chunks: int = 0
    repairs: list[dict[str, str]] = field(default_factory=list)
    parts_found: list[str] = field(default_factory=list)
    parts_missing: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_slug(game: str) -> str:
    slug = str(game).strip().lower()
    if not SLUG_RE.match(slug):
        raise IngestError(
            f"bad game slug {game!r}: use lower-case letters, digits, '-' or '_' (e.g. 'my-game')",
            f"identificador de jogo inválido {game!r}: use letras minúsculas, dígitos, '-' ou '_' (ex.: 'meu-jogo')",
        )
    return slug


def check_lang(lang: str | None) -> str:
    value = (lang or "auto").strip().lower()[:2] if lang and lang.lower() != "auto" else "auto"
    if value not in LANG_CHOICES:
        raise IngestError(
            f"unknown language {lang!r} (use one of: {', '.join(LANG_CHOICES)})",
            f"idioma desconhecido {lang!r} (use um de: {', '.join(LANG_CHOICES)})",
        )
    return value


LIKENESS_MIN = 0.3  # share of the game's own vocabulary a rulebook of that game is expected to use


def _reference_terms(game: str, idx: Index) -> set[str]:
    """What a rulebook of ``game`` talks about: its own glossary's concepts, else the commonest terms of
    the rulebooks already filed under it (empty for a new slug: nothing to compare with)."""
    from .glossary import CONCEPT_PREFIX, _game_words

    own = {f"{CONCEPT_PREFIX}{concept.replace('_', '')}" for concept in _game_words(game)}
    if own:
        return own
    counts: dict[str, int] = {}
    for doc in idx.documents(game):
        seen: set[str] = set()
        for _seq, _s, _p, _pg, text in idx.chunks(doc.id):
            seen |= set(analyze(text, (doc.lang,), game))
        for term in seen:
            counts[term] = counts.get(term, 0) + 1
    common = sorted(counts, key=lambda t: (-counts[t], t))
    return {t for t in common[:60] if len(t) > 3 and not t.isdigit()}


def likeness(game: str, text: str, lang: str, idx: Index) -> float | None:
    """Share of the game's reference terms found in ``text`` (None when the game has none yet)."""
    reference = _reference_terms(game, idx)
    if not reference:
        return None
    found = set(analyze(text[:200_000], (lang,), game))
    return len(reference & found) / len(reference)


def quick_language(text: str) -> str | None:
    """ "pt" or "en" when function words make it plain (most rulebooks); None to ask the slow detector."""
    from .text import stopwords, words

    sample = [w.lower() for w in words(text[:20_000])]
    if len(sample) < 50:
        return None
    en = sum(w in stopwords("en") for w in sample) / len(sample)
    pt = sum(w in stopwords("pt") for w in sample) / len(sample)
    if max(en, pt) > 0.15 and abs(en - pt) > 0.08:
        return "en" if en > pt else "pt"
    return None


def ingest(
    path: str | Path, game: str, lang: str | None = "auto", index: Index | None = None, *, force: bool = False
) -> IngestReport:
    """Read, repair, split and index one rulebook file; raises IngestError on bad input.

    A rulebook filed under a game it does not look like (too little of that game's vocabulary) is refused
    unless ``force``: a Mancala book filed under another game would otherwise answer that game's questions.
    """
    import time

    from .extract import extract
    from .repair import Repair, repair_text

    started = time.perf_counter()
    file = Path(path)
    slug = check_slug(game)
    wanted = check_lang(lang)
    idx = index or Index(index_path())
    extracted = extract(file)
    full = "\n".join(extracted.pages)
    detected = wanted == "auto"
    code = (quick_language(full) or detect_language(full[:20_000])) if detected else wanted
    like = likeness(slug, full, code, idx)
    if like is not None and like < LIKENESS_MIN and not force:
        raise IngestError(
            f"{file.name} does not look like a {slug} rulebook (it uses {like:.0%} of the game's own vocabulary); "
            f"check the --game slug, or add --force to file it there anyway",
            f"{file.name} não parece um manual de {slug} (usa {like:.0%} do vocabulário do jogo); "
            f"confira o --game, ou use --force para importar assim mesmo",
        )
    repaired: list[str] = []
    repairs: list[Repair] = []
    for page in extracted.pages:
        text, made = repair_text(page, code)
        repaired.append(text)
        repairs.extend(made)
    numbered = extracted.kind == "pdf" or len(extracted.pages) > 1
    sections = split_sections(repaired, numbered)
    chunks = chunk_sections(sections)
    if not chunks:
        raise IngestError(f"{file.name}: no readable text found", f"{file.name}: nenhum texto legível encontrado")
    found = [p for p in PARTS if any(s.part == p and any(t for _, t in s.lines) for s in sections)]
    report = IngestReport(
        game=slug,
        source=file.name,
        kind=extracted.kind,
        lang=code,
        lang_detected=detected,
        pages=len(extracted.pages),
        encoding=extracted.encoding,
        likeness=None if like is None else round(like, 3),
        removed_lines=list(extracted.removed[:20]),
        tables=sum(1 for c in chunks if c.text.startswith("| ")),
        sections=[{"heading": s.heading, "part": s.part, "page": s.page} for s in sections if s.heading],
        chunks=len(chunks),
        repairs=[{"kind": r.kind, "before": r.before, "after": r.after} for r in repairs],
        parts_found=found,
        parts_missing=[p for p in PARTS if p not in found],
    )
    doc = {
        "game": slug,
        "source": file.name,
        "path": str(file.resolve()),
        "lang": code,
        "kind": extracted.kind,
        "pages": len(extracted.pages),
        "sha256": hashlib.sha256(file.read_bytes()).hexdigest(),
        "analyzer": analyzer_version(slug),
        "report": report.to_dict(),
    }
    new_chunks = [
        NewChunk(c.seq, c.section, c.part, c.page, c.text, " ".join(analyze(c.text, (code,), slug))) for c in chunks
    ]
    idx.replace_document(doc, [(s.heading, s.part, s.page, any(t for _, t in s.lines)) for s in sections], new_chunks)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


_checked: set[tuple[str, str]] = set()
_check_lock = threading.Lock()


def ensure_shared(game: str, index: Index | None = None) -> None:
    """Ingest the shared rulebooks of ``game`` if missing or changed; re-analyse stale chunks.

    Runs its checks once per process and index file, so answering stays fast.
    """
    idx = index or Index(index_path())
    key = (str(idx.path), game)
    with _check_lock:
        if key in _checked:
            return
        docs = {d.source: d for d in idx.documents(game)}
        for file in shared_rulebooks(game):
            doc = docs.get(file.name)
            if doc is None or doc.sha256 != hashlib.sha256(file.read_bytes()).hexdigest():
                ingest(file, game, lang_from_name(file) or "auto", idx, force=True)
        version = analyzer_version(game)
        for doc in idx.documents(game):
            if doc.analyzer == version:
                continue
            source = Path(doc.path)
            if source.is_file() and doc.analyzer.split(":")[0] != version.split(":")[0]:
                ingest(source, game, doc.lang, idx, force=True)  # the text pipeline changed: read the file again
            else:  # only the glossary changed: re-analyse the stored chunks
                terms = {
                    seq: " ".join(analyze(text, (doc.lang,), game)) for seq, _s, _p, _pg, text in idx.chunks(doc.id)
                }
                idx.reindex(doc.id, version, terms)
        _checked.add(key)


def forget_checks() -> None:
    """Make the next ``ensure_shared`` look at the files again (tests, long-running servers)."""
    with _check_lock:
        _checked.clear()
