"""Answering a rules question: the rules that apply plus rulebook quotes, offline.

``ask`` stems the question in both languages, maps game words through the
bilingual glossary, ranks the engine's rules (BM25 over their summaries and
sheet statements) and the rulebook's sentences (BM25 over the FTS5 index),
and reports in the question's language. When too few of the question's
words are found anywhere, it says there is no good match instead of guessing.
A position (+ move) question is judged by the engine instead (see position.py).
"""

from __future__ import annotations

import textwrap
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from ..core.registry import list_games
from .errors import DeskError
from .glossary import analyze_groups
from .index import Hit, Index
from .ingest import ensure_shared
from .paths import index_path
from .position import Verdict, judge
from .rulematch import game_rules, rule_index
from .sections import map_heading
from .sheets import has_sheet, load_sheet, normalize_lang
from .text import detect_language, fold, guess_language

MAX_RULES = 3
MAX_PASSAGES = 3
MIN_COVERAGE = 0.5  # more than half of the question's words must be found
SECTION_BONUS = 0.1
PART_BONUS = 0.0
COORD_POWER = 1.0  # reward rules that cover more of the question's distinct words
DECISION_PRIOR = 0.85  # players mostly ask about the book's rules; project decisions rank a little lower
SAME_LANG_BONUS = 1.15

NO_MATCH = {
    "en": "No rule or rulebook passage matches this question well; try other words, or ask about one rule at a time.",
    "pt": "Nenhuma regra ou trecho do manual corresponde bem a esta pergunta; tente outras palavras, "
    "ou pergunte sobre uma regra de cada vez.",
}


@dataclass(frozen=True)
class RuleAnswer:
    id: str
    text: str
    section: str
    decision: bool
    score: float


@dataclass(frozen=True)
class Passage:
    quote: str
    section: str
    page: int | None
    source: str
    lang: str
    score: float


@dataclass
class Answer:
    """What ``bgb ask`` and the web ask box show; ``to_dict`` is JSON-safe."""

    game: str
    question: str
    language: str
    rules: list[RuleAnswer] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    verdict: Verdict | None = None
    no_good_match: bool = False
    coverage: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "question": self.question,
            "language": self.language,
            "rules": [{"id": r.id, "text": r.text, "section": r.section, "decision": r.decision} for r in self.rules],
            "passages": [
                {"quote": p.quote, "section": p.section, "page": p.page, "source": p.source, "lang": p.lang}
                for p in self.passages
            ],
            "verdict": self.verdict.to_dict() if self.verdict else None,
            "no_good_match": self.no_good_match,
            "message": NO_MATCH[self.language] if self.no_good_match else None,
        }

    def render(self, width: int = 88) -> str:
        """Plain text for the terminal, in the answer's language."""
        pt = self.language == "pt"
        out: list[str] = []
        if self.verdict:
            out += self.verdict.render(self.language, width)
        if self.no_good_match and not self.verdict:
            out += textwrap.wrap(NO_MATCH[self.language], width, break_on_hyphens=False)
        if self.rules:
            out += ["", "Regras:" if pt else "Rules:"]
            for r in self.rules:
                tag = " (decisão do projeto)" if pt and r.decision else " (project decision)" if r.decision else ""
                out += textwrap.wrap(
                    f"[{r.id}] {r.text}{tag}",
                    width,
                    initial_indent="  ",
                    subsequent_indent="    ",
                    break_on_hyphens=False,
                )
        if self.passages:
            out += ["", "No manual:" if pt else "In the rulebook:"]
            for p in self.passages:
                where = f"{p.source}, {p.section or '—'}" + (f", p. {p.page}" if p.page else "")
                out += textwrap.wrap(
                    f"“{p.quote}”", width, initial_indent="  ", subsequent_indent="   ", break_on_hyphens=False
                )
                out.append(f"    — {where}")
        return "\n".join(out).strip("\n") + "\n"


def _language(question: str, lang: str | None) -> str:
    if lang:
        return normalize_lang(lang)
    guess = guess_language(question, margin=2)
    return guess or ("pt" if detect_language(question, ("en", "pt")) == "pt" else "en")


@lru_cache(maxsize=4096)
def _folded(heading: str) -> str:
    return fold(heading)


def _rule_text(game: str, rule_id: str, summary: str, lang: str) -> str:
    if has_sheet(game):
        statements = load_sheet(game, lang).statements(rule_id)
        if statements:
            return " ".join(statements)
    return summary


def _pick_passages(hits: list[Hit], lang: str) -> list[Hit]:
    if not hits:
        return []

    def weight(h: Hit) -> float:  # a lead-in ending in ":" rarely answers by itself
        return h.score * (SAME_LANG_BONUS if h.lang == lang else 1.0) * (0.6 if h.text.endswith(":") else 1.0)

    ranked = sorted(hits, key=lambda h: -weight(h))
    best = ranked[0].score
    return [h for h in ranked if h.score >= 0.5 * best][:MAX_PASSAGES]


def ask(
    game: str,
    question: str,
    lang: str | None = None,
    *,
    position: str | None = None,
    move: str | None = None,
    index: Index | None = None,
) -> Answer:
    """Answer ``question`` about ``game`` (in ``lang`` or the question's own language).

    With ``position`` (the game's position text) and optionally ``move`` (an
    action code), the engine also judges the move and computes scores.
    """
    slug = str(game).strip().lower()
    text = " ".join(str(question or "").split())
    if not text and position is None:
        raise DeskError("the question is empty", "a pergunta está vazia")
    language = _language(text, lang) if text else normalize_lang(lang or "en")
    idx = index or Index(index_path())
    rules = game_rules(slug)
    if rules or position is None:
        ensure_shared(slug, idx)
    if not rules and not idx.documents(slug):
        known = sorted(set(idx.games()) | set(list_games()))
        raise DeskError(
            f"unknown game {game!r} (known: {', '.join(known)}); ingest its rulebook with `bgb ingest`",
            f"jogo desconhecido {game!r} (conhecidos: {', '.join(known)}); importe o manual com `bgb ingest`",
        )
    answer = Answer(slug, text, language)
    if position is not None or move is not None:
        answer.verdict = judge(slug, position, move, language)
    verdict_rule = answer.verdict.rule_id if answer.verdict else None
    if verdict_rule in rules:
        rule = rules[verdict_rule]
        summary = rule.summary_pt if language == "pt" else rule.summary_en
        answer.rules.append(
            RuleAnswer(rule.id, _rule_text(slug, rule.id, summary, language), rule.section, rule.decision, 1.0)
        )
    if not text:
        return answer
    other = "pt" if language == "en" else "en"
    groups = analyze_groups(text, (language, other), slug)
    terms = [t for g in groups for t in sorted(g)]
    hits = idx.search(slug, terms, limit=12)
    ranked = rule_index(slug).rank(terms, 12) if rules else []
    chosen = _pick_passages(hits, language)

    found: set[str] = set()
    if ranked:
        top = ranked[0].score
        best_hit = max((h.score for h in hits[:5]), default=0.0)
        scored: list[tuple[float, Any]] = []
        for rs in ranked:
            coord = sum(1 for g in groups if g & rs.terms) / len(groups)
            value = rs.score / top * coord**COORD_POWER * (DECISION_PRIOR if rs.rule.decision else 1.0)
            for h in hits[:5]:
                weight = h.score / best_hit if best_hit else 0.0
                if _folded(h.section) == _folded(rs.rule.section):
                    value += SECTION_BONUS * weight
                elif map_heading(h.section) and map_heading(h.section) == map_heading(rs.rule.section):
                    value += PART_BONUS * weight
            scored.append((value, rs))
        scored.sort(key=lambda pair: -pair[0])
        for value, rs in [pair for pair in scored if pair[1].rule.id != verdict_rule][:MAX_RULES]:
            answer.rules.append(
                RuleAnswer(
                    rs.rule.id,
                    _rule_text(
                        slug, rs.rule.id, rs.rule.summary_pt if language == "pt" else rs.rule.summary_en, language
                    ),
                    rs.rule.section,
                    rs.rule.decision,
                    round(value, 4),
                )
            )
        for _value, rs in scored[:MAX_RULES]:
            found |= rs.terms
    for h in chosen[:2]:
        found |= set(idx.chunk_terms(h.chunk_id).split())
    answer.passages = [
        Passage(h.quote if hasattr(h, "quote") else h.text, h.section, h.page, h.source, h.lang, round(h.score, 4))
        for h in chosen
    ]
    matched = sum(1 for g in groups if g & found)
    answer.coverage = matched / len(groups) if groups else 0.0
    answer.no_good_match = not groups or answer.coverage <= MIN_COVERAGE or not (answer.rules or answer.passages)
    if answer.no_good_match:
        answer.rules = [r for r in answer.rules if r.id == verdict_rule]
        answer.passages = []
    return answer


def answer_dict(answer: Answer) -> dict[str, Any]:
    return asdict(answer)
