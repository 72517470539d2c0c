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
            f"{config.games} games, seed {config.seed}, {jobs} job(s)"
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
            run = run_arena(config, jobs, on_result=lambda _r: progress.advance(task))
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


ratings_app = typer.Typer(
    help="OpenSkill ratings of the bot levels, measured by rated arena games.", no_args_is_help=True
)


@ratings_app.command("calibrate")
def calibrate_cmd(
    game: Annotated[str, typer.Argument(help="Game name (see `bgb games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 2,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="Comma-separated levels, each once (at least as many as players).")
    ] = "random,greedy,easy,medium,hard",
    games: Annotated[int, typer.Option("--games", "-n", help="How many rated games to play.")] = 60,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed: the same seed gives the same ratings.")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (results do not depend on it).")] = 1,
    variant: Annotated[
        list[str] | None, typer.Option("--variant", "-v", help="Variant option name=value (repeatable).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Ratings file to update (default: the one the server ships with).")
    ] = None,
    data_dir: Annotated[
        Path | None, typer.Option("--data-dir", help="Also store the ratings in this server's SQLite database.")
    ] = None,
    database_url: Annotated[
        str | None, typer.Option("--database-url", help="Also store the ratings in this server database.")
    ] = None,
) -> None:
    """Play rated games between bot levels and store their OpenSkill ratings (seeded, reproducible)."""
    from .calibrate import DEFAULTS_FILE, calibrate, save_defaults

    err = Console(stderr=True)
    out_console = Console()
    try:
        levels = tuple(b.strip() for b in bots.split(",") if b.strip())
        err.print(f"calibrate: {game}, {players} players, levels {', '.join(levels)}, {games} games, seed {seed}")
        progress = Progress(
            TextColumn("[bold]games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err
        )
        with progress:
            task = progress.add_task("games", total=games)
            result = calibrate(
                game,
                players,
                levels,
                games,
                seed,
                parse_variant_args(list(variant or [])),
                jobs,
                on_result=lambda _r: progress.advance(task),
            )
    except BGBError as exc:
        err.print(f"[red]error:[/red] {exc.text()}", highlight=False)
        raise typer.Exit(2) from None
    for level, figures in result.to_dict()["levels"].items():
        out_console.print(
            f"{level:8} mu {figures['mu']:6.2f}  sigma {figures['sigma']:5.2f}  "
            f"ordinal {figures['ordinal']:6.2f}  ({figures['games']} games)"
        )
    target = out or DEFAULTS_FILE
    save_defaults(result, target)
    err.print(f"ratings written to {target} ({result.command()}, {result.seconds:.0f} s)")
    if data_dir is not None or database_url is not None:
        from ..server.ratings import store_bot_ratings
        from ..server.storage import Store

        url = database_url or f"sqlite:///{(data_dir or Path('data')).resolve() / 'bgb.sqlite3'}"
        if data_dir is not None:
            data_dir.mkdir(parents=True, exist_ok=True)
        store = Store(url)
        try:
            store_bot_ratings(
                store, result.game, {k: (v.mu, v.sigma, result.played.get(k, 0)) for k, v in result.ratings.items()}
            )
        finally:
            store.close()
        err.print(f"ratings stored in {url.split('@')[-1]}")


@ratings_app.command("show")
def show_cmd(game: Annotated[str | None, typer.Argument(help="Only this game.")] = None) -> None:
    """Print the bot levels' ratings the server ships with, and the run that measured them."""
    from .calibrate import load_defaults

    for name, entry in sorted(load_defaults().items()):
        if game and name != game:
            continue
        typer.echo(f"{name}: {entry.get('run', {}).get('command', '?')}")
        for level, figures in entry.get("levels", {}).items():
            typer.echo(
                f"  {level:8} mu {figures['mu']:6.2f}  sigma {figures['sigma']:5.2f}  ordinal {figures['ordinal']:6.2f}"
            )


def register(app: typer.Typer) -> None:
    app.command("arena")(arena)
    app.add_typer(ratings_app, name="ratings")
