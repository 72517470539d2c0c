"""Figures from arena results: win rates with Wilson intervals, scores, seat advantage.

How a bot's game counts (also in docs/bots.md): a bot *wins* a game when one of
the seats it played is among the winners and exactly one team finished first;
it *draws* when one of its seats shares first place; otherwise it loses. In a
team game (two teams of seats) a bot plays for one team only (the arena refuses
other lineups), so its win is its team's win. A seat position wins on the same
terms, which makes ``seats`` the first-player advantage table.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from .ratings import bradley_terry
from .runner import GameResult, RunResult

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; sound at 0% and 100% and for few games."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with a normal-approximation 95% interval (zero width for fewer than two values)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def entry_result(game: GameResult, entry: int) -> str | None:
    """ "win", "draw" or "loss" for --bots entry ``entry`` in one game (None if it did not play)."""
    seats = [s for s, e in enumerate(game.seats) if e == entry]
    if not seats:
        return None
    if any(s in game.winners for s in seats):
        return "draw" if game.draw else "win"
    return "loss"


def _rate(wins: int, draws: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "win_rate": wins / n if n else math.nan,
        "win_ci": [lo, hi],
    }


def _score(values: list[float]) -> dict[str, Any]:
    mean, lo, hi = mean_ci(values)
    return {"avg_score": mean, "score_ci": [lo, hi], "scores": values}


def summarize(run: RunResult) -> dict[str, Any]:
    """All figures of a run as a JSON-safe dict (what ``--json`` writes and the table shows)."""
    config, results = run.config, run.results
    labels = config.labels()
    bots = []
    for entry, label in enumerate(labels):
        outcomes = [(g, entry_result(g, entry)) for g in results]
        played = [(g, r) for g, r in outcomes if r is not None]
        wins = sum(1 for _, r in played if r == "win")
        draws = sum(1 for _, r in played if r == "draw")
        scores = [statistics.fmean(g.scores[s] for s, e in enumerate(g.seats) if e == entry) for g, _ in played]
        by_seat = {}
        for seat in range(config.players):
            at = [g for g in results if g.seats[seat] == entry]
            seat_wins = sum(1 for g in at if seat in g.winners and not g.draw)
            seat_draws = sum(1 for g in at if seat in g.winners and g.draw)
            by_seat[str(seat)] = _rate(seat_wins, seat_draws, len(at))
        think = [t for g in results for s, e in enumerate(g.seats) if e == entry for t in g.think[s]]
        bots.append(
            {
                "bot": label,
                "spec": config.bots[entry],
                **_rate(wins, draws, len(played)),
                **_score(scores),
                "by_seat": by_seat,
                "think": {
                    "decisions": len(think),
                    "median_s": percentile(think, 50),
                    "p95_s": percentile(think, 95),
                    "max_s": max(think, default=math.nan),
                },
            }
        )
    seats = []
    for seat in range(config.players):
        wins = sum(1 for g in results if seat in g.winners and not g.draw)
        draws = sum(1 for g in results if seat in g.winners and g.draw)
        seats.append({"seat": seat, **_rate(wins, draws, len(results)), **_score([g.scores[seat] for g in results])})
    terminations: dict[str, int] = {}
    for g in results:
        terminations[g.termination] = terminations.get(g.termination, 0) + 1
    summary: dict[str, Any] = {
        "game": config.game,
        "players": config.players,
        "variant": dict(config.variant),
        "seed": config.seed,
        "bots_given": list(config.bots),
        "games_planned": config.games,
        "games_played": len(results),
        "interrupted": run.interrupted,
        "seconds": run.seconds,
        "repeatable": not config.time_caps,
        "draws": sum(1 for g in results if g.draw),
        "terminations": terminations,
        "moves": _moves(results),
        "bots": bots,
        "seats": seats,
        "ratings": None,
        "games": [g.to_dict() for g in results],
    }
    if len(labels) > 2:
        summary["ratings"] = ratings(results, labels)
    return summary


def _moves(results: Sequence[GameResult]) -> dict[str, Any]:
    mean, lo, hi = mean_ci([float(g.moves) for g in results])
    return {"avg": mean, "ci": [lo, hi], "max": max((g.moves for g in results), default=0)}


def ratings(results: Sequence[GameResult], labels: Sequence[str]) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (mean 1500) from every pair of bots that met in a game.

    Within a game, bot A beats bot B when A's best seat scored more than B's best seat (equal: half each);
    in team games team-mates carry the team score, so this is the team result.
    """
    n = len(labels)
    wins = [[0.0] * n for _ in range(n)]
    for g in results:
        best: dict[int, float] = {}
        for seat, entry in enumerate(g.seats):
            best[entry] = max(best.get(entry, -math.inf), g.scores[seat])
        for a in best:
            for b in best:
                if a < b:
                    if best[a] > best[b]:
                        wins[a][b] += 1
                    elif best[a] < best[b]:
                        wins[b][a] += 1
                    else:
                        wins[a][b] += 0.5
                        wins[b][a] += 0.5
    strengths = bradley_terry(wins)
    return {label: 1500 + 400 * math.log10(s) for label, s in zip(labels, strengths, strict=True)}
