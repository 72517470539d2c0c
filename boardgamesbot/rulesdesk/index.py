"""The rulebook search index: SQLite FTS5 (BM25) over rulebook chunks.

Writes never touch the live file: the index is copied to a temporary file in
the same folder, changed there and moved over the old one with ``os.replace``
(atomic on POSIX), so a failed or interrupted ingest loses nothing already
indexed. Readers keep one connection per file version.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DeskError

SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, source TEXT NOT NULL, path TEXT NOT NULL, lang TEXT NOT NULL,
    kind TEXT NOT NULL, pages INTEGER NOT NULL, sha256 TEXT NOT NULL, analyzer TEXT NOT NULL, report TEXT NOT NULL,
    UNIQUE (game, source)
);
CREATE TABLE IF NOT EXISTS sections (
    doc_id INTEGER NOT NULL REFERENCES docs(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
    heading TEXT NOT NULL, part TEXT NOT NULL, page INTEGER, has_text INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY, doc_id INTEGER NOT NULL REFERENCES docs(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
    section TEXT NOT NULL, part TEXT NOT NULL, page INTEGER, text TEXT NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS chunk_fts USING fts5(terms, game UNINDEXED, tokenize = 'unicode61');
"""


@dataclass(frozen=True)
class Hit:
    """One matching rulebook chunk, best first (``score``: higher is better)."""

    chunk_id: int
    doc_id: int
    seq: int
    source: str
    lang: str
    section: str
    part: str
    page: int | None
    text: str
    score: float


@dataclass(frozen=True)
class DocInfo:
    id: int
    game: str
    source: str
    path: str
    lang: str
    kind: str
    pages: int
    sha256: str
    analyzer: str
    report: dict[str, Any]


@dataclass(frozen=True)
class NewChunk:
    seq: int
    section: str
    part: str
    page: int | None
    text: str
    terms: str


_lock = threading.Lock()
_readers: dict[tuple[str, int, int], sqlite3.Connection] = {}


class Index:
    """One index file. All writes go through :meth:`replace_document` / :meth:`reindex`."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    # ---- reading -------------------------------------------------------
    def _reader(self) -> sqlite3.Connection | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        key = (str(self.path), st.st_ino, st.st_mtime_ns)
        with _lock:
            conn = _readers.get(key)
            if conn is None:
                for old in [k for k in _readers if k[0] == key[0]]:
                    _readers.pop(old).close()
                conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
                _readers[key] = conn
        return conn

    def documents(self, game: str | None = None) -> list[DocInfo]:
        conn = self._reader()
        if conn is None:
            return []
        sql = "SELECT id, game, source, path, lang, kind, pages, sha256, analyzer, report FROM docs"
        rows = conn.execute(
            sql + (" WHERE game = ? ORDER BY id" if game else " ORDER BY game, id"), (game,) if game else ()
        ).fetchall()
        return [
            DocInfo(
                id=r[0],
                game=r[1],
                source=r[2],
                path=r[3],
                lang=r[4],
                kind=r[5],
                pages=r[6],
                sha256=r[7],
                analyzer=r[8],
                report=json.loads(r[9]),
            )
            for r in rows
        ]

    def games(self) -> list[str]:
        return sorted({d.game for d in self.documents()})

    def sections(self, doc_id: int) -> list[tuple[str, str, int | None, bool]]:
        conn = self._reader()
        if conn is None:
            return []
        rows = conn.execute(
            "SELECT heading, part, page, has_text FROM sections WHERE doc_id = ? ORDER BY seq", (doc_id,)
        ).fetchall()
        return [(h, p, pg, bool(t)) for h, p, pg, t in rows]

    def chunks(self, doc_id: int) -> list[tuple[int, str, str, int | None, str]]:
        conn = self._reader()
        if conn is None:
            return []
        return conn.execute(
            "SELECT seq, section, part, page, text FROM chunks WHERE doc_id = ? ORDER BY seq", (doc_id,)
        ).fetchall()

    def search(self, game: str, terms: list[str], limit: int = 8) -> list[Hit]:
        """BM25 search for any of ``terms`` among ``game``'s chunks."""
        conn = self._reader()
        unique = list(dict.fromkeys(t for t in terms if t))
        if conn is None or not unique:
            return []
        query = " OR ".join('"' + t.replace('"', "") + '"' for t in unique)
        rows = conn.execute(
            """SELECT c.id, c.doc_id, c.seq, d.source, d.lang, c.section, c.part, c.page, c.text, bm25(chunk_fts)
               FROM chunk_fts JOIN chunks c ON c.id = chunk_fts.rowid JOIN docs d ON d.id = c.doc_id
               WHERE chunk_fts MATCH ? AND chunk_fts.game = ? ORDER BY bm25(chunk_fts) LIMIT ?""",
            (query, game, limit),
        ).fetchall()
        return [
            Hit(
                chunk_id=r[0],
                doc_id=r[1],
                seq=r[2],
                source=r[3],
                lang=r[4],
                section=r[5],
                part=r[6],
                page=r[7],
                text=r[8],
                score=-float(r[9]),
            )
            for r in rows
        ]

    def chunk_terms(self, chunk_id: int) -> str:
        conn = self._reader()
        if conn is None:
            return ""
        row = conn.execute("SELECT terms FROM chunk_fts WHERE rowid = ?", (chunk_id,)).fetchone()
        return row[0] if row else ""

    # ---- writing (atomic) ------------------------------------------------
    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A connection to a private copy; on success the copy replaces the index.

        A lock file serialises writers (several ``bgb ingest`` at once, or a server
        and a terminal), so one writer never overwrites another's new document.
        """
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not os.access(self.path.parent, os.W_OK):
                raise PermissionError(13, "permission denied")
            lock = open(self.path.parent / ".rulesdesk.lock", "a+b")  # noqa: SIM115 - held for the whole write
        except OSError as exc:
            raise DeskError(
                f"cannot write the rules index in {self.path.parent} ({exc.strerror}); set BGB_DATA_DIR to a writable folder",
                f"não consigo gravar o índice de regras em {self.path.parent} ({exc.strerror}); "
                "defina BGB_DATA_DIR com uma pasta gravável",
            ) from None
        with lock:
            _flock(lock)
            yield from self._write_copy()

    def _write_copy(self) -> Iterator[sqlite3.Connection]:
        fd, tmp_name = tempfile.mkstemp(prefix=".rulesdesk-", suffix=".tmp", dir=self.path.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        conn = sqlite3.connect(tmp)
        try:
            if self.path.exists():
                src = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
                try:
                    src.backup(conn)
                finally:
                    src.close()
            conn.execute("PRAGMA foreign_keys = ON")
            conn.executescript(SCHEMA)
            yield conn
            conn.commit()
            conn.close()
            os.replace(tmp, self.path)
        finally:
            conn.close()
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()

    def replace_document(
        self, doc: dict[str, Any], sections: list[tuple[str, str, int | None, bool]], chunks: list[NewChunk]
    ) -> int:
        """Store one rulebook (replacing any earlier copy of the same game+source)."""
        with self._writing() as conn:
            _delete_doc(conn, doc["game"], doc["source"])
            cur = conn.execute(
                "INSERT INTO docs (game, source, path, lang, kind, pages, sha256, analyzer, report)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    doc["game"],
                    doc["source"],
                    doc["path"],
                    doc["lang"],
                    doc["kind"],
                    doc["pages"],
                    doc["sha256"],
                    doc["analyzer"],
                    json.dumps(doc["report"], ensure_ascii=False),
                ),
            )
            doc_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?)",
                [(doc_id, i, h, p, pg, int(t)) for i, (h, p, pg, t) in enumerate(sections)],
            )
            for ch in chunks:
                cur = conn.execute(
                    "INSERT INTO chunks (doc_id, seq, section, part, page, text) VALUES (?, ?, ?, ?, ?, ?)",
                    (doc_id, ch.seq, ch.section, ch.part, ch.page, ch.text),
                )
                conn.execute(
                    "INSERT INTO chunk_fts (rowid, terms, game) VALUES (?, ?, ?)",
                    (cur.lastrowid, ch.terms, doc["game"]),
                )
        return doc_id

    def remove_game(self, game: str, source: str | None = None) -> list[str]:
        """Delete every rulebook filed under ``game`` (or only ``source``); returns the sources removed."""
        with self._writing() as conn:
            rows = conn.execute(
                "SELECT source FROM docs WHERE game = ?" + (" AND source = ?" if source else ""),
                (game, source) if source else (game,),
            ).fetchall()
            for (name,) in rows:
                _delete_doc(conn, game, name)
        return [r[0] for r in rows]

    def chunk_count(self, doc_id: int) -> int:
        conn = self._reader()
        if conn is None:
            return 0
        return int(conn.execute("SELECT COUNT(*) FROM chunks WHERE doc_id = ?", (doc_id,)).fetchone()[0])

    def reindex(self, doc_id: int, analyzer: str, terms: dict[int, str]) -> None:
        """Replace the index terms of a document's chunks (after the glossary changed)."""
        with self._writing() as conn:
            game = conn.execute("SELECT game FROM docs WHERE id = ?", (doc_id,)).fetchone()[0]
            ids = conn.execute("SELECT id, seq FROM chunks WHERE doc_id = ?", (doc_id,)).fetchall()
            for chunk_id, seq in ids:
                conn.execute("DELETE FROM chunk_fts WHERE rowid = ?", (chunk_id,))
                conn.execute(
                    "INSERT INTO chunk_fts (rowid, terms, game) VALUES (?, ?, ?)", (chunk_id, terms[seq], game)
                )
            conn.execute("UPDATE docs SET analyzer = ? WHERE id = ?", (analyzer, doc_id))


def _flock(handle: Any) -> None:
    """Exclusive lock where the OS offers one (POSIX); elsewhere writes are not serialised."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)


def _delete_doc(conn: sqlite3.Connection, game: str, source: str) -> None:
    for (doc_id,) in conn.execute("SELECT id FROM docs WHERE game = ? AND source = ?", (game, source)).fetchall():
        conn.execute("DELETE FROM chunk_fts WHERE rowid IN (SELECT id FROM chunks WHERE doc_id = ?)", (doc_id,))
        conn.execute("DELETE FROM chunks WHERE doc_id = ?", (doc_id,))
        conn.execute("DELETE FROM sections WHERE doc_id = ?", (doc_id,))
        conn.execute("DELETE FROM docs WHERE id = ?", (doc_id,))
