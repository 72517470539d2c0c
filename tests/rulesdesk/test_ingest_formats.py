"""Ingest that survives real rulebooks: encodings, Markdown and HTML, tables, running headers and footers,
sentences cut by page breaks, --list/--remove, and a rulebook filed under the wrong game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardgamesbot.cli import app
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.errors import IngestError
from boardgamesbot.rulesdesk.index import Index
from boardgamesbot.rulesdesk.ingest import ingest
from boardgamesbot.rulesdesk.sheets import render_sheet

runner = CliRunner()

# A small rulebook of an invented game, in the project's own words.
BOOK = """OBJECTIVE OF THE GAME

Each player guides a caravan across the desert. The richest merchant at the end of the seventh week wins.

SETUP

Every player takes five camels and twelve coins. Shuffle the oasis cards and place four of them face up.

HOW TO PLAY

On your turn you either buy goods at an oasis or move your caravan up to two oases along the road.
Spices are worth three coins and silk is worth five coins at the market.
"""

MANCALA = """OBJECT OF THE GAME

Capture more seeds than your opponent. The board has two rows of six pits and a store at each end.

HOW TO PLAY

Pick up all the seeds from one of your pits and sow them one by one into the following pits, counterclockwise.
If the last seed lands in your store, you play again. A seed that lands in an empty pit on your side captures.
"""


def _parts(book: str) -> list[tuple[str, str]]:
    blocks = [b for b in book.strip().split("\n\n") if b]
    return [(blocks[i], blocks[i + 1]) for i in range(0, len(blocks) - 1, 2)]


def _idx(tmp_path: Path) -> Index:
    return Index(tmp_path / "idx" / "rulesdesk.sqlite3")


@pytest.mark.parametrize(
    ("encoding", "prefix", "expected"),
    [("utf-16", b"", "utf-16"), ("latin-1", b"", "cp1252"), ("utf-8", b"\xef\xbb\xbf", "utf-8-sig")],
)
def test_encodings_are_detected(tmp_path: Path, encoding: str, prefix: bytes, expected: str) -> None:
    text = BOOK.replace("caravan", "caravana à noite")
    path = tmp_path / "book.txt"
    path.write_bytes(prefix + text.encode(encoding))
    idx = _idx(tmp_path)
    report = ingest(path, "caravans", "en", idx)
    assert report.encoding == expected
    chunks = [c[4] for c in idx.chunks(idx.documents("caravans")[0].id)]
    assert any("caravana à noite" in c for c in chunks), chunks[:3]


def test_html_is_read_as_text_and_tags_are_never_indexed(tmp_path: Path) -> None:
    page = (
        "<!doctype html><html><head><title>x</title><style>.camel{color:red}</style>"
        "<script>var spices = 'secret';</script></head><body>"
        + "".join(f"<h2>{title}</h2><p class='rule'>{body}</p>" for title, body in _parts(BOOK))
        + "<table><tr><th>Good</th><th>Coins</th></tr><tr><td>Spices</td><td>3</td></tr>"
        "<tr><td>Silk</td><td>5</td></tr></table></body></html>"
    )
    path = tmp_path / "book.html"
    path.write_text(page, encoding="utf-8")
    idx = _idx(tmp_path)
    report = ingest(path, "caravans", "en", idx)
    assert report.kind == "html" and report.tables == 1
    assert idx.search("caravans", ["class"]) == [] and idx.search("caravans", ["secret"]) == []
    texts = [c[4] for c in idx.chunks(idx.documents("caravans")[0].id)]
    assert not any("<" in t or "color:red" in t for t in texts)
    assert "| Silk | 5 |" in "\n".join(texts)
    assert {s["heading"] for s in report.sections} >= {"SETUP", "HOW TO PLAY"}


def test_markdown_headings_tables_and_emphasis(tmp_path: Path) -> None:
    md = (
        "# Caravans\n\n## Setup\n\nEvery player takes **five camels** and _twelve_ coins.\n\n"
        "## Scoring\n\n| Good | Coins |\n|---|---|\n| Spices | 3 |\n| Silk | 5 |\n\n"
        "See [the market](http://example.invalid/market) for prices.\n"
    )
    path = tmp_path / "book.md"
    path.write_text(md, encoding="utf-8")
    idx = _idx(tmp_path)
    report = ingest(path, "caravans", "en", idx)
    assert report.kind == "markdown"
    assert [s["heading"] for s in report.sections][:3] == ["Caravans", "Setup", "Scoring"]
    texts = [c[4] for c in idx.chunks(idx.documents("caravans")[0].id)]
    assert "Every player takes five camels and twelve coins." in texts
    assert "| Good | Coins |\n| Spices | 3 |\n| Silk | 5 |" in texts
    assert not any("http" in t or "**" in t for t in texts)


def test_running_headers_footers_and_page_numbers_go_and_cut_sentences_rejoin(tmp_path: Path) -> None:
    pages = []
    for n in range(1, 6):
        body = BOOK if n == 1 else f"Week {n} brings a sandstorm: every caravan loses one camel."
        if n == 2:
            body += "\nA merchant who reaches the last oasis before the storm"
        if n == 3:
            body = "keeps all of her camels safe.\n" + body
        pages.append(f"Caravans — Rulebook\n{body}\nPage {n} of 5")
    path = tmp_path / "book.txt"
    path.write_text("\f".join(pages), encoding="utf-8")
    idx = _idx(tmp_path)
    report = ingest(path, "caravans", "en", idx)
    texts = [c[4] for c in idx.chunks(idx.documents("caravans")[0].id)]
    joined = " ".join(texts)
    assert "Rulebook" not in joined and "Page" not in joined
    assert "Caravans — Rulebook" in report.removed_lines
    assert "A merchant who reaches the last oasis before the storm keeps all of her camels safe." in texts


def test_pdf_tables_keep_cells_and_rows(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 5, "SCORING\n\nGoods are sold at the market for the coins shown in the table below.")
    with pdf.table(col_widths=(40, 30), width=70, text_align="LEFT") as table:
        for row in (("Good", "Coins"), ("Spices", "3"), ("Silk", "5"), ("Salt", "1")):
            cells = table.row()
            for cell in row:
                cells.cell(cell)
    path = tmp_path / "table.pdf"
    pdf.output(str(path))
    idx = _idx(tmp_path)
    report = ingest(path, "caravans", "en", idx)
    assert report.tables == 1
    texts = [c[4] for c in idx.chunks(idx.documents("caravans")[0].id)]
    assert "| Good | Coins |\n| Spices | 3 |\n| Silk | 5 |\n| Salt | 1 |" in texts


def test_a_rulebook_of_another_game_needs_force(tmp_path: Path) -> None:
    path = tmp_path / "mancala.txt"
    path.write_text(MANCALA, encoding="utf-8")
    idx = _idx(tmp_path)
    with pytest.raises(IngestError) as refused:
        ingest(path, "alcatraz", "en", idx)
    assert "does not look like a alcatraz rulebook" in str(refused.value) and "--force" in str(refused.value)
    assert idx.documents("alcatraz") == [] or all(d.source != "mancala.txt" for d in idx.documents("alcatraz"))
    report = ingest(path, "alcatraz", "en", idx, force=True)
    assert report.likeness is not None and report.likeness < 0.3


def test_the_games_own_rulebook_is_not_refused(tmp_path: Path, rulebook: object) -> None:
    from boardgamesbot.rulesdesk.paths import rulebook_dirs

    book = rulebook_dirs()[0] / "alcatraz-how-to-play.en.txt"
    if not book.is_file():
        pytest.skip("shared rulebooks not found")
    copy = tmp_path / "alcatraz-copy.txt"
    copy.write_bytes(book.read_bytes())
    report = ingest(copy, "alcatraz", "en", _idx(tmp_path))
    assert report.likeness is not None and report.likeness >= 0.3


def test_cli_list_and_remove(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BGB_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "caravans.txt"
    path.write_text(BOOK, encoding="utf-8")
    added = runner.invoke(app, ["ingest", str(path), "--game", "caravans"])
    assert added.exit_code == 0, added.output
    listed = runner.invoke(app, ["ingest", "--list"])
    assert listed.exit_code == 0 and "caravans" in listed.output and "caravans.txt" in listed.output
    removed = runner.invoke(app, ["ingest", "--remove", "caravans"])
    assert removed.exit_code == 0 and "Removed 1 rulebook" in removed.output
    assert "caravans.txt" not in runner.invoke(app, ["ingest", "--list"]).output
    again = runner.invoke(app, ["ingest", "--remove", "caravans"])
    assert again.exit_code == 2 and "no rulebook is filed under 'caravans'" in again.output


def test_outline_of_an_ingested_game_is_labelled_extracted_and_quotes_pages(tmp_path: Path) -> None:
    pages = BOOK.replace("HOW TO PLAY", "\f\nHOW TO PLAY")
    path = tmp_path / "caravans.txt"
    path.write_text(pages + "\n<script>alert(1)</script> is how the market crier shouts.\n", encoding="utf-8")
    idx = _idx(tmp_path)
    ingest(path, "caravans", "en", idx)
    monkey = pytest.MonkeyPatch()
    monkey.setenv("BGB_DATA_DIR", str(idx.path.parent))
    try:
        text = render_sheet("caravans", "en", "markdown")
        html = render_sheet("caravans", "en", "html")
        answer = ask("caravans", "How many camels does each player take?")
    finally:
        monkey.undo()
    assert "Extracted from the ingested rulebook" in text
    assert "“Every player takes five camels and twelve coins.” (SETUP, p. 1, caravans.txt)" in text
    assert "(HOW TO PLAY, p. 2, caravans.txt)" in text
    assert "## Tips for Winning\n\n- *Not found in the ingested rulebook.*" in text
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "five camels" in answer.answer
