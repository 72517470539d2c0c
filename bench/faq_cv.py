"""Leave-one-out check of the rules desk's intent matching, on the knowledge bases themselves.

    .venv/bin/python bench/faq_cv.py [--game SLUG ...] [--fit] [--show N] [--noise]

Each paraphrase of each intent is asked as a question with itself (and any
identical paraphrase) left out of the index, so it must be matched through the
intent's other paraphrases. Prints, per game and per variety, how often the
best intent is the right one and how often the first cited rule is right, the
confidence calibration (accuracy per confidence band), and with ``--fit`` the
logistic constants for ``intents.confidence`` fitted on these results. This
uses no evaluation question: it measures how well the knowledge base covers
its own topics and how the matcher generalises between paraphrases.
Optionally ``--noise`` adds one random typo to every content word of 4+ letters.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def typo(word: str, rng: random.Random) -> str:
    if len(word) < 4 or not word.isalpha():
        return word
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return word[:i] + rng.choice("aeiourstn") + word[i + 1 :]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--show", type=int, default=0, help="print up to N misses per game")
    parser.add_argument("--noise", action="store_true", help="one typo per word of 4+ letters")
    args = parser.parse_args()
    os.environ.setdefault("BGB_DATA_DIR", tempfile.mkdtemp())
    from boardgamesbot.rulesdesk.answer import question_view
    from boardgamesbot.rulesdesk.intents import confidence, intent_index, margin_of

    rng = random.Random(7)
    rows: list[tuple[float, float, bool]] = []
    from boardgamesbot.core.registry import list_games
    from boardgamesbot.rulesdesk.faq import faq_path

    for game in args.game or [g for g in list_games() if faq_path(g) is not None]:
        index = intent_index(game)
        if index is None:
            continue
        by_text: dict[str, list[int]] = {}
        for d, text in enumerate(index.doc_text):
            by_text.setdefault(text, []).append(d)
        stats: dict[str, list[int]] = {}
        misses = []
        start = time.perf_counter()
        d = 0
        for intent in index.intents:
            for variety, q in intent.paraphrases():
                text = " ".join(typo(w, rng) for w in q.split()) if args.noise else q
                view = question_view(game, text)
                ranked = index.rank(
                    view.ranking_tokens, view.langs, view.rule_scores, exclude=by_text[index.doc_text[d]]
                )
                d += 1
                ok = bool(ranked) and ranked[0].intent.id == intent.id
                rule_ok = bool(ranked) and ranked[0].intent.main == intent.main
                top3 = set()
                for m in ranked:
                    top3.add(m.intent.main)
                    if len(top3) >= 3:
                        break
                row = stats.setdefault(variety, [0, 0, 0, 0])
                row[0] += 1
                row[1] += ok
                row[2] += rule_ok
                row[3] += intent.main in top3
                if ranked:
                    rows.append((ranked[0].score, margin_of(ranked), rule_ok))
                    if not rule_ok and len(misses) < args.show:
                        misses.append(
                            f"  {intent.id:24} {q!r}\n    -> {ranked[0].intent.id} ({ranked[0].score:.2f}, "
                            f"conf {confidence(ranked):.2f}) via {ranked[0].paraphrase!r}"
                        )
        elapsed = time.perf_counter() - start
        total = [sum(r[k] for r in stats.values()) for k in range(4)]
        print(
            f"{game}: {len(index.intents)} intents, {total[0]} paraphrases; intent top-1 {total[1] / total[0]:.1%}, "
            f"rule top-1 {total[2] / total[0]:.1%}, rule top-3 {total[3] / total[0]:.1%}; "
            f"{1000 * elapsed / total[0]:.2f} ms per question"
        )
        for variety, r in sorted(stats.items()):
            print(f"  {variety:6} n={r[0]:4} intent={r[1] / r[0]:.1%} rule={r[2] / r[0]:.1%} top3={r[3] / r[0]:.1%}")
        for line in misses:
            print(line)
    bands = [(0.0, 0.35), (0.35, 0.5), (0.5, 0.7), (0.7, 0.85), (0.85, 1.01)]
    from boardgamesbot.rulesdesk import intents as model

    def conf(score: float, margin: float) -> float:
        return 1 / (1 + math.exp(-(model.CONF_BIAS + model.CONF_SCORE * score + model.CONF_MARGIN * margin)))

    print("calibration (confidence band: n, rule top-1):")
    for lo, hi in bands:
        sel = [ok for s, m, ok in rows if lo <= conf(s, m) < hi]
        if sel:
            print(f"  {lo:.2f}-{min(hi, 1):.2f}: n={len(sel):4} right={sum(sel) / len(sel):.1%}")
    if args.fit:
        w = [0.0, 0.0, 0.0]
        for _ in range(3000):
            g = [0.0, 0.0, 0.0]
            for s, m, ok in rows:
                p = 1 / (1 + math.exp(-(w[0] + w[1] * s + w[2] * m)))
                e = p - ok
                g[0] += e
                g[1] += e * s
                g[2] += e * m
            w = [w[k] - 2.0 * g[k] / len(rows) for k in range(3)]
        print(f"fitted: CONF_BIAS={w[0]:.2f} CONF_SCORE={w[1]:.2f} CONF_MARGIN={w[2]:.2f}")


if __name__ == "__main__":
    main()
