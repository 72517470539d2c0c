"""`bgb rules`, `bgb ask`, `bgb ingest`: the rules desk on the command line.

Heavy imports (pdf, stemmers, word lists) happen inside the commands so
`bgb --help` stays fast. Any refusal prints one clear line and exits with 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import BGBError


def _fail(exc: BGBError, lang: str = "en") -> None:
    typer.echo(f"error: {exc.text(lang)}", err=True)
    raise typer.Exit(2)


def rules(
    game: Annotated[str, typer.Argument(help="Game name, or the slug of an ingested rulebook.")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="en or pt.")] = "en",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown or html.")] = "text",
) -> None:
    """Show the how-to-play sheet of GAME (six sections, variants, project decisions)."""
    from .sheets import render_sheet

    try:
        typer.echo(render_sheet(game, lang, fmt), nl=False)
    except BGBError as exc:
        _fail(exc, lang)


def ask(
    game: Annotated[str, typer.Argument(help="Game name, or the slug of an ingested rulebook.")],
    question: Annotated[str, typer.Argument(help="The question, in English or Portuguese.")] = "",
    lang: Annotated[str | None, typer.Option("--lang", "-l", help="Answer language (default: the question's).")] = None,
    position: Annotated[
        str | None,
        typer.Option("--position", "-p", help="A position in the game's position format, to have the engine judge it."),
    ] = None,
    move: Annotated[
        str | None,
        typer.Option("--move", "-m", help="Action code(s) to try at --position (several: separate with spaces)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """Answer a rules question with rule ids and rulebook quotes; with --position/--move the engine judges."""
    from .answer import ask as ask_question

    try:
        answer = ask_question(game, question, lang, position=position, move=move)
    except BGBError as exc:
        _fail(exc, lang or "en")
        return
    if as_json:
        typer.echo(json.dumps(answer.to_dict(), ensure_ascii=False, indent=2))
    else:
        typer.echo(answer.render(), nl=False)


def ingest(
    file: Annotated[Path, typer.Argument(help="A rulebook: PDF or UTF-8 text.")],
    game: Annotated[str, typer.Option("--game", "-g", help="Slug to file it under (known or new game).")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="pt, en or auto (detect).")] = "auto",
) -> None:
    """Read a rulebook, repair its text, find its sections and index it for `bgb ask`."""
    from .ingest import ingest as ingest_file
    from .sections import PART_TITLES

    try:
        report = ingest_file(file, game, lang)
    except BGBError as exc:
        _fail(exc)
        return
    titles = PART_TITLES["en"]
    how = "detected" if report.lang_detected else "given"
    typer.echo(
        f"Ingested {report.source} as {report.game!r}: {report.kind}, {report.pages} page(s), "
        f"language {report.lang} ({how}), {report.chunks} chunks."
    )
    typer.echo(f"Sections ({len(report.sections)}):")
    for s in report.sections:
        where = f" p. {s['page']}" if s["page"] else ""
        typer.echo(f"  - {s['heading']}{where} -> {titles.get(s['part'], s['part'])}")
    typer.echo(
        "Six-part structure: found "
        + (", ".join(titles[p] for p in report.parts_found) or "none")
        + "; missing "
        + (", ".join(titles[p] for p in report.parts_missing) or "none")
        + "."
    )
    typer.echo(f"Repairs ({len(report.repairs)}):")
    counts: dict[tuple[str, str, str], int] = {}
    for r in report.repairs:
        key = (r["kind"], " ".join(r["before"].split()), r["after"])
        counts[key] = counts.get(key, 0) + 1
    for (kind, before, after), n in sorted(counts.items()):
        typer.echo(f"  - {kind}: {before!r} -> {after!r}" + (f" (x{n})" if n > 1 else ""))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("ask")(ask)
    app.command("ingest")(ingest)
