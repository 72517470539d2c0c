"""Spelling tolerance: a question's misspelt words are mapped onto the game's own vocabulary.

The vocabulary of a game is every word of its rule summaries, its sheets, its
glossary (both languages) and its ingested rulebooks. A question word that is
not in it is replaced by the closest vocabulary word (optimal string alignment
distance 1, or 2 for words of six letters or more, via rapidfuzz) only when
the question word is much rarer in ordinary English and Portuguese than the
candidate: "peices" -> "pieces", "wroth" -> "worth", "baraio" -> "baralho",
while "dude" or "cool" are left alone. Word frequencies come from wordfreq's
lists, copied once into a small SQLite table in the data dir so a question
never loads the lists themselves.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .paths import data_dir
from .text import fold, stopwords, words

LEXICON_VERSION = "1"
TOP_WORDS = 80_000
RARER_BY = 1.5  # the question word must be this much rarer (zipf) than the correction
UNKNOWN = 1.0  # below this zipf a word counts as unknown whatever the candidate
COMMON = 3.0  # a word this common is a word in its own right ("bake", "esgotar"), never a misspelling


_lock = threading.Lock()


def _lexicon_file() -> Path:
    return data_dir() / f"lexicon-{LEXICON_VERSION}.sqlite3"


def _build(path: Path) -> None:
    from wordfreq import get_frequency_dict

    best: dict[str, float] = {}
    for lang in ("en", "pt"):
        freqs = get_frequency_dict(lang)
        for n, (word, freq) in enumerate(freqs.items()):
            if n >= TOP_WORDS:
                break
            key = fold(word)
            zipf = math.log10(freq * 1e9) if freq > 0 else 0.0
            if zipf > best.get(key, -1.0):
                best[key] = zipf
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    conn.execute("CREATE TABLE words (word TEXT PRIMARY KEY, zipf REAL NOT NULL) WITHOUT ROWID")
    conn.executemany("INSERT INTO words VALUES (?, ?)", best.items())
    conn.commit()
    conn.close()
    tmp.replace(path)


_conn: dict[str, sqlite3.Connection] = {}


def _connection() -> sqlite3.Connection | None:
    path = _lexicon_file()
    key = str(path)
    with _lock:
        conn = _conn.get(key)
        if conn is not None:
            return conn
        if not path.exists():
            try:
                _build(path)
            except (OSError, sqlite3.Error, ImportError):
                return None
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        _conn[key] = conn
        return conn


@lru_cache(maxsize=8192)
def zipf(word: str) -> float:
    """How common a (folded) word is in English or Portuguese, on wordfreq's zipf scale (0 = unknown)."""
    conn = _connection()
    if conn is None:
        return 0.0
    row = conn.execute("SELECT zipf FROM words WHERE word = ?", (word,)).fetchone()
    return float(row[0]) if row else 0.0


@lru_cache(maxsize=1)
def slang() -> dict[str, dict[str, str]]:
    data = json.loads(resources.files(__package__).joinpath("glossary", "slang.json").read_text(encoding="utf-8"))
    return {lang: {k.lower(): v for k, v in table.items()} for lang, table in data.items() if not lang.startswith("_")}


SOUND_ALIKE = ((re.compile(r"ss"), "c"), (re.compile(r"sc(?=[ei])"), "c"), (re.compile(r"(?<=\w\w)u(s?)$"), r"o\1"))


def sound_alikes(token: str) -> list[str]:
    """Spellings of a (folded) word written as it sounds in Portuguese: "pessas" is "pecas" (peças),
    "acontesse" is "acontece", "possu" is "posso". Tried before the edit distance, which would find
    a nearer wrong word ("essas")."""
    found = []
    for pattern, repl in SOUND_ALIKE:
        changed = pattern.sub(repl, token)
        if changed != token:
            found.append(changed)
    return found


class Vocabulary:
    """The words of one game, with how often they occur in its texts."""

    def __init__(self, counts: Counter[str]) -> None:
        self.counts = counts
        self.words = sorted(counts)

    def __contains__(self, word: str) -> bool:
        return word in self.counts

    def correct(self, token: str) -> str | None:
        """The vocabulary word ``token`` is a misspelling of, or a Portuguese diminutive of, or None."""
        if token in self.counts or len(token) < 3 or not token.isalpha():
            return None
        base = self.undiminished(token)
        if base is not None:
            return base
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        if zipf(token) < COMMON:
            alike = next((w for w in sound_alikes(token) if w in self.counts), None)
            if alike is not None:
                return alike
        limit = 1 if len(token) <= 5 else 2
        found = process.extract(token, self.words, scorer=OSA.distance, score_cutoff=limit, limit=12)
        # a function word carries no topic: "esgotar" read as "estar" would only lose what was asked
        stops = stopwords("en") | stopwords("pt")
        closest = min((f[1] for f in found), default=0)
        found = [f for f in found if f[0] not in stops]
        if not found or min(f[1] for f in found) > closest:
            # a misspelt function word ("mnay" is "many", "hvae" is "have"): the word itself when it is one
            # letter off and the typed word is no word at all; never a farther word of the game ("apenas")
            function = [f[0] for f in process.extract(token, sorted(stops), scorer=OSA.distance, score_cutoff=1)]
            if closest == 1 and len(token) >= 4 and zipf(token) < UNKNOWN and function:
                # two letters swapped before one added or lost: "mnay" is "many", not "may"
                return max(function, key=lambda w: (sorted(w) == sorted(token), len(w) == len(token), zipf(w), w))
            return None
        known = zipf(token)
        if known >= COMMON:
            return None
        best = min(found, key=lambda f: (f[1], -self.counts[f[0]], -zipf(f[0]), f[0]))
        candidate = best[0]
        if known < UNKNOWN or zipf(candidate) - known >= RARER_BY:
            return candidate
        return None

    def undiminished(self, token: str) -> str | None:
        """The word a Portuguese diminutive is made from, when the game uses it: "cartinhas" -> "cartas",
        "fileirinha" -> "fileira", "saquinho" -> "saco", "pecinha" -> "peca", "montinho" -> "monte". Players
        say them all the time and no stemmer undoes them; a word the game itself uses ("sozinho") is kept."""
        m = DIMINUTIVE.match(token)
        if m is None or zipf(token) >= DIMINUTIVE_COMMON:  # "caminho", "vizinho": words of their own
            return None
        stem, zed, vowel, plural = m.groups()
        stems = [stem]
        if stem.endswith("qu"):  # saquinho -> saco
            stems.append(stem[:-2] + "c")
        elif stem.endswith("gu"):  # amiguinho -> amigo
            stems.append(stem[:-2] + "g")
        endings = ("",) if zed else (vowel, "e")
        stops = stopwords("pt")
        for s in stems:
            for end in endings:
                for tail in (plural, "") if plural else ("",):
                    word = s + end + tail
                    if len(word) >= (3 if zed else 4) and word in self.counts and word not in stops:
                        return word
        return None


DIMINUTIVE = re.compile(r"^([a-z]{2,}?)(z?)inh([oa])(s?)$")
DIMINUTIVE_COMMON = 4.0  # zipf from which a word in -inho is a word of its own (caminho 5.2, vizinho 4.4; mãozinha 3.3)

_vocab_lock = threading.Lock()
_vocabs: dict[tuple[str, str], Vocabulary] = {}


def count_words(texts: list[str]) -> Counter[str]:
    """How often each (folded) word occurs in ``texts``: what a vocabulary is made of."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(fold(p) for w in words(text) for p in w.split("-") if p and not p.isdigit())
    return counts


def vocabulary(game: str, counts: Callable[[], Counter[str]]) -> Vocabulary:
    """The game's vocabulary, built once per process from ``counts()`` (see answer.py for what they are)."""
    key = (game, str(data_dir()))
    with _vocab_lock:
        vocab = _vocabs.get(key)
        if vocab is None:
            vocab = Vocabulary(counts())
            _vocabs[key] = vocab
        return vocab


def forget() -> None:
    with _vocab_lock:
        _vocabs.clear()
