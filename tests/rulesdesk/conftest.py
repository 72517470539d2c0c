"""Rules-desk fixtures: one shared index in a temp data dir, and PDFs made from the shared rulebooks.

The rulebook text only ever lives in temp files here; nothing is copied into the repository.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from boardgamesbot.rulesdesk.index import Index
from boardgamesbot.rulesdesk.paths import rulebook_dirs

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tests' helper modules (desk_positions.py)

PAGE_W, MARGIN, GAP, LINE_H = 210.0, 12.0, 10.0, 4.6
LINES_PER_COLUMN = 55


def rulebook(name: str) -> Path:
    dirs = rulebook_dirs()
    if not dirs or not (dirs[0] / name).is_file():
        pytest.skip(f"shared rulebook {name} not found (set BGB_RULEBOOKS)")
    return dirs[0] / name


@pytest.fixture(name="rulebook")
def rulebook_fixture() -> Callable[[str], Path]:
    """A shared rulebook file by name (skips when the shared folder is absent)."""
    return rulebook


SHARED_RULEBOOKS = ("alcatraz-manual.pt-BR.txt", "alcatraz-how-to-play.en.txt", "crosswise-manual.pt.txt")


@pytest.fixture
def rulebooks_available() -> None:
    """Skip (with the reason) tests whose answers quote the shared rulebooks when they are absent."""
    for name in SHARED_RULEBOOKS:
        rulebook(name)


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("bgb-data")


@pytest.fixture(autouse=True)
def _isolated_data_dir(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every rules-desk test uses the session's temp index, never ~/.local/share."""
    monkeypatch.setenv("BGB_DATA_DIR", str(data_dir))
    yield


@pytest.fixture(scope="session")
def index(data_dir: Path) -> Index:
    return Index(data_dir / "rulesdesk.sqlite3")


def _latin1(text: str) -> str:
    return text.replace("■", "-").replace("•", "-").replace("—", "-").encode("latin-1", "replace").decode("latin-1")


def _wrapped(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for raw in text.splitlines():
        if raw.strip() == "---":
            continue
        lines.extend(textwrap.wrap(_latin1(raw), width, drop_whitespace=False, replace_whitespace=False) or [""])
    return lines


def make_pdf(path: Path, text: str, columns: int = 1) -> Path:
    """Write ``text`` to a PDF in one or two columns.

    Two-column pages are written row by row, left line then right line, so the
    file's own drawing order interleaves the columns: only a layout-aware
    reader gets the reading order right.
    """
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_font("Helvetica", size=8)
    col_w = (PAGE_W - 2 * MARGIN - (columns - 1) * GAP) / columns
    lines = _wrapped(text, 48 if columns == 2 else 100)
    per_page = LINES_PER_COLUMN * columns
    for start in range(0, len(lines), per_page):
        pdf.add_page()
        page = lines[start : start + per_page]
        cols = [page[i * LINES_PER_COLUMN : (i + 1) * LINES_PER_COLUMN] for i in range(columns)]
        for row in range(LINES_PER_COLUMN):
            for c, col in enumerate(cols):
                if row < len(col) and col[row].strip():
                    pdf.set_xy(MARGIN + c * (col_w + GAP), MARGIN + row * LINE_H)
                    pdf.cell(col_w, LINE_H, col[row].strip())
    pdf.output(str(path))
    return path


@pytest.fixture
def pdf_maker(tmp_path: Path) -> Callable[..., Path]:
    def make(name: str, text: str, columns: int = 1) -> Path:
        return make_pdf(tmp_path / name, text, columns)

    return make


# an Alcatraz claim the mover is about to judge: 14 announced; the row is 4, a 5 under a +1 (the 11, counts 6), -3, 2
CLAIM_WITH_OVERLAY = (
    "alcatraz players=2 ability_table=default memory_aid=no tiebreak_round=yes turn_cap=40 wild=no seed=7 "
    "shuffles=0,0 ply=23 round=1 first=0 current=0 phase=claim turns=6 ending=no emptied=- last=- queue=- "
    "points=4,2 circles=0,0 start=0,0 scores=- capped=- claim=14 held=- pending=- then=end flash=-,- "
    "objectives=9,14,6 objdeck=4,5,10,11,13 objdone=12,8,7 piles=14/5,-2,2,2 "
    "deck=-2,4,14,1,7,9,14,-1,13,3,3,9,10,8,14,6,11,11,3,7,11,6,12,10,10,1,-2,5,13,8,7,5,12,-3,8,12,-3,13,-1,3,7,9,"
    "8,9,-1,4,-2,10,1 "
    "row0=4,5@0{p11},-3,2 won0=13,-1,1,6 row1=12,-3@1,4@1 won1=2,6"
)


@pytest.fixture(name="claim_with_overlay")
def claim_with_overlay_fixture() -> str:
    """The position text of :data:`CLAIM_WITH_OVERLAY`."""
    return CLAIM_WITH_OVERLAY
