"""Matching a question to the intents of a game's knowledge base (faq.py): robust by construction, no model.

Every paraphrase of every intent is a small document. A question and a
paraphrase are compared in six feature spaces, each TF-IDF weighted
(sublinear tf, idf over the intents) and normalised on its own:

- ``w``: words (accent-folded, text-speak expanded, misspellings corrected by
  understand.py, a plural "s" dropped);
- ``b``: word pairs, which keep "have to", "face down", "two pairs" together;
- ``c``: character 3- and 4-grams inside each word ("#pai", "pair#"), so a typo,
  an inflection or a Portuguese/English cognate ("symbol"/"símbolo") still
  shares most of its grams;
- ``z``: the glossary's bilingual concepts (glossary.py): "fileira" and "row"
  are one feature, which lets an English question meet Portuguese paraphrases;
- ``z`` also holds what the words stand for together: a bare card number the game's glossary gives a
  meaning (``_values``: "I drew a 13" is about an ability), and whose line a question speaks of
  (:func:`line_owner`: "the other team ... in their line" is their own line, "I ... in their line" is not);
- ``q``: the question's kind, the same in both languages: how many ("quantas"),
  who, when, where, what happens, may I ("posso", "dá pra"), must I ("tenho de"),
  a negation; the words that tell "who starts?" from "how many cards do I start
  with?" are function words, which the other spaces weigh little;
- ``s``: the order two actions are asked in (sequence.py): "after drawing, can I
  still claim?" and "after claiming, can I still draw?" share every other feature.

The similarity is a weighted sum of the six cosines, blended with the share of
the question's weight the paraphrase covers; a paraphrase that names only the
opposite of a concept the question names (the glossary's ``_opposed`` pairs:
six alike / six different, an empty / an occupied square, one's own line / the
other side's) keeps half of it. An intent scores the best of its
paraphrases plus a share of the second best, of the mean of its best three and
of all its paraphrases (several paraphrases agreeing is stronger evidence than
one), and a little of the BM25 score of its main rule over the rule texts
(rulematch.py), which still speaks when no paraphrase is close. The index is an
inverted file of two flat arrays, built once per knowledge base and kept in the
data dir's cache (diskcache.py).

Confidence comes from the best score and its margin over the best intent that
would answer differently (another main rule or the opposite yes/no); the
constants were fitted on the knowledge base itself by leaving each paraphrase
out in turn (bench/faq_cv.py), not on the evaluation questions.
"""

from __future__ import annotations

import bisect
import itertools
import math
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

from .char_model import train as train_char_model
from .faq import Intent
from .intent_model import train as train_model
from .postings import Postings
from .text import fold

INDEX_VERSION = "2"
BLOCKS = {"w": 1.0, "b": 0.5, "c": 0.9, "z": 1.2, "q": 0.6, "s": 0.6}
TOTAL = sum(w for b, w in BLOCKS.items() if b != "s")  # the order block adds evidence, it takes none away
NGRAMS = (3, 4)
FAINT_GRAM = 0.1  # a question's character gram weighing less than this is not looked up
RECALL = 0.3  # share of a paraphrase's similarity that is the question's weight it covers
SECOND = 0.35  # weight of an intent's second-best paraphrase
TOP_K = 3
TOP_MEAN = 0.2  # weight of the mean of the intent's TOP_K best paraphrases (several agreeing paraphrases)
MEAN = 0.2  # weight of the intent's mean similarity over all its paraphrases (its centroid, in effect)
EVERYDAY = 5.8  # wordfreq zipf from which a word the knowledge base does not use is not evidence of another topic
OPPOSED = (("ownline", "otherline"),)  # concept features that answer differently (and the glossary's _opposed)
OPPOSED_DAMP = 0.5  # a paraphrase with the opposite of a question's feature keeps this share of its similarity
RULE_EVIDENCE = 0.15  # weight of the main rule's BM25 score (normalised by the best rule's)
MODEL_SHARE = (
    0.3  # weight of the linear classifier's share for the intent (intent_model.py; blind dev14+dev15: 0.15-0.5 alike)
)
# weight of the character-gram classifier's share, pooled per main rule (char_model.py). Blind sets neither classifier
# learned from (dev44-dev53 with asked.json cut to dev...dev43; dev56-dev59): 0 -> 886 + 358; 0.3 -> 890 + 362;
# 0.5 -> 895 + 364; 0.8 -> 897 + 364 (shares per intent instead of per rule, 0.5: 890 + 363)
CHAR_SHARE = 0.5
FAINT_SHARE = 0.05  # an intent no paraphrase touched is listed from this classifier share
OFF_TOPIC = -1  # the classifier's label for questions that are not about the rules (offtopic.py)
CHAR_STOP = frozenset(
    {
        "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "is", "are", "be", "do", "does", "did", "i",
        "you", "my", "me", "it", "its", "and", "or", "o", "os", "as", "um", "uma", "de", "da", "das", "dos", "em",
        "no", "na", "nos", "nas", "e", "eu", "meu", "minha", "se", "que",
    }
)  # fmt: skip


# Question kinds: (kind, folded phrases). Phrases of one word or several, matched on word boundaries.
KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "count",
        (
            "how many",
            "how much",
            "number of",
            "quantos",
            "quantas",
            "quanto",
            "quanta",
            "qnts",
            "qnt",
            "qts",
            "numero de",
        ),
    ),
    (
        "often",
        (
            "how often",
            "how many times",
            "quantas vezes",
            "com que frequencia",
            "de quanto em quanto",
            "every other",
            "each time",
            "twice",
            "duas vezes",
        ),
    ),
    ("who", ("who", "whom", "whose", "quem")),
    ("when", ("when", "what point", "what time", "quando", "em que momento")),
    ("where", ("where", "which end", "onde", "para onde", "pra onde", "aonde")),
    (
        "happens",
        (
            "what happens",
            "what if",
            "what now",
            "then what",
            "now what",
            "what then",
            "o que acontece",
            "oq acontece",
            "e se",
            "e agora",
            "what do i do",
            "o que faco",
        ),
    ),
    ("why", ("why", "por que", "porque", "pq", "por qual motivo")),
    ("which", ("which", "qual", "quais")),
    ("how", ("how do", "how does", "how to", "how is", "how are", "how can", "como")),
    (
        "what",
        (
            "what is",
            "what are",
            "what does",
            "what do",
            "o que e",
            "o que sao",
            "o que faz",
            "o que fazem",
            "oq e",
            "oq faz",
            "pra que serve",
            "para que serve",
        ),
    ),
    (
        "may",
        (
            "can",
            "could",
            "may",
            "allowed",
            "is it ok",
            "is it legal",
            "legal to",
            "posso",
            "pode",
            "podes",
            "podem",
            "podemos",
            "da pra",
            "da para",
            "consigo",
            "e permitido",
            "vale",
            "permitido",
            "allowed to",
        ),
    ),
    (
        "must",
        (
            "must",
            "have to",
            "has to",
            "need to",
            "needs to",
            "required",
            "mandatory",
            "forced",
            "obliged",
            "obrigado",
            "obrigada",
            "obrigatorio",
            "obrigatoria",
            "tenho que",
            "tenho de",
            "tem que",
            "tem de",
            "temos de",
            "temos que",
            "preciso",
            "precisa",
            "precisam",
            "sou obrigado",
            "devo",
            "deve",
            "should",
        ),
    ),
    ("neg", ("not", "no", "never", "cannot", "nao", "nunca", "nenhum", "nenhuma", "without", "sem")),
    ("only", ("only", "just", "apenas", "somente", "so")),
)


def _kind_table() -> dict[tuple[str, ...], str]:
    return {tuple(p.split()): kind for kind, phrases in KINDS for p in phrases}


_KIND_TABLE = _kind_table()
_KIND_MAX = max(len(k) for k in _KIND_TABLE)


def kinds(words: Sequence[str]) -> Counter[str]:
    """The question-kind features of a folded word list (longest phrase first)."""
    found: Counter[str] = Counter()
    i = 0
    while i < len(words):
        for size in range(min(_KIND_MAX, len(words) - i), 0, -1):
            kind = _KIND_TABLE.get(tuple(words[i : i + size]))
            if kind:
                found[kind] += 1
                i += size
                break
        else:
            i += 1
    return found


# Whose line: the party that acts and the party that owns the line it speaks of. "If the other team gets six
# alike in one of their lines" (they act, their line: the owner's own six) is not "if I get six alike in
# their line" (I act, their line: a six handed to the opponents), though the two share nearly every word.
LINE_NOUNS = frozenset(
    {"line", "lines", "row", "rows", "column", "columns", "linha", "linhas", "coluna", "colunas", "fila", "filas"}
)
FIRST_ACTOR = (("i",), ("we",), ("eu",), ("my",), ("our",), ("meu",), ("minha",), ("nosso",), ("nossa",), ("i'm",))
THIRD_ACTOR = (
    ("they",), ("opponent",), ("opponents",), ("other", "team"), ("other", "side"), ("other", "players"),
    ("opposing",), ("rivals",), ("others",), ("eles",), ("elas",), ("adversario",), ("adversarios",),
    ("outro", "time"), ("time", "adversario"), ("outra", "equipa"), ("outra", "equipe"),
    ("equipa", "adversaria"), ("equipe", "adversaria"), ("os", "outros"),
)  # fmt: skip
# 1: the asker's side, 3: the other side, 0: the actor's own, whoever acts
OWNER_BEFORE = {"my": 1, "our": 1, "own": 0, "their": 3, "opponent's": 3, "opponents": 3, "opponent": 3, "team's": 3}
OWNER_AFTER = {
    "mine": 1, "ours": 1, "theirs": 3, "other": 3, "opponents": 3, "opponent": 3, "minha": 1, "nossa": 1,
    "meu": 1, "nosso": 1, "propria": 0, "deles": 3, "delas": 3, "adversario": 3, "adversarios": 3, "outra": 3,
    "outro": 3, "outros": 3,
}  # fmt: skip


GIVE = frozenset(
    {"give", "gave", "giving", "hand", "handed", "dar", "dei", "dou", "deu", "dando", "oferecer", "ofereci"}
)


def _party(words: Sequence[str], at: int, phrases: tuple[tuple[str, ...], ...]) -> bool:
    return any(tuple(words[at : at + len(p)]) == p for p in phrases)


def line_owner(words: Sequence[str]) -> str | None:
    """ "ownline" when the party that acts owns the line the question names, "otherline" when the other
    party does, None when the question does not say whose line it is (folded words)."""
    owner, owner_at = None, len(words)
    for i, w in enumerate(words):
        if w not in LINE_NOUNS:
            continue
        before = [
            (j, 1 if x == "team's" and j > 0 and words[j - 1] in ("my", "our") else OWNER_BEFORE[x])
            for j, x in enumerate(words[:i])
            if j >= i - 3 and x in OWNER_BEFORE
        ]
        after = [(i, OWNER_AFTER[x]) for x in words[i + 1 : i + 4] if x in OWNER_AFTER]
        found = before[-1:] or after[:1]
        if found:
            owner_at, owner = found[0]
            break
    if owner is None:  # "I gave the other team six alike": the line is theirs, though it goes unnamed
        for i, w in enumerate(words):
            if w in GIVE and any(_party(words, j, THIRD_ACTOR) for j in range(i + 1, min(i + 4, len(words)))):
                owner_at, owner = i, 3
                break
    if owner is None:
        return None
    if owner == 0:
        return "ownline"
    actor = 1  # no one named before the owner: the asker ("fiz seis iguais na coluna deles")
    for i in range(owner_at):
        if words[i] in LINE_NOUNS:
            break
        if _party(words, i, FIRST_ACTOR):
            break
        if _party(words, i, THIRD_ACTOR):
            actor = 3
            break
    return "ownline" if owner == actor else "otherline"


@dataclass(frozen=True)
class Match:
    """One intent's score for a question."""

    intent: Intent
    score: float
    best: float  # best single paraphrase similarity
    paraphrase: str
    calibrated: float  # the score without the classifier's share (confidence is calibrated on it)
    at: int = -1  # the intent's position in its index
    share: float = 0.0  # the classifier's share for the intent (0..1)


class Ranked(list[Match]):
    """Intents by score, best first, with the classifier's off-topic share for the same question and the
    question's weighted features (computed once here, so the answer and the reranker need not featurize the
    question again)."""

    off_topic: float = 0.0
    features: tuple[tuple[str, str, float], ...] = ()


@lru_cache(maxsize=16384)
def _word(tok: str) -> str:
    w = _fold(tok).strip("'")
    if len(w) > 4 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    return w


@lru_cache(maxsize=16384)
def _fold(tok: str) -> str:
    return fold(tok)


def featurize(tokens: Sequence[str], game: str, langs: tuple[str, ...]) -> dict[str, Counter[str]]:
    """The question's (or paraphrase's) features per block, with raw counts."""
    from .glossary import concept_spans, value_terms
    from .sequence import ordered_pairs
    from .text import words as text_words

    words = [_word(t) for t in tokens]
    words = [w for w in words if w and (len(w) > 1 or w.isdigit())]
    blocks: dict[str, Counter[str]] = {b: Counter() for b in BLOCKS}
    blocks["w"].update(words)
    blocks["b"].update(f"{a}_{b}" for a, b in itertools.pairwise(words))
    grams = blocks["c"]
    for w in words:
        if len(w) < 3 or w in CHAR_STOP or w.lstrip("+-").isdigit():
            continue
        padded = f"#{w}#"
        for n in NGRAMS:
            grams.update(padded[i : i + n] for i in range(len(padded) - n + 1))
    text = " ".join(tokens)
    spans = concept_spans(text, langs, game)  # all the words: "trocar com a mão" is a phrase
    found = [concept for _at, concept in spans]
    blocks["z"].update(found)
    blocks["z"].update(value_terms(words, found, game))  # "drew a 13": the ability concept
    blocks["s"].update(ordered_pairs([fold(w) for w in text_words(text)], spans))  # "after drawing, can I claim?"
    folded = [_fold(t) for t in tokens]
    blocks["q"].update(kinds(folded))
    owner = line_owner(folded)
    if owner:
        blocks["z"][owner] += 1
    numbers = {int(w) for w in words if w.lstrip("+-").isdigit() and len(w) <= 3}
    if any(n > 0 and -n in numbers for n in numbers):  # "2 and -2": a pair that cancels out, the zero concept
        blocks["z"]["zczero"] += 1
    return blocks


def _weights(counts: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    vec = {f: (1.0 + math.log(c)) * idf[f] for f, c in counts.items() if f in idf}
    norm = math.sqrt(sum(v * v for v in vec.values()))
    return {f: v / norm for f, v in vec.items()} if norm else {}


class IntentIndex:
    """An inverted index over the paraphrases of one game's live intents."""

    def __init__(
        self,
        game: str,
        intents: Sequence[Intent],
        docs: Sequence[tuple[int, str, list[str]]],
        asked: Sequence[tuple[int, str, list[str]]] = (),
        off_topic: Sequence[tuple[str, list[str]]] = (),
    ) -> None:
        """``docs``: (intent position, variety, normalised tokens) per paraphrase; ``asked``: the same for
        questions players asked (asked.py), which train the classifier only; ``off_topic``: (variety, tokens)
        of questions that are not about the rules, the classifier's ``OFF_TOPIC`` class (offtopic.py)."""
        from .glossary import opposed_concepts

        self.game = game
        self.intents = tuple(intents)
        self.opposed: dict[str, str] = {}
        for a, b in OPPOSED + opposed_concepts(game):
            self.opposed[f"z:{a}"] = f"z:{b}"
            self.opposed[f"z:{b}"] = f"z:{a}"
        self.doc_intent = array("i", [i for i, _v, _t in docs])
        self.doc_text: list[str] = [" ".join(t) for _i, _v, t in docs]
        spans: dict[int, list[int]] = {}
        for d, (i, _v, _t) in enumerate(docs):
            spans.setdefault(i, [d, d])[1] = d + 1
        if any(stop - start != sum(1 for j, _v, _t in docs if j == i) for i, (start, stop) in spans.items()):
            raise ValueError("an intent's paraphrases must be contiguous")
        self.spans: list[tuple[int, int]] = [
            (spans[i][0], spans[i][1]) if i in spans else (0, 0) for i in range(len(self.intents))
        ]
        feats = [featurize(toks, game, _langs(variety)) for _i, variety, toks in docs]
        # idf over intents, not paraphrases: a word every paraphrase of one intent uses ("partner") is what
        # tells that intent apart, so it must not be discounted for being frequent among them
        n = len(self.intents)
        owners: dict[str, set[int]] = {}
        for (i, _v, _t), blocks in zip(docs, feats, strict=True):
            for b, counts in blocks.items():
                for f in counts:
                    owners.setdefault(f"{b}:{f}", set()).add(i)
        self.idf = {f: math.log((n + 1) / (len(o) + 1)) + 1.0 for f, o in owners.items()}
        lists: dict[str, list[tuple[int, float]]] = {}
        vectors = [self.vector(blocks) for blocks in feats]
        for doc, vector in enumerate(vectors):
            for f, w in vector.items():
                lists.setdefault(f, []).append((doc, w))
        vectors += [self.vector(featurize(toks, game, _langs(variety))) for _i, variety, toks in asked]
        vectors += [self.vector(featurize(toks, game, _langs(variety))) for variety, toks in off_topic]
        labels = [i for i, _v, _t in (*docs, *asked)] + [OFF_TOPIC] * len(off_topic)
        taught = (*docs, *asked)
        # the two SVMs are independent: the character one trains in a second thread while this one trains here
        # (scikit-learn's solver leaves the interpreter lock part of the time: 5.6 -> 4.4 s for two fits)
        with ThreadPoolExecutor(max_workers=1) as pool:
            second = pool.submit(train_char_model, [" ".join(t) for _i, _v, t in taught], [i for i, _v, _t in taught])
            self.model = train_model(vectors, labels)
            self.char_model = second.result()
        # one flat pair of arrays and a span per feature: a few objects to unpickle, not thousands
        self.postings = Postings(lists)  # feature -> (paraphrase position, weight)

    def _by_rule(self, shares: dict[int, float]) -> dict[int, float]:
        """Each intent gets the character model's share of its whole main rule: character grams ignore word order
        and read a "not" as one more gram, so they may say which rule a question is about but not which of one
        rule's twins ("draw, then claim?" / "claim, then draw?") answers it; the word features decide that."""
        per_rule: dict[str, float] = {}
        for i, share in shares.items():
            if 0 <= i < len(self.intents):
                rule = self.intents[i].main
                per_rule[rule] = per_rule.get(rule, 0.0) + share
        return {i: per_rule.get(intent.main, 0.0) for i, intent in enumerate(self.intents)}

    def weighted(self, blocks: dict[str, Counter[str]]) -> list[tuple[str, str, float]]:
        """(block, feature, weight) for every feature the index knows: TF-IDF normalised within each block."""
        out: list[tuple[str, str, float]] = []
        for b, counts in blocks.items():
            keyed = Counter({f"{b}:{f}": c for f, c in counts.items()})
            out += [(b, f, w) for f, w in _weights(keyed, self.idf).items()]
        return out

    def vector(self, blocks: dict[str, Counter[str]]) -> dict[str, float]:
        """Features -> weight: TF-IDF normalised within each block, times the block's share."""
        return {f: w * (BLOCKS[b] / TOTAL) for b, f, w in self.weighted(blocks)}

    def similarities(self, blocks: dict[str, Counter[str]], weighted: list[tuple[str, str, float]]) -> list[float]:
        """Similarity of the question to every paraphrase (0..1): the weighted cosine, blended with how much of
        the question's own weight the paraphrase shares (its recall), so a two-word paraphrase ("who starts")
        does not outrank a longer one that also holds the question's telling word ("...the second round")."""
        size = len(self.doc_intent)
        acc = [0.0] * size
        shared = [0.0] * size
        total = 0.0
        asked: set[str] = set()
        for b, counts in blocks.items():
            asked.update(f"{b}:{f}" for f in counts)
        for b, f, qw in weighted:
            mass = qw * qw * (BLOCKS[b] / TOTAL)
            total += mass
            if b == "c" and qw < FAINT_GRAM:
                continue  # a faint character gram (of a common word) walks a long posting list for nothing
            docs, weights = self.postings.get(f)
            for d, w in zip(docs, weights, strict=True):
                acc[d] += qw * w
                shared[d] += mass
        if total <= 0.0:
            return acc
        sims = [(1 - RECALL) * a + RECALL * r / total for a, r in zip(acc, shared, strict=True)]
        for f in asked:
            other = self.opposed.get(f)
            if other is None or other in asked:
                continue
            has = set(self._docs(f))
            for d in self._docs(other):  # "six alike" asked, a paraphrase about "six different" only
                if d not in has:
                    sims[d] *= OPPOSED_DAMP
        return sims

    def off_topic_share(self, tokens: Sequence[str], langs: tuple[str, ...]) -> float:
        """The classifier's share for "not a rules question" (0 without a model or without such training)."""
        if self.model is None:
            return 0.0
        return self.model.shares(self.vector(featurize(tokens, self.game, langs))).get(OFF_TOPIC, 0.0)

    def _docs(self, feature: str) -> array:
        return self.postings.get(feature)[0]

    def coverage(self, tokens: Sequence[str]) -> float:
        """How much of the question the knowledge base speaks about: its content words (not function
        words), each weighted by how telling it is, the share the paraphrases use. A word the knowledge
        base never uses counts as the most telling kind, so "who won the 1970 world cup?" scores low even
        though "won" is a rules word."""
        from .lexicon import zipf
        from .text import stopwords

        stops = stopwords("en") | stopwords("pt")
        # everyday words ("tudo", "vamos", "world") say nothing about the topic either way
        content = [
            w
            for t in tokens
            if len(w := _word(t)) > 2 and w not in stops and (f"w:{w}" in self.idf or zipf(_fold(t)) < EVERYDAY)
        ]
        if not content:
            return 1.0
        top = max(self.idf.values(), default=1.0)
        known = sum(self.idf.get(f"w:{w}", 0.0) for w in content)
        unknown = sum(top for w in content if f"w:{w}" not in self.idf)
        return known / (known + unknown) if known + unknown else 1.0

    def rank(
        self,
        tokens: Sequence[str],
        langs: tuple[str, ...],
        rule_scores: dict[str, float] | None = None,
        exclude: Iterable[int] = (),
    ) -> Ranked:
        """Intents by score, best first. ``rule_scores``: BM25 per rule id, 0..1 (the best rule 1).
        ``exclude``: paraphrase positions to leave out (cross-validation)."""
        blocks = featurize(tokens, self.game, langs)
        weighted = self.weighted(blocks)  # once, for the similarities and the classifier
        sims = self.similarities(blocks, weighted)
        left_out = set(exclude)
        for d in left_out:
            sims[d] = 0.0
        rules = rule_scores or {}
        # the classifier was trained on every paraphrase: leaving some out (cross-validation) must not consult it
        model = None if left_out else self.model
        shares = model.shares({f: w * (BLOCKS[b] / TOTAL) for b, f, w in weighted}) if model is not None else {}
        char_model = None if left_out else self.char_model
        char_shares = self._by_rule(char_model.shares(" ".join(tokens))) if char_model is not None else {}

        def blend(i: int, evidence: float) -> float:  # an intent's evidence plus what the two classifiers say of it
            return evidence + MODEL_SHARE * shares.get(i, 0.0) + CHAR_SHARE * char_shares.get(i, 0.0)

        out = Ranked()
        for i, (start, stop) in enumerate(self.spans):  # an intent's paraphrases are contiguous
            if start == stop:
                continue
            part = sims[start:stop]
            first = max(part)
            if first <= 0.0:
                continue
            at = part.index(first)
            top = sorted(part, reverse=True)[:TOP_K]
            second = top[1] if len(top) > 1 else 0.0
            intent = self.intents[i]
            score = (
                (first + SECOND * second) / (1 + SECOND) + TOP_MEAN * sum(top) / TOP_K + MEAN * sum(part) / len(part)
            )
            score += RULE_EVIDENCE * rules.get(intent.main, 0.0)
            out.append(Match(intent, blend(i, score), first, self.doc_text[start + at], score, i, shares.get(i, 0.0)))
        best = {m.intent.id for m in out}
        for i, share in shares.items():  # the classifier alone can speak for an intent no paraphrase touched
            if i == OFF_TOPIC:
                continue
            intent = self.intents[i]
            if intent.id not in best and share >= FAINT_SHARE:
                evidence = RULE_EVIDENCE * rules.get(intent.main, 0.0)
                out.append(Match(intent, blend(i, evidence), 0.0, "", evidence, i, share))
                best.add(intent.id)
        for rid, value in rules.items():  # intents no paraphrase touched still get their rule's evidence
            for i, intent in enumerate(self.intents):
                if intent.id not in best and intent.main == rid and value > 0:
                    evidence = RULE_EVIDENCE * value
                    out.append(Match(intent, blend(i, evidence), 0.0, "", evidence, i, shares.get(i, 0.0)))
        out.sort(key=lambda m: (-m.score, m.intent.id))
        out.off_topic = shares.get(OFF_TOPIC, 0.0)
        out.features = tuple(weighted)
        return out

    def span_has(self, intent_at: int, feature: str) -> bool:
        """Whether any paraphrase of the intent at position ``intent_at`` has ``feature`` (postings are in
        paraphrase order and an intent's paraphrases are contiguous, so one bisection answers)."""
        start, stop = self.spans[intent_at]
        docs = self._docs(feature)
        at = bisect.bisect_left(docs, start)
        return at < len(docs) and docs[at] < stop


def _langs(variety: str) -> tuple[str, ...]:
    return ("en",) if variety == "en" else ("pt",)


def normalize(text: str, variety: str) -> list[str]:
    """A paraphrase's tokens as a question's would be: text-speak and filler expanded (no spelling fixes:
    the knowledge base spells its own words)."""
    from .understand import _expand, tokens_of

    return _expand(tokens_of(text), "en" if variety == "en" else "pt")


def build(
    game: str,
    intents: Sequence[Intent],
    asked: Sequence[tuple[str, str, str]] = (),
    off_topic: Sequence[tuple[str, str]] = (),
) -> IntentIndex:
    """The index of the intents' paraphrases; ``asked``: (intent id, variety, question) for the classifier
    (entries naming an intent that is not live are left out); ``off_topic``: (variety, question) that the
    rules do not answer, for the classifier's ``OFF_TOPIC`` class."""
    docs = [(i, v, normalize(q, v)) for i, intent in enumerate(intents) for v, q in intent.paraphrases()]
    at = {intent.id: i for i, intent in enumerate(intents)}
    extra = [(at[iid], v, normalize(q, v)) for iid, v, q in asked if iid in at]
    return IntentIndex(game, intents, docs, extra, [(v, normalize(q, v)) for v, q in off_topic])


@lru_cache(maxsize=16)
def intent_index(game: str) -> IntentIndex | None:
    """The game's intent index (None without a knowledge base), from the on-disk cache when unchanged."""
    from .asked import asked_questions
    from .diskcache import cached, digest
    from .faq import knowledge_base
    from .glossary import analyzer_version
    from .lexicon import slang
    from .offtopic import not_rules_questions

    intents = knowledge_base(game)
    if not intents:
        return None
    asked = asked_questions(game)
    off_topic = not_rules_questions()
    key = digest(
        INDEX_VERSION,
        _source_digest(),
        game,
        analyzer_version(game),
        sorted(slang().items()),
        [(i.id, i.rules, i.yes, sorted(i.answer.items()), sorted(i.questions.items())) for i in intents],
        asked,
        off_topic,
    )
    return cached(f"intents-{game}", key, lambda: build(game, intents, asked, off_topic))


def _source_digest() -> str:
    """This module's, the classifier's and the postings' text: a change to any rebuilds cached indexes."""
    import hashlib
    from pathlib import Path

    here = Path(__file__)
    names = (here.name, "intent_model.py", "char_model.py", "postings.py")
    text = b"".join((here.parent / name).read_bytes() for name in names)
    return hashlib.sha256(text).hexdigest()[:16]


def margin_of(ranked: Sequence[Match]) -> float:
    """How far the best intent is ahead of the best one that would answer differently
    (another main rule, or the same rule with the opposite yes/no), in the paraphrase index's own scores."""
    if not ranked:
        return 0.0
    top = ranked[0]
    rest = [m.calibrated for m in ranked[1:] if m.intent.main != top.intent.main or m.intent.yes != top.intent.yes]
    return top.calibrated - max(rest) if rest else top.calibrated


def confidence(ranked: Sequence[Match]) -> float:
    """0..1 from the best score and its margin (logistic; constants fitted on the knowledge base). Read from the
    paraphrase index's scores: the classifier decides which intent leads, not how sure the desk is."""
    if not ranked:
        return 0.0
    z = CONF_BIAS + CONF_SCORE * ranked[0].calibrated + CONF_MARGIN * margin_of(ranked)
    return 1.0 / (1.0 + math.exp(-z))


CONF_BIAS = -1.32
CONF_SCORE = 2.04
CONF_MARGIN = 8.26
