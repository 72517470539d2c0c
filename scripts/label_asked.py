"""Fill games/<game>/asked.json from spent tuning sets: each question labelled with the intent that answers it
(rulesdesk/asked.py). Held-out sets are refused.

    .venv/bin/python scripts/label_asked.py dev dev2 ... dev41

A question's label is the first of the paraphrase index's five best intents (classifier off, so a label never
depends on the file being written) whose answer, put first, is right as the evaluation judges it: the first
cited rule expected and the required words in the first two sentences. So a question the desk misses teaches the
classifier the intent it should have answered from, as long as the index puts that intent in its top five.
Position questions and questions no candidate answers right are left out. Prints counts only.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def main(sets: list[str]) -> None:
    os.environ["BGB_DATA_DIR"] = tempfile.mkdtemp()
    sys.path.insert(0, str(ROOT))
    from rapidfuzz import fuzz

    from boardgamesbot.core.text import fold
    from boardgamesbot.rulesdesk import intents
    from boardgamesbot.rulesdesk.answer import QuestionView, question_view
    from boardgamesbot.rulesdesk.asked import asked_path
    from boardgamesbot.rulesdesk.evaluation import (
        HELD_OUT_SETS,
        SPENT_SETS,
        TUNING_SETS,
        facts_ok,
        first_sentences,
        load_split,
        nearly_repeats,
    )
    from boardgamesbot.rulesdesk.faq import Intent
    from boardgamesbot.rulesdesk.leads import intent_lead

    allowed = TUNING_SETS + SPENT_SETS
    refused = [s for s in sets if s in HELD_OUT_SETS or s not in allowed]
    if refused or not sets:
        sys.exit(f"only tuning sets ({', '.join(allowed)}) may be used; refused: {refused or 'none given'}")
    intents.MODEL_SHARE = 0.0  # the paraphrase index alone ranks: no label depends on asked.json
    intents.CHAR_SHARE = 0.0  # nor on the character-gram classifier, trained on it too
    intents.FAINT_SHARE = 2.0
    held = [q for name in HELD_OUT_SETS for q in load_split(name)]

    def near_held_out(q: dict[str, object]) -> bool:  # a held-out question must stay unseen, even in spirit
        text = fold(str(q["question"]))
        return any(
            nearly_repeats(q, h) or (q["game"] == h["game"] and fuzz.ratio(text, fold(h["question"])) >= 88)
            for h in held
        )

    def right(q: dict[str, Any], intent: Intent, view: QuestionView) -> bool:
        lang = "en" if q["lang"] == "en" else "pt"
        lead = first_sentences(intent_lead(intent, view.q, lang, q["game"]).text)
        return intent.main in q["expected_rules"] and facts_ok(q, lead)

    found: dict[str, list[dict[str, str]]] = {}
    skipped = unlabelled = 0
    for name in sets:
        for q in load_split(name):
            if q.get("position") or q.get("move"):
                continue
            if near_held_out(q):
                skipped += 1
                continue
            kb = intents.intent_index(q["game"])
            view = question_view(q["game"], q["question"])
            if kb is None:
                continue
            ranking = kb.rank(view.ranking_tokens, view.langs, view.rule_scores)
            label = next((m.intent.id for m in ranking[:5] if right(q, m.intent, view)), None)
            if label is None:
                unlabelled += 1
                continue
            found.setdefault(q["game"], []).append({"intent": label, "variety": q["lang"], "question": q["question"]})
    for game, items in sorted(found.items()):
        path = asked_path(game) or ROOT / "boardgamesbot" / "games" / game / "asked.json"
        about = (
            "Questions from the project's spent tuning sets (" + ", ".join(sets) + "), each labelled with the "
            "intent that answers it right; they train the desk's classifier only. Written by "
            "scripts/label_asked.py: do not edit by hand."
        )
        path.write_text(json.dumps({"about": about, "questions": items}, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(game, len(items), "questions ->", path.relative_to(ROOT))
    print(skipped, "questions left out for nearly repeating a held-out question;", unlabelled, "with no right intent")


if __name__ == "__main__":
    main(sys.argv[1:])
