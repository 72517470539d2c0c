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

``--vs-base CHECKOUT`` plays this checkout's ``hard`` against another checkout's (today's code, e.g. a
worktree of an older commit with its own ``.venv``): this checkout referees and plays its bot in
process; the other's bot runs in ``bench/bot_server.py`` under that checkout's interpreter and gets
the seat's view as JSON. Both search with a deadline in CPU seconds per decision (``--base-time`` for
the base's ``hard``; this checkout's ``hard`` gets half of it, then the same), with no iteration cap,
so the machine's load cannot favour either side; seats alternate every game. Decisions with a single
legal move are played without asking a bot. Prints wins/draws/losses of this checkout's bot, its win
rate and its score rate (a draw counts half) with 95% intervals, and the CPU and iterations per
decision of both sides::

    .venv/bin/python bench/strength.py --vs-base /work/perf-base --base-time 0.1 --games 200 --jobs 2

``--iterations N`` gives both sides N iterations and no clock instead (does the search itself play the
same, whatever each side's speed?); ``--new-options`` appends overrides to this checkout's spec only
(e.g. ``:margin=0.1``), for trying a setting against the base.
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


# ---- this checkout's hard against another checkout's hard ---------------------------------------
def _vs_base_chunk(
    game_name: str, indices: list[int], new_spec: str, old_spec: str, seed: int, base: str
) -> list[dict]:
    """Play the games ``indices`` (seat of this checkout's bot: index % 2) against the base's bot server."""
    import subprocess

    game = load_game(game_name)
    server = subprocess.Popen(
        [str(Path(base) / ".venv/bin/python"), str(Path(__file__).resolve().with_name("bot_server.py"))],
        cwd=base,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert server.stdin is not None and server.stdout is not None
    json.loads(server.stdout.readline())
    out = []
    try:
        for i in indices:
            state = game.new(2, seed=seed + i)
            mine = i % 2
            bot = make_bot(new_spec, seed + 7 * i + mine)
            cpu = {"new": 0.0, "old": 0.0}
            iters = {"new": 0, "old": 0}
            decisions = {"new": 0, "old": 0}
            while not state.is_over():
                seat = state.to_move()
                infoset = state.infoset(seat)
                if len(infoset.legal_actions) == 1:
                    state.apply(infoset.legal_actions[0])
                    continue
                if seat == mine:
                    t0 = time.process_time()
                    action = bot.choose(infoset)
                    cpu["new"] += time.process_time() - t0
                    iters["new"] += bot.last_stats.iterations  # type: ignore[attr-defined]
                    decisions["new"] += 1
                    state.apply(action)
                else:
                    request = {
                        "game": game_name,
                        "seat": seat,
                        "view": infoset.view,
                        "legal": [a.code for a in infoset.legal_actions],
                        "spec": old_spec,
                        "seed": seed + 7 * i + seat,
                    }
                    server.stdin.write(json.dumps(request) + "\n")
                    server.stdin.flush()
                    answer = json.loads(server.stdout.readline())
                    cpu["old"] += answer["cpu"]
                    iters["old"] += answer["iterations"]
                    decisions["old"] += 1
                    state.apply(answer["code"])
            outcome = state.outcome()
            assert outcome is not None
            won = mine in outcome.winners
            draw = won and outcome.is_draw
            out.append(
                {
                    "game": i,
                    "seat": mine,
                    "result": "draw" if draw else ("win" if won else "loss"),
                    "scores": list(outcome.scores),
                    "cpu": cpu,
                    "iterations": iters,
                    "decisions": decisions,
                }
            )
    finally:
        server.stdin.close()
        server.wait(timeout=60)
    return out


def vs_base(args: argparse.Namespace) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from boardgamesbot.arena.stats import wilson

    base = str(Path(args.vs_base).resolve())
    d = args.base_time
    old_spec = f"hard:iterations=none:deadline={d:g}"
    budgets: list[tuple[str, float]] = (
        [("half", d / 2), ("same", d)]
        if args.budgets == "both"
        else [(args.budgets, d / 2 if args.budgets == "half" else d)]
    )
    if args.iterations:  # equal search on both sides, no clock: does the search itself play the same?
        old_spec = f"hard:iterations={args.iterations}:deadline=none"
        budgets = [(f"{args.iterations} iterations", 0.0)]
    only = [g for g in args.only.split(",") if g] or ["crosswise", "alcatraz"]
    report = []
    print(
        f"this checkout's hard vs {base}'s hard: {args.games} games per match, seats alternate, seed {args.seed}, "
        f"{args.jobs} jobs; base: {old_spec} (CPU s); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    for label, budget in budgets:
        new_spec = (
            f"hard:iterations={args.iterations}:deadline=none"
            if args.iterations
            else f"hard:iterations=none:deadline={budget:g}:clock=cpu"
        )
        new_spec += args.new_options
        for name in only:
            started = time.perf_counter()
            load0 = os.getloadavg()[0]
            chunks = [list(range(j, args.games, args.jobs)) for j in range(args.jobs)]
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                futures = [
                    pool.submit(_vs_base_chunk, name, chunk, new_spec, old_spec, args.seed, base) for chunk in chunks
                ]
                games = sorted((g for f in futures for g in f.result()), key=lambda g: g["game"])
            n = len(games)
            wins = sum(g["result"] == "win" for g in games)
            draws = sum(g["result"] == "draw" for g in games)
            score = (wins + draws / 2) / n
            half_width = 1.96 * (score * (1 - score) / n) ** 0.5
            lo, hi = wilson(wins, n)

            def per_decision(side: str, key: str, games: list[dict] = games) -> float:
                return sum(g[key][side] for g in games) / max(1, sum(g["decisions"][side] for g in games))

            row = {
                "game": name,
                "budget": label,
                "new_spec": new_spec,
                "old_spec": old_spec,
                "games": n,
                "wins": wins,
                "draws": draws,
                "losses": n - wins - draws,
                "win_rate": wins / n,
                "win_ci": [lo, hi],
                "score_rate": score,
                "score_ci": [score - half_width, score + half_width],
                "new_cpu_per_decision": per_decision("new", "cpu"),
                "old_cpu_per_decision": per_decision("old", "cpu"),
                "new_iterations_per_decision": per_decision("new", "iterations"),
                "old_iterations_per_decision": per_decision("old", "iterations"),
                "seconds": time.perf_counter() - started,
                "load": [load0, os.getloadavg()[0]],
                "results": games,
            }
            report.append(row)
            print(
                f"{name:9} new {new_spec} ({label}) vs base {old_spec}: "
                f"{wins}/{draws}/{n - wins - draws} W/D/L of {n}; win {wins / n:.1%} [{lo:.1%}-{hi:.1%}], "
                f"score {score:.1%} [{score - half_width:.1%}-{score + half_width:.1%}]; CPU/decision "
                f"{row['new_cpu_per_decision']:.3f} vs {row['old_cpu_per_decision']:.3f} s, iterations/decision "
                f"{row['new_iterations_per_decision']:.0f} vs {row['old_iterations_per_decision']:.0f}; "
                f"{row['seconds']:.0f} s wall, load {load0:.1f}->{os.getloadavg()[0]:.1f}",
                flush=True,
            )
            if args.json:
                Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per search pairing (hard/medium)")
    parser.add_argument("--cheap-games", type=int, default=200, help="games per greedy-vs-random pairing")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--positions", type=int, default=40, help="positions per game for think time")
    parser.add_argument("--only", default="", help="comma-separated games to run (default: both)")
    parser.add_argument("--json", type=Path, help="write all figures here")
    parser.add_argument("--vs-base", metavar="CHECKOUT", help="play hard against this checkout's hard (see above)")
    parser.add_argument("--base-time", type=float, default=0.1, help="CPU s per decision of the base's hard")
    parser.add_argument("--budgets", choices=("both", "half", "same"), default="both")
    parser.add_argument(
        "--iterations", type=int, default=0, help="with --vs-base: both bots search this many iterations, no clock"
    )
    parser.add_argument(
        "--new-options", default="", help="with --vs-base: appended to this checkout's spec, e.g. ':c=1.0:margin=0.1'"
    )
    args = parser.parse_args()
    if args.vs_base:
        vs_base(args)
        return
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
