"""Figures for the learning features: review time, hint latency, and whether the review can tell players apart.

    python bench/review.py time    --game crosswise --games 2 --jobs 2
    python bench/review.py hints   --game alcatraz --positions 60
    python bench/review.py quality --game crosswise --games 200 --jobs 2 --out quality-crosswise.jsonl

``time``: a seeded game of ``greedy`` against ``hard`` (levels without their time caps, as in the arena), then
the review of each seat with the default budget (bots/review.py), once in one process and once with ``--jobs``.

``hints``: the hint a person gets in the web app (bots/coach.py: the hard level's tuning, 1000 iterations, a
0.6 s cap, the game's explanation included) on positions from seeded greedy games; p50/p95 of the wall time.

``quality``: ``--games`` seeded games of greedy against hard, seats alternating, both seats reviewed; per bot the
average loss per decision (as points of win chance: 100 x loss / 2) over games, with a 95% interval, and the
paired difference. Every finished game is appended to ``--out`` (JSON lines), so a stopped run resumes where it
stopped. Nothing here asserts a time: it prints figures and the load average they were measured under.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from boardgamesbot.bots import make_bot
from boardgamesbot.bots.coach import HINT_SETTINGS, hint
from boardgamesbot.bots.review import REVIEW_SETTINGS, WEIGH_ITERATIONS, review
from boardgamesbot.core import load_game, rng_for
from boardgamesbot.core.game import State


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def play(game_name: str, seed: int, bots: tuple[str, str]) -> State:
    game = load_game(game_name)
    state = game.new(2, seed=seed)
    players = [
        make_bot(spec, rng_for(seed, f"bot:{s}").getrandbits(62), reproducible=True) for s, spec in enumerate(bots)
    ]
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        state.apply(players[seat].choose(state.infoset(seat)))
    return state


# ---- time -------------------------------------------------------------------------------------------
def cmd_time(args: argparse.Namespace) -> None:
    print(
        f"review budget per decision: search {REVIEW_SETTINGS.iterations} iterations (hard tuning), then "
        f"{WEIGH_ITERATIONS} iterations below the move played and below the best move (when they differ)"
    )
    for g in range(args.games):
        seed = args.seed + g
        started = time.perf_counter()
        final = play(args.game, seed, ("greedy", "hard"))
        print(
            f"\n{args.game} seed {seed}: greedy (seat 0) vs hard (seat 1), {len(final.history)} moves, "
            f"played in {time.perf_counter() - started:.1f} s; {load()}"
        )
        record = final.to_record()
        for jobs in sorted({1, args.jobs}):
            total = cpu = 0.0
            for seat in (0, 1):
                t0, c0 = time.perf_counter(), time.process_time()
                result = review(record, seat, jobs=jobs)
                spent = time.perf_counter() - t0
                total += spent
                cpu += time.process_time() - c0
                print(
                    f"  jobs={jobs} seat {seat}: {len(result.decisions)} decisions in {spent:.1f} s "
                    f"({spent / max(1, len(result.decisions)):.2f} s each), "
                    f"average loss {50 * result.average_loss:.2f} points, {len(result.mistakes)} mistakes"
                )
            used = f", {cpu:.1f} s of CPU" if jobs == 1 else ""
            print(f"  jobs={jobs}: both seats in {total:.1f} s{used}; {load()}")


# ---- hints ------------------------------------------------------------------------------------------
def cmd_hints(args: argparse.Namespace) -> None:
    game = load_game(args.game)
    rng = random.Random(7)
    times: list[float] = []
    capped = 0
    iterations: list[int] = []
    print(f"hint search: {HINT_SETTINGS.iterations} iterations, cap {HINT_SETTINGS.deadline} s; {load()}")
    while len(times) < args.positions:
        state = game.new(2, seed=rng.randrange(10**6))
        greedy = make_bot("greedy", 1)
        stop = rng.randrange(1, 60)
        for _ in range(stop):
            if state.is_over():
                break
            seat = state.to_move()
            assert seat is not None
            state.apply(greedy.choose(state.infoset(seat)))
        if state.is_over():
            continue
        seat = state.to_move()
        assert seat is not None
        infoset = state.infoset(seat)
        if len(infoset.legal_actions) < 2:
            continue
        t0 = time.perf_counter()
        advice = hint(infoset)
        times.append(time.perf_counter() - t0)
        iterations.append(advice.analysis.iterations)
        capped += advice.analysis.iterations < (HINT_SETTINGS.iterations or 0)
    times.sort()
    p50 = times[len(times) // 2]
    p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    print(
        f"{args.game}: {len(times)} hints, p50 {1000 * p50:.0f} ms, p95 {1000 * p95:.0f} ms, max {1000 * times[-1]:.0f} ms; "
        f"{capped} stopped by the cap (median {statistics.median(iterations):.0f} iterations); {load()}"
    )


# ---- quality ----------------------------------------------------------------------------------------
def one_game(game_name: str, index: int, master: int) -> dict[str, Any]:
    seed = rng_for(master, f"game:{index}").getrandbits(62)
    bots = ("greedy", "hard") if index % 2 == 0 else ("hard", "greedy")
    t0 = time.perf_counter()
    final = play(game_name, seed, bots)
    played = time.perf_counter() - t0
    record = final.to_record()
    out: dict[str, Any] = {"index": index, "seed": seed, "bots": list(bots), "played_s": round(played, 1)}
    outcome = final.outcome()
    out["winners"] = list(outcome.winners) if outcome else []
    t1 = time.perf_counter()
    for seat, spec in enumerate(bots):
        result = review(record, seat)
        out[spec] = {
            "decisions": len(result.decisions),
            "average_loss": result.average_loss,
            "agree": sum(1 for d in result.decisions if d.best == d.played),
            "mistakes": len(result.mistakes),
        }
    out["review_s"] = round(time.perf_counter() - t1, 1)
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, mean - half, mean + half


def cmd_quality(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done: dict[int, dict[str, Any]] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["index"]] = row
    todo = [i for i in range(args.games) if i not in done]
    if args.reverse:  # a second run on the same file works from the other end (lines are keyed by game index)
        todo.reverse()
    print(f"{args.game}: {len(done)} games already in {out}, {len(todo)} to play; {load()}", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, out.open("a") as sink:
        futures = [pool.submit(one_game, args.game, i, args.seed) for i in todo]
        for n, future in enumerate(as_completed(futures), 1):
            row = future.result()
            done[row["index"]] = row
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            if n % 10 == 0 or n == len(todo):
                print(f"  {n}/{len(todo)} games, {time.perf_counter() - started:.0f} s; {load()}", flush=True)
    rows = [done[i] for i in sorted(done) if i < args.games]
    report(args.game, rows)


def report(game: str, rows: list[dict[str, Any]]) -> None:
    points = {spec: [50 * r[spec]["average_loss"] for r in rows] for spec in ("greedy", "hard")}
    diff = [g - h for g, h in zip(points["greedy"], points["hard"], strict=True)]
    print(
        f"\n{game}: {len(rows)} games of greedy vs hard, seats alternating, both seats reviewed "
        f"({REVIEW_SETTINGS.iterations} + 2 x {WEIGH_ITERATIONS} iterations per decision)"
    )
    for spec in ("greedy", "hard"):
        mean, lo, hi = interval(points[spec])
        decisions = sum(r[spec]["decisions"] for r in rows)
        agree = sum(r[spec]["agree"] for r in rows)
        print(
            f"  {spec:6}: average loss {mean:.3f} points of win chance per decision [95% {lo:.3f}-{hi:.3f}]; "
            f"{decisions} decisions, {100 * agree / max(1, decisions):.1f}% were the review's best move"
        )
    mean, lo, hi = interval(diff)
    worse = sum(1 for d in diff if d > 0)
    print(
        f"  greedy - hard, paired by game: {mean:.3f} [95% {lo:.3f}-{hi:.3f}]; greedy worse in {worse} of {len(diff)} games"
    )
    wins = {
        spec: sum(1 for r in rows if r["winners"] and r["bots"][r["winners"][0]] == spec and len(r["winners"]) == 1)
        for spec in ("greedy", "hard")
    }
    print(
        f"  wins: greedy {wins['greedy']}, hard {wins['hard']}; mean time per game: "
        f"play {statistics.fmean(r['played_s'] for r in rows):.1f} s, review {statistics.fmean(r['review_s'] for r in rows):.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("time")
    t.add_argument("--game", default="crosswise")
    t.add_argument("--games", type=int, default=1)
    t.add_argument("--jobs", type=int, default=2)
    t.add_argument("--seed", type=int, default=1000)
    h = sub.add_parser("hints")
    h.add_argument("--game", default="crosswise")
    h.add_argument("--positions", type=int, default=60)
    q = sub.add_parser("quality")
    q.add_argument("--game", default="crosswise")
    q.add_argument("--games", type=int, default=200)
    q.add_argument("--jobs", type=int, default=2)
    q.add_argument("--seed", type=int, default=17)
    q.add_argument("--out", default="quality.jsonl")
    q.add_argument("--reverse", action="store_true", help="play the games from the last index down")
    r = sub.add_parser("report")
    r.add_argument("--game", default="crosswise")
    r.add_argument("--out", default="quality.jsonl")
    args = parser.parse_args()
    if args.cmd == "time":
        cmd_time(args)
    elif args.cmd == "hints":
        cmd_hints(args)
    elif args.cmd == "quality":
        cmd_quality(args)
    else:
        rows = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line.strip()]
        report(args.game, sorted(rows, key=lambda row: row["index"]))


if __name__ == "__main__":
    sys.exit(main())
