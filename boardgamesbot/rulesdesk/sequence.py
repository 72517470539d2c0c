"""Which of two actions a question puts first: "after drawing, can I still try an objective?" against "after
trying an objective, can I still draw?".

Both questions have the same words, so the word, pair and concept features of the intent index (intents.py)
cannot tell them apart, and their answers are opposite. A connective names the order: "after"/"depois de" and
"before"/"antes de" mark the action they introduce as the earlier or the later one, "then"/"e depois" marks the
action after it as the later one. The result is one feature per ordered pair of the glossary's concepts,
``seq:A>B`` (A happens first), in a block of its own (``s`` in intents.py, which adds evidence without taking
weight from the other blocks); without a connective the text says nothing about order and no feature is made.
"""

from __future__ import annotations

from .glossary import concept_spans
from .text import fold, words

# connectives, as folded word sequences: the action they introduce is the earlier one (AFTER), the later one
# (BEFORE), or the later one relative to the action named just before them (THEN)
AFTER = (("after",), ("once",), ("depois", "de"), ("depois", "da"), ("depois", "do"), ("apos",), ("assim", "que"))
BEFORE = (("before",), ("antes", "de"), ("antes", "da"), ("antes", "do"))
THEN = (
    ("then",), ("afterwards",), ("after", "that"), ("e", "depois"), ("e", "so", "depois"), ("e", "a", "seguir"),
    ("em", "seguida"), ("e", "entao"),
)  # fmt: skip
REACH = 5  # words after a connective within which the action it introduces must start
# concepts that are no action: being allowed, a card or a tile, at once
NOT_ACTIONS = frozenset({"zcallowed", "zcstart", "zcimmediate", "zccard", "zctile"})


# every connective with its kind, longest first (a "then" connective before an "after" one of the same length)
CONNECTIVES = sorted(
    [(m, kind) for kind, table in (("then", THEN), ("after", AFTER), ("before", BEFORE)) for m in table],
    key=lambda pair: -len(pair[0]),
)


def _markers(toks: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every connective, the longest where several start at one word."""
    found = []
    i = 0
    while i < len(toks):
        match = next(((m, kind) for m, kind in CONNECTIVES if tuple(toks[i : i + len(m)]) == m), None)
        if match:
            found.append((i, i + len(match[0]), match[1]))
            i += len(match[0])
        else:
            i += 1
    return found


def order_terms(text: str, langs: tuple[str, ...], game: str) -> list[str]:
    """``seq:A>B`` for each pair of actions whose order a connective states."""
    return ordered_pairs([fold(w) for w in words(text)], concept_spans(text, langs, game))


def ordered_pairs(toks: list[str], concept_at: list[tuple[int, str]]) -> list[str]:
    """:func:`order_terms` from the folded words and their concepts with positions (featurize has both)."""
    spans = [(at, c) for at, c in concept_at if c not in NOT_ACTIONS]
    terms: list[str] = []
    for start, end, kind in _markers(toks):
        where, introduced = next(((at, c) for at, c in spans if end <= at < end + REACH), (-1, ""))
        if not introduced:
            continue
        before = [c for at, c in spans if at < start and c != introduced]
        after = [c for at, c in spans if at > where and c != introduced]
        # the other action: the nearest one before the connective, else the first one after its clause
        other = before[-1] if before else after[0] if after else None
        if other is None:
            continue
        if kind == "after" or (kind == "before" and not before):
            first, then = introduced, other  # "after A, B" / "B after A"; "before B, A" reads the other way
            if kind == "before":
                first, then = other, introduced
        else:  # "A then B", "A before B"
            first, then = other, introduced
        terms.append(f"seq:{first}>{then}")
    return terms
