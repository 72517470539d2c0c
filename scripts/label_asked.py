"""Fill games/<game>/asked.json from spent tuning sets: each question the desk answers right from a
knowledge-base intent, labelled with that intent (rulesdesk/asked.py). Held-out sets are refused.

    .venv/bin/python scripts/label_asked.py dev dev2 ... dev13

The desk labels with its classifier off (the paraphrase index alone), so a label never depends on the
file being written. Prints counts only.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(sets: list[str]) -> None:
    os.environ["BGB_DATA_DIR"] = tempfile.mkdtemp()
    sys.path.insert(0, str(ROOT))
    from rapidfuzz import fuzz

    from boardgamesbot.core.text import fold
    from boardgamesbot.rulesdesk import intents
    from boardgamesbot.rulesdesk.answer import ask
    from boardgamesbot.rulesdesk.asked import asked_path
    from boardgamesbot.rulesdesk.evaluation import HELD_OUT_SETS, TUNING_SETS, load_split, nearly_repeats, score_one

    refused = [s for s in sets if s in HELD_OUT_SETS or s not in TUNING_SETS]
    if refused or not sets:
        sys.exit(f"only tuning sets ({', '.join(TUNING_SETS)}) may be used; refused: {refused or 'none given'}")
    intents.MODEL_SHARE = 0.0
    held = [q for name in HELD_OUT_SETS for q in load_split(name)]

    def near_held_out(q: dict[str, object]) -> bool:  # a held-out question must stay unseen, even in spirit
        text = fold(str(q["question"]))
        return any(
            nearly_repeats(q, h) or (q["game"] == h["game"] and fuzz.ratio(text, fold(h["question"])) >= 88)
            for h in held
        )

    found: dict[str, list[dict[str, str]]] = {}
    skipped = 0
    for name in sets:
        for q in load_split(name):
            if q.get("position") or q.get("move"):
                continue
            if near_held_out(q):
                skipped += 1
                continue
            answer = ask(q["game"], q["question"])
            if answer.intent is None or not score_one(q, answer.to_dict()).top1:
                continue
            found.setdefault(q["game"], []).append(
                {"intent": answer.intent, "variety": q["lang"], "question": q["question"]}
            )
    for game, items in sorted(found.items()):
        path = asked_path(game) or ROOT / "boardgamesbot" / "games" / game / "asked.json"
        about = (
            "Questions from the project's spent tuning sets (" + ", ".join(sets) + "), each labelled with the "
            "intent the desk answered it right from; they train the desk's classifier only. Written by "
            "scripts/label_asked.py: do not edit by hand."
        )
        path.write_text(json.dumps({"about": about, "questions": items}, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(game, len(items), "questions ->", path.relative_to(ROOT))
    print(skipped, "questions left out for nearly repeating a held-out question")


if __name__ == "__main__":
    main(sys.argv[1:])
