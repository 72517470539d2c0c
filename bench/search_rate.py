"""ISMCTS iterations per CPU-second of the ``hard`` level: this checkout against another, interleaved.

Two worker processes, one per checkout (each with its own interpreter and virtualenv), hold the same
positions (greedy-vs-greedy games, rebuilt in each from the move codes) and take turns: in every round
each worker plays ``hard`` (its own level: 2000 iterations, no time cap, so the work is the same) on
positions until a slice of CPU time is spent, and reports iterations and CPU seconds. A figure is the
median over rounds; the ratio is the median of the per-round ratios, so a change of load between rounds
cancels. The machine's load average is printed with the figures.

    .venv/bin/python bench/search_rate.py --base /work/perf-base            # both games, 6 rounds
    .venv/bin/python bench/search_rate.py --base /work/perf-base --games crosswise --rounds 4 --slice 3

``--base`` is the other checkout (its ``.venv/bin/python`` runs the worker with the current directory
there, so it imports that checkout's code). Without ``--base`` only this checkout is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


# ---- worker (runs under either checkout: only long-standing public APIs) -------------------------
def worker() -> None:
    from boardgamesbot.bots import make_bot
    from boardgamesbot.core import load_game

    spec = json.loads(sys.stdin.readline())
    game = load_game(spec["game"])
    positions = []
    for players, seed, codes in spec["positions"]:
        state = game.new(players, seed=seed)
        for code in codes:
            state.apply(code)
        positions.append(state)
    compiled = getattr(__import__("boardgamesbot"), "compiled", None)
    print(json.dumps({"ready": len(positions), "compiled": bool(compiled and compiled())}), flush=True)
    level = spec.get("level", "hard")
    k = 0
    for line in sys.stdin:
        seconds = float(line)
        iterations = 0
        decisions = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            state = positions[k % len(positions)]
            bot = make_bot(level, k, reproducible=True)
            bot.choose(state.infoset(state.to_move()))
            iterations += bot.last_stats.iterations
            decisions += 1
            k += 1
        cpu = time.process_time() - t0
        print(json.dumps({"iterations": iterations, "cpu": cpu, "decisions": decisions}), flush=True)


# ---- driver --------------------------------------------------------------------------------------
def positions(game_name: str, count: int, seed: int) -> list[tuple[int, int, list[str]]]:
    """(players, game seed, move codes) of positions with a real choice from greedy-vs-greedy games."""
    import random

    from boardgamesbot.bots import make_bot
    from boardgamesbot.core import load_game

    game = load_game(game_name)
    rng = random.Random(seed)
    out: list[tuple[int, int, list[str]]] = []
    g = 0
    while len(out) < count:
        state = game.new(2, seed=seed + g)
        greedy = [make_bot("greedy", seed + g), make_bot("greedy", seed + g + 1)]
        g += 1
        while not state.is_over() and len(out) < count:
            seat = state.to_move()
            infoset = state.infoset(seat)
            if len(infoset.legal_actions) > 1 and rng.random() < 0.3:
                out.append((2, seed + g - 1, [a.code for a in state.history]))
            state.apply(greedy[seat].choose(infoset))
    return out


class Worker:
    def __init__(self, label: str, python: str, cwd: str, spec: dict[str, Any]) -> None:
        self.label = label
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.proc = subprocess.Popen(
            [python, str(HERE), "--worker"],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(spec) + "\n")
        self.proc.stdin.flush()
        self.info = json.loads(self.proc.stdout.readline())

    def slice(self, seconds: float) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--base", help="the other checkout (its .venv/bin/python runs there)")
    parser.add_argument("--games", default="crosswise,alcatraz")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--slice", type=float, default=2.0, help="CPU seconds per worker per round")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    here = str(HERE.parents[1])
    load0 = os.getloadavg()
    print(
        f"search rate of {args.level!r}: {args.rounds} rounds x {args.slice:g} s CPU per checkout; "
        f"load average {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} on {os.cpu_count()} cores"
    )
    report: dict[str, Any] = {"load_start": load0, "games": {}}
    for name in [g for g in args.games.split(",") if g]:
        spec = {"game": name, "positions": positions(name, args.positions, args.seed), "level": args.level}
        workers = [Worker("this checkout", sys.executable, here, spec)]
        if args.base:
            base = str(Path(args.base).resolve())
            workers.append(Worker(f"base {base}", str(Path(base) / ".venv/bin/python"), base, spec))
        rates: dict[str, list[float]] = {w.label: [] for w in workers}
        for r in range(args.rounds):
            for w in workers if r % 2 == 0 else workers[::-1]:
                out = w.slice(args.slice)
                rates[w.label].append(out["iterations"] / out["cpu"])
        for w in workers:
            w.close()
        print(f"\n{name}: {args.positions} positions (2 players, greedy-vs-greedy games)")
        for w in workers:
            xs = rates[w.label]
            path = "compiled" if w.info.get("compiled") else "plain Python"
            print(
                f"  {w.label:40} {statistics.median(xs):>9,.0f} iterations/CPU-s  "
                f"(min {min(xs):,.0f}, max {max(xs):,.0f}; {path})"
            )
        entry: dict[str, Any] = {"rates": rates}
        if len(workers) == 2:
            a, b = workers
            ratio = statistics.median([x / y for x, y in zip(rates[a.label], rates[b.label], strict=True)])
            entry["ratio"] = ratio
            print(f"  ratio this / base: {ratio:.2f}x (median of per-round ratios; target >= 3x)")
        report["games"][name] = entry
    load1 = os.getloadavg()
    report["load_end"] = load1
    print(f"\nload average at the end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
