"""Head-to-head: our ``hard`` ISMCTS bot against OpenSpiel's ISMCTS (random rollouts).

Both sides get the same wall-clock budget per decision; decisions with a single
legal move are played at once by both. Seats alternate game by game. Prints W/D/L,
the score rate (win 1, draw 1/2) with a 95% Wilson interval, the score by seat,
and the search iterations per second of each side.

    .venv/bin/python bench/vs_openspiel.py --games 200 --budget 0.05
    .venv/bin/python bench/vs_openspiel.py --game alcatraz --games 20 --budget 0.2

OpenSpiel's ISMCTS is the Python one (open_spiel.python.algorithms.ismcts): the
C++ ISMCTSBot cannot resample a Python game's information state (it crashes),
see docs/interop.md. The machine load is printed so figures can be judged.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass, field

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from boardgamesbot.adapters.openspiel import BoardGameSpiel, load
from boardgamesbot.arena.stats import wilson
from boardgamesbot.bots import BOT_NAMES, make_bot

OURS = "hard"


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS stopped by a wall-clock budget instead of a simulation count."""

    def __init__(self, game: BoardGameSpiel, budget: float, seed: int, uct_c: float) -> None:
        rs = np.random.RandomState(seed)
        super().__init__(
            game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c, max_simulations=1, random_state=rs
        )
        self.budget = budget
        self.iterations = 0
        self.seconds = 0.0

    def run_search(self, state):  # type: ignore[no-untyped-def]
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        root = self.create_new_node(state)
        start = time.perf_counter()
        done = 0
        while done < 2 or time.perf_counter() - start < self.budget:  # the first one only expands the root
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.iterations += done
        self.seconds += time.perf_counter() - start
        return self.get_final_policy(state, root)


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    by_seat: dict[int, list[float]] = field(default_factory=lambda: {0: [], 1: []})
    ours_iters: int = 0
    ours_secs: float = 0.0
    theirs_iters: int = 0
    theirs_secs: float = 0.0
    moves: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def our_bot_name(budget: float) -> str:
    base = OURS if OURS in BOT_NAMES else "ismcts"
    return f"{base}:iterations=none:deadline={budget}"


def play_one(
    game_name: str, number: int, budget: float, their_budget: float, seed: int, uct_c: float, tally: Tally
) -> None:
    spiel = load(game_name, players=2, seed=seed + number)
    ours_seat = number % 2
    ours = make_bot(our_bot_name(budget), seed=seed * 1000 + number)
    theirs = TimedISMCTS(spiel, their_budget, seed=seed * 1000 + number, uct_c=uct_c)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player()
        engine = state.engine_state
        if len(state.legal_actions()) == 1:
            action = state.legal_actions()[0]
        elif seat == ours_seat:
            chosen = ours.choose(engine.infoset(seat))
            action = engine.action_to_index(chosen)
            stats = getattr(ours, "last_stats", None)
            if stats is not None:
                tally.ours_iters += stats.iterations
                tally.ours_secs += stats.seconds
        else:
            action = theirs.step(state)
        state.apply_action(int(action))
        tally.moves += 1
    reward = state.returns()[ours_seat]
    tally.theirs_iters += theirs.iterations
    tally.theirs_secs += theirs.seconds
    if reward > 0:
        tally.wins += 1
    elif reward < 0:
        tally.losses += 1
    else:
        tally.draws += 1
    tally.by_seat[ours_seat].append((reward + 1) / 2)


def report(game_name: str, tally: Tally, budget: float, their_budget: float, elapsed: float) -> str:
    n = tally.games
    score = tally.wins + tally.draws / 2
    low, high = wilson(score, n)
    budgets = f"{budget:g} s" if budget == their_budget else f"{budget:g} s (ours) / {their_budget:g} s (OpenSpiel)"
    lines = [
        f"== {game_name}, 2 players, {n} games, {budgets} per decision, {elapsed:.0f} s wall ==",
        f"ours ({our_bot_name(budget)}): W {tally.wins}  D {tally.draws}  L {tally.losses}",
        f"score rate {score / max(n, 1):.3f}  95% Wilson [{low:.3f}, {high:.3f}]",
    ]
    for seat, scores in tally.by_seat.items():
        if scores:
            lo, hi = wilson(sum(scores), len(scores))
            lines.append(
                f"  ours in seat {seat}: {sum(scores) / len(scores):.3f} over {len(scores)} games [{lo:.3f}, {hi:.3f}]"
            )
    ours_rate = tally.ours_iters / tally.ours_secs if tally.ours_secs else float("nan")
    theirs_rate = tally.theirs_iters / tally.theirs_secs if tally.theirs_secs else float("nan")
    lines.append(f"iterations/s: ours {ours_rate:,.0f}   OpenSpiel ISMCTS {theirs_rate:,.0f}")
    lines.append(f"decisions per game: {tally.moves / max(n, 1):.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["crosswise", "alcatraz", "both"], default="both")
    parser.add_argument("--games", type=int, default=200, help="games per game type (default 200)")
    parser.add_argument("--budget", type=float, default=0.05, help="seconds per decision for each side")
    parser.add_argument(
        "--their-budget",
        type=float,
        default=None,
        help="give OpenSpiel's ISMCTS a different budget (default: the same)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel ISMCTS exploration constant")
    parser.add_argument("--report-every", type=int, default=50, help="print interim figures every N games")
    args = parser.parse_args(argv)
    their_budget = args.budget if args.their_budget is None else args.their_budget
    if args.games < 1 or args.budget <= 0 or their_budget <= 0 or args.report_every < 1:
        parser.error("--games and --report-every must be at least 1 and the budgets positive")
    names = ["crosswise", "alcatraz"] if args.game == "both" else [args.game]
    if OURS not in BOT_NAMES:
        print(f"note: bot {OURS!r} is not available; using 'ismcts' instead")
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for name in names:
        tally = Tally()
        start = time.perf_counter()
        for number in range(args.games):
            play_one(name, number, args.budget, their_budget, args.seed, args.uct_c, tally)
            if (number + 1) % 10 == 0:
                print(
                    f"  {name}: {number + 1}/{args.games} games, ours W{tally.wins} D{tally.draws} L{tally.losses}",
                    flush=True,
                )
            if (number + 1) % args.report_every == 0 and number + 1 < args.games:
                print(report(name, tally, args.budget, their_budget, time.perf_counter() - start), flush=True)
        print(report(name, tally, args.budget, their_budget, time.perf_counter() - start), flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
