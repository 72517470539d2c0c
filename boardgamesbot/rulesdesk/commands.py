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
    file: Annotated[Path | None, typer.Argument(help="A rulebook: PDF, text, Markdown or HTML.")] = None,
    game: Annotated[str | None, typer.Option("--game", "-g", help="Slug to file it under (known or new game).")] = None,
    lang: Annotated[str, typer.Option("--lang", "-l", help="pt, en or auto (detect).")] = "auto",
    force: Annotated[
        bool, typer.Option("--force", help="File it even if it does not look like the game's rulebook.")
    ] = False,
    list_all: Annotated[bool, typer.Option("--list", help="List the ingested rulebooks and stop.")] = False,
    remove: Annotated[
        str | None, typer.Option("--remove", metavar="SLUG", help="Remove every rulebook filed under SLUG.")
    ] = None,
) -> None:
    """Read a rulebook, repair its text, find its sections and tables, and index it for `bgb ask`."""
    from .index import Index
    from .ingest import check_slug
    from .ingest import ingest as ingest_file
    from .paths import index_path
    from .sections import PART_TITLES

    idx = Index(index_path())
    if list_all:
        docs = idx.documents()
        if not docs:
            typer.echo("No rulebooks ingested yet (the built-in games' rulebooks are read on first use).")
        for d in docs:
            typer.echo(f"{d.game:16} {d.source}  {d.kind}, {d.pages} page(s), {d.lang}, {idx.chunk_count(d.id)} chunks")
        return
    if remove is not None:
        try:
            slug = check_slug(remove)
            gone = idx.remove_game(slug)
        except BGBError as exc:
            _fail(exc)
            return
        if not gone:
            typer.echo(f"error: no rulebook is filed under {slug!r} (see `bgb ingest --list`)", err=True)
            raise typer.Exit(2)
        typer.echo(f"Removed {len(gone)} rulebook(s) of {slug!r}: {', '.join(gone)}.")
        return
    if file is None or game is None:
        typer.echo("error: give a FILE and --game SLUG (or use --list / --remove SLUG)", err=True)
        raise typer.Exit(2)
    try:
        report = ingest_file(file, game, lang, idx, force=force)
    except BGBError as exc:
        _fail(exc)
        return
    titles = PART_TITLES["en"]
    how = "detected" if report.lang_detected else "given"
    encoding = f", encoding {report.encoding}" if report.encoding else ""
    typer.echo(
        f"Ingested {report.source} as {report.game!r}: {report.kind}{encoding}, {report.pages} page(s), "
        f"language {report.lang} ({how}), {report.chunks} chunks, {report.tables} table(s), {report.seconds:.2f} s."
    )
    if report.likeness is not None:
        typer.echo(f"Looks like {report.game}: {report.likeness:.0%} of the game's own vocabulary found.")
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
    if report.removed_lines:
        typer.echo(f"Running headers/footers removed ({len(report.removed_lines)}):")
        for line in report.removed_lines[:8]:
            typer.echo(f"  - {line!r}")
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
