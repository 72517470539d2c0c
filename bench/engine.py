"""Engine speed: random playouts for every registered game that imports.

Prints one table row per (game, players): full games per second, applied
actions per second, and the cost of ``legal_actions()`` alone (µs per call,
timed on positions sampled from playouts). Two playout loops are measured:

- ``generic``: ``state.apply(rng.choice(state.legal_actions()))`` — what any tool can do;
- ``fast``: ``state.apply(state.random_action(rng))`` — a game's own uniform sampler,
  when it has one (Crosswise does; MCTS playouts use the game's rollout policy).

Game set-up (``Game.new``) is inside the timing. One process, so one core.
Rates use this process's CPU time (``time.process_time``), so time spent waiting
for a busy shared core is not counted; the load average is printed anyway.

    .venv/bin/python bench/engine.py                 # 3 s per measurement
    .venv/bin/python bench/engine.py --seconds 1 --profile crosswise
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

from boardgamesbot.core.registry import list_games, load_game

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"crosswise": (2, 4), "alcatraz": (2, 5)}
TARGET = 100_000


def playouts(game: Any, players: int, seconds: float, step: Callable[[Any, random.Random], Any]) -> tuple[float, float]:
    """(games/s, applied actions/s) over whole games for about ``seconds``."""
    rng = random.Random(1)
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new(players, seed=games)
        while not state.is_over():
            state.apply(step(state, rng))
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def sample_states(game: Any, players: int, count: int) -> list[Any]:
    rng = random.Random(2)
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        state = game.new(players, seed=seed)
        seed += 1
        while not state.is_over() and len(states) < count:
            if rng.random() < 0.3:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return states


def legal_cost(game: Any, players: int, seconds: float) -> tuple[float, float]:
    """(µs per legal_actions() call, mean number of legal actions) on sampled positions."""
    states = sample_states(game, players, 500)
    calls = total = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for state in states:
            total += len(state.legal_actions())
        calls += len(states)
    elapsed = time.process_time() - start
    return elapsed / calls * 1e6, total / calls


def search_costs(game: Any, players: int, seconds: float) -> dict[str, float]:
    """µs per clone(), view(seat), infoset(seat) and determinize(view) on sampled positions (what MCTS pays)."""
    states = [s for s in sample_states(game, players, 300) if not s.is_over()]
    rng = random.Random(3)
    views = [s.view(s.to_move(), perfect_memory=True) for s in states]
    jobs: dict[str, Callable[[], Any]] = {
        "clone": lambda: [s.clone() for s in states],
        "view": lambda: [s.view(s.to_move()) for s in states],
        "infoset": lambda: [s.infoset(s.to_move()) for s in states],
        "determinize": lambda: [game.determinize(v, rng) for v in views],
    }
    out: dict[str, float] = {}
    for label, job in jobs.items():
        calls = 0
        start = time.process_time()
        while time.process_time() - start < seconds / 4:
            job()
            calls += len(states)
        out[label] = (time.process_time() - start) / calls * 1e6
    return out


def generic_step(state: Any, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def fast_step(state: Any, rng: random.Random) -> Any:
    return state.random_action(rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--profile", metavar="GAME", help="profile the generic playout of this game (2 players)")
    args = parser.parse_args()

    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; one process; "
        f"{args.seconds:g} s per measurement"
    )
    header = f"{'game':10} {'players':>7} {'loop':>8} {'games/s':>9} {'actions/s':>10} {'legal µs':>9} {'legal n':>8}"
    print(header)
    print("-" * len(header))
    for name in list_games():
        try:
            game = load_game(name)
        except Exception as exc:  # a game still being written must not stop the others
            print(f"{name:10} skipped: does not import ({type(exc).__name__}: {exc})")
            continue
        for players in PLAYER_COUNTS.get(name, (game.min_players, game.max_players)):
            try:
                us, n = legal_cost(game, players, args.seconds)
                loops = [("generic", generic_step)]
                if hasattr(game.new(players, seed=0), "random_action"):
                    loops.append(("fast", fast_step))
                for label, step in loops:
                    gps, aps = playouts(game, players, args.seconds, step)
                    mark = "" if aps >= TARGET else "  (< target)"
                    print(f"{name:10} {players:>7} {label:>8} {gps:>9.0f} {aps:>10.0f} {us:>9.1f} {n:>8.0f}{mark}")
            except Exception as exc:
                print(f"{name:10} {players:>7} failed: {type(exc).__name__}: {exc}")
    print(f"target: {TARGET:,} applied actions/s in random playouts")
    print()
    print(f"{'game':10} {'players':>7} {'clone µs':>9} {'view µs':>8} {'infoset µs':>10} {'determinize µs':>14}")
    for name in list_games():
        try:
            game = load_game(name)
            for players in PLAYER_COUNTS.get(name, (game.min_players, game.max_players)):
                c = search_costs(game, players, args.seconds)
                print(
                    f"{name:10} {players:>7} {c['clone']:>9.1f} {c['view']:>8.1f} {c['infoset']:>10.1f} "
                    f"{c['determinize']:>14.1f}"
                )
        except Exception as exc:
            print(f"{name:10} skipped: {type(exc).__name__}: {exc}")

    if args.profile:
        game = load_game(args.profile)
        profiler = cProfile.Profile()
        profiler.enable()
        playouts(game, 2, args.seconds, generic_step)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
