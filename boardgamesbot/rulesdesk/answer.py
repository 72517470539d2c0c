"""Answering a rules question: a direct answer first, then the rules that say so, then rulebook quotes.

``ask`` reads the question (understand.py: language, text-speak, misspellings
against the game's own vocabulary, yes/no or open), then decides what answers it,
in this order:

1. a position (+ move): the engine judges it; its report (the game's
   DeskKit ``judge``) gives the consequence sentence and the rule that decides;
2. numbers the question states ("-1, 1 and 12 for objective 12?", "two pairs?"):
   the game's DeskKit ``reckon`` computes them with the engine's own code;
3. otherwise the game's intent knowledge base (faq.py, intents.py): the intent
   the question matches answers with its own sentence in the asker's language,
   "Yes —"/"No —" kept for a yes/no question and dropped for an open one;
4. a game without a knowledge base: the rules are ranked (BM25 over each rule's
   summaries and sheet statements, both languages meeting through the glossary)
   and the best rule's statements give the answering clause (compose.py).

A sheet statement of the answering rule that names the English how-to-play is
added as a note (a game's two sources disagree there; the note says which one the
engine follows). When the evidence is thin the desk abstains ("I am not sure; the
closest rules are ...") instead of answering with confidence; a confidence
(0..1) is always reported.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.registry import list_games
from .compose import Lead, lead_for, negated, sentences
from .errors import DeskError
from .faq import Intent, answer_body
from .glossary import analyze_groups, glossary_for
from .index import Hit, Index
from .ingest import ensure_shared
from .intents import Match, Ranked, intent_index
from .intents import confidence as intent_confidence
from .leads import end_sentence, intent_lead, reckon, verdict_lead
from .leads import verdict_rule as rule_of_verdict
from .lexicon import Vocabulary, count_words, slang, vocabulary
from .offtopic import outside_rules, written_for
from .paths import index_path
from .position import Verdict, judge
from .rerank import rerank
from .rulematch import RuleScore, game_rules, rule_index
from .sheets import has_sheet, load_sheet, normalize_lang
from .text import fold, stopwords
from .understand import Question, understand
from .variety import to_european

MAX_RULES = 3
MAX_PASSAGES = 3
MAX_QUOTE_TERMS = 24  # index terms of the question and its answer searched for quotes
SECTION_BONUS = 0.1
COORD_POWER = 1.0
DECISION_PRIOR = 0.9  # players mostly ask about the book's rules; project decisions rank a little lower
SAME_LANG_BONUS = 1.15
ABSTAIN_BELOW = 0.35
FULL_COVERAGE = 0.6  # a question whose content words the knowledge base knows less than this loses confidence,
NO_COVERAGE = 0.2  # ... all of it at this coverage or below (a question about something else)
OUTSIDE_RULES_CONFIDENCE = 0.05  # a question the rules do not settle, matched to an intent not written for it
OFF_TOPIC_SHARE = 0.5  # a question the classifier gives at least this share as "not about the rules" (offtopic.py)
ABSTAIN_INTENT = 0.1  # below this intent confidence the desk says it is not sure (0.2 -> 0.15 -> 0.1: the 18
# spent questions between 0.1 and 0.15, 3 of them from sets the classifier never learned from, were all answered
# right when answered; questions the rules do not settle sit below it at OUTSIDE_RULES_CONFIDENCE)
COUNT_Q = re.compile(r"\b(how many|how much|quant[oa]s?|qnts?)\b")
COUNT_BONUS = 1.6
LOOKALIKE = 0.7  # a second rule scoring this close to the first may be its look-alike
SOURCE_NOTE = re.compile(r"how-to-play|english|ingl[eê]s", re.IGNORECASE)
PARENTHESIS = re.compile(r"\([^)]*\)")  # an aside does not make a quote read as the opposite
OTHER_SOURCE = re.compile(r"how-to-play|english|\.en\.", re.IGNORECASE)  # a rulebook file of the other source

NOT_SURE = {
    "en": "I am not sure; the closest rules are {rules}.",
    "pt": "Não tenho certeza; as regras mais próximas são {rules}.",
}
NO_MATCH = {
    "en": "I am not sure: no rule or rulebook passage matches this question well; try other words, or ask about "
    "one rule at a time.",
    "pt": "Não tenho certeza: nenhuma regra ou trecho do manual corresponde bem a esta pergunta; tente outras "
    "palavras, ou pergunte sobre uma regra de cada vez.",
}
CONFIDENCE = {"en": "Confidence", "pt": "Confiança"}


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
    table: bool = False


@dataclass
class Answer:
    """What ``bgb ask``, the HTTP API and the web ask box show; ``to_dict`` is JSON-safe."""

    game: str
    question: str
    language: str
    answer: str = ""
    confidence: float = 0.0
    rules: list[RuleAnswer] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    verdict: Verdict | None = None
    no_good_match: bool = False
    abstained: bool = False
    notes: list[str] = field(default_factory=list)
    corrections: list[tuple[str, str]] = field(default_factory=list)
    coverage: float = 0.0
    intent: str | None = None  # the knowledge-base intent whose answer leads (None: the engine or the rules do)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "question": self.question,
            "language": self.language,
            "answer": self.answer,
            "confidence": round(self.confidence, 2),
            "abstained": self.abstained,
            "rules": [{"id": r.id, "text": r.text, "section": r.section, "decision": r.decision} for r in self.rules],
            "passages": [
                {
                    "quote": p.quote,
                    "section": p.section,
                    "page": p.page,
                    "source": p.source,
                    "lang": p.lang,
                    "table": p.table,
                }
                for p in self.passages
            ],
            "verdict": self.verdict.to_dict() if self.verdict else None,
            "notes": list(self.notes),
            "understood_as": {"corrections": [list(c) for c in self.corrections]},
            "no_good_match": self.no_good_match,
            "message": NO_MATCH[self.language] if self.no_good_match else None,
        }

    def render(self, width: int = 88) -> str:
        """Plain text for the terminal: the answer, the rule ids, the quotes."""
        pt = self.language == "pt"
        out: list[str] = []
        if self.answer:
            out += textwrap.wrap(self.answer, width, break_on_hyphens=False)
        out.append(f"({CONFIDENCE[self.language]}: {round(self.confidence * 100)}%)")
        if self.verdict:
            lines = self.verdict.scores.get("lines_" + self.language, self.verdict.scores.get("lines_en", []))
            for line in lines:
                out += textwrap.wrap(line, width, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False)
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
                if p.table:
                    out += ["  " + row for row in p.quote.split("\n")[:12]]
                else:
                    out += textwrap.wrap(
                        f"“{p.quote}”", width, initial_indent="  ", subsequent_indent="   ", break_on_hyphens=False
                    )
                out.append(f"    — {where}")
        return "\n".join(out).strip("\n") + "\n"


# ---- helpers -----------------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _folded(heading: str) -> str:
    return fold(heading)


def _statements(game: str, rule_id: str, lang: str) -> list[str]:
    if has_sheet(game):
        return load_sheet(game, lang).statements(rule_id)
    return []


def _answering_statements(game: str, rule_id: str, lang: str) -> list[str]:
    """What a rule's answer is taken from: its own statements (not notes on other sources); statements shared
    with other rules only when it has no statement of its own."""
    if not has_sheet(game):
        return []
    sheet = load_sheet(game, lang)
    own = [s for s in sheet.statements(rule_id, only=True) if not SOURCE_NOTE.search(s)]
    return own or [s for s in sheet.statements(rule_id) if not SOURCE_NOTE.search(s)]


def _states_number(game: str, rule_id: str, lang: str, groups: list[set[str]]) -> bool:
    """Whether a statement of the rule gives a count of something the question names ("two rounds")."""
    from .compose import NUMBER_WORDS

    for statement in _answering_statements(game, rule_id, lang):
        toks = re.findall(r"[\w-]+", statement)
        for i, tok in enumerate(toks):
            word = fold(tok)
            if word in ("one", "um", "uma"):  # also "a"/"an" in Portuguese: not evidence of a count
                continue
            if word in NUMBER_WORDS or (tok.isdigit() and len(tok) <= 2):
                after = " ".join(toks[i + 1 : i + 4])
                near = _terms(game, after, lang)
                if any(g & near for g in groups):
                    return True
    return False


def _rule_text(game: str, rule_id: str, summary: str, lang: str) -> str:
    statements = _statements(game, rule_id, lang)
    return " ".join(statements) if statements else summary


def _summary(rule: Any, lang: str) -> str:
    return str(rule.summary_pt if lang == "pt" else rule.summary_en)


@lru_cache(maxsize=8192)
def _terms(game: str, text: str, lang: str) -> frozenset[str]:
    other = "pt" if lang == "en" else "en"
    return frozenset(t for g in analyze_groups(text, (lang, other), game) for t in g)


def _game_texts(game: str, idx: Index) -> list[str]:
    texts: list[str] = []
    for rule in game_rules(game).values():
        texts += [rule.summary_en, rule.summary_pt, rule.section]
    if has_sheet(game):
        for lang in ("en", "pt"):
            sheet = load_sheet(game, lang)
            texts += sheet.intro + [ln for s in sheet.sections for ln in s.lines]
    for by_lang in glossary_for(game).concepts.values():
        for entries in by_lang.values():
            texts += entries
    for table in slang().values():
        texts += list(table.values())
    for doc in idx.documents(game):
        texts += [text for _seq, _s, _p, _pg, text in idx.chunks(doc.id)]
    from collections import Counter

    from .faq import knowledge_base
    from .text import words

    asked: Counter[str] = Counter()
    for intent in knowledge_base(game):
        texts += list(intent.answer.values())
        asked.update(fold(w) for _v, q in intent.paraphrases() for w in words(q))
    # the paraphrases' words, but not a misspelling written once on purpose ("peices"): that stays correctable
    texts.append(" ".join(w for w, n in asked.items() if n >= 2))
    return texts


def _vocab(game: str, idx: Index) -> Vocabulary:
    def build() -> Counter[str]:
        from .diskcache import cached, digest
        from .glossary import analyzer_version

        sheets = [ln for lang in ("en", "pt") for ln in _sheet_lines(game, lang)]
        from .faq import faq_path

        kb = faq_path(game)
        key = digest(
            game,
            analyzer_version(game),
            sheets,
            sorted(slang().items()),
            [d.sha256 for d in idx.documents(game)],
            kb.read_bytes() if kb is not None else b"",
        )
        return cached(f"words-{game}", key, lambda: count_words(_game_texts(game, idx)))

    return vocabulary(game, build)


def _sheet_lines(game: str, lang: str) -> list[str]:
    if not has_sheet(game):
        return []
    sheet = load_sheet(game, lang)
    return sheet.intro + [ln for s in sheet.sections for ln in s.lines]


# ---- the question as the matchers see it -------------------------------------------------------------
@dataclass
class QuestionView:
    """A question understood (language, text-speak, spelling), with its index terms and rule evidence."""

    q: Question
    langs: tuple[str, ...]
    groups: list[set[str]]
    rule_scores: dict[str, float]

    @property
    def tokens(self) -> list[str]:
        return self.q.tokens

    @property
    def ranking_tokens(self) -> list[str]:
        """The question's words, the main clause's counted twice when a leading "if/when ..." clause sets
        the scene: "if nobody makes six alike, at what point is the game over?" asks about the end. A bare
        main clause ("..., who wins?", "..., what then?") leaves the question to its condition."""
        if not self.q.main:
            return self.q.tokens
        main = self.q.main.split()
        content = [
            w
            for w in main
            if len(w) > 2 and fold(w) not in stopwords(self.q.lang) and not QUESTION_WORDS.search(fold(w))
        ]
        return self.q.tokens + main if len(content) >= 2 else self.q.tokens


def question_view(game: str, text: str, idx: Index | None = None) -> QuestionView:
    """Understand ``text`` for ``game`` and score the game's rules against it (BM25, best rule = 1)."""
    slug = str(game).strip().lower()
    idx = idx or Index(index_path())
    q = understand(text, None, _vocab(slug, idx))
    other = "pt" if q.lang == "en" else "en"
    groups = analyze_groups(q.text, (q.lang, other), slug)
    scores: dict[str, float] = {}
    if groups and game_rules(slug):
        ranked = rule_index(slug).rank([t for g in groups for t in sorted(g)], 12)
        if ranked:
            top = ranked[0].score
            scores = {rs.rule.id: rs.score / top for rs in ranked}
    return QuestionView(q, (q.lang, other), groups, scores)


# ---- ranking -------------------------------------------------------------------------------------
def _rank(slug: str, groups: list[set[str]], hits: list[Hit], exclude: str | None) -> list[tuple[float, RuleScore]]:
    terms = [t for g in groups for t in sorted(g)]
    ranked = rule_index(slug).rank(terms, 12)
    if not ranked:
        return []
    top = ranked[0].score
    best_hit = max((h.score for h in hits[:5]), default=0.0)
    scored: list[tuple[float, RuleScore]] = []
    for rs in ranked:
        coord = sum(1 for g in groups if g & rs.terms) / len(groups)
        value = rs.score / top * coord**COORD_POWER * (DECISION_PRIOR if rs.rule.decision else 1.0)
        for h in hits[:5]:
            weight = h.score / best_hit if best_hit else 0.0
            if _folded(h.section) == _folded(rs.rule.section):
                value += SECTION_BONUS * weight
        scored.append((value, rs))
    scored.sort(key=lambda pair: -pair[0])
    return [pair for pair in scored if pair[1].rule.id != exclude]


def _confidence(scored: list[tuple[float, RuleScore]], coverage: float) -> float:
    if not scored:
        return 0.0
    top = scored[0][0]
    second = scored[1][0] if len(scored) > 1 else 0.0
    margin = (top - second) / top if top > 0 else 0.0
    value = 0.45 * min(1.0, coverage) + 0.35 * min(1.0, margin * 2.5) + 0.2 * min(1.0, top)
    return max(0.0, min(1.0, value))


def _pick_passages(
    slug: str,
    hits: list[Hit],
    lang: str,
    rule_terms: frozenset[str],
    rule_section: str,
    lead_negative: bool | None,
    backing: frozenset[str] = frozenset(),
    other_source: bool = False,
) -> list[Hit]:
    """The rulebook passages to quote: found by the question (and the answer's words), weighted by how much
    they say what the answer says (``backing``: the answer's terms in both languages) and the rule's section."""
    if not hits:
        return []
    best = max(h.score for h in hits)

    def weight(h: Hit) -> float:
        value = h.score / best if best else 0.0
        chunk = _terms(slug, h.text, h.lang if h.lang in ("en", "pt") else lang)
        if rule_terms:
            value += 0.4 * len(chunk & rule_terms) / max(4, len(chunk))
        if backing and chunk:
            said = len(chunk & backing)
            if not said:
                return 0.0  # a passage sharing no word with the answer backs nothing
            value += 0.8 * said / (len(chunk) * len(backing)) ** 0.5
        if rule_section and _folded(h.section) == _folded(rule_section):
            value += 0.3
        if h.lang == lang:
            value *= SAME_LANG_BONUS
        if h.text.endswith(":"):
            value *= 0.6
        if h.text.startswith("| "):
            value *= 0.8  # a table supports an answer; a sentence states it
        if len(h.text.split()) < 6 and not h.text.startswith("| "):
            value *= 0.5  # a fragment ("■ 12 peças de ação") quotes nothing
        if lead_negative is not None and negated(PARENTHESIS.sub("", h.text), h.lang) != lead_negative:
            value *= 0.6  # a quote that reads as the opposite of the answer does not lead
        if other_source and OTHER_SOURCE.search(h.source):
            value *= 0.5  # where the sources disagree, the one the engine follows is quoted first
        return value

    weights = {h.chunk_id: weight(h) for h in hits}
    ranked = sorted(hits, key=lambda h: -weights[h.chunk_id])
    top = weights[ranked[0].chunk_id]
    return [h for h in ranked if weights[h.chunk_id] >= 0.5 * top and weights[h.chunk_id] > 0][:MAX_PASSAGES]


# ---- the answer ---------------------------------------------------------------------------------------
def ask(
    game: str,
    question: str,
    lang: str | None = None,
    *,
    position: str | None = None,
    move: str | None = None,
    index: Index | None = None,
) -> Answer:
    """Answer ``question`` about ``game`` in ``lang`` (default: the question's own language).

    With ``position`` (the game's position text) and optionally ``move`` (action
    code(s)), the engine judges the move and the answer leads with its consequence.
    """
    slug = str(game).strip().lower()
    text = " ".join(str(question or "").split())
    if not text and position is None:
        raise DeskError("the question is empty", "a pergunta está vazia")
    wanted = normalize_lang(lang) if lang else None
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
    view = question_view(slug, text, idx) if text else None
    q = view.q if view else Question("", wanted or "en", [])
    language = wanted or q.lang
    answer = Answer(slug, text, language, corrections=q.corrections)
    if position is not None or move is not None:
        answer.verdict = judge(slug, position, move, language)
    other = "pt" if q.lang == "en" else "en"
    groups = view.groups if view else []
    terms = [t for g in groups for t in sorted(g)]
    kb = intent_index(slug) if rules and view is not None else None
    # with a knowledge base the quotes are searched later, with the answer's words too
    hits = idx.search(slug, terms, limit=16 if rules else 40) if terms and kb is None else []

    def term_fn(clause: str) -> set[str]:
        return set(_terms(slug, clause, language))

    verdict_rule = rule_of_verdict(answer.verdict)
    ranking = (
        kb.rank(view.ranking_tokens, view.langs, view.rule_scores) if kb is not None and view is not None else Ranked()
    )
    counting = COUNT_Q.search(fold(q.raw)) is not None
    ranked: list[Match] = (
        rerank(kb, ranking, q.polar, counting, language, view.rule_scores) if kb is not None and view else []
    )
    if q.polar:
        ranked = _polar_first(ranked)
    if counting and not q.polar:
        ranked = _count_first(ranked, language)
    scored = _rank(slug, groups, hits, verdict_rule) if rules and groups and kb is None else []
    if scored and counting:  # "how many...?": a rule that states a number answers it
        top_value = scored[0][0]
        scored = sorted(
            scored,
            key=lambda pair: (
                -(
                    pair[0]
                    * (
                        COUNT_BONUS
                        if pair[0] >= 0.4 * top_value and _states_number(slug, pair[1].rule.id, language, groups)
                        else 1.0
                    )
                )
            ),
        )
    first: str | None = None
    lead = Lead("", "", None, 0.0)
    confidence = 0.0
    judged = answer.verdict is not None and answer.verdict.move is not None
    if answer.verdict is not None and judged:  # the engine's judgement leads, whatever the question says
        first, lead = verdict_lead(answer.verdict, q, language, groups, term_fn)
        confidence = 0.95
        if first is None and ranked:
            first = ranked[0].intent.main
        elif first is None and scored:  # no knowledge base: the best-matching rule backs the engine's words
            first = scored[0][1].rule.id
        if ranked and answer.verdict.legal is not False and counting:
            lead = _with_count(lead, ranked[0].intent, q, language, slug)
    if first is None and text and position is None:
        reckoned = reckon(slug, q, language)
        if reckoned is not None:
            first, lead = reckoned
            confidence = 0.9
    coverage = 0.0
    support: Intent | None = None  # the intent whose answer the quotes should back
    if first is None and ranked:  # the knowledge base: the matched intent's own answer
        top_match = ranked[0]
        first = top_match.intent.main
        lead = intent_lead(top_match.intent, q, language, slug)
        support = top_match.intent
        answer.intent = support.id
        coverage = kb.coverage(view.tokens) if kb is not None and view is not None else 1.0
        confidence = intent_confidence(ranked) * min(
            1.0, max(0.0, coverage - NO_COVERAGE) / (FULL_COVERAGE - NO_COVERAGE)
        )
        if outside_rules(text) and not written_for(p for _v, p in top_match.intent.paraphrases()):
            confidence = min(confidence, OUTSIDE_RULES_CONFIDENCE)  # play time, strategy, price: not a rule
        elif ranking.off_topic >= OFF_TOPIC_SHARE:
            confidence = min(confidence, OUTSIDE_RULES_CONFIDENCE)  # "what time is it?": game words, another topic
    elif first is None and scored:
        top = scored[0][1].rule
        first = top.id
        texts = _answering_statements(slug, top.id, language) or [_summary(top, language)]
        idf = rule_index(slug).idf
        main = analyze_groups(q.main, (q.lang, other), slug) if q.main else None
        lead = lead_for(texts, q, groups, term_fn, idf, main, counting=counting)
        found: set[str] = set()
        for _v, rs in scored[:MAX_RULES]:
            found |= rs.terms
        for h in hits[:2]:
            found |= set(idx.chunk_terms(h.chunk_id).split())
        coverage = sum(1 for g in groups if g & found) / len(groups) if groups else 0.0
        confidence = _confidence(scored, coverage)
        if q.polar and lead.polarity is True and len(scored) > 1 and scored[1][0] >= LOOKALIKE * scored[0][0]:
            # a "yes" on a clause that leaves out something the question names, which a look-alike rule
            # covers ("six different symbols win?"), would lead with the opposite: state both rules instead
            second = scored[1][1].rule
            other_texts = _answering_statements(slug, second.id, language) or [_summary(second, language)]
            missing = [g for g in groups if not g & term_fn(lead.sentence)]
            plain = Question(q.raw, q.lang, q.tokens)
            extra = lead_for(other_texts, plain, groups, term_fn, idf)
            if len(missing) == 1 and extra.text and missing[0] & term_fn(extra.sentence):
                lead = Lead(f"{end_sentence(lead.sentence)} {extra.text}", lead.sentence, None, lead.overlap)
        if q.contrast and len(scored) > 1:
            second = scored[1][1].rule
            other_texts = _answering_statements(slug, second.id, language) or [_summary(second, language)]
            plain = Question(q.raw, q.lang, q.tokens)
            extra = lead_for(other_texts, plain, groups, term_fn, idf)
            if extra.text and extra.text != lead.text:
                lead = Lead(f"{lead.text} {extra.text}", lead.sentence, lead.polarity, lead.overlap)
    answer.coverage = coverage
    # the rules list: the deciding rule first, then the best of the ranking
    ordered: list[str] = [first] if first and first in rules else []
    if verdict_rule and verdict_rule in rules and verdict_rule not in ordered:
        ordered.append(verdict_rule)
    for rid in _ranked_rules(ranked):
        if rid not in ordered:
            ordered.append(rid)
    for _value, rs in scored:
        if rs.rule.id not in ordered:
            ordered.append(rs.rule.id)
    for rid in ordered[:MAX_RULES]:
        rule = rules[rid]
        answer.rules.append(
            RuleAnswer(rid, _rule_text(slug, rid, _summary(rule, language), language), rule.section, rule.decision, 0.0)
        )
    # notes: where the sources disagree on the answering rule, say which one the engine follows
    if first and first in rules:
        for statement in _statements(slug, first, language):
            if SOURCE_NOTE.search(statement) and statement not in lead.text:
                answer.notes.append(statement)
        for note in rules.values():  # decisions that annotate the answering rule (e.g. a source disagreement)
            if note.annotates == first:
                text = _summary(note, language)
                if text not in answer.notes and text not in lead.text:
                    answer.notes.append(text)
    answer.confidence = confidence
    if not text:
        answer.answer = lead.text
        return answer
    if not rules:  # an ingested game without an engine: the best passage is the answer
        chosen = _pick_book_passages(slug, hits, groups, language, counting)
        found_terms: set[str] = set()
        for h in chosen[:2]:
            found_terms |= set(idx.chunk_terms(h.chunk_id).split())
        coverage = sum(1 for g in groups if g & found_terms) / len(groups) if groups else 0.0
        answer.coverage = coverage
        answer.confidence = min(1.0, coverage)
        answer.passages = [_passage(h) for h in chosen]
        if chosen and coverage >= 0.5:
            answer.answer = _quote_lead(chosen[0], language)
        else:
            answer.abstained = answer.no_good_match = True
            answer.answer = NO_MATCH[language]
            answer.passages = []
        return answer
    threshold = ABSTAIN_INTENT if ranked else ABSTAIN_BELOW
    if first is None or (confidence < threshold and answer.verdict is None):
        answer.abstained = True
        closest = [r for r in answer.rules][:2]
        if closest:
            names = (" e " if language == "pt" else " and ").join(f"{r.id} ({_short(r.text)})" for r in closest)
            answer.answer = NOT_SURE[language].format(rules=names)
        else:
            answer.no_good_match = True
            answer.answer = NO_MATCH[language]
    else:
        answer.answer = lead.text
        said = SOURCE_NOTE.search(lead.text) is not None
        if answer.notes and not said and (q.mentions_source or (not ranked and len(sentences(lead.text)) < 2)):
            answer.answer = f"{lead.text} {answer.notes[0]}"
    rule_terms: frozenset[str] = frozenset()
    rule_section = ""
    if first and first in rules:
        rule_terms = _terms(slug, " ".join([_summary(rules[first], "en"), _summary(rules[first], "pt")]), language)
        rule_section = rules[first].section
    backing: frozenset[str] = frozenset()
    if support is not None:  # quotes that back the answer: search with its words too, in both languages
        backing = _terms(slug, " ".join(answer_body(t) for t in support.answer.values()), language)
        rule_terms = rule_terms | backing
        # the answer's game concepts (its other words are mostly phrasing), then the question's own terms
        telling = sorted(t for t in backing if t.startswith("zc"))
        hits = idx.search(slug, list(dict.fromkeys(terms + telling))[:MAX_QUOTE_TERMS], limit=32)
    elif kb is not None and terms:
        hits = idx.search(slug, terms, limit=16)
    lead_negative = (
        negated(lead.sentence)
        if lead.sentence and lead.polarity is None
        else (None if lead.polarity is None else not lead.polarity)
    )
    answer.passages = (
        []
        if answer.abstained
        else [
            _passage(h)
            for h in _pick_passages(
                slug,
                hits,
                language,
                rule_terms,
                rule_section,
                lead_negative,
                backing,
                other_source=bool(answer.notes) or SOURCE_NOTE.search(answer.answer) is not None,
            )
        ]
    )
    if language == "pt" and q.european:
        answer.answer = to_european(answer.answer)
    return answer


CORE_PARTS = ("objective", "setup", "flow", "actions", "end")


def _pick_book_passages(
    slug: str, hits: list[Hit], groups: list[set[str]], lang: str, _counting: bool = False
) -> list[Hit]:
    """Passages of a rulebook with no engine behind it: BM25, a little more for the core rules (not
    variants, scenarios or credits) and for a section heading that names what the question asks about."""
    if not hits:
        return []
    best = max(h.score for h in hits)

    def weight(h: Hit) -> float:
        value = h.score / best if best else 0.0
        if h.part in CORE_PARTS:
            value *= 1.25
        heading = _terms(slug, h.section, lang) if h.section else frozenset()
        value += 0.15 * sum(1 for g in groups if g & heading)
        if h.text.startswith("| "):
            value *= 0.9
        if counting and cardinals(h.text):
            value *= 1.2
        return value

    from .compose import cardinals

    counting = bool(COUNT_Q.search(" ".join(sorted(t for g in groups for t in g)))) or _counting
    weights = {h.chunk_id: weight(h) for h in hits}
    ranked = sorted(hits, key=lambda h: -weights[h.chunk_id])
    top = weights[ranked[0].chunk_id]
    return [h for h in ranked if weights[h.chunk_id] >= 0.5 * top][:MAX_PASSAGES]


def _short(text: str) -> str:
    first = sentences(text)[0] if sentences(text) else text
    return first if len(first) <= 90 else first[:87].rsplit(" ", 1)[0] + "…"


def _passage(h: Hit) -> Passage:
    return Passage(h.text, h.section, h.page, h.source, h.lang, round(h.score, 4), h.text.startswith("| "))


def _quote_lead(hit: Hit, lang: str) -> str:
    said = "The rulebook says" if lang == "en" else "O manual diz"
    where = f" ({hit.section}" + (f", p. {hit.page})" if hit.page else ")") if hit.section else ""
    return f"{said}{where}: “{hit.text}”"


POLAR_CLOSE = 0.1  # a yes/no intent of the same rule this close to an open best intent answers a yes/no question


# a number standing alone ("6 tiles", "3 pontos"), not the digit of a square ("A1") or a move code ("R-A1", "3B4")
STANDALONE_NUMBER = re.compile(r"(?<![\w-])\d+(?![\w-])")


def _with_count(lead: Lead, intent: Intent, q: Question, lang: str, game: str) -> Lead:
    """A "how many...?" asked about a move whose judgement states no number ("I play Remove: how many tiles do I
    hold then?"): the matched intent's count comes right after the judgement, inside the first two sentences."""
    if STANDALONE_NUMBER.search(lead.text):
        return lead
    body = intent_lead(intent, q, lang, game).text
    if not STANDALONE_NUMBER.search(body):
        return lead
    parts = sentences(lead.text)
    text = " ".join([parts[0], end_sentence(body), *parts[1:]]) if parts else end_sentence(body)
    return Lead(text, lead.sentence, lead.polarity, lead.overlap)


def _promote(ranked: list[Match], close: float, fits: Callable[[Match], bool]) -> list[Match]:
    """The first of the next three intents that ``fits`` and scores within ``close`` of the best goes first."""
    top = ranked[0]
    for k, m in enumerate(ranked[1:4], start=1):
        if m.score >= top.score - close and fits(m):
            return [m, *ranked[:k], *ranked[k + 1 :]]
    return ranked


def _polar_first(ranked: list[Match]) -> list[Match]:
    """For a yes/no question, a close yes/no intent of the best intent's own rule goes first: "can I look at
    the card I draw before deciding?" is the yes of "you look at it", not the open "what can I do with it"."""
    if not ranked or ranked[0].intent.yes is not None:
        return ranked
    main = ranked[0].intent.main
    return _promote(ranked, POLAR_CLOSE, lambda m: m.intent.main == main and m.intent.yes is not None)


# an intent stating a number this close to a best one stating none answers "how many?" (0.1 -> 0.15: flat on the
# tuning sets, and "quantas peças de ação tem no saco?" stays 12)
COUNT_CLOSE = 0.15
HAS_NUMBER = re.compile(r"\d")


def _count_first(ranked: list[Match], lang: str) -> list[Match]:
    """For a "how many...?" question, a close intent whose answer states a number goes first: "how many action
    tiles are in the bag?" is the 12 action tiles, not "symbol and action tiles are mixed in one bag"."""

    def states_number(m: Match) -> bool:
        return HAS_NUMBER.search(answer_body(m.intent.answer[lang])) is not None

    if not ranked or states_number(ranked[0]):
        return ranked
    return _promote(ranked, COUNT_CLOSE, states_number)


def _ranked_rules(ranked: list[Match]) -> list[str]:
    """Rule ids in the order the intent ranking supports them: each intent's main rule at its score, its
    other rules at 0.8 of it (after the top intent's main rule, which always comes first)."""
    weight: dict[str, float] = {}
    for m in ranked[:8]:
        for k, rid in enumerate(m.intent.rules):
            value = m.score * (1.0 if k == 0 else 0.8)
            if value > weight.get(rid, -1.0):
                weight[rid] = value
    order = sorted(weight, key=lambda r: -weight[r])
    if ranked:
        main = ranked[0].intent.main
        order = [main] + [r for r in order if r != main]
    return order


QUESTION_WORDS = re.compile(
    r"^(what|who|how|when|where|which|why|happens|then|now|do|does|did|get|win|wins|quem|que|como|quando|onde|"
    r"qual|quais|acontece|faz|faco|agora|ganha|ganho|vence)$"
)
