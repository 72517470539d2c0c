"""A second view for the intent classifier: the question's character n-grams, spaces included.

The index (intents.py) and its classifier (intent_model.py) read the question
through its words, word pairs, character grams inside words and the glossary's
concepts. About a third of the blind questions the desk misses are paraphrases whose
intent ranks second or third; a linear SVM over the plain character 2- to 5-grams of each
word with its surrounding spaces (prefixes, suffixes, short function words,
inflections: what a word feature splits or drops) errs differently, so its
shares, added with a small weight, settle some of those ties. The index adds
them per main rule (intents.py): the grams ignore word order, so they speak
between rules, not between the yes/no twins of one rule. Trained on the
same paraphrases and asked questions when the index is built; kept, like the
first classifier, as plain arrays read without numpy or scikit-learn.
Figures in docs/rulesdesk.md (session 11).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from .intent_model import IntentModel
from .intent_model import train as train_svm

SIZES = range(2, 6)  # gram lengths
C = 1.0  # the SVM's regularisation (spent blind sets, a first trial of this model: 0.3 / 1 / 3 gave -6 / 0 / +1 of 1,000)
PRUNE = 0.05  # weights smaller than this are dropped


def grams(text: str) -> Counter[str]:
    """Character n-grams of each word padded with a space on both sides ("pair" -> " p", "pa", ..., "ir ")."""
    out: Counter[str] = Counter()
    for word in text.split():
        padded = f" {word} "
        for n in SIZES:
            if len(padded) < n:
                break
            for k in range(len(padded) - n + 1):
                out[padded[k : k + n]] += 1
    return out


class CharModel:
    """The grams' idf and the SVM's weights over the TF-IDF vectors (sublinear counts, unit length)."""

    def __init__(self, idf: dict[str, float], model: IntentModel) -> None:
        self.idf = idf
        self.model = model

    def vector(self, text: str) -> dict[str, float]:
        return _vector(grams(text), self.idf)

    def shares(self, text: str) -> dict[int, float]:
        """Intent position -> share (they sum to one)."""
        return self.model.shares(self.vector(text))


def _vector(counts: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    raw = {g: (1.0 + math.log(c)) * idf[g] for g, c in counts.items() if g in idf}
    norm = math.sqrt(sum(w * w for w in raw.values())) or 1.0
    return {g: w / norm for g, w in raw.items()}


def train(texts: Sequence[str], labels: Sequence[int]) -> CharModel | None:
    """Fit on normalised question texts (the index's tokens joined) and their intent positions."""
    counted = [grams(t) for t in texts]
    df: Counter[str] = Counter()
    for counts in counted:
        df.update(counts.keys())
    n = len(texts)
    idf = {g: math.log((1 + n) / (1 + d)) + 1.0 for g, d in df.items()}
    model = train_svm([_vector(c, idf) for c in counted], labels, c=C, prune=PRUNE)
    return None if model is None else CharModel(idf, model)
