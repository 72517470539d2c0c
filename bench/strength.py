"""Bot strength and think time: the figures behind docs/bots.md and docs/balance.md.

Usage (from the repository root):

    .venv/bin/python bench/strength.py                  # 200 games per pairing, 2 worker processes
    .venv/bin/python bench/strength.py --games 40 --cheap-games 200 --json bench-strength.json

Pairings (2 players, seats rotated every game, bots without time caps so results repeat):
greedy vs random and hard vs greedy and medium vs greedy, in both games. Then the
``hard`` level's think time per move WITH its time cap, on one process: median,
95th percentile and search iterations per second. Targets (issue 4): greedy beats
random >= 90%; hard beats greedy >= 70% (Crosswise) / >= 60% (Alcatraz); hard <= 1 s
per move on one core. The machine's load changes the times; note it with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardgamesbot.arena.runner import ArenaConfig, run_arena
from boardgamesbot.arena.stats import percentile, summarize
from boardgamesbot.bots import ISMCTSBot, make_bot
from boardgamesbot.core import load_game

PAIRINGS = [  # (game, bot A, bot B, target win rate of A or None, cheap?)
    ("crosswise", "greedy", "random", 0.90, True),
    ("alcatraz", "greedy", "random", 0.90, True),
    ("crosswise", "hard", "greedy", 0.70, False),
    ("alcatraz", "hard", "greedy", 0.60, False),
    ("crosswise", "medium", "greedy", None, False),
    ("alcatraz", "medium", "greedy", None, False),
]


def pairing(game: str, a: str, b: str, games: int, jobs: int, seed: int) -> dict:
    started = time.perf_counter()
    run = run_arena(ArenaConfig(game, 2, (a, b), games, seed), jobs)
    summary = summarize(run)
    first = summary["bots"][0]
    return {
        "game": game,
        "bot": a,
        "opponent": b,
        "games": summary["games_played"],
        "wins": first["wins"],
        "draws": first["draws"],
        "win_rate": first["win_rate"],
        "win_ci": first["win_ci"],
        "avg_score": first["avg_score"],
        "opp_avg_score": summary["bots"][1]["avg_score"],
        "seat1_win_rate": summary["seats"][0]["win_rate"],
        "seconds": time.perf_counter() - started,
    }


def think_time(game_name: str, level: str, positions: int, seed: int) -> dict:
    """Time ``level`` (with its time cap) on positions from greedy-vs-greedy games, in this one process."""
    game = load_game(game_name)
    rng = random.Random(seed)
    times, rates, capped = [], [], 0
    g = 0
    while len(times) < positions:
        state = game.new(2, seed=seed + g)
        g += 1
        greedy = [make_bot("greedy", seed + g), make_bot("greedy", seed + g + 1)]
        while not state.is_over() and len(times) < positions:
            seat = state.to_move()
            infoset = state.infoset(seat)
            if len(infoset.legal_actions) > 1 and rng.random() < 0.3:
                bot = make_bot(level, seed + len(times))
                assert isinstance(bot, ISMCTSBot)
                t0 = time.perf_counter()
                bot.choose(infoset)
                times.append(time.perf_counter() - t0)
                stats = bot.last_stats
                capped += stats.hit_deadline
                if stats.seconds > 0:
                    rates.append(stats.iterations / stats.seconds)
            state.apply(greedy[seat].choose(infoset))
    return {
        "game": game_name,
        "level": level,
        "decisions": len(times),
        "median_s": statistics.median(times),
        "p95_s": percentile(times, 95),
        "max_s": max(times),
        "iterations_per_s": statistics.median(rates),
        "deadline_hit_share": capped / len(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per search pairing (hard/medium)")
    parser.add_argument("--cheap-games", type=int, default=200, help="games per greedy-vs-random pairing")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--positions", type=int, default=40, help="positions per game for think time")
    parser.add_argument("--only", default="", help="comma-separated games to run (default: both)")
    parser.add_argument("--json", type=Path, help="write all figures here")
    args = parser.parse_args()
    only = {g for g in args.only.split(",") if g}
    load = os.getloadavg()[0]
    print(f"strength bench: seed {args.seed}, jobs {args.jobs}, load average {load:.1f} on {os.cpu_count()} cores")
    rows = []
    for game, a, b, target, cheap in PAIRINGS:
        if only and game not in only:
            continue
        r = pairing(game, a, b, args.cheap_games if cheap else args.games, args.jobs, args.seed)
        r["target"] = target
        ok = "" if target is None else ("  target met" if r["win_rate"] >= target else f"  below target {target:.0%}")
        print(
            f"{game:9} {a:6} vs {b:6} {r['games']:4} games  win {r['win_rate']:.1%} "
            f"[{r['win_ci'][0]:.1%}–{r['win_ci'][1]:.1%}]  score {r['avg_score']:.2f} vs {r['opp_avg_score']:.2f}  "
            f"({r['seconds']:.0f} s){ok}",
            flush=True,
        )
        rows.append(r)
    times = []
    for game in ("crosswise", "alcatraz"):
        if only and game not in only:
            continue
        t = think_time(game, "hard", args.positions, args.seed)
        print(
            f"{game:9} hard think time (1 process, time cap on): median {t['median_s'] * 1000:.0f} ms, "
            f"p95 {t['p95_s'] * 1000:.0f} ms, max {t['max_s'] * 1000:.0f} ms, "
            f"{t['iterations_per_s']:.0f} iterations/s, deadline hit in {t['deadline_hit_share']:.0%} "
            f"of {t['decisions']} decisions",
            flush=True,
        )
        times.append(t)
    if args.json:
        args.json.write_text(
            json.dumps(
                {"seed": args.seed, "jobs": args.jobs, "load_average": load, "pairings": rows, "think": times}, indent=1
            )
            + "\n"
        )


if __name__ == "__main__":
    main()
