"""Ingest: shared rulebooks, generated PDFs (one and two columns), and every kind of bad input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.errors import IngestError
from boardgamesbot.rulesdesk.extract import extract
from boardgamesbot.rulesdesk.index import Index
from boardgamesbot.rulesdesk.ingest import ingest
from boardgamesbot.rulesdesk.text import fold

Rulebook = Callable[[str], Path]
PdfMaker = Callable[..., Path]


def _fresh(tmp_path: Path) -> Index:
    return Index(tmp_path / "idx" / "rulesdesk.sqlite3")


def test_shared_text_rulebooks_ingest_with_sections_and_language(rulebook: Rulebook, tmp_path: Path) -> None:
    idx = _fresh(tmp_path)
    en = ingest(rulebook("alcatraz-how-to-play.en.txt"), "alcatraz", "auto", idx)
    pt = ingest(rulebook("alcatraz-manual.pt-BR.txt"), "alcatraz", "auto", idx)
    cw = ingest(rulebook("crosswise-manual.pt.txt"), "crosswise", "pt", idx)
    assert (en.lang, pt.lang, cw.lang) == ("en", "pt", "pt")
    assert en.lang_detected and pt.lang_detected and not cw.lang_detected
    assert {s["heading"]: s["part"] for s in en.sections}["Draw a Card"] == "actions"
    pt_parts = {s["heading"]: s["part"] for s in pt.sections}
    assert pt_parts["PREPARAÇÃO"] == "setup" and pt_parts["FINAL DE JOGO"] == "end"
    assert pt_parts["MODO PRISIONEIRO SELVAGEM"] == "variants"
    cw_parts = {s["heading"]: s["part"] for s in cw.sections}
    assert cw_parts["Objetivo do jogo"] == "objective" and cw_parts["Pontuação"] == "end"
    assert cw_parts["Peças de ação"] == "actions"
    assert pt.pages == 2 and pt.parts_missing == ["tips"]
    assert {"final", "fileira"} <= {r["after"] for r in pt.repairs}
    assert sorted(d.source for d in idx.documents("alcatraz")) == [
        "alcatraz-how-to-play.en.txt",
        "alcatraz-manual.pt-BR.txt",
    ]


def test_a_sentence_cut_by_a_page_break_is_joined_under_its_heading(rulebook: Rulebook, tmp_path: Path) -> None:
    idx = _fresh(tmp_path)
    ingest(rulebook("alcatraz-manual.pt-BR.txt"), "alcatraz", "pt", idx)
    doc = idx.documents("alcatraz")[0]
    texts = {text: section for _seq, section, _part, _page, text in idx.chunks(doc.id)}
    joined = next(t for t in texts if t.startswith("Em seguida, virar para cima"))
    assert "duas ou três cartas adjacentes" in joined
    assert texts[joined] == "CUMPRIR UM OBJETIVO"


def test_single_column_pdf_keeps_pages_and_repairs_ligatures(
    rulebook: Rulebook, pdf_maker: PdfMaker, tmp_path: Path
) -> None:
    pdf = pdf_maker("manual.pdf", rulebook("alcatraz-manual.pt-BR.txt").read_text(encoding="utf-8"))
    report = ingest(pdf, "alcatraz", "auto", _fresh(tmp_path))
    assert report.kind == "pdf" and report.lang == "pt" and report.pages >= 2
    assert {"final", "fileira"} <= {r["after"] for r in report.repairs}
    headings = [s["heading"] for s in report.sections]
    assert {"OBJETIVO DO JOGO", "COMO JOGAR", "FINAL DE JOGO"} <= set(headings)
    assert {s["page"] for s in report.sections} >= {1, 2}


def test_two_column_pdf_is_read_column_by_column(rulebook: Rulebook, pdf_maker: PdfMaker, tmp_path: Path) -> None:
    text = rulebook("alcatraz-how-to-play.en.txt").read_text(encoding="utf-8")
    pdf = pdf_maker("two-columns.pdf", text, columns=2)
    pages = extract(pdf).pages
    flat = " ".join(" ".join(pages).split())
    # reading order: the sections come in the book's order, not interleaved line by line
    order = [
        flat.find(h) for h in ("Objective of the Game", "Setup", "Game Flow", "Draw a Card", "End of Game and Scoring")
    ]
    assert -1 not in order and order == sorted(order)
    # a sentence wrapped over several lines of the left column stays whole
    assert "Your mission is to free as many cats from the prison as possible." in flat
    report = ingest(pdf, "alcatraz", "en", _fresh(tmp_path))
    assert report.parts_missing == []


def test_pdf_of_an_unknown_game_is_ingested_and_outlined(
    rulebook: Rulebook, pdf_maker: PdfMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from boardgamesbot.rulesdesk.sheets import render_sheet

    monkeypatch.setenv("BGB_DATA_DIR", str(tmp_path / "data"))
    pdf = pdf_maker("cw.pdf", rulebook("crosswise-manual.pt.txt").read_text(encoding="utf-8"), columns=2)
    report = ingest(pdf, "my-new-game", "auto")
    assert report.game == "my-new-game" and report.lang == "pt"
    sheet = render_sheet("my-new-game", "en", "markdown")
    assert "## Objective of the Game" in sheet and "Objetivo do jogo" in sheet
    assert "## Tips for Winning\n\n- *Not found in the ingested rulebook.*" in sheet
    assert "Não encontrado no manual importado" in render_sheet("my-new-game", "pt", "text")
    answer = ask("my-new-game", "Como se formam as equipas?")  # no glossary for this game: same language
    assert not answer.rules and answer.passages and answer.passages[0].page == 1
    assert "equipas" in answer.passages[0].quote


# ---- bad input -------------------------------------------------------------
def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _image_only_pdf(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_fill_color(40, 40, 40)
    pdf.rect(20, 20, 100, 60, style="F")
    pdf.output(str(path))
    return path


def _locked_pdf(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_encryption(owner_password="owner", user_password="secret")
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    pdf.cell(0, 10, "Objective of the Game")
    pdf.output(str(path))
    return path


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda p: _write(p / "empty.pdf", b""), "is empty"),
        (lambda p: _image_only_pdf(p / "scan.pdf"), "no extractable text"),
        (lambda p: _locked_pdf(p / "locked.pdf"), "password-protected"),
        (lambda p: _write(p / "fake.pdf", b"PK\x03\x04 zip data"), "not a valid PDF"),
        (lambda p: _write(p / "photo.jpg", bytes(range(256)) * 4), "neither a PDF nor"),
        (lambda p: _write(p / "broken.pdf", b"%PDF-1.4\n garbage"), "damaged PDF"),
        (lambda p: p / "missing.txt", "no such file"),
    ],
)
def test_bad_files_get_a_clear_error_and_lose_nothing(
    rulebook: Rulebook, tmp_path: Path, make: Callable[[Path], Path], needle: str
) -> None:
    idx = _fresh(tmp_path)
    ingest(rulebook("crosswise-manual.pt.txt"), "crosswise", "pt", idx)
    before = idx.path.read_bytes()
    with pytest.raises(IngestError) as err:
        ingest(make(tmp_path), "crosswise", "auto", idx)
    assert needle in str(err.value)
    assert idx.path.read_bytes() == before
    assert [d.source for d in idx.documents("crosswise")] == ["crosswise-manual.pt.txt"]
    assert not list(idx.path.parent.glob(".rulesdesk-*.tmp"))


@pytest.mark.parametrize("slug", ["", "Bad Slug", "../etc", "x" * 60])
def test_bad_game_slug_is_refused(rulebook: Rulebook, tmp_path: Path, slug: str) -> None:
    with pytest.raises(IngestError, match="bad game slug"):
        ingest(rulebook("crosswise-manual.pt.txt"), slug, "pt", _fresh(tmp_path))


def test_unknown_language_is_refused(rulebook: Rulebook, tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="unknown language"):
        ingest(rulebook("crosswise-manual.pt.txt"), "crosswise", "klingon", _fresh(tmp_path))


def test_a_crash_while_writing_keeps_the_old_index(
    rulebook: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    idx = _fresh(tmp_path)
    ingest(rulebook("crosswise-manual.pt.txt"), "crosswise", "pt", idx)
    before = idx.path.read_bytes()

    def boom(*_args: object, **_kwargs: object) -> list[str]:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("boardgamesbot.rulesdesk.ingest.analyze", boom)
    with pytest.raises(RuntimeError):
        ingest(rulebook("alcatraz-how-to-play.en.txt"), "alcatraz", "en", idx)
    assert idx.path.read_bytes() == before and idx.documents("alcatraz") == []


def test_reingesting_replaces_the_same_document(rulebook: Rulebook, tmp_path: Path) -> None:
    idx = _fresh(tmp_path)
    for _ in range(2):
        ingest(rulebook("crosswise-manual.pt.txt"), "crosswise", "pt", idx)
    docs = idx.documents("crosswise")
    assert len(docs) == 1
    hits = idx.search("crosswise", ["zcbag"])
    assert hits and all(fold(h.source) == "crosswise-manual.pt.txt" for h in hits)


def test_unwritable_data_dir_gets_a_clear_error(rulebook: Rulebook, tmp_path: Path) -> None:
    from boardgamesbot.rulesdesk.errors import DeskError

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    with pytest.raises(DeskError, match="BGB_DATA_DIR"):
        ingest(rulebook("crosswise-manual.pt.txt"), "crosswise", "pt", Index(blocker / "sub" / "rulesdesk.sqlite3"))


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_any_text_file_ingests_or_is_refused_clearly(text: str) -> None:
    """Whatever a text file holds, ingest either indexes quotes taken from it or raises IngestError."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "book.txt"
        path.write_text(text, encoding="utf-8")
        idx = Index(Path(tmp) / "rulesdesk.sqlite3")
        try:
            ingest(path, "fuzz", "en", idx)
        except IngestError:
            assert not idx.documents("fuzz")
            return
        flat = " ".join(text.split())
        for _seq, _section, _part, _page, chunk in idx.chunks(idx.documents("fuzz")[0].id):
            for word in chunk.split():
                # only repairs change words: joined ligatures (an "f") and joined line-end hyphens
                assert word in flat or word in flat.replace("- ", "") or "f" in word.lower(), word
