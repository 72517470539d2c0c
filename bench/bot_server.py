"""A bot as a process: reads a seat's view (JSON) per line, answers a move code.

Run it with the interpreter of the checkout whose bots you want (its current
directory there), e.g. today's code from another worktree::

    cd /work/perf-base && .venv/bin/python /path/to/bench/bot_server.py

Each request is one JSON line ``{"game", "seat", "view", "legal", "spec", "seed"}``; the answer is
``{"code", "iterations", "cpu"}`` (CPU seconds of the decision). Search deadlines are measured in this
process's CPU time (``time.process_time``) whatever the checkout's bots use, so a bot gets the same CPU
however busy the machine is. Variant options this checkout does not know are dropped from the view
(a newer referee may know more). Only long-standing public APIs are used, so any checkout runs it.
``bench/strength.py --vs-base`` drives it.
"""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    import boardgamesbot.bots.ismcts as ismcts
    from boardgamesbot.bots import make_bot
    from boardgamesbot.core import InfoSet, load_game

    class _CpuClock:  # the search's deadline clock, in CPU seconds (a shim for the ``time`` module it uses)
        perf_counter = staticmethod(time.process_time)
        process_time = staticmethod(time.process_time)

    ismcts.time = _CpuClock  # type: ignore[assignment]
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        game = load_game(req["game"])
        view = dict(req["view"])
        view["variant"] = {k: v for k, v in view["variant"].items() if k in game.variant_options}
        legal = tuple(game.parse_action(code) for code in req["legal"])
        infoset = InfoSet(game, req["seat"], view, legal)
        bot = make_bot(req["spec"], req["seed"])
        t0 = time.process_time()
        action = bot.choose(infoset)
        cpu = time.process_time() - t0
        stats = getattr(bot, "last_stats", None)
        print(json.dumps({"code": action.code, "iterations": getattr(stats, "iterations", 0), "cpu": cpu}), flush=True)


if __name__ == "__main__":
    main()
