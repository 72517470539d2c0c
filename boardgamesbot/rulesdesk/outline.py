"""A sheet outline for a game the project has no sheet for, built from its ingested rulebook.

It shows which rulebook sections were found for each of the six parts of a
how-to-play sheet, with their text, and marks the parts the book seems to
lack, so a player sees at once what the ingest understood.
"""

from __future__ import annotations

from .errors import DeskError
from .index import Index
from .ingest import ensure_shared
from .paths import index_path
from .sections import PART_TITLES, PARTS
from .sheet_model import Sheet, SheetSection

MISSING = {"en": "- *Not found in the ingested rulebook.*", "pt": "- *Não encontrado no manual importado.*"}
INTRO = {
    "en": "Outline built from the ingested rulebook ({sources}): the sections it found, sorted into the six parts "
    "of a how-to-play sheet. Text below is the rulebook's own, as extracted.",
    "pt": "Roteiro montado a partir do manual importado ({sources}): as seções encontradas, distribuídas nas seis "
    "partes de um resumo de regras. O texto abaixo é o do próprio manual, como foi extraído.",
}


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
    for doc in docs:
        current: tuple[str, int | None] | None = None
        for _seq, section, part, page, text in idx.chunks(doc.id):
            if part not in by_part:
                continue
            if current != (section, page):
                where = f"{doc.source}" + (f", p. {page}" if page else "")
                by_part[part].append(f"\n**{section or '—'}** ({where})\n")
                current = (section, page)
            by_part[part].append(text)
    sections = [SheetSection(p, PART_TITLES[lang][p], by_part[p] if by_part[p] else [MISSING[lang]]) for p in PARTS]
    intro = [INTRO[lang].format(sources=", ".join(d.source for d in docs))]
    return Sheet(game, lang, game.capitalize(), intro, sections)
