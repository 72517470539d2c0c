"""The Alcatraz planner alone against greedy: how much of ``hard``'s strength is the planner's.

The planner (``games/alcatraz/planner.py``) is the move the ``medium`` and ``hard``
Alcatraz levels keep unless their search is clearly surer of another. It costs well
under a millisecond per decision, so thousands of games take a minute and show
effects the 200-game search pairings in ``bench/strength.py`` cannot resolve.

    .venv/bin/python bench/planner.py                    # 1000 two-player games, seats rotated
    .venv/bin/python bench/planner.py --games 400 --players 3

Prints the planner's wins, draws and losses, its win rate with a 95% Wilson
interval, both average scores, and the time per planner decision. With more than two
players the planner sits in one seat (rotated) against greedy in all the others.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardgamesbot.arena.stats import wilson
from boardgamesbot.core import load_game
from boardgamesbot.games.alcatraz.planner import planner_action
from boardgamesbot.games.alcatraz.policy import greedy_action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first game seed (games use seed, seed+1, ...)")
    parser.add_argument("--wild", action="store_true")
    args = parser.parse_args()
    game = load_game("alcatraz")
    wins = draws = 0
    mine = others = 0.0
    spent, decisions = 0.0, 0
    for i in range(args.seed, args.seed + args.games):
        state = game.new(args.players, seed=i, variant={"wild": args.wild})
        me = i % args.players
        rngs = [random.Random(f"{i}:{seat}") for seat in range(args.players)]
        while not state.is_over():
            seat = state.to_move()
            info = state.infoset(seat)
            if seat == me:
                t0 = time.perf_counter()
                action = planner_action(info, rngs[seat])
                spent += time.perf_counter() - t0
                decisions += 1
            else:
                action = greedy_action(info, rngs[seat])
            state.apply(action)
        outcome = state.outcome()
        assert outcome is not None
        if outcome.is_draw and me in outcome.winners:
            draws += 1
        elif me in outcome.winners:
            wins += 1
        mine += outcome.scores[me]
        others += (sum(outcome.scores) - outcome.scores[me]) / (args.players - 1)
    n = args.games
    low, high = wilson(wins, n)
    print(
        f"alcatraz {args.players}p{' wild' if args.wild else ''}: planner vs greedy, {n} games, seeds "
        f"{args.seed}..{args.seed + n - 1}: {wins} W / {draws} D / {n - wins - draws} L, "
        f"win {wins / n:.1%} [{low:.1%}–{high:.1%}], avg score {mine / n:.2f} vs {others / n:.2f} (greedy), "
        f"{spent / max(decisions, 1) * 1000:.2f} ms per planner decision"
    )


if __name__ == "__main__":
    main()
