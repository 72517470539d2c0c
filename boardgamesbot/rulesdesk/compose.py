"""The first sentence of an answer: which statement answers the question, and yes or no.

A rule's statements (the sheet's sentences carrying its id) are cut into
clauses; the clause sharing the most (idf-weighted) terms with the question is
the one that answers it. For a yes/no question its polarity gives the answer:

- a negation in the clause ("not", "never", "não", "nenhum"...) answers no;
- "at most one" / "no máximo uma" and the like, or a number in the clause that
  differs from the number the question asks about, answer no ("two objectives
  in one turn?" against "at most one attempt");
- "only then" / "só ... nesse caso" make the clause conditional: yes when the
  question states the condition (same terms, same negation), otherwise no;
- a question that restricts ("only neighbours?") against a clause that says
  "any" answers no; "does it matter whether..." against a clause that allows
  both answers no.

Nothing here knows a game: the words are the statements' own.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .text import fold
from .understand import Question

NEGATIONS = {
    "not", "no", "never", "cannot", "nothing", "none", "nobody", "neither", "nor", "nao", "nunca", "nenhum",
    "nenhuma", "nada", "ninguem", "nem", "jamais",
}  # fmt: skip
NOT_NEGATION = re.compile(r"\b(no matter|nothing but|not only|nao so|nao importa|no more than)\b")
AT_MOST = re.compile(
    r"\b(at most (one|1)|only one|a single|just one|no maximo (um|uma|1)|uma unica|um unico|so (um|uma)|"
    r"apenas (um|uma)|exactly one|exatamente (um|uma))\b"
)
ONLY_IF = re.compile(
    r"\b(only (then|when|if|in that case)|so (quando|se)|so pode \w+ nesse caso|somente (quando|se)|apenas (quando|se)|nesse caso)\b"
)
ANY = re.compile(r"\b(any|qualquer|quaisquer|whichever)\b")
BOTH_WAYS = re.compile(r"\b(\w+ or \w+ \w+|\w+ ou \w+|either|tanto faz|whether or not)\b")
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "um": 1, "uma": 1, "dois": 2,
    "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
}  # fmt: skip
LABELS = {
    "round", "rounds", "rodada", "ronda", "turn", "row", "line", "column", "objective", "objetivo", "linha",
    "coluna", "fileira", "seat", "lugar", "assento", "player", "jogador", "card", "carta", "pile", "monte",
}  # fmt: skip
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9À-Ú(])")
CLAUSE_SPLIT = re.compile(r";\s+|,\s+(?=(?:but|mas|and if|e se|so|então|while|enquanto)\b)")

MIN_POLAR_COVER = 0.34  # a yes/no needs a clause about at least a third of what the question names
YES = {"en": "Yes", "pt": "Sim"}
NO = {"en": "No", "pt": "Não"}


@dataclass(frozen=True)
class Lead:
    text: str
    sentence: str
    polarity: bool | None
    overlap: float


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_SPLIT.split(text.strip()) if s.strip()]


PAREN_RE = re.compile(r"\s*\(([^()]*)\)")


def clauses(sentence: str) -> list[str]:
    return [c.strip() for c in CLAUSE_SPLIT.split(sentence) if c.strip()]


def _stems(text: str) -> list[str]:
    from .text import stem, stopwords

    stops = stopwords("en") | stopwords("pt")
    return [stem(w, "pt")[:5] for w in re.findall(r"[a-z0-9]+", fold(text)) if w not in stops]


def _bigrams(text: str) -> set[tuple[str, str]]:
    toks = _stems(text)
    return set(itertools.pairwise(toks))


def asked_part(clause: str, question: Question, q_groups: list[set[str]], terms: Callable[[str], set[str]]) -> str:
    """The part of a clause (outside or inside a parenthesis) that speaks of what the question asks: the one
    sharing most word pairs with the question, then most terms. Its negation is the answer's."""
    parts = [PAREN_RE.sub("", clause).strip(), *PAREN_RE.findall(clause)]
    parts = [p for p in parts if p.strip()]
    if len(parts) < 2:
        return clause
    q_pairs = _bigrams(question.raw)

    def score(part: str) -> tuple[int, int, bool]:
        return len(q_pairs & _bigrams(part)), sum(1 for g in q_groups if g & terms(part)), negated(part)

    return max(parts, key=score)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text))


@lru_cache(maxsize=8192)
def negated(text: str, lang: str | None = None) -> bool:
    """Whether ``text`` says "not". In Portuguese "no" is "in the" ("no tabuleiro"), not a negation."""
    folded = NOT_NEGATION.sub(" ", fold(text))
    words = NEGATIONS - {"no"} if lang == "pt" else NEGATIONS
    return any(w in words for w in re.findall(r"[a-z]+", folded)) or "n't" in folded


def cardinals(text: str) -> set[int]:
    """Counts a text states ("two tiles", "3 cards"), not labels ("round 2", "row 3") nor card values."""
    found: set[int] = set()
    toks = _words(text)
    for i, w in enumerate(toks):
        value = NUMBER_WORDS.get(w) if w in NUMBER_WORDS else (int(w) if w.isdigit() and len(w) <= 2 else None)
        if value is None:
            continue
        if i and toks[i - 1] in LABELS:
            continue
        if w in ("um", "uma", "one") and i + 1 < len(toks) and toks[i + 1] in ("vez", "go", "time"):
            continue
        found.add(value)
    return found


def polarity(clause: str, question: Question, q_groups: list[set[str]], terms: Callable[[str], set[str]]) -> bool:
    """True = yes, False = no, for a yes/no question answered by ``clause``."""
    folded = fold(clause)
    answer = not negated(asked_part(clause, question, q_groups, terms))
    q_counts = cardinals(question.raw)
    c_counts = cardinals(clause)
    if (AT_MOST.search(folded) and any(n > 1 for n in q_counts)) or (
        c_counts and q_counts and not (q_counts & c_counts) and max(q_counts) > 1
    ):
        answer = False
    if ONLY_IF.search(folded):
        condition = ONLY_IF.split(folded)[0]
        cond_terms = terms(condition)
        shared = sum(1 for g in q_groups if g & cond_terms)
        q_neg = negated(question.raw)
        c_neg = negated(condition)
        answer = shared >= 1 and q_neg == c_neg if c_neg else shared >= 2
    if question.only and ANY.search(folded):
        answer = False
    if question.matter:
        answer = not answer if not BOTH_WAYS.search(folded) else False
    return answer


def best_clause(
    texts: list[str],
    q_groups: list[set[str]],
    terms: Callable[[str], set[str]],
    idf: dict[str, float],
    main: list[set[str]] | None = None,
    counting: bool = False,
) -> tuple[str, str, float]:
    """(sentence, clause, overlap) of the clause among ``texts`` sharing most weighted terms with the question."""
    best: tuple[float, int, str, str] = (-1.0, 0, "", "")
    order = 0
    for text in texts:
        for sentence in sentences(text):
            for clause in clauses(sentence):
                ct = terms(clause)
                score = sum(
                    max((idf.get(t, 1.0) for t in g & ct), default=0.0) * (1.0 if main is None or g in main else 0.3)
                    for g in q_groups
                )
                if counting and counts_something(clause, q_groups, terms):
                    score += 2.0
                order += 1
                if score > best[0] or (score == best[0] and order < best[1]):
                    best = (score, order, sentence, clause)
    return best[2], best[3], max(best[0], 0.0)


def counts_something(clause: str, q_groups: list[set[str]], terms: Callable[[str], set[str]]) -> bool:
    """The clause gives a count of something the question names ("two rounds", "4 cartas")."""
    toks = re.findall(r"[\w-]+", clause)
    for i, tok in enumerate(toks):
        if fold(tok) in NUMBER_WORDS or (tok.isdigit() and len(tok) <= 2):
            near = terms(" ".join(toks[i + 1 : i + 4]))
            if any(g & near for g in q_groups):
                return True
    return False


def yes_no(lang: str, value: bool) -> str:
    return (YES if value else NO)[lang]


def lead_for(
    texts: list[str],
    question: Question,
    q_groups: list[set[str]],
    terms: Callable[[str], set[str]],
    idf: dict[str, float],
    main: list[set[str]] | None = None,
    counting: bool = False,
) -> Lead:
    """The answering sentence of a rule's statements, with yes/no in front for a yes/no question.

    ``main``: the question's terms outside a leading "if/when ..." clause, which weigh double."""
    sentence, clause, overlap = best_clause(texts, q_groups, terms, idf, main, counting)
    if not sentence:
        return Lead("", "", None, 0.0)
    if not question.polar:
        return Lead(_finish(sentence), sentence, None, overlap)
    covered = sum(1 for g in q_groups if g & terms(clause))
    if q_groups and covered < MIN_POLAR_COVER * len(q_groups):
        return Lead(_finish(sentence), sentence, None, overlap)  # it does not say what was asked: no yes/no
    value = polarity(clause, question, q_groups, terms)
    body = _finish(_label_free(sentence))
    return Lead(f"{yes_no(question.lang, value)} — {_lower_first(body)}", sentence, value, overlap)


def _label_free(sentence: str) -> str:
    """ "Swap (action tile): two tiles..." -> "two tiles...": a label reads badly after "Yes —"."""
    match = re.match(r"^[^:;,.]{1,40}:\s+(?=\S)", sentence)
    return sentence[match.end() :] if match else sentence


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[0].isupper() and not text[1].isupper() and not text.split()[0].isupper():
        return text[0].lower() + text[1:]
    return text


def _finish(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
