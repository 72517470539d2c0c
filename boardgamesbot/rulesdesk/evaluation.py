"""Scoring the rules desk on an evaluation split (tests/rulesdesk/eval/<split>.json).

One scorer for ``bench/ask.py`` and the regression test, with the matching
rules of the set's README: a question is right at top-1 when the first cited
rule is one of ``expected_rules``, every ``answer_must`` group has an
alternative in the answer's first two sentences and no ``answer_must_not``
token is there; right at top-3 when an expected rule is among the first
three cited. Matching is whole-word, case- and accent-insensitive.
"""

from __future__ import annotations

import difflib
import json
import re
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.text import fold

EVAL_DIR = Path(__file__).resolve().parents[2] / "tests" / "rulesdesk" / "eval"

# The schema of an evaluation question (tests/rulesdesk/eval/README.md): its keys in order, the language tag
# its id carries, and its categories.
QUESTION_KEYS = (
    "id",
    "game",
    "lang",
    "category",
    "question",
    "position",
    "move",
    "expected_rules",
    "answer_must",
    "answer_must_not",
    "reference",
)
LANG_TAG = {"en": "en", "pt-BR": "ptbr", "pt-PT": "ptpt"}
CATEGORIES = ("direct", "paraphrase", "typo", "slang", "edge", "position")

# Held-out sets are only ever run whole, by bench/ask.py, and never read question by question; tuning sets
# may be read and tuned on. Each later set's questions carry an id prefix of their own.
HELD_OUT_SETS = ("test", "fresh", "fresh2", "fresh3", "fresh4", "fresh5")
# dev32 to dev39 are spent but not registered: the copy check (tests/rulesdesk/test_faq.py) would drop knowledge-base
# paraphrases, written before those sets, that players phrase the same way (docs/rulesdesk.md, "Session 8" and "9").
TUNING_SETS = ("dev", *(f"dev{n}" for n in range(2, 32)))
# blind sets of later sessions, spent once measured: tuned on, but not registered as TUNING_SETS (the knowledge
# base's older paraphrases would then fail test_faq's copy check against them)
SPENT_SETS = tuple(f"dev{n}" for n in range(32, 62))
ID_PREFIX = {
    **{f"dev{n}": f"d{n}" for n in range(2, 14)},
    **{f"dev{n}": f"dev{n}" for n in range(14, 74)},
    **{"fresh": "fr", "fresh2": "f2", "fresh3": "f3", "fresh4": "fresh4", "fresh5": "fresh5"},
}


def first_sentences(text: str, count: int = 2) -> str:
    return " ".join(re.split(r"(?<=[.!?])\s+", text.strip())[:count])


def mentions(text: str, token: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(fold(token))}(?!\w)", fold(text)) is not None


# Two questions of one game nearly repeat when their word sequences (folded) have a difflib ratio of at least
# NEAR_DUPLICATE and they expect a common rule, or at least NEAR_IDENTICAL whatever the rules ("What does the
# Move tile do?" and "What does the Trade tile do?" are different questions).
NEAR_DUPLICATE = 0.75
NEAR_IDENTICAL = 0.95


def normalized(question: str) -> str:
    return " ".join(re.findall(r"\w+", fold(question)))


def nearly_repeats(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two evaluation questions are one question: a held-out question that nearly repeats a tuning
    question measures memory, not understanding, so the bench reports the held-out figure without them too."""
    if one["game"] != other["game"]:
        return False
    shared_rule = bool(set(one["expected_rules"]) & set(other["expected_rules"]))
    limit = NEAR_DUPLICATE if shared_rule else NEAR_IDENTICAL
    matcher = difflib.SequenceMatcher(None, normalized(one["question"]), normalized(other["question"]), autojunk=False)
    return matcher.real_quick_ratio() >= limit and matcher.quick_ratio() >= limit and matcher.ratio() >= limit


def load_split(split: str, folder: Path = EVAL_DIR) -> list[dict[str, Any]]:
    return list(json.loads((folder / f"{split}.json").read_text("utf-8")))


@dataclass
class Scored:
    """One question's result."""

    qid: str
    lang: str
    category: str
    top1: bool
    top3: bool
    rule_ok: bool
    facts_ok: bool
    cited: list[str]
    lead: str
    ms: float
    abstained: bool = False


def facts_ok(question: dict[str, Any], lead: str) -> bool:
    """Whether ``lead`` (an answer's first two sentences) holds every required fact and no forbidden word."""
    return all(any(mentions(lead, t) for t in group) for group in question["answer_must"]) and not any(
        mentions(lead, t) for t in question["answer_must_not"]
    )


def score_one(question: dict[str, Any], answer: dict[str, Any], ms: float = 0.0) -> Scored:
    cited = [r["id"] for r in answer.get("rules", [])]
    lead = first_sentences(str(answer.get("answer") or ""))
    expected = set(question["expected_rules"])
    rule_ok = bool(cited) and cited[0] in expected
    facts = facts_ok(question, lead)
    return Scored(
        question["id"],
        question["lang"],
        question["category"],
        rule_ok and facts,
        bool(expected & set(cited[:3])),
        rule_ok,
        facts,
        cited,
        lead,
        ms,
        bool(answer.get("abstained")),
    )


def ask_question(question: dict[str, Any]) -> dict[str, Any]:
    from .answer import ask

    return ask(
        question["game"], question["question"], position=question.get("position"), move=question.get("move")
    ).to_dict()


def run(
    questions: Iterable[dict[str, Any]], asker: Callable[[dict[str, Any]], dict[str, Any]] = ask_question
) -> list[Scored]:
    out = []
    for q in questions:
        t0 = time.perf_counter()
        answer = asker(q)
        out.append(score_one(q, answer, (time.perf_counter() - t0) * 1000))
    return out


@dataclass
class Summary:
    n: int = 0
    top1: int = 0
    top3: int = 0
    abstained: int = 0
    groups: dict[str, dict[str, list[int]]] = field(default_factory=dict)

    @property
    def top1_rate(self) -> float:
        return self.top1 / self.n if self.n else 0.0

    @property
    def top3_rate(self) -> float:
        return self.top3 / self.n if self.n else 0.0


def summarise(results: list[Scored]) -> Summary:
    s = Summary(
        len(results), sum(r.top1 for r in results), sum(r.top3 for r in results), sum(r.abstained for r in results)
    )
    for kind, key in (("language", lambda r: r.lang), ("category", lambda r: r.category)):
        table: dict[str, list[int]] = {}
        for r in results:
            row = table.setdefault(key(r), [0, 0, 0])
            row[0] += 1
            row[1] += r.top1
            row[2] += r.top3
        s.groups[kind] = dict(sorted(table.items()))
    return s


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0
