"""`bgb arena`: many bot-vs-bot games, with a progress bar, a results table, JSON and a plot."""

from __future__ import annotations

import json
import math
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..core.errors import BGBError
from ..core.game import new_seed
from ..core.variant import parse_variant_args


def _json_safe(value: Any) -> Any:
    """NaN is not JSON: write null instead."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    return value


def arena(
    game: Annotated[str, typer.Argument(help="Game name (see `bgb games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 2,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bots, e.g. hard,greedy or ismcts:iterations=200,random. Seats rotate every game.",
        ),
    ] = "greedy,random",
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (results do not depend on it).")] = 1,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            help="Run the games on a Dask distributed scheduler, e.g. tcp://10.0.0.5:8786 (same results as locally).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help="Master seed (default: a fresh one, printed so the run can be repeated)."),
    ] = None,
    variant: Annotated[
        list[str] | None, typer.Option("--variant", "-v", help="Variant option name=value (repeatable).")
    ] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write every figure to this JSON file.")] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="Draw win rates and scores to this PNG.")] = None,
    time_caps: Annotated[
        bool,
        typer.Option(
            "--time-caps",
            help="Keep the levels' per-move time limits (faster on a busy machine, but results may not repeat).",
        ),
    ] = False,
) -> None:
    """Play many games between bots and report win rates, seat advantage, scores and ratings."""
    from .report import render
    from .runner import ArenaConfig, run_arena
    from .stats import summarize

    out = Console()
    err = Console(stderr=True)
    try:
        names = tuple(b.strip() for b in bots.split(","))
        if any(not b for b in names):
            raise BGBError(
                f"--bots {bots!r} has an empty name; give names separated by commas",
                f"--bots {bots!r} tem um nome vazio; separe os nomes por vírgulas",
            )
        config = ArenaConfig(
            game,
            players,
            names,
            games,
            new_seed() if seed is None else seed,
            parse_variant_args(list(variant or [])),
            time_caps,
        )
        config.validate()
        if plot_file is not None:
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                raise BGBError("--plot needs matplotlib: pip install 'boardgamesbot[arena]'") from None
        err.print(
            f"arena: {config.game}, {config.players} players, bots {', '.join(config.labels())}, "
            f"{config.games} games, seed {config.seed}, "
            + (f"on the cluster {cluster}" if cluster else f"{jobs} job(s)")
        )
        progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=err,
        )
        with progress:
            task = progress.add_task("games", total=config.games)
            run = run_arena(config, jobs, on_result=lambda _r: progress.advance(task), cluster=cluster)
    except BGBError as exc:
        err.print(f"[red]error:[/red] {exc.text()}", highlight=False)
        raise typer.Exit(2) from None
    except BrokenProcessPool:
        err.print(
            "[red]error:[/red] a worker process died (killed or out of memory); no figures were printed",
            highlight=False,
        )
        raise typer.Exit(1) from None
    summary = summarize(run)
    out.print(render(summary))
    if json_file is not None:
        json_file.write_text(json.dumps(_json_safe(summary), indent=1) + "\n", encoding="utf-8")
        err.print(f"figures written to {json_file}")
    if plot_file is not None and run.results:
        from .plots import plot

        plot(summary, plot_file)
        err.print(f"plot written to {plot_file}")
    if run.interrupted:
        raise typer.Exit(130)


def register(app: typer.Typer) -> None:
    app.command("arena")(arena)
