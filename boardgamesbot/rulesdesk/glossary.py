"""Per-game bilingual glossary: English and Portuguese words meet on one concept.

An English question says "row", the Portuguese rulebook says "fileira"; both
become the index term ``zc_row``, so BM25 matches them with no translation
model. The word lists live in ``glossary/common.json`` and in each game's DeskKit glossary.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from .text import fold, stem, stopwords, words

CONCEPT_PREFIX = "zc"
LANGS = ("en", "pt")
MIN_STEM = 4


@dataclass
class Glossary:
    """Lookup tables built from the JSON word lists."""

    concepts: dict[str, dict[str, list[str]]]
    phrases: dict[tuple[str, ...], set[str]] = field(default_factory=dict)
    singles: dict[str, set[str]] = field(default_factory=dict)
    stems: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    max_phrase: int = 1

    def __post_init__(self) -> None:
        for concept, by_lang in self.concepts.items():
            term = f"{CONCEPT_PREFIX}{concept.replace('_', '')}"
            for lang in LANGS:
                for entry in by_lang.get(lang, []):
                    toks = tuple(fold(w) for w in words(entry))
                    if len(toks) > 1:
                        self.phrases.setdefault(toks, set()).add(term)
                        self.max_phrase = max(self.max_phrase, len(toks))
                    elif toks:
                        self.singles.setdefault(toks[0], set()).add(term)
                        self.stems.setdefault((lang, stem(toks[0], lang)), set()).add(term)

    def lookup(self, token: str, langs: tuple[str, ...]) -> set[str]:
        """Concept terms for one folded token (exact spelling, then its stem)."""
        found = set(self.singles.get(token, ()))
        if not found:
            for lang in langs:
                stemmed = stem(token, lang)
                if len(stemmed) >= MIN_STEM:  # short stems collide ("copa" vs "cópias")
                    found |= self.stems.get((lang, stemmed), set())
        return found

    def translations(self, concept_term: str, lang: str) -> list[str]:
        """Words of a concept in ``lang`` (for explaining matches)."""
        for concept, by_lang in self.concepts.items():
            if f"{CONCEPT_PREFIX}{concept.replace('_', '')}" == concept_term:
                return list(by_lang.get(lang, []))
        return []


def _parse(text: str) -> dict[str, dict[str, list[str]]]:
    data = json.loads(text)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def _common() -> dict[str, dict[str, list[str]]]:
    return _parse(resources.files(__package__).joinpath("glossary", "common.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def language_words() -> dict[str, frozenset[str]]:
    """The shared glossary's one-word entries that belong to one language only (folded): a
    typo-heavy question with few function words still shows its language by them ("trocar")."""
    found: dict[str, set[str]] = {"en": set(), "pt": set()}
    for by_lang in _common().values():
        for lang, ws in by_lang.items():
            found.setdefault(lang, set()).update(fold(w) for w in ws if " " not in w and not w.isdigit())
    return {
        lang: frozenset(ws - set().union(*(o for k, o in found.items() if k != lang))) for lang, ws in found.items()
    }


def _game_words(game: str) -> dict[str, dict[str, list[str]]]:
    """The glossary a registered game declares in its DeskKit ({} for other games)."""
    from ..core.registry import list_games, load_game

    if game not in list_games():
        return {}
    kit = load_game(game).desk_kit()
    if kit is None or kit.glossary is None or not kit.glossary.is_file():
        return {}
    return _parse(kit.glossary.read_text(encoding="utf-8"))


def _game_raw(game: str) -> dict[str, Any]:
    """The game's glossary file as it is, ``_`` keys included ({} for other games)."""
    from ..core.registry import list_games, load_game

    if game not in list_games():
        return {}
    kit = load_game(game).desk_kit()
    if kit is None or kit.glossary is None or not kit.glossary.is_file():
        return {}
    return dict(json.loads(kit.glossary.read_text(encoding="utf-8")))


@lru_cache(maxsize=64)
def opposed_concepts(game: str, states: bool = False) -> tuple[tuple[str, str], ...]:
    """The game glossary's ``_opposed`` pairs as concept terms: concepts that are different topics ("six
    alike" and "six different", an empty square and an occupied one), so a question naming one is not
    matched to a paraphrase that names only the other. With ``states`` also its ``_contrary`` pairs: two
    states of one thing (hidden/shown, face up/face down), which a question may well ask about the wrong
    way round ("are used action tiles kept secret?"), so they only turn a yes into a no."""
    raw = _game_raw(game)
    pairs = list(raw.get("_opposed", [])) + (list(raw.get("_contrary", [])) if states else [])
    return tuple((f"{CONCEPT_PREFIX}{a.replace('_', '')}", f"{CONCEPT_PREFIX}{b.replace('_', '')}") for a, b in pairs)


@dataclass(frozen=True)
class ValueConcept:
    """A concept that a bare number stands for in a game: in a card game where some values carry an ability,
    "I drew a 13" or "the cards 7 to 10" ask about that ability, though neither says "ability"."""

    term: str
    low: int
    high: int
    unless: tuple[str, ...]  # concept terms that give the number another meaning ("objective 12"), sorted


@lru_cache(maxsize=32)
def value_concepts(game: str) -> tuple[ValueConcept, ...]:
    """The game glossary's ``_values``: ``{"concept": {"from": 7, "to": 14, "unless": ["objective", ...]}}``."""
    data = _game_raw(game).get("_values", {})
    return tuple(
        ValueConcept(
            f"{CONCEPT_PREFIX}{name.replace('_', '')}",
            int(spec["from"]),
            int(spec["to"]),
            tuple(sorted(f"{CONCEPT_PREFIX}{u.replace('_', '')}" for u in spec.get("unless", []))),
        )
        for name, spec in sorted(data.items())
    )


def value_terms(tokens: list[str], found: list[str], game: str) -> list[str]:
    """The concepts the question's numbers stand for: every number it states (none signed, so no "+1"
    overlay or "-2" card) lies in the concept's range, and no concept of ``found`` gives them another
    meaning."""
    specs = value_concepts(game)
    if not specs:
        return []
    nums = [t for t in tokens if t.lstrip("+-").isdigit()]
    if not nums or any(not t.isdigit() for t in nums):
        return []
    values = [int(t) for t in nums]
    have = set(found)
    return [
        spec.term
        for spec in specs
        if all(spec.low <= v <= spec.high for v in values) and not have.intersection(spec.unless)
    ]


@lru_cache(maxsize=32)
def glossary_for(game: str) -> Glossary:
    """Common words plus the game's own list (unknown games get the common list)."""
    merged = _common()
    for concept, by_lang in _game_words(game).items():
        merged[concept] = {lang: merged.get(concept, {}).get(lang, []) + by_lang.get(lang, []) for lang in LANGS}
    return Glossary(merged)


def analyze_groups(text: str, langs: tuple[str, ...], game: str) -> list[set[str]]:
    """Index terms per word of ``text``: glossary concepts (phrases too), else the word's stems.

    ``langs`` are the languages to stem in: one for a rulebook chunk, both for a
    question so a mis-guessed language still matches. Stop words and the game's
    own name give no group.
    """
    gl = glossary_for(game)
    toks = [fold(w) for w in words(text)]
    stops = frozenset().union(*(stopwords(lang) for lang in langs))
    groups: list[set[str]] = []
    i = 0
    while i < len(toks):
        for size in range(min(gl.max_phrase, len(toks) - i), 1, -1):
            concept = gl.phrases.get(tuple(toks[i : i + size]))
            if concept:
                groups.append(set(concept))
                break
        tok = toks[i]
        i += 1
        if tok in stops or tok == game or (len(tok) < 2 and not tok.isdigit()):
            continue
        groups.append(gl.lookup(tok, langs) or {stem(tok, lang) for lang in langs})
    return groups


def concepts(text: str, langs: tuple[str, ...], game: str) -> list[str]:
    """The glossary concepts of ``text``, a phrase taking its words with it: "trocar com a mão" is the
    trade concept only, not also "swap" (as in :func:`analyze_groups`, which keeps both for BM25)."""
    return [concept for _at, concept in concept_spans(text, langs, game)]


def concept_spans(text: str, langs: tuple[str, ...], game: str) -> list[tuple[int, str]]:
    """:func:`concepts` with the position (word index of the folded text) where each one starts."""
    gl = glossary_for(game)
    toks = [fold(w) for w in words(text)]
    found: list[tuple[int, str]] = []
    i = 0
    while i < len(toks):
        for size in range(min(gl.max_phrase, len(toks) - i), 1, -1):
            concept = gl.phrases.get(tuple(toks[i : i + size]))
            if concept:
                found += [(i, c) for c in sorted(concept)]
                i += size
                break
        else:
            found += [(i, c) for c in sorted(gl.lookup(toks[i], langs))]
            i += 1
    return found


def analyze(text: str, langs: tuple[str, ...], game: str) -> list[str]:
    """The flat term list of :func:`analyze_groups` (what goes into the FTS index)."""
    return [term for group in analyze_groups(text, langs, game) for term in sorted(group)]


# Bump PIPELINE_REVISION when extraction, repair or sectioning changes (stored rulebooks are re-read);
# the glossary digest after the colon changes by itself when a word list changes (chunks are re-analysed).
PIPELINE_REVISION = "4"


@lru_cache(maxsize=32)
def analyzer_version(game: str) -> str:
    """Changes whenever the glossary or the term pipeline changes, so stale indexes are rebuilt."""
    import hashlib

    digest = hashlib.sha256()
    for word_list in (_common(), _game_words(game)):
        digest.update(json.dumps(word_list, sort_keys=True).encode())
    digest.update(repr((value_concepts(game), opposed_concepts(game, states=True))).encode())
    return f"{PIPELINE_REVISION}:{digest.hexdigest()[:16]}"
