"""Ingest benchmark on rulebooks the project writes and typesets itself (no real rulebook is copied).

Typesets the rulebook of an invented game, "Lantern Harbor", with fpdf2: two
columns, score tables, ligature glyphs (ﬁ ﬂ ﬀ, as real PDFs carry them),
hyphenated line ends (soft hyphens), a running header and a footer with page
numbers, sentences cut by page breaks; a short book (about 8 pages) and a long
one (the rules plus a scenario catalogue, 200 pages). Then ingests each into a
temporary data dir and prints: pages, sections found (and the six parts),
tables, running lines removed, ingest time, and the accuracy of `bgb ask` on
questions whose answers the book states (the expected words must be in the
answer's quote).

    .venv/bin/python bench/ingest_books.py [--pages 200] [--keep DIR]

The PDFs are written to a temporary folder (or --keep DIR): never commit them.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

LIG = {"fi": "\ufb01", "fl": "\ufb02", "ff": "\ufb00"}

RULES: list[tuple[str, list[str]]] = [
    (
        "OBJECTIVE OF THE GAME",
        [
            "Each player runs a fleet of night boats in Lantern Harbor. The player who has delivered the most "
            "lantern crates when the harbour bell rings for the third time wins the game.",
            "Crates are delivered to the four piers, and every delivered crate is worth the number printed on "
            "its pier. A full pier of six crates gives its owner a bonus of five points.",
        ],
    ),
    (
        "COMPONENTS",
        [
            "The box holds one harbour board, forty wooden crates in four colours, twelve boat tokens, a cloth "
            "bag, a brass bell marker and sixty tide cards numbered from one to fifteen.",
        ],
    ),
    (
        "SETUP",
        [
            "Place the harbour board in the middle of the table and put the bell marker on the first space of "
            "the bell track. Each player takes three boat tokens and three lanterns of their colour.",
            "Shuffle the tide cards and deal five to each player; the remaining cards form the tide deck. Turn "
            "the top card of the tide deck face up to start the current.",
            "The youngest player takes the harbour master figure and will play first.",
        ],
    ),
    (
        "HOW TO PLAY",
        [
            "Turns go around the table to the left. On your turn you must take exactly two actions, and you may "
            "take the same action twice.",
            "At the end of your turn you draw tide cards until you hold five again. When the tide deck runs out, "
            "shuffle the discarded tide cards to make a new deck and move the bell marker one space forward.",
        ],
    ),
    (
        "ACTIONS",
        [
            "Sail: move one of your boats up to three spaces along the channel. A boat can never enter a space "
            "that already holds two boats.",
            "Load: take one crate from the warehouse next to your boat and put it in the hold. A boat carries "
            "at most two crates at a time.",
            "Deliver: unload every crate of a boat that stands at a pier; each crate scores the number printed "
            "on that pier.",
            "Signal: play a tide card face up to change the current; a current higher than ten lets every boat "
            "sail one extra space on its next move.",
        ],
    ),
    (
        "SCORING",
        [
            "Crates are scored as soon as they are delivered. The table below lists what each pier pays for one "
            "crate and the bonus for filling it.",
            "TABLE",
            "A pier that holds six crates of one colour pays its owner a bonus of five points at the end of the game.",
        ],
    ),
    (
        "END OF THE GAME",
        [
            "The game ends at once when the bell marker reaches the third space of the bell track. Players then "
            "add their bonuses, and the highest total wins.",
            "If players are tied, the tied player with more lanterns still unlit wins; if they are still tied, "
            "they share the victory.",
        ],
    ),
    (
        "STRATEGY TIPS",
        [
            "Keep one boat near the far piers: they pay the most, and a late delivery there often decides the "
            "game. Do not signal a high current when your rivals have loaded boats waiting at the mouth of the "
            "channel.",
        ],
    ),
]

TABLE = [("Pier", "Points per crate", "Full pier bonus"), ("North pier", "1", "5"), ("East pier", "2", "5"),
         ("South pier", "3", "5"), ("Far pier", "4", "5")]  # fmt: skip

QUESTIONS: list[tuple[str, list[str]]] = [
    ("How many lanterns does each player start with?", ["three lanterns"]),
    ("How many actions do I take on my turn?", ["two actions"]),
    ("When does the game end?", ["third space"]),
    ("How many crates can a boat carry?", ["two crates"]),
    ("Who plays first?", ["youngest"]),
    ("What happens when the tide deck runs out?", ["shuffle"]),
    ("Can a boat enter a space with two boats?", ["never"]),
    ("How many cards does each player get at the start?", ["five"]),
    ("What does the Signal action do?", ["current"]),
    ("How is a tie broken?", ["lanterns"]),
    ("What does a full pier give?", ["bonus"]),
    ("When are crates scored?", ["delivered"]),
    ("How far can a boat sail?", ["three spaces"]),
    ("Quantas ações posso fazer no meu turno?", ["two actions"]),
    ("What does the far pier pay per crate?", ["4"]),
]

WORDS = ["harbour", "channel", "lantern", "crate", "boat", "pier", "tide", "current", "warehouse", "bell"]
NAMES = ["Salt Road", "Fog Line", "Copper Quay", "Night Ferry", "Eel Market", "Gull Rock", "Old Lock", "Tar Yard"]


def ligatures(text: str) -> str:
    for pair, glyph in LIG.items():
        text = text.replace(pair, glyph)
    return text


def soft_hyphens(text: str) -> str:
    """A soft hyphen in the middle of long words, so line ends break them with a hyphen."""
    out = []
    for word in text.split(" "):
        core = word.strip(".,;:")
        if len(core) >= 10 and core.isalpha():
            cut = len(core) // 2
            word = word.replace(core, core[:cut] + "\u00ad" + core[cut:])
        out.append(word)
    return " ".join(out)


def scenario(n: int, rng: random.Random) -> tuple[str, list[str], list[tuple[str, ...]]]:
    name = f"Scenario {n}: {rng.choice(NAMES)} {n}"
    paras = []
    for _ in range(3):
        sentences = []
        for _ in range(rng.randint(4, 7)):
            a, b = rng.sample(WORDS, 2)
            k = rng.randint(2, 9)
            sentences.append(
                rng.choice(
                    [
                        f"In this scenario the {a} starts {k} spaces from the {b}, and every player adds one {a} to the first pier.",
                        f"The {a} counts double when it reaches the {b} before the bell moves for the second time.",
                        f"Players who finish a turn beside the {b} may swap one {a} with a rival, but only once per round.",
                        f"Remove {k} {a}s from the box before setup; they return when the {b} is flooded.",
                    ]
                )
            )
        paras.append(" ".join(sentences))
    table = [("Round", "Tide", "Bonus")] + [
        (str(r), str(rng.randint(1, 15)), str(rng.randint(0, 4))) for r in range(1, 4)
    ]
    return name, paras, table


def make_book(path: Path, pages: int, seed: int = 7) -> int:
    """Typeset the book (about ``pages`` pages); returns the page count."""
    from fpdf import FPDF

    font = None
    try:
        import matplotlib

        candidate = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
        font = candidate if candidate.is_file() else None
    except ImportError:
        pass

    class Book(FPDF):
        chapter = ""

        def header(self) -> None:
            self.set_font(family, size=7)
            self.set_y(6)
            self.cell(0, 4, f"Lantern Harbor — {self.chapter}", align="R")
            self.ln(8)

        def footer(self) -> None:
            self.set_y(-10)
            self.set_font(family, size=7)
            self.cell(0, 4, "Lantern Harbor · Rulebook", align="L")
            self.set_x(-30)
            self.cell(20, 4, f"Page {self.page_no()}", align="R")

    pdf = Book(format=(148, 210))
    if font is not None:
        pdf.add_font("DejaVu", "", str(font))
        family = "DejaVu"
    else:
        family = "Helvetica"
    pdf.set_auto_page_break(True, margin=14)
    pdf.set_margins(10, 14, 10)

    def text(s: str) -> str:
        s = soft_hyphens(s)
        return ligatures(s) if font is not None else s.replace("\u00ad", "")

    def table(rows: list[tuple[str, ...]]) -> None:
        pdf.set_font(family, size=7)
        from fpdf.fonts import FontFace

        with pdf.table(
            col_widths=(30, 30, 30), text_align="LEFT", width=110, headings_style=FontFace(emphasis="")
        ) as t:
            for row in rows:
                r = t.row()
                for cell in row:
                    r.cell(cell)
        pdf.ln(2)

    def chapter(title: str, paragraphs: list[str], rows: list[tuple[str, ...]] | None = None) -> None:
        pdf.chapter = title.title()
        pdf.set_font(family, size=10)
        pdf.ln(2)
        pdf.cell(0, 6, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, size=8)
        body = [p for p in paragraphs if p != "TABLE"]
        with pdf.text_columns(ncols=2, gutter=5, text_align="LEFT", l_margin=10, r_margin=10) as cols:
            for para in body[: max(1, len(body) - 1)] if "TABLE" in paragraphs else body:
                cols.write(text(para) + "\n\n")
        if "TABLE" in paragraphs or rows:
            table(rows or TABLE)
            if "TABLE" in paragraphs:
                with pdf.text_columns(ncols=2, gutter=5, text_align="LEFT", l_margin=10, r_margin=10) as cols:
                    cols.write(text(body[-1]) + "\n")

    pdf.add_page()
    for title, paragraphs in RULES:
        chapter(title, paragraphs)
    rng = random.Random(seed)
    n = 1
    while pdf.page_no() < pages:
        if n == 1:
            pdf.add_page()
        name, paras, rows = scenario(n, rng)
        chapter(name, paras, rows)
        n += 1
    pdf.output(str(path))
    return int(pdf.page_no())


def run(pages: int, folder: Path) -> None:
    from boardgamesbot.rulesdesk.answer import ask
    from boardgamesbot.rulesdesk.evaluation import mentions
    from boardgamesbot.rulesdesk.ingest import ingest

    for label, target in (("short", 8), ("long", pages)):
        path = folder / f"lantern-harbor-{label}.pdf"
        t0 = time.perf_counter()
        made = make_book(path, target)
        typeset = time.perf_counter() - t0
        slug = f"lantern-{label}"
        t0 = time.perf_counter()
        report = ingest(path, slug, "en")
        seconds = time.perf_counter() - t0
        headings = [s["heading"] for s in report.sections]
        rules_found = sum(1 for title, _ in RULES if any(title.lower() == h.lower() for h in headings))
        right = 0
        misses = []
        for question, expected in QUESTIONS:
            answer = ask(slug, question)
            quote = answer.passages[0].quote if answer.passages else ""
            ok = all(mentions(quote, e) for e in expected)
            right += ok
            if not ok:
                misses.append(f"{question!r} -> {quote[:90]!r}")
        print(
            f"{label:5} pages={made} typeset={typeset:.1f}s ingest={seconds:.2f}s sections={len(headings)} "
            f"rule_chapters_found={rules_found}/{len(RULES)} parts={len(report.parts_found)}/6 "
            f"tables={report.tables} running_lines_removed={len(report.removed_lines)} "
            f"repairs={len(report.repairs)} chunks={report.chunks} "
            f"questions={right}/{len(QUESTIONS)} ({right / len(QUESTIONS):.0%})"
        )
        for miss in misses:
            print("   miss:", miss)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--keep", type=Path, help="write the PDFs here instead of a temporary folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BGB_DATA_DIR"] = str(Path(tmp) / "data")
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        run(args.pages, folder)


if __name__ == "__main__":
    main()
