"""Rich tables for an arena summary (the figures come from stats.summarize)."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _rate(row: dict[str, Any]) -> str:
    if not row["games"]:
        return "–"
    lo, hi = row["win_ci"]
    return f"{100 * row['win_rate']:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"


def _score(row: dict[str, Any]) -> str:
    if not row["games"]:
        return "–"
    lo, hi = row["score_ci"]
    return f"{row['avg_score']:.2f} [{lo:.2f}–{hi:.2f}]"


def _secs(x: float) -> str:
    return "–" if math.isnan(x) else f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


def _changed_options(summary: dict[str, Any]) -> str:
    """Only the variant options that differ from the game's defaults, e.g. ``wild=True``."""
    from ..core.registry import load_game

    defaults = load_game(summary["game"]).resolve_variant({})
    return ", ".join(f"{k}={v}" for k, v in summary["variant"].items() if defaults.get(k) != v)


def render(summary: dict[str, Any]) -> Group:
    """The bots table, the seat-position table and (with 3+ bots) ratings."""
    changed = _changed_options(summary)
    head = (
        f"{summary['game']} · {summary['players']} players · variant {changed or 'default rules'} · "
        f"seed {summary['seed']} · {summary['games_played']}/{summary['games_planned']} games · "
        f"{summary['draws']} drawn · {summary['seconds']:.1f} s"
    )
    parts: list[Any] = [Text(head, style="bold")]
    if summary["interrupted"]:
        parts.append(Text("interrupted: figures cover the games finished so far", style="yellow"))
    if not summary["repeatable"]:
        parts.append(Text("time caps on: a rerun may differ where a deadline cut a search short", style="yellow"))

    bots = Table(title="Bots", title_justify="left")
    for col in ("bot", "games", "W/D/L", "win rate [95% CI]", "avg score [95% CI]", "think median/p95"):
        bots.add_column(col, justify="left" if col == "bot" else "right", overflow="fold")
    for b in summary["bots"]:
        bots.add_row(
            b["bot"],
            str(b["games"]),
            f"{b['wins']}/{b['draws']}/{b['losses']}",
            _rate(b),
            _score(b),
            f"{_secs(b['think']['median_s'])} / {_secs(b['think']['p95_s'])}",
        )
    parts.append(bots)

    seats = Table(title="Seat positions (first-player advantage)", title_justify="left")
    for col in ("seat", "games", "W/D/L", "win rate [95% CI]", "avg score [95% CI]"):
        seats.add_column(col, justify="right")
    for s in summary["seats"]:
        seats.add_row(
            str(s["seat"] + 1), str(s["games"]), f"{s['wins']}/{s['draws']}/{s['losses']}", _rate(s), _score(s)
        )
    parts.append(seats)

    if summary["ratings"]:
        ratings = Table(title="Ratings (Bradley–Terry, Elo scale, mean 1500)", title_justify="left")
        ratings.add_column("bot")
        ratings.add_column("rating", justify="right")
        for label, value in sorted(summary["ratings"].items(), key=lambda kv: -kv[1]):
            ratings.add_row(label, f"{value:.0f}")
        parts.append(ratings)
    if summary["terminations"]:
        parts.append(Text("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["terminations"].items()))))
    return Group(*parts)
