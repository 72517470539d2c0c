"""A second look at the two best intents: does the runner-up answer the question better than the leader?

The index (intents.py) scores an intent mostly by its nearest paraphrases, so
when two intents are close the paraphrase that happens to sit nearest decides,
and the right intent is second more often than it is lower down (of the tuning
questions missed with the right intent among the five best, two in three had it
second). This module weighs the pair on evidence the score does not use as such:

- how much of the question's weight each intent's paraphrases cover *at all*
  (words, word pairs, character grams), not only its nearest one: "the cards on
  top of both piles" is covered by the intent about the piles' top cards even
  when another intent's paraphrase shares more words;
- the concepts the question names that an intent's paraphrases never mention;
- the classifier's share (intent_model.py) and the main rule's BM25 evidence;
- the question's shape against the answer's: a yes/no question (not a "how
  many...?") and an intent with a yes/no answer, a "how many?" and an answer
  that states a number.

A logistic model over the differences (runner-up minus leader) gives the
probability that the runner-up is the right answer; it goes first only at
``SWITCH`` or above, and only when it covers more of the question than the
leader in at least one block (the premise of a second look: a runner-up carried
by the classifier or the rule's BM25 alone, covering less of the question
everywhere, stays second; the guard costs one switch in the cross-validation).
The weights were fitted by ``bench/fit_rerank.py`` on the spent tuning sets'
questions, with the scores standardised and the scaling folded back into these
raw weights; its cross-validation leaves whole sets out (a writer's style is not
learned), with each fold's classifier trained without that fold's questions, and
is the figure quoted in docs/rulesdesk.md. Few features, all about question shape
and coverage, none about a particular intent or word: that is what carried over
to unseen questions before.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

from .faq import answer_body
from .intents import IntentIndex, Match, Ranked

NAMES = ("score", "share", "rule", "cover_w", "cover_c", "cover_b", "missing_concepts", "yes_no", "number")
# raw weights per feature (runner-up minus leader) and the bias; printed by bench/fit_rerank.py
WEIGHTS = (2.6616, 2.0676, 1.2506, 1.5722, 0.9477, 1.4472, -0.4773, 1.0798, 0.5300)
BIAS = 0.0956
SWITCH = 0.65  # the runner-up goes first from this probability (fit_rerank.py: 28 switches helped, 6 hurt at 0.65)
COVER_BLOCKS = ("w", "c", "b")
HAS_NUMBER = re.compile(r"\d")


def _coverage(kb: IntentIndex, m: Match, features: Sequence[tuple[str, str, float]]) -> tuple[list[float], int]:
    """In one pass over the question's features: the share of its weight in each of ``COVER_BLOCKS`` that the
    intent's paraphrases have (0..1), and how many of its concepts they never name."""
    total = dict.fromkeys(COVER_BLOCKS, 0.0)
    covered = dict.fromkeys(COVER_BLOCKS, 0.0)
    missing = 0
    for b, f, w in features:
        if b == "z":
            missing += not kb.span_has(m.at, f)
        elif b in total:
            total[b] += w * w
            if kb.span_has(m.at, f):
                covered[b] += w * w
    return [covered[b] / total[b] if total[b] else 0.0 for b in COVER_BLOCKS], missing


def _profile(
    kb: IntentIndex, m: Match, ranking: Ranked, polar: bool, counting: bool, lang: str, rules: Mapping[str, float]
) -> list[float]:
    states_number = HAS_NUMBER.search(answer_body(m.intent.answer[lang])) is not None
    cover, missing = _coverage(kb, m, ranking.features)
    return [
        m.score,
        m.share,
        rules.get(m.intent.main, 0.0),
        *cover,
        float(missing),
        float(polar and not counting and m.intent.yes is not None),  # "how many..., is 4 fine?" wants the count
        float(counting and states_number),
    ]


def pair_features(
    kb: IntentIndex, ranking: Ranked, polar: bool, counting: bool, lang: str, rules: Mapping[str, float]
) -> list[float]:
    """The runner-up's features minus the leader's, in ``NAMES`` order."""
    lead = _profile(kb, ranking[0], ranking, polar, counting, lang, rules)
    other = _profile(kb, ranking[1], ranking, polar, counting, lang, rules)
    return [o - t for o, t in zip(other, lead, strict=True)]


def switch_probability(values: Sequence[float]) -> float:
    z = BIAS + sum(w * x for w, x in zip(WEIGHTS, values, strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def rerank(
    kb: IntentIndex, ranking: Ranked, polar: bool, counting: bool, lang: str, rules: Mapping[str, float]
) -> list[Match]:
    """The ranking with the runner-up first when the model says it more likely answers the question."""
    if len(ranking) < 2 or ranking[0].at < 0 or ranking[1].at < 0 or not ranking.features:
        return list(ranking)
    values = pair_features(kb, ranking, polar, counting, lang, rules)
    covers_more = any(values[NAMES.index(f"cover_{b}")] > 0 for b in COVER_BLOCKS)
    if covers_more and switch_probability(values) >= SWITCH:
        return [ranking[1], ranking[0], *ranking[2:]]
    return list(ranking)
