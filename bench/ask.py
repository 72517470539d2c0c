"""Rules-desk benchmark: accuracy of `bgb ask` on an evaluation split, and its latency.

    .venv/bin/python bench/ask.py --split dev|dev2|dev3 [--repeat 5] [--show-failures]
    .venv/bin/python bench/ask.py --split test        # only once, at the end: never tune on it

``--split`` names any set in tests/rulesdesk/eval/ (the tuning and held-out sets are listed in
rulesdesk/evaluation.py: held-out ones are run at the end, never read question by question).

Prints top-1 (first cited rule right AND the answer's first two sentences hold
every required fact and no forbidden one) and top-3 (an expected rule among the
first three cited), overall, per language and per category, with the split
size (on a held-out set, also without the questions that nearly repeat a tuning
question's text), and in-process latency (p50/p99 over ``--repeat`` timings per question,
after one warm-up pass). Runs on a temporary data dir (cold start timed apart).
``--show-failures`` lists the failed questions: use it on dev only.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from boardgamesbot.rulesdesk.evaluation import HELD_OUT_SETS as HELD_OUT
from boardgamesbot.rulesdesk.evaluation import TUNING_SETS as TUNING

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT / "tests" / "rulesdesk" / "eval"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--split", choices=sorted(p.stem for p in EVAL.glob("*.json")), default="dev")
    parser.add_argument("--repeat", type=int, default=5, help="timings per question (default 5)")
    parser.add_argument("--show-failures", action="store_true", help="list failed questions (tuning sets only)")
    args = parser.parse_args()
    if args.show_failures and args.split in HELD_OUT:
        sys.exit(
            f"--show-failures is for the tuning sets only: {args.split} is held out, never read question by question"
        )
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BGB_DATA_DIR"] = tmp
        from boardgamesbot.rulesdesk.evaluation import (
            ask_question,
            load_split,
            median,
            nearly_repeats,
            percentile,
            run,
            summarise,
        )

        questions = load_split(args.split, EVAL)
        start = time.perf_counter()
        for game in sorted({q["game"] for q in questions}):
            ask_question({"game": game, "question": "How do I win?"})
        cold = time.perf_counter() - start
        results = run(questions)
        times: list[float] = []
        for _ in range(args.repeat):
            times += [r.ms for r in run(questions)]
        summary = summarise(results)
        print(
            f"split={args.split} n={summary.n} top1={summary.top1_rate:.1%} ({summary.top1}/{summary.n}) "
            f"top3={summary.top3_rate:.1%} ({summary.top3}/{summary.n}) abstained={summary.abstained} "
            f"p50={median(times):.2f}ms p99={percentile(times, 0.99):.2f}ms cold_start={cold:.2f}s"
        )
        for kind, table in summary.groups.items():
            print(f"  by {kind}:")
            for key, (n, t1, t3) in table.items():
                print(f"    {key:11} n={n:3} top1={t1 / n:6.1%} top3={t3 / n:6.1%}")
        if args.split in HELD_OUT:
            tuning = [q for name in TUNING if (EVAL / f"{name}.json").exists() for q in load_split(name, EVAL)]
            seen = {q["id"] for q in questions if any(nearly_repeats(q, t) for t in tuning)}
            rest = [r for r in results if r.qid not in seen]
            if rest:
                print(
                    f"  without the {len(seen)} questions nearly repeating a tuning question: n={len(rest)} "
                    f"top1={sum(r.top1 for r in rest) / len(rest):.1%} top3={sum(r.top3 for r in rest) / len(rest):.1%}"
                )
        if args.show_failures:
            for r in results:
                if not r.top1:
                    print(
                        f"FAIL {r.qid} [{r.category}] rule={'ok' if r.rule_ok else 'BAD'} "
                        f"facts={'ok' if r.facts_ok else 'BAD'} cited={r.cited[:3]}\n     {r.lead}"
                    )


if __name__ == "__main__":
    main()
