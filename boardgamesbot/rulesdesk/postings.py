"""Feature -> a run of (position, weight) pairs, kept in two flat arrays.

The paraphrase index (intents.py: feature -> paraphrases) and the classifier
(intent_model.py: feature -> intents) both store this; flat arrays make a few
objects to pickle into the data dir's cache and to load on a cold start, not
thousands of lists.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence


class Postings:
    """Read-only after construction; ``get`` gives a feature's positions and weights (empty when unknown)."""

    def __init__(self, lists: Mapping[str, Sequence[tuple[int, float]]]) -> None:
        self.ids = array("i")
        self.weights = array("f")
        self.spans: dict[str, tuple[int, int]] = {}
        for feature, entries in lists.items():
            start = len(self.ids)
            self.ids.extend(i for i, _w in entries)
            self.weights.extend(w for _i, w in entries)
            self.spans[feature] = (start, len(self.ids))

    def get(self, feature: str) -> tuple[array[int], array[float]]:
        start, stop = self.spans.get(feature, (0, 0))
        return self.ids[start:stop], self.weights[start:stop]

    def __contains__(self, feature: object) -> bool:
        return feature in self.spans
