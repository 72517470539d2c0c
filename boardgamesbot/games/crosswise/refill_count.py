"""How many tiles a short refill leaves, when a question states it: "the bag has 1 tile left and I need 2".

The refill rule says you draw back up to 4 (6 for the lone player) while the bag has tiles; a player who asks
about a bag that runs short mid-refill wants the count they end with, which the rule's words do not give.
"""

from __future__ import annotations

import re

from ...core.capabilities import PositionReport
from ...core.text import fold as _fold
from .seats import hand_size_of

_BAG = r"(?:bag|pouch|saco|saquinho)"
_TILE = r"(?:tiles?|pieces?|pecas?)"
_IN_BAG = (  # "1 tile left in the bag", "no saco só tem 1 peça", "the bag holds only 2"
    re.compile(
        rf"\b(\d)\s+(?:{_TILE}\s+)?(?:(?:left|is|are|still|only|sobrando|restantes?|ainda|so)\s+){{0,2}}(?:in|no|na|dentro do)\s+(?:the\s+)?{_BAG}"
    ),
    re.compile(rf"\b{_BAG}\s+(?:\w+\s+){{0,3}}?(\d)\b"),
)
_NEEDED = re.compile(r"\b(?:need|needed|needs|precis\w*|falt\w*|missing)\s+(?:(?:of|de|mais|more)\s+)?(\d)\b")
_HOLD_ASKED = re.compile(r"\b(?:end up with|hold|have|fico com|fico so com|tenho)\s+(\d)\b")
_LONE = re.compile(r"\b(?:lone|solo|alone|sozinh[oa]|solitari[oa])\b")


def short_refill(question: str, lang: str) -> PositionReport | None:
    """The hand a refill leaves when the bag holds fewer tiles than the player needs; None unless both counts
    are stated and the bag is the shorter."""
    text = _fold(question)
    left = next((int(m.group(1)) for pattern in _IN_BAG if (m := pattern.search(text))), None)
    needed = _NEEDED.search(text)
    if left is None or needed is None or left >= int(needed.group(1)):
        return None
    size = hand_size_of(3, 1) if _LONE.search(text) else hand_size_of(2, 0)
    hold = size - int(needed.group(1)) + left
    if hold < 0:
        return None
    report = PositionReport(facts={"rule": "CW-REFILL", "hand": hold})
    asked = _HOLD_ASKED.search(text)
    if asked is not None:
        report.facts["yes"] = int(asked.group(1)) == hold
    short = size - hold
    report.consequence[lang] = (
        f"Você tira {'a peça que resta' if left == 1 else f'as {left} peças que restam'} e fica com {hold} peças na "
        f"mão, {short} a menos que {size}; com o saco vazio ninguém tira mais e o jogo continua."
        if lang == "pt"
        else f"You take the {left} {'tile' if left == 1 else 'tiles'} left and hold {hold} tiles, {short} short of "
        f"{size}; with the bag empty nobody draws again and play goes on."
    )
    return report
