"""Fit the rules desk's second look at the two best intents (boardgamesbot/rulesdesk/rerank.py).

    .venv/bin/python bench/fit_rerank.py [--jobs 2] [--c 0.1] [--sets dev dev2 ...] [--rows FILE]

For every tuning question the knowledge base answers (no position, not worked
out by a reckoner), the index's two best intents are each put first in turn and
judged as the evaluation judges an answer (first rule expected, required words
in the first two sentences). Pairs where exactly one of the two is right train
a logistic model over the runner-up-minus-leader features; the scores are
standardised for the fit and the scaling folded back into raw weights, printed
for rerank.py. Cross-validation leaves whole sets out (10 folds by set), so a
figure here is what the model does on a writer it was not fitted on; it is
printed for several switch thresholds as questions right, switches that
helped and switches that hurt. The classifier's shares are computed the same
way: asked.json holds the spent tuning questions, so each fold's features come
from an index whose classifier was trained without that fold's questions (a
fresh process per fold, about a minute in all). Held-out sets are refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FOLDS = 10  # sets are dealt round-robin into folds; the classifier and the model each leave a fold out


def _right(question: dict[str, Any], intent: Any, understood: Any, lang: str) -> bool:
    """Whether putting ``intent`` first answers ``question`` right, as the evaluation judges an answer."""
    from boardgamesbot.rulesdesk.evaluation import facts_ok, first_sentences
    from boardgamesbot.rulesdesk.leads import intent_lead

    lead = first_sentences(intent_lead(intent, understood, lang, question["game"]).text)
    return intent.main in question["expected_rules"] and facts_ok(question, lead)


def _fold_pairs(fold: tuple[int, list[str]]) -> list[dict[str, Any]]:
    """The pairs of one fold's sets, with the classifier trained without the fold's questions: asked.json holds
    spent tuning questions, and a share the classifier learned from the very question would be trusted too much."""
    number, splits = fold
    os.environ["BGB_DATA_DIR"] = tempfile.mkdtemp()
    from boardgamesbot.rulesdesk import asked
    from boardgamesbot.rulesdesk.evaluation import load_split

    mine = {q["question"] for split in splits for q in load_split(split)}
    every = asked.asked_questions

    def others(game: str) -> tuple[tuple[str, str, str], ...]:
        return tuple(entry for entry in every(game) if entry[2] not in mine)

    asked.asked_questions = others  # type: ignore[assignment]  # read by intents.intent_index when it builds
    return [dict(row, fold=number) for split in splits for row in _pairs(split)]


def _pairs(split: str) -> list[dict[str, Any]]:
    from boardgamesbot.rulesdesk import answer as desk
    from boardgamesbot.rulesdesk.evaluation import load_split
    from boardgamesbot.rulesdesk.intents import intent_index
    from boardgamesbot.rulesdesk.rerank import pair_features
    from boardgamesbot.rulesdesk.text import fold

    out = []
    for q in load_split(split):
        if q.get("position") or q.get("move"):
            continue
        answered = desk.ask(q["game"], q["question"])
        if answered.intent is None:  # a reckoner or an abstention without intents: the reranker is not asked
            continue
        kb = intent_index(q["game"])
        view = desk.question_view(q["game"], q["question"])
        if kb is None:
            continue
        ranking = kb.rank(view.ranking_tokens, view.langs, view.rule_scores)
        if len(ranking) < 2:
            continue
        lang = answered.language
        lead_right, runner_right = (_right(q, m.intent, view.q, lang) for m in ranking[:2])
        counting = desk.COUNT_Q.search(fold(view.q.raw)) is not None
        x = pair_features(kb, ranking, view.q.polar, counting, lang, view.rule_scores)
        out.append({"set": split, "id": q["id"], "x": x, "lead": lead_right, "runner": runner_right})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--c", type=float, default=0.1, help="the logistic model's inverse regularisation")
    parser.add_argument("--sets", nargs="*", help="tuning sets (default: the registered and the spent ones)")
    parser.add_argument("--rows", help="a JSON file to keep the computed pairs in, and to read them from next time")
    args = parser.parse_args()

    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold
    from sklearn.preprocessing import StandardScaler

    from boardgamesbot.rulesdesk.evaluation import HELD_OUT_SETS, SPENT_SETS, TUNING_SETS
    from boardgamesbot.rulesdesk.rerank import COVER_BLOCKS, NAMES

    sets = args.sets or [*TUNING_SETS, *SPENT_SETS]
    if bad := [s for s in sets if s in HELD_OUT_SETS]:
        raise SystemExit(f"held-out sets are never fitted on: {', '.join(bad)}")
    folds = [(k, sets[k::FOLDS]) for k in range(FOLDS)]
    if args.rows and Path(args.rows).is_file():
        rows = json.loads(Path(args.rows).read_text("utf-8"))
    else:
        with Pool(args.jobs, maxtasksperchild=1) as pool:  # a fresh process per fold: no index cached across folds
            rows = [row for chunk in pool.map(_fold_pairs, folds, chunksize=1) for row in chunk]
        if args.rows:
            Path(args.rows).write_text(json.dumps(rows), "utf-8")
    x = np.array([r["x"] for r in rows])
    y = np.array([r["runner"] for r in rows], dtype=int)
    lead = np.array([r["lead"] for r in rows], dtype=int)
    groups = np.array([r["fold"] for r in rows])
    telling = y != lead  # a pair where exactly one of the two is right
    base = int(lead.sum())
    print(
        f"{len(rows)} questions from {len(sets)} sets; leader right {base}; runner-up right where the leader is not:"
        f" {int(((y == 1) & (lead == 0)).sum())}; telling pairs {int(telling.sum())}"
    )

    def fit(idx: Any) -> tuple[Any, Any]:
        scaler = StandardScaler().fit(x[idx])
        model = LogisticRegression(C=args.c, max_iter=5000).fit(scaler.transform(x[idx]), y[idx])
        return scaler, model

    prob = np.zeros(len(rows))
    for train, test in GroupKFold(FOLDS).split(x, y, groups):
        scaler, model = fit(train[telling[train]])
        prob[test] = model.predict_proba(scaler.transform(x[test]))[:, 1]
    print("cross-validated (10 folds, whole sets left out): right / switches that helped / that hurt")
    covers_more = (x[:, [NAMES.index(f"cover_{b}") for b in COVER_BLOCKS]] > 0).any(axis=1)
    for threshold in (0.5, 0.55, 0.6, 0.65, 0.7, 0.8):
        switch = (prob >= threshold) & covers_more  # as rerank() decides
        helped = int((switch & (y == 1) & (lead == 0)).sum())
        hurt = int((switch & (y == 0) & (lead == 1)).sum())
        print(f"  switch at {threshold:.2f}: {base + helped - hurt} ({helped - hurt:+d}) helped {helped} hurt {hurt}")
    scaler, model = fit(np.where(telling)[0])
    weights = model.coef_[0] / scaler.scale_
    bias = float(model.intercept_[0] - (model.coef_[0] * scaler.mean_ / scaler.scale_).sum())
    print("raw weights for rerank.py:")
    for name, w in zip(NAMES, weights, strict=True):
        print(f"  {name:18s} {w:+.4f}")
    print(f"WEIGHTS = ({', '.join(f'{w:.4f}' for w in weights)})")
    print(f"BIAS = {bias:.4f}")


if __name__ == "__main__":
    main()
