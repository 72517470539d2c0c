"""How often the rules desk says "not sure" to questions the rules do not answer, and to questions they do.

    .venv/bin/python bench/not_rules.py [--split dev22 ...]

Reads the held-out not-rules set tests/rulesdesk/not_rules/test.json (trivia, other games' rules, sports and
other senses of game words, small talk, nonsense; written apart from the training file
rulesdesk/glossary/not_rules.json, on other topics where it could be) and prints the share of its questions the
desk abstains on, per language, with the mean confidence of the ones it answers. Then, for contrast, the share
of rules questions it abstains on in the named evaluation sets (tuning sets by default). An abstention on a
rules question is a lost answer; an answer to a not-rules question is a confident wrong one. Runs on a
temporary data dir.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--split", action="append", default=None, help="rules sets to contrast (tuning sets)")
    args = parser.parse_args()
    os.environ["BGB_DATA_DIR"] = tempfile.mkdtemp()
    from boardgamesbot.rulesdesk.answer import ask
    from boardgamesbot.rulesdesk.evaluation import HELD_OUT_SETS

    items = json.loads((ROOT / "tests/rulesdesk/not_rules/test.json").read_text("utf-8"))
    total: Counter[str] = Counter()
    held: Counter[str] = Counter()
    answered_conf: list[float] = []
    for item in items:
        answer = ask(item["game"], item["question"])
        total[item["lang"]] += 1
        if answer.abstained:
            held[item["lang"]] += 1
        else:
            answered_conf.append(answer.confidence)
    n, k = sum(total.values()), sum(held.values())
    langs = ", ".join(f"{lang} {held[lang]}/{total[lang]}" for lang in sorted(total))
    mean = sum(answered_conf) / len(answered_conf) if answered_conf else 0.0
    print(
        f"not-rules questions: abstained on {k}/{n} ({k / n:.1%}); {langs}; answered ones' mean confidence {mean:.2f}"
    )
    for split in args.split or ["dev22", "dev23"]:
        if split in HELD_OUT_SETS:
            parser.error(f"{split} is held out: run it with bench/ask.py at the end, not here")
        qs = json.loads((ROOT / f"tests/rulesdesk/eval/{split}.json").read_text("utf-8"))
        lost = sum(ask(q["game"], q["question"]).abstained for q in qs)
        print(f"rules questions ({split}): abstained on {lost}/{len(qs)} ({lost / len(qs):.1%})")


if __name__ == "__main__":
    main()
