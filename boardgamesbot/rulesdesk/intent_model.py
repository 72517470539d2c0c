"""A linear classifier over the intent index's features: which words tell one intent from its neighbours.

The index (intents.py) ranks intents by their nearest paraphrases, with every
feature weighted only by how rare it is. Two intents that answer a question
opposite ways ("must I look at my cards?" / "may I skip the look?") share most
of their words, and the few that tell them apart weigh no more there than
anywhere else. A one-vs-rest linear SVM trained on the knowledge base's own
paraphrases learns those weights per intent; its scores, turned into shares
that sum to one, are added to the index's. It finds a held-out paraphrase's intent
about 8 points more often than the index alone (bench/intent_cv.py, 5-fold on the built-in games' knowledge
bases); blind-question figures are in docs/rulesdesk.md.

scikit-learn trains it once per knowledge base, when the index is built (about a
second); what is kept is plain arrays, read without numpy or scikit-learn, so a
cold `bgb ask` with a built cache imports neither. Weights under ``PRUNE`` are
dropped: 4% of them remain, and the 5-fold figure is unchanged.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Mapping, Sequence

from .postings import Postings

C = 10.0  # the SVM's regularisation (5-fold on the knowledge base: 3 → 10 → 30 gave +2.0, +0.1 points)
PRUNE = 0.2  # weights smaller than this are dropped (5-fold: unchanged at 0.2, -0.3 points at 0.5)
SHARPNESS = 5.0  # decision values times this before the softmax: how peaked the shares are


class IntentModel:
    """Per feature, the intents it speaks for or against and by how much; a bias per intent."""

    def __init__(
        self,
        labels: Sequence[int],
        bias: Sequence[float],
        weights: Mapping[str, Sequence[tuple[int, float]]],
    ) -> None:
        self.labels = array("i", labels)  # class position -> intent position in the index
        self.bias = array("f", bias)
        self.weights = Postings(weights)  # feature -> (class position, weight)

    def shares(self, vector: Mapping[str, float]) -> dict[int, float]:
        """Intent position -> share (softmax of the decision values; they sum to one)."""
        values = list(self.bias)
        for feature, x in vector.items():
            classes, weights = self.weights.get(feature)
            for k, w in zip(classes, weights, strict=True):
                values[k] += w * x
        top = max(values)
        exps = [math.exp(SHARPNESS * (v - top)) for v in values]
        total = sum(exps)
        return {self.labels[k]: e / total for k, e in enumerate(exps)}


def train(
    vectors: Sequence[Mapping[str, float]], labels: Sequence[int], c: float = C, prune: float = PRUNE
) -> IntentModel | None:
    """Fit on the paraphrases' feature vectors and their intent positions; None when fewer than two intents."""
    classes = sorted(set(labels))
    if len(classes) < 2:
        return None
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.svm import LinearSVC

    columns: dict[str, int] = {}
    rows: list[int] = []
    cols: list[int] = []
    values: list[float] = []
    for r, vector in enumerate(vectors):
        for feature, x in vector.items():
            rows.append(r)
            cols.append(columns.setdefault(feature, len(columns)))
            values.append(x)
    matrix = csr_matrix((values, (rows, cols)), shape=(len(vectors), len(columns)))
    svm = LinearSVC(C=c, random_state=0, max_iter=5000, class_weight="balanced").fit(matrix, list(labels))
    coef = svm.coef_
    intercept = svm.intercept_
    if len(classes) == 2:  # a binary SVM keeps one weight row: the second class's, the first's is its opposite
        coef = np.vstack([-coef[0], coef[0]])
        intercept = np.array([-intercept[0], intercept[0]])
    names = {j: f for f, j in columns.items()}
    weights: dict[str, list[tuple[int, float]]] = {}
    kept_k, kept_j = np.nonzero(np.abs(coef) >= prune)
    for k, j in zip(kept_k.tolist(), kept_j.tolist(), strict=True):
        weights.setdefault(names[j], []).append((k, float(coef[k][j])))
    return IntentModel([int(c) for c in svm.classes_], [float(b) for b in intercept], weights)
