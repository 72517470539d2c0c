"""One PNG per run: win rates with their intervals, seat advantage, score distributions."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot(summary: dict[str, Any], path: str | Path) -> Path:
    """Draw the summary to ``path`` (PNG) with matplotlib's headless Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots, seats = summary["bots"], summary["seats"]
    fig, (ax_win, ax_seat, ax_score) = plt.subplots(1, 3, figsize=(15, 4.8))
    title = f"{summary['game']} · {summary['players']} players · {summary['games_played']} games"
    if summary["variant"]:
        title += " · " + ", ".join(f"{k}={v}" for k, v in summary["variant"].items())
    fig.suptitle(title)

    def bars(ax: Any, rows: list[dict[str, Any]], names: list[str], heading: str) -> None:
        rates = [r["win_rate"] if r["games"] else 0.0 for r in rows]
        low = [max(0.0, rate - r["win_ci"][0]) for rate, r in zip(rates, rows, strict=True)]
        high = [max(0.0, r["win_ci"][1] - rate) for rate, r in zip(rates, rows, strict=True)]
        ax.bar(names, rates, yerr=[low, high], capsize=6, color="#4c78a8")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% Wilson interval)")
        ax.set_title(heading)
        ax.tick_params(axis="x", rotation=20)

    bars(ax_win, bots, [b["bot"] for b in bots], "win rate per bot")
    bars(ax_seat, seats, [f"seat {s['seat'] + 1}" for s in seats], "win rate per seat position")
    if summary["players"] > 1:
        ax_seat.axhline(1 / summary["players"], color="grey", linestyle=":", linewidth=1)

    data = [b["scores"] or [0.0] for b in bots]
    ax_score.boxplot(data, showmeans=True)
    ax_score.set_xticks(range(1, len(bots) + 1), [b["bot"] for b in bots], rotation=20)
    ax_score.set_ylabel("final score")
    ax_score.set_title("score distribution per bot")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out
