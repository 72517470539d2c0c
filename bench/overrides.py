"""How often a search level plays something other than its anchor's move, at several iteration budgets.

Why: a level with an anchor and a margin (Alcatraz ``hard``: the planner's move stands unless the search
rates another more than 0.3 higher) is only as strong as its search where the search overrides the
anchor. If it almost never does, more iterations cannot make it stronger, whatever the engine's speed.
This counts those overrides on positions from greedy-vs-greedy games (every decision with more than one
legal move), per phase of the view when the game has one, for each budget on the same positions::

    .venv/bin/python bench/overrides.py alcatraz --iterations 200,1500,6000 --games 6
    .venv/bin/python bench/overrides.py alcatraz --level hard --options :margin=0.1 --games 6
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardgamesbot.bots import ISMCTSBot, make_bot
from boardgamesbot.core import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--iterations", default="200,1500,6000", help="comma-separated budgets, no time cap")
    parser.add_argument("--options", default="", help="appended to the level's spec, e.g. ':margin=0.1'")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load_game(args.game)
    budgets = [int(x) for x in args.iterations.split(",") if x]
    overrides = {n: Counter[str]() for n in budgets}
    decisions: Counter[str] = Counter()
    for g in range(args.games):
        state = game.new(2, seed=args.seed + g)
        mover = make_bot("greedy", args.seed + g)
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            infoset = state.infoset(seat)
            if len(infoset.legal_actions) > 1:
                phase = str(infoset.view.get("phase", "-"))
                decisions[phase] += 1
                for n in budgets:
                    bot = make_bot(f"{args.level}:iterations={n}:deadline=none{args.options}", args.seed + g)
                    assert isinstance(bot, ISMCTSBot)
                    kit = bot.kit_for(game)
                    if kit.greedy is None:
                        raise SystemExit(f"{args.game} has no greedy policy: the level has no anchor to compare with")
                    if bot.choose(infoset) != bot._anchor_pick(infoset, kit.greedy):
                        overrides[n][phase] += 1
            state.apply(mover.choose(infoset))
    total = sum(decisions.values())
    print(
        f"{args.game} {args.level}{args.options}: {total} decisions from {args.games} greedy games "
        f"(seed {args.seed}); per phase {dict(decisions)}; load average {os.getloadavg()[0]:.1f}"
    )
    for n in budgets:
        k = sum(overrides[n].values())
        print(
            f"{n:6} iterations: the search overrode the anchor in {k} ({k / total:.1%}); per phase {dict(overrides[n])}"
        )


if __name__ == "__main__":
    main()
