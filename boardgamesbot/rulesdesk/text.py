"""Turning words into search terms: accent folding, stemming, stop words.

Rulebook chunks, rule summaries, sheet sentences and questions all go through
:func:`terms`, so an accented Portuguese word, its unaccented spelling and its
plural land on the same index term, and glossary words of both languages land
on one shared concept term (see :mod:`.glossary`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import Stemmer

from ..core.text import fold

WORD_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)

# Language code -> PyStemmer algorithm.
STEMMERS = {
    "en": "english",
    "pt": "portuguese",
    "es": "spanish",
    "fr": "french",
    "de": "german",
    "it": "italian",
}

STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        [
            "a",
            "an",
            "the",
            "and",
            "or",
            "but",
            "if",
            "then",
            "than",
            "so",
            "of",
            "to",
            "in",
            "on",
            "at",
            "by",
            "for",
            "with",
            "from",
            "into",
            "onto",
            "about",
            "as",
            "is",
            "are",
            "was",
            "were",
            "be",
            "been",
            "being",
            "do",
            "does",
            "did",
            "doing",
            "have",
            "has",
            "had",
            "having",
            "i",
            "me",
            "my",
            "we",
            "our",
            "you",
            "your",
            "he",
            "she",
            "it",
            "its",
            "they",
            "them",
            "their",
            "this",
            "that",
            "these",
            "those",
            "what",
            "which",
            "who",
            "whom",
            "whose",
            "when",
            "where",
            "why",
            "how",
            "can",
            "could",
            "may",
            "might",
            "must",
            "shall",
            "should",
            "will",
            "would",
            "not",
            "no",
            "yes",
            "there",
            "here",
            "up",
            "down",
            "out",
            "over",
            "under",
            "again",
            "any",
            "all",
            "each",
            "every",
            "some",
            "such",
            "only",
            "own",
            "same",
            "too",
            "very",
            "just",
            "also",
            "more",
            "most",
            "other",
            "much",
            "many",
            "one",
            "s",
            "t",
            "don",
            "isn",
            "aren",
            "does",
            "doesn",
            "didn",
            "am",
            "get",
            "gets",
            "got",
            "let",
            "lets",
            "happen",
            "happens",
            "anything",
            "something",
            "thing",
            "things",
            "game",
            "rule",
            "rules",
            "play",
        ]
    ),
    "pt": frozenset(
        [
            "a",
            "o",
            "as",
            "os",
            "um",
            "uma",
            "uns",
            "umas",
            "de",
            "do",
            "da",
            "dos",
            "das",
            "em",
            "no",
            "na",
            "nos",
            "nas",
            "por",
            "pelo",
            "pela",
            "pelos",
            "pelas",
            "para",
            "pra",
            "com",
            "sem",
            "e",
            "ou",
            "mas",
            "se",
            "que",
            "quem",
            "qual",
            "quais",
            "quando",
            "onde",
            "como",
            "porque",
            "por",
            "que",
            "porquê",
            "é",
            "são",
            "era",
            "foram",
            "ser",
            "estar",
            "está",
            "estão",
            "esta",
            "este",
            "isto",
            "isso",
            "esse",
            "essa",
            "aquele",
            "aquela",
            "eu",
            "tu",
            "ele",
            "ela",
            "nós",
            "vós",
            "eles",
            "elas",
            "me",
            "te",
            "lhe",
            "nos",
            "vos",
            "lhes",
            "meu",
            "minha",
            "meus",
            "minhas",
            "seu",
            "sua",
            "seus",
            "suas",
            "nosso",
            "nossa",
            "ao",
            "aos",
            "à",
            "às",
            "já",
            "não",
            "sim",
            "há",
            "ter",
            "tem",
            "têm",
            "tenho",
            "pode",
            "posso",
            "podem",
            "podes",
            "deve",
            "devo",
            "devem",
            "muito",
            "mais",
            "menos",
            "também",
            "só",
            "sobre",
            "entre",
            "até",
            "depois",
            "antes",
            "cada",
            "todo",
            "toda",
            "todos",
            "todas",
            "outro",
            "outra",
            "outros",
            "outras",
            "mesmo",
            "mesma",
            "acontece",
            "acontecem",
            "coisa",
            "coisas",
            "jogo",
            "regra",
            "regras",
            "jogar",
            "vou",
            "vai",
            "fazer",
            "faz",
            "faço",
            "consigo",
            "eu",
            "quantas",
            "quantos",
            "quanto",
            "quanta",
        ]
    ),
}

EN_HINTS = frozenset(
    [
        "the",
        "what",
        "how",
        "can",
        "does",
        "is",
        "are",
        "my",
        "i",
        "you",
        "when",
        "where",
        "which",
        "who",
        "why",
        "many",
        "much",
        "if",
        "of",
    ]
)
PT_HINTS = frozenset(
    [
        "o",
        "que",
        "como",
        "posso",
        "pode",
        "quantas",
        "quantos",
        "qual",
        "quais",
        "quando",
        "onde",
        "é",
        "são",
        "minha",
        "meu",
        "não",
        "uma",
        "um",
        "há",
        "os",
        "as",
        "quem",
        "de",
        "da",
        "dos",
        "das",
        "no",
        "na",
        "nos",
        "nas",
        "em",
        "para",
        "com",
        "se",
        "eu",
        "ele",
        "ela",
        "tem",
        "sua",
        "seu",
    ]
)


def words(text: str) -> list[str]:
    """The words of ``text`` in order, as written (hyphenated words kept whole)."""
    return WORD_RE.findall(text)


@lru_cache(maxsize=16)
def stemmer(lang: str) -> Stemmer.Stemmer | None:
    algorithm = STEMMERS.get(lang[:2])
    return Stemmer.Stemmer(algorithm) if algorithm else None


def stem(word: str, lang: str) -> str:
    """Stem an already folded word; unknown languages keep the folded word."""
    st = stemmer(lang)
    return fold(st.stemWord(word)) if st else word


def stopwords(lang: str) -> frozenset[str]:
    return FOLDED_STOPWORDS.get(lang[:2], frozenset())


FOLDED_STOPWORDS = {lang: frozenset(fold(w) for w in ws) for lang, ws in STOPWORDS.items()}


def guess_language(text: str, margin: float = 1) -> str | None:
    """A fast guess between "en" and "pt" from function words and accents; None when the
    evidence differs by less than ``margin`` (then ask :func:`detect_language`)."""
    toks = [w.lower() for w in words(text)]
    en: float = sum(t in EN_HINTS for t in toks)
    pt: float = sum(t in PT_HINTS for t in toks) + 2 * bool(re.search(r"[ãõçáéíóúâêôà]", text.lower()))
    en += sum(t.endswith(("ing", "tion")) for t in toks)
    pt += sum(t.endswith(("ção", "ções", "nh", "lh")) or "nh" in t or "lh" in t for t in toks) * 0.5
    if abs(en - pt) < margin:
        return None
    return "en" if en > pt else "pt"


def detect_language(text: str, candidates: tuple[str, ...] = ("en", "pt", "es", "fr", "de", "it")) -> str:
    """The language of ``text`` (ISO 639-1). Uses lingua; slow to load once, so short
    questions try :func:`guess_language` first."""
    from lingua import IsoCode639_1

    detector = _detector(candidates)
    found = detector.detect_language_of(text)
    if found is None:
        return candidates[0]
    code = found.iso_code_639_1
    return code.name.lower() if isinstance(code, IsoCode639_1) else str(code).lower()


@lru_cache(maxsize=4)
def _detector(candidates: tuple[str, ...]) -> Any:
    from lingua import IsoCode639_1, LanguageDetectorBuilder

    codes = [getattr(IsoCode639_1, c.upper()) for c in candidates]
    return LanguageDetectorBuilder.from_iso_codes_639_1(*codes).build()
