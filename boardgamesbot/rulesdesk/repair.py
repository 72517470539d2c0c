"""Repairing text that PDF extraction broke: lost ligatures and line-end hyphens.

A PDF that drew "fi" as one glyph often extracts as "f  nal" or "f leira".
We rebuild the candidates ("final", "fileira") and keep one only when the
language's word list (wordfreq) knows it and the broken pieces are not words
themselves, so ordinary text ("of all", "if so") is never touched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordfreq import zipf_frequency

from .text import fold

# "f" at the end of a word fragment, 1-3 spaces, then the rest of the word.
LIGATURE_RE = re.compile(r"(?<![^\W\d_])([^\W\d_]*f)[ \u00a0]{1,3}([^\W\d_]+)")
HYPHEN_RE = re.compile(r"([^\W\d_]+)-\n([^\W\d_]+)")
LIGATURES = ("fi", "fl", "ff", "ffi", "ffl", "f")
KNOWN = 2.0  # zipf frequency from which a word counts as known
COMMON = 3.0  # a fragment this frequent is a real word: leave it alone


@dataclass(frozen=True)
class Repair:
    """One change made to the text, for the ingest report."""

    kind: str  # "ligature" or "hyphenation"
    before: str
    after: str


def _freq(word: str, lang: str) -> float:
    try:
        return max(zipf_frequency(word, lang), zipf_frequency(fold(word), lang))
    except LookupError:
        return 0.0


def _ligature(match: re.Match[str], lang: str) -> str | None:
    head, tail = match.group(1), match.group(2)
    if len(head) > 1 and _freq(head, lang) >= COMMON and _freq(tail, lang) >= KNOWN:
        return None
    stem = head[:-1]
    best, best_freq = None, KNOWN
    for lig in LIGATURES:
        candidate = stem + lig + tail
        freq = _freq(candidate.lower(), lang)
        if freq > best_freq:
            best, best_freq = candidate, freq
    return best


def repair_ligatures(text: str, lang: str) -> tuple[str, list[Repair]]:
    """Join "f  nal" -> "final" where the word list says so."""
    repairs: list[Repair] = []

    def fix(match: re.Match[str]) -> str:
        fixed = _ligature(match, lang)
        if fixed is None:
            return match.group(0)
        repairs.append(Repair("ligature", match.group(0), fixed))
        return fixed

    return LIGATURE_RE.sub(fix, text), repairs


def repair_hyphenation(text: str, lang: str) -> tuple[str, list[Repair]]:
    """Join "combina-\\nções" when the joined word is known; keep real hyphens ("coloca-\\nas")."""
    repairs: list[Repair] = []

    def fix(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        joined = head + tail
        joined_freq = _freq(joined.lower(), lang)
        if tail[:1].islower() and joined_freq >= KNOWN and joined_freq > _freq(f"{head}-{tail}".lower(), lang):
            repairs.append(Repair("hyphenation", f"{head}-{tail}", joined))
            return joined + "\n"
        return f"{head}-{tail}" + "\n" if tail[:1].islower() else match.group(0)

    return HYPHEN_RE.sub(fix, text), repairs


def repair_text(text: str, lang: str) -> tuple[str, list[Repair]]:
    """Both repairs, in order; returns the new text and what changed."""
    text, hyph = repair_hyphenation(text, lang)
    text, lig = repair_ligatures(text, lang)
    return text, hyph + lig
