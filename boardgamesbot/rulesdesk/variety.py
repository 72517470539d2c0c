"""European Portuguese: told from Brazilian by a question's words, and the answer's nouns said its way.

The knowledge bases and sheets are written in Brazilian Portuguese (the UI's variety). A player from
Portugal who asks "como ficam as equipas?" reads "equipe" as foreign, and checks for the word they
used; a few nouns that differ between the varieties are put the European way in the answer for such a
question. Only whole nouns whose meaning is the same in both varieties are rewritten; verbs and
pronouns ("você") are left alone, since rewriting them would need grammar, not a word list.
"""

from __future__ import annotations

import re

from .text import fold

# words (folded) that a Brazilian player would not write, and the progressive "estou a jogar"
_MARKERS = frozenset(
    {"equipa", "equipas", "bue", "fixe", "epa", "pa", "ecra", "baralhar", "baralhadas", "baralhados", "tens",
     "podes", "consegues", "sabes", "queres", "jogas", "fazes", "poes", "gajo", "malta", "giro", "percebo",
     "percebes"}
)  # fmt: skip
_PROGRESSIVE = re.compile(r"\b(?:estou|esta|estas|estamos|estao|estava|estavamos|ando|anda|andam) a \w+(?:ar|er|ir)\b")

# Brazilian noun -> European noun, whole words, in the case written
_NOUNS = {"equipe": "equipa", "equipes": "equipas", "Equipe": "Equipa", "Equipes": "Equipas"}
_NOUN_RE = re.compile(r"\b(" + "|".join(sorted(_NOUNS, key=len, reverse=True)) + r")\b")


def is_european(question: str) -> bool:
    """Whether a Portuguese question reads as European Portuguese (a word or a turn of phrase of Portugal)."""
    text = fold(question.lower())
    words = set(re.findall(r"[a-z]+", text))
    return bool(words & _MARKERS) or _PROGRESSIVE.search(text) is not None


def to_european(answer: str) -> str:
    """The answer with the nouns that differ between the varieties said the European way."""
    return _NOUN_RE.sub(lambda m: _NOUNS[m.group(1)], answer)
