"""`bgb review RECORD --seat N`: a seat's decisions judged from its own information, mistakes, and a plot.

The judging is bots/review.py (the same as the web page's); this module only
prints the table and the mistakes with Rich and draws the plot with matplotlib
(imported lazily, headless).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..bots.review import REVIEW_SETTINGS, WEIGH_ITERATIONS, Review, review
from ..core.errors import InvalidSetup
from ..core.record import GameRecord
from .texts import say


def run_review(
    path: Path,
    seat: int,
    console: Console,
    *,
    lang: str = "en",
    iterations: int = REVIEW_SETTINGS.iterations or 300,
    weigh: int = WEIGH_ITERATIONS,
    seed: int = 0,
    jobs: int = 1,
    plot: Path | None = None,
    json_out: Path | None = None,
) -> Review:
    if iterations < 1 or weigh < 1:
        raise InvalidSetup(
            "--iterations and --weigh must be at least 1", "--iterations e --weigh devem ser pelo menos 1"
        )
    if jobs < 1:
        raise InvalidSetup("--jobs must be at least 1", "--jobs deve ser pelo menos 1")
    record = GameRecord.load(path)
    settings = replace(REVIEW_SETTINGS, iterations=iterations)
    result = review(record, seat, settings=settings, seed=seed, weigh=weigh, jobs=jobs)
    show(result, console, lang)
    if plot is not None:
        draw(result, plot, lang)
        console.print(Text(say(lang, "review_plot", path=str(plot))))
    if json_out is not None:
        json_out.write_text(json.dumps(result.to_dict(lang), ensure_ascii=False, indent=1), encoding="utf-8")
        console.print(Text(say(lang, "review_json", path=str(json_out))))
    return result


def show(result: Review, console: Console, lang: str) -> None:
    n = len(result.decisions)
    console.print(
        Text(
            say(
                lang,
                "review_title",
                seat=result.seat,
                game=result.game,
                n=n,
                iters=result.iterations,
                weigh=result.weigh,
                seed=result.seed,
            ),
            style="bold",
        )
    )
    table = Table(show_lines=False)
    for column in say(lang, "review_cols").split("|"):
        table.add_column(column)
    worst = {m.decision.index for m in result.mistakes}
    data = result.to_dict(lang)
    for d in data["decisions"]:
        style = "bold red" if d["index"] in worst else None
        table.add_row(
            str(d["step"]),
            d["played"],
            str(d["played_win"]),
            "=" if d["best"] == d["played"] else d["best"],
            str(d["best_win"]),
            f"{d['loss'] * 50:.1f}",
            style=style,
        )
    console.print(table)
    agree = sum(1 for d in result.decisions if d.best == d.played)
    console.print(Text(say(lang, "review_avg", loss=result.average_loss * 50, agree=agree, n=n)))
    if result.mistakes:
        console.print(Text(say(lang, "review_mistakes"), style="bold"))
        for number, mistake in enumerate(data["mistakes"], 1):
            console.print(Text(f"{number}. #{mistake['step']}", style="bold"))
            for line in mistake["lines"]:
                console.print(Text(f"   {line}"))
    else:
        console.print(Text(say(lang, "review_none")))
    if result.outcome is not None:
        scores = ", ".join(f"{s}: {v:g}" for s, v in enumerate(result.outcome.get("scores", ())))
        console.print(Text(say(lang, "review_result", result=scores)))
    console.print(Text(say(lang, "review_time", seconds=result.seconds)))


def draw(result: Review, path: Path, lang: str) -> None:
    """Estimated win chance after each decision (played and best), the biggest mistakes marked."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidSetup(say("en", "no_matplotlib"), say("pt", "no_matplotlib")) from None
    data = result.to_dict(lang)
    xs = [d["step"] for d in data["decisions"]]
    played = [d["played_win"] for d in data["decisions"]]
    best = [d["best_win"] for d in data["decisions"]]
    fig, ax = plt.subplots(figsize=(9, 4.2), dpi=110)
    ax.plot(xs, best, color="#9aa5ad", linestyle="--", linewidth=1.2, label=say(lang, "plot_best"))
    ax.plot(xs, played, color="#1f6f8b", linewidth=2.0, marker="o", markersize=3, label=say(lang, "plot_played"))
    if data["mistakes"]:
        mx = [m["step"] for m in data["mistakes"]]
        my = [m["played_win"] for m in data["mistakes"]]
        ax.scatter(mx, my, s=90, color="#c62828", zorder=5, label=say(lang, "plot_mistake"))
        for number, (x, y) in enumerate(zip(mx, my, strict=True), 1):
            ax.annotate(str(number), (x, y), textcoords="offset points", xytext=(0, 9), ha="center", color="#c62828")
    ax.axhline(50, color="#d0c8b8", linewidth=0.8)
    ax.set_ylim(0, 100)
    ax.set_xlabel(say(lang, "plot_x"))
    ax.set_ylabel(say(lang, "plot_y"))
    ax.set_title(say(lang, "plot_title", seat=result.seat))
    ax.legend(loc="best", fontsize=8)
    ax.grid(alpha=0.25)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
