"""A how-to-play sheet for a game the project has no sheet for, extracted from its ingested rulebook.

The six parts (Objective, Setup, Game Flow, Actions, End and Scoring, Tips)
are filled with the rulebook's own passages, each quoted with its section and
page, under a label that says plainly they are extracted, not written by the
project. A part the book seems to lack is marked as not found.
"""

from __future__ import annotations

from .errors import DeskError
from .index import Index
from .ingest import ensure_shared
from .paths import index_path
from .sections import PART_TITLES, PARTS
from .sheet_model import Sheet, SheetSection

MAX_PER_PART = 12
MISSING = {"en": "- *Not found in the ingested rulebook.*", "pt": "- *Não encontrado no manual importado.*"}
LABEL = {
    "en": "**Extracted from the ingested rulebook** ({sources}): the book's own sentences, quoted with their "
    "section and page and sorted into the six parts of a how-to-play sheet. Nothing here was written or checked "
    "by the project.",
    "pt": "**Extraído do manual importado** ({sources}): as frases do próprio manual, citadas com a seção e a "
    "página e distribuídas nas seis partes de um resumo de regras. Nada aqui foi escrito nem conferido pelo "
    "projeto.",
}
MORE = {"en": "- *… {n} more passages in the rulebook.*", "pt": "- *… mais {n} trechos no manual.*"}


def outline_sheet(game: str, lang: str, index: Index | None = None) -> Sheet:
    idx = index or Index(index_path())
    ensure_shared(game, idx)
    docs = idx.documents(game)
    if not docs:
        known = ", ".join(idx.games()) or "none"
        raise DeskError(
            f"unknown game {game!r}: no sheet and no ingested rulebook (games with rulebooks: {known}); "
            f"run `bgb ingest FILE --game {game}` first",
            f"jogo desconhecido {game!r}: sem resumo e sem manual importado (jogos com manual: {known}); "
            f"rode `bgb ingest ARQUIVO --game {game}` antes",
        )
    by_part: dict[str, list[str]] = {p: [] for p in PARTS}
    extra: dict[str, int] = dict.fromkeys(PARTS, 0)
    page_word = "p."
    for doc in docs:
        for _seq, section, part, page, text in idx.chunks(doc.id):
            if part not in by_part:
                continue
            if len(by_part[part]) >= MAX_PER_PART:
                extra[part] += 1
                continue
            where = ", ".join(x for x in (section, f"{page_word} {page}" if page else "", doc.source) if x)
            if text.startswith("| "):
                by_part[part].append(f"- ({where})\n\n" + "\n".join(f"  {row}" for row in text.split("\n")))
            else:
                by_part[part].append(f"- “{text}” ({where})")
    sections = []
    for p in PARTS:
        lines = by_part[p] or [MISSING[lang]]
        if extra[p]:
            lines = [*lines, MORE[lang].format(n=extra[p])]
        sections.append(SheetSection(p, PART_TITLES[lang][p], lines))
    intro = [LABEL[lang].format(sources=", ".join(d.source for d in docs))]
    return Sheet(game, lang, game.capitalize(), intro, sections)
