"""Ranking a game's rules against a question (Okapi BM25 over small rule documents).

Each rule is one document made of its engine summaries (en + pt), the
rulebook heading it cites and the sheet statements that carry its id, all
passed through the bilingual glossary, so a question in either language finds
the rule. With only a few dozen documents of very different lengths, BM25 runs
here in Python with weaker length normalisation (b=0.5): a rule the sheet states
twice should not lose to a one-line rule for that reason alone. (Rulebook
chunks, which are many and alike in size, use SQLite FTS5's BM25.)
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..core.rules import RuleInfo
from .glossary import analyze
from .sheets import has_sheet, load_sheet

K1 = 1.2
SOURCE_NOTE = re.compile(r"how-to-play|english|ingl[eê]s", re.IGNORECASE)
B = 0.5


@dataclass(frozen=True)
class RuleScore:
    rule: RuleInfo
    score: float
    terms: frozenset[str]


def game_rules(game: str) -> dict[str, RuleInfo]:
    """The engine's rule table (``Game.rules``); {} for games without an engine."""
    from ..core.errors import UnknownGame
    from ..core.registry import load_game

    try:
        return dict(load_game(game).rules)
    except UnknownGame:
        return {}


class RuleIndex:
    """BM25 over the rules of one game."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.rules = game_rules(game)
        self.counts: dict[str, Counter[str]] = {}
        self.terms: dict[str, frozenset[str]] = {}
        sheets = {lang: load_sheet(game, lang) for lang in ("en", "pt")} if has_sheet(game) else {}
        for rid, rule in self.rules.items():
            parts = analyze(rule.summary_en, ("en",), game) + analyze(rule.summary_pt, ("pt",), game)
            parts += analyze(rule.section, ("pt", "en"), game)
            for lang, sheet in sheets.items():
                for sentence in sheet.statements(rid):
                    if not SOURCE_NOTE.search(sentence):  # a note on what another source says is not the rule
                        parts += analyze(sentence, (lang,), game)
            self.counts[rid] = Counter(parts)
            self.terms[rid] = frozenset(parts)
        n = len(self.rules)
        df = Counter(t for terms in self.terms.values() for t in terms)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.length = {rid: sum(c.values()) for rid, c in self.counts.items()}
        self.avg = sum(self.length.values()) / n if n else 1.0

    def rank(self, terms: list[str], limit: int = 10) -> list[RuleScore]:
        unique = [t for t in dict.fromkeys(terms) if t in self.idf]
        if not unique:
            return []
        scored = []
        for rid, counts in self.counts.items():
            if self.rules[rid].annotates is not None:  # a note on another rule is added to that rule's answer
                continue
            norm = K1 * (1 - B + B * self.length[rid] / self.avg)
            score = sum(self.idf[t] * counts[t] * (K1 + 1) / (counts[t] + norm) for t in unique if counts[t])
            if score > 0:
                scored.append(RuleScore(self.rules[rid], score, self.terms[rid]))
        scored.sort(key=lambda s: (-s.score, s.rule.id))
        return scored[:limit]


@lru_cache(maxsize=16)
def rule_index(game: str) -> RuleIndex:
    """The game's rule index, from the on-disk cache when nothing it is built from has changed."""
    from .diskcache import cached, digest
    from .glossary import analyzer_version

    rules = game_rules(game)
    sheets = {lang: load_sheet(game, lang) for lang in ("en", "pt")} if has_sheet(game) else {}
    key = digest(
        game,
        analyzer_version(game),
        sorted((r.id, r.section, r.summary_en, r.summary_pt, r.decision, r.annotates or "") for r in rules.values()),
        {lang: [sheet.intro, [s.lines for s in sheet.sections]] for lang, sheet in sheets.items()},
    )
    return cached(f"rules-{game}", key, lambda: RuleIndex(game))
