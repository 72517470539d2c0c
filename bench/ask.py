"""Rules-desk benchmark: accuracy of `bgb ask` on the question sets and its latency.

Prints, per game and question set ("questions": the tuned set the tests use;
"heldout": questions written once and never tuned against), top-1 / top-3 rule accuracy, how often the best quote comes
from the expected rulebook section, and p50 / p99 answer latency (target
< 50 ms). Cold start (ingesting the shared rulebooks, loading stemmers and the
language detector) is timed separately. Runs on a temporary data dir.

    .venv/bin/python bench/ask.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="times each question is timed (default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BGB_DATA_DIR"] = tmp
        from boardgamesbot.rulesdesk.answer import ask
        from boardgamesbot.rulesdesk.text import fold

        for game, kind in [(g, k) for k in ("questions", "heldout") for g in ("crosswise", "alcatraz")]:
            questions = json.loads((ROOT / "tests" / "rulesdesk" / f"{kind}_{game}.json").read_text("utf-8"))
            start = time.perf_counter()
            ask(game, "How do I win?")
            ask(game, "Do overlapped tiles count?")  # forces the language detector to load
            cold = time.perf_counter() - start
            top1 = top3 = section = 0
            times: list[float] = []
            for q in questions:
                answer = ask(game, q["q"])
                ids = [r.id for r in answer.rules]
                top1 += bool(ids) and ids[0] in q["rules"]
                top3 += bool(set(ids) & set(q["rules"]))
                section += bool(answer.passages) and fold(answer.passages[0].section) in {
                    fold(s) for s in q["sections"]
                }
                for _ in range(args.repeat):
                    t0 = time.perf_counter()
                    ask(game, q["q"])
                    times.append((time.perf_counter() - t0) * 1000)
            n = len(questions)
            times.sort()
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(
                f"{game:10} {kind:9} n={n} top1={top1 / n:.1%} top3={top3 / n:.1%} section={section / n:.1%} "
                f"p50={statistics.median(times):.2f}ms p99={p99:.2f}ms cold_start={cold:.2f}s"
            )


if __name__ == "__main__":
    main()
