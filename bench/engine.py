"""Engine speed against OpenSpiel anchors, in one process with interleaved slices (ratios cancel the load).

Every workload runs the same Python loop over whole games, set-up included::

    state.apply(rng.choice(state.legal_actions()))          # ours (the generic loop)
    state.apply_action(rng.choice(state.legal_actions()))   # OpenSpiel (chance nodes go through it too)

Rounds interleave short slices of every workload (ours: Crosswise 2p/4p, Alcatraz 2p/5p, any other
registered game at its smallest and largest table; anchors: OpenSpiel's pure-Python ``python_liars_poker``
and ``python_kuhn_poker`` and the C++ ``hearts``), timed in this process's CPU time
(``time.process_time``), so time spent waiting for a busy core is not counted. A figure is the median over
rounds; a ratio is the median over rounds of that round's ratio, so a change of load between rounds
cancels.

Then the per-call costs (µs, CPU, median of interleaved rounds, on positions sampled from random games):
``apply`` (one move on a prepared copy), ``legal_actions``, ``clone``, ``view(seat)`` the first time at
that position (nothing cached) and for the other seats after it (the server's pattern: every seat's
view after each move), ``determinize`` from a view (``Game.determinize``), ``sample`` (a prepared
sampler, what a search pays per iteration), ``infoset+determinize`` (a fresh ``infoset(seat)`` and one
sample); the OpenSpiel rows use ``clone``, ``information_state_string`` and ``resample_from_infostate``.
The targets (issue 15): Crosswise >= 3x python_liars_poker, Alcatraz >= 4x, view and
infoset+determinize each <= 5x an apply.

    .venv/bin/python bench/engine.py                         # 8 rounds of 0.5 s slices
    .venv/bin/python bench/engine.py --rounds 4 --slice 0.3 --json out.json
    BGB_PURE_PYTHON=1 .venv/bin/python bench/engine.py       # the plain-Python engines
    (cd /work/perf-base && .venv/bin/python /path/to/bench/engine.py)  # another checkout's engines

The script imports whatever ``boardgamesbot`` the interpreter finds (it does not touch ``sys.path``), so
the same file measures an older checkout through that checkout's virtualenv.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Any

import boardgamesbot
from boardgamesbot.core.registry import list_games, load_game

OURS_PLAYERS: dict[str, tuple[int, ...]] = {"crosswise": (2, 4), "alcatraz": (2, 5)}
ANCHORS = ("python_liars_poker", "python_kuhn_poker", "hearts")
TARGETS = {"crosswise": 3.0, "alcatraz": 4.0}  # x python_liars_poker
PER_CALL_TARGET = 5.0  # view and infoset+determinize, in applies


def path_name() -> str:
    compiled = getattr(boardgamesbot, "compiled", None)
    if compiled is None:
        return "plain Python (a checkout without the compiled build)"
    return "compiled (mypyc)" if compiled() else "plain Python (BGB_PURE_PYTHON=1 or no compiled build)"


# ---- workloads ---------------------------------------------------------------------------------
class Ours:
    def __init__(self, name: str, players: int) -> None:
        self.name, self.players = name, players
        self.label = f"{name} {players}p"
        self.game = load_game(name)
        self.rng = random.Random(1)
        self.seed = 0

    def slice(self, seconds: float) -> tuple[int, float, float]:
        """(actions, CPU s, wall s) of whole games for about ``seconds`` of CPU."""
        game, players, rng = self.game, self.players, self.rng
        actions = 0
        c0, w0 = time.process_time(), time.perf_counter()
        end = c0 + seconds
        while time.process_time() < end:
            state = game.new(players, seed=self.seed)
            self.seed += 1
            while not state.is_over():
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
        return actions, time.process_time() - c0, time.perf_counter() - w0


class Anchor:
    def __init__(self, name: str) -> None:
        import pyspiel

        if name.startswith("python_"):
            import open_spiel.python.games  # noqa: F401  (registers the Python games)
        self.label = f"OpenSpiel {name}"
        self.name = name
        self.game = pyspiel.load_game(name)
        self.rng = random.Random(1)

    def slice(self, seconds: float) -> tuple[int, float, float]:
        game, rng = self.game, self.rng
        actions = 0
        c0, w0 = time.process_time(), time.perf_counter()
        end = c0 + seconds
        while time.process_time() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions, time.process_time() - c0, time.perf_counter() - w0


def workloads(skip_anchors: bool) -> tuple[list[Ours], list[Anchor]]:
    ours: list[Ours] = []
    for name in list_games():
        try:
            game = load_game(name)
        except Exception as exc:  # a game still being written must not stop the others
            print(f"{name}: skipped, does not import ({type(exc).__name__}: {exc})")
            continue
        for players in OURS_PLAYERS.get(name, (game.min_players, game.max_players)):
            ours.append(Ours(name, players))
    anchors: list[Anchor] = []
    if not skip_anchors:
        for name in ANCHORS:
            try:
                anchors.append(Anchor(name))
            except Exception as exc:
                print(f"OpenSpiel {name}: skipped ({type(exc).__name__}: {exc}); install the rl extra")
    return ours, anchors


# ---- per-call costs ----------------------------------------------------------------------------
def sample_positions(game: Any, players: int, count: int, seed: int = 2) -> list[tuple[Any, Any]]:
    """(state, the move played there) pairs from random games, about 30% of positions, none finished."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    g = 0
    while len(out) < count:
        state = game.new(players, seed=10_000 + g)
        g += 1
        while not state.is_over() and len(out) < count:
            action = rng.choice(state.legal_actions())
            if rng.random() < 0.3:
                out.append((state.clone(), action))
            state.apply(action)
    return out


class OurCalls:
    """Per-call costs on one game and table size."""

    def __init__(self, name: str, players: int, positions: int) -> None:
        self.label = f"{name} {players}p"
        self.game = load_game(name)
        pairs = sample_positions(self.game, players, positions)
        self.states = [s for s, _ in pairs]
        self.actions = [a for _, a in pairs]
        self.views = [s.clone().view(s.to_move(), perfect_memory=True) for s in self.states]  # caches stay cold
        sampler = getattr(self.game, "sampler", None)
        self.samplers = [sampler(v) for v in self.views] if sampler is not None else None
        self.rng = random.Random(3)

    def fresh(self) -> list[Any]:
        return [s.clone() for s in self.states]

    def round(self) -> dict[str, float]:
        n = len(self.states)
        out: dict[str, float] = {}
        rng = self.rng
        copies = self.fresh()
        t = time.process_time()
        for s, a in zip(copies, self.actions, strict=True):
            s.apply(a)
        out["apply"] = time.process_time() - t
        t = time.process_time()
        for s in self.states:
            s.legal_actions()
        out["legal_actions"] = time.process_time() - t
        t = time.process_time()
        for s in self.states:
            s.clone()
        out["clone"] = time.process_time() - t
        copies = self.fresh()
        t = time.process_time()
        for s in copies:
            s.view(s.to_move())
        out["view"] = time.process_time() - t
        t = time.process_time()
        seats = 0
        for s in copies:
            for seat in range(s.players):
                s.view(seat)
                seats += 1
        out["view_all_seats"] = (time.process_time() - t) * n / seats  # per view, the first one already paid
        game = self.game
        t = time.process_time()
        for v in self.views:
            game.determinize(v, rng)
        out["determinize"] = time.process_time() - t
        if self.samplers is not None:
            t = time.process_time()
            for sm in self.samplers:
                sm.sample(rng)
            out["sample"] = time.process_time() - t
        copies = self.fresh()
        t = time.process_time()
        for s in copies:
            s.infoset(s.to_move()).determinize(rng)
        out["infoset+determinize"] = time.process_time() - t
        return {k: v / n * 1e6 for k, v in out.items()}


class AnchorCalls:
    def __init__(self, name: str, positions: int) -> None:
        import pyspiel

        self.label = f"OpenSpiel {name}"
        self.game = pyspiel.load_game(name)
        rng = random.Random(2)
        self.states: list[Any] = []
        self.actions: list[int] = []
        while len(self.states) < positions:
            state = self.game.new_initial_state()
            while not state.is_terminal() and len(self.states) < positions:
                action = rng.choice(state.legal_actions())
                if not state.is_chance_node() and rng.random() < 0.3:
                    self.states.append(state.clone())
                    self.actions.append(action)
                state.apply_action(action)
        self.resample = name == "hearts"
        self.sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0) if self.resample else None

    def round(self) -> dict[str, float]:
        n = len(self.states)
        out: dict[str, float] = {}
        copies = [s.clone() for s in self.states]
        t = time.process_time()
        for s, a in zip(copies, self.actions, strict=True):
            s.apply_action(a)
        out["apply"] = time.process_time() - t
        t = time.process_time()
        for s in self.states:
            s.legal_actions()
        out["legal_actions"] = time.process_time() - t
        t = time.process_time()
        for s in self.states:
            s.clone()
        out["clone"] = time.process_time() - t
        t = time.process_time()
        for s in self.states:
            s.information_state_string(s.current_player())
        out["view"] = time.process_time() - t
        if self.resample:
            t = time.process_time()
            for s in self.states:
                s.resample_from_infostate(s.current_player(), self.sampler)
            out["determinize"] = time.process_time() - t
        return {k: v / n * 1e6 for k, v in out.items()}


# ---- report ------------------------------------------------------------------------------------
def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=8, help="interleaved rounds (default 8)")
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds per workload per round")
    parser.add_argument("--positions", type=int, default=300, help="sampled positions for the per-call costs")
    parser.add_argument("--call-rounds", type=int, default=5, help="interleaved rounds of per-call costs")
    parser.add_argument("--no-anchors", action="store_true", help="ours only (no OpenSpiel)")
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args()

    load0 = os.getloadavg()
    print(
        f"engine bench: {path_name()}; python {sys.version.split()[0]}; {os.cpu_count()} cores; "
        f"load average {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}; {args.rounds} rounds x {args.slice:g} s CPU"
    )
    ours, anchors = workloads(args.no_anchors)
    everyone: list[Any] = [*ours, *anchors]
    rates: dict[str, list[float]] = {w.label: [] for w in everyone}
    walls: dict[str, list[float]] = {w.label: [] for w in everyone}
    for w in everyone:  # warm-up: imports, caches, first allocations
        w.slice(0.05)
    for r in range(args.rounds):
        order = everyone if r % 2 == 0 else everyone[::-1]  # alternate the order to spread drifts evenly
        for w in order:
            actions, cpu, wall = w.slice(args.slice)
            rates[w.label].append(actions / cpu)
            walls[w.label].append(actions / wall)
    header = f"{'workload':32} {'actions/s CPU':>14} {'wall':>10} {'min..max (CPU)':>22}"
    print()
    print(header)
    print("-" * len(header))
    for w in everyone:
        xs = rates[w.label]
        print(
            f"{w.label:32} {median(xs):>14,.0f} {median(walls[w.label]):>10,.0f} {min(xs):>10,.0f}..{max(xs):<11,.0f}"
        )
    ratios: dict[str, dict[str, float]] = {}
    if anchors:
        print()
        print("ratio ours / anchor (actions/s CPU, median of per-round ratios)")
        names = [a.label.removeprefix("OpenSpiel ") for a in anchors]
        print(f"{'':32} " + " ".join(f"{n:>20}" for n in names) + "   target")
        for w in ours:
            row = {}
            for a in anchors:
                row[a.label] = median([x / y for x, y in zip(rates[w.label], rates[a.label], strict=True)])
            ratios[w.label] = row
            target = TARGETS.get(w.name)
            liars = row.get("OpenSpiel python_liars_poker")
            mark = ""
            if target is not None and liars is not None:
                mark = f"   >= {target:g}x liars: {'met' if liars >= target else 'NOT met'}"
            print(f"{w.label:32} " + " ".join(f"{row[a.label]:>20.2f}" for a in anchors) + mark)

    # per-call costs, interleaved rounds
    calls: list[Any] = []
    for name in ("crosswise", "alcatraz"):
        for players in OURS_PLAYERS[name]:
            calls.append(OurCalls(name, players, args.positions))
    if not args.no_anchors:
        for name in ANCHORS:
            try:
                calls.append(AnchorCalls(name, args.positions))
            except Exception as exc:
                print(f"OpenSpiel {name} per-call: skipped ({type(exc).__name__})")
    per: dict[str, dict[str, list[float]]] = {c.label: {} for c in calls}
    for _ in range(args.call_rounds):
        for c in calls:
            for key, us in c.round().items():
                per[c.label].setdefault(key, []).append(us)
    cols = ["apply", "legal_actions", "clone", "view", "view_all_seats", "determinize", "sample", "infoset+determinize"]
    print()
    print(f"per call, µs (CPU, median of {args.call_rounds} interleaved rounds, {args.positions} positions)")
    heads = [
        "apply",
        "legal",
        "clone",
        "view",
        "view/seat*",
        "determinize",
        "sample",
        "inf+det",
        "view/apply",
        "i+d/apply",
    ]
    print(f"{'':30} " + " ".join(f"{h:>11}" for h in heads))
    per_call: dict[str, dict[str, float]] = {}
    for c in calls:
        m = {k: median(v) for k, v in per[c.label].items()}
        per_call[c.label] = m
        cells = [f"{m[k]:>11.2f}" if k in m else f"{'n/a':>11}" for k in cols]
        apply = m.get("apply", float("nan"))
        cells.append(f"{m['view'] / apply:>11.1f}" if "view" in m else f"{'n/a':>11}")
        cells.append(f"{m['infoset+determinize'] / apply:>11.1f}" if "infoset+determinize" in m else f"{'n/a':>11}")
        print(f"{c.label:30} " + " ".join(cells))
    print(
        "* view/seat: each further seat's view at the same position (the server views every seat after a move). "
        f"Targets: view and infoset+determinize <= {PER_CALL_TARGET:g}x apply."
    )
    load1 = os.getloadavg()
    print(f"load average at the end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(
                {
                    "path": path_name(),
                    "load_start": load0,
                    "load_end": load1,
                    "rounds": args.rounds,
                    "slice": args.slice,
                    "rates": rates,
                    "ratios": ratios,
                    "per_call": per_call,
                },
                fh,
                indent=1,
            )


if __name__ == "__main__":
    main()
