"""K-fold check of the intent classifier on the knowledge bases: the paraphrase index alone against the blend.

    .venv/bin/python bench/intent_cv.py [--game SLUG ...] [--folds 5]

The paraphrases of each game's knowledge base are split into folds; each fold
is asked against an index built from the others, whose classifier is trained
on the others plus the game's asked questions (rulesdesk/asked.py). A fold's
paraphrase is right when the best intent has its intent's main rule and yes/no.
Prints, per game: the index alone, the classifier alone and the blend the desk
uses (``intents.MODEL_SHARE``), with the training time. bench/faq_cv.py is the
leave-one-out check of the index alone (and fits the confidence constants).
No evaluation question is read.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()
    os.environ["BGB_DATA_DIR"] = tempfile.mkdtemp()
    from boardgamesbot.rulesdesk import intents
    from boardgamesbot.rulesdesk.asked import asked_questions
    from boardgamesbot.rulesdesk.faq import knowledge_base

    for game in args.game or ["alcatraz", "crosswise"]:
        kb = knowledge_base(game)
        at = {intent.id: i for i, intent in enumerate(kb)}
        docs = [(i, v, intents.normalize(q, v)) for i, intent in enumerate(kb) for v, q in intent.paraphrases()]
        asked = [(at[iid], v, intents.normalize(q, v)) for iid, v, q in asked_questions(game) if iid in at]
        rng = random.Random(0)
        fold_of = [rng.randrange(args.folds) for _ in docs]
        right = {"index alone": 0, "classifier alone": 0, "blend": 0}
        train_s = 0.0
        for k in range(args.folds):
            train = [d for d, f in zip(docs, fold_of, strict=True) if f != k]
            start = time.process_time()
            index = intents.IntentIndex(game, kb, train, asked)
            train_s += time.process_time() - start
            for i, variety, tokens in (d for d, f in zip(docs, fold_of, strict=True) if f == k):
                langs = ("en",) if variety == "en" else ("pt",)
                ranked = index.rank(tokens, langs)
                alone = max(ranked, key=lambda m: m.calibrated) if ranked else None
                shares = index.model.shares(index.vector(intents.featurize(tokens, game, langs))) if index.model else {}
                voted = kb[max(shares, key=shares.__getitem__)] if shares else None
                want = kb[i]
                for name, got in (
                    ("index alone", alone.intent if alone else None),
                    ("classifier alone", voted),
                    ("blend", ranked[0].intent if ranked else None),
                ):
                    right[name] += got is not None and (got.main, got.yes) == (want.main, want.yes)
        n = len(docs)
        figures = "  ".join(f"{name} {value / n:.1%}" for name, value in right.items())
        print(
            f"{game}: {n} paraphrases, {len(asked)} asked questions, {args.folds} folds: {figures}  "
            f"(index + classifier built in {train_s / args.folds:.1f} s CPU per fold)"
        )


if __name__ == "__main__":
    main()
