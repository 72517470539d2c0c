"""Liar's Dice moves: bids (``3x5`` = at least three dice showing 5), ``liar`` and ``spot``.

Every possible move is interned once in :data:`TABLE`, in a fixed order:
``liar``, ``spot``, then the bids quantity by quantity (``1x1`` .. ``1x6``,
``2x1`` ..). A game of P players with D dice each can bid at most P*D dice,
so its moves are the first ``2 + 6*P*D`` entries of the table: that prefix is
the dense action space (RL masks) of that game size. Which bids beat which
depends on the ``bid_order`` option; :func:`ladder` lists them weakest first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...core.action import Action
from ...core.actiontable import ActionTable
from ...core.errors import InvalidActionText

FACES = 6
MAX_PLAYERS = 6
MAX_QUANTITY = MAX_PLAYERS * 5  # six players with five dice each
CALLS_FIRST = 2  # liar and spot come before the bids in the table


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """At least ``quantity`` dice, among every cup, show ``face``."""

    quantity: int
    face: int

    @property
    def code(self) -> str:
        return f"{self.quantity}x{self.face}"

    def __repr__(self) -> str:
        return f"Bid({self.quantity}, {self.face})"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """``liar``: the last bid is false; ``spot``: the last bid is exactly right (variant spot_on)."""

    kind: str

    @property
    def code(self) -> str:
        return self.kind

    def __repr__(self) -> str:
        return f"Call({self.kind!r})"


LIAR = Call("liar")
SPOT = Call("spot")
BIDS: dict[tuple[int, int], Bid] = {(q, f): Bid(q, f) for q in range(1, MAX_QUANTITY + 1) for f in range(1, FACES + 1)}

_WORDS = {
    "liar": LIAR,
    "dudo": LIAR,
    "duvido": LIAR,
    "mentiroso": LIAR,
    "challenge": LIAR,
    "spot": SPOT,
    "spoton": SPOT,
    "spot-on": SPOT,
    "calza": SPOT,
    "exato": SPOT,
}
_BID_TEXT = re.compile(r"^(\d{1,4})\s*[x×*]\s*(\d{1,4})$")
EXPECTED_EN = f"a bid QxF (quantity 1-{MAX_QUANTITY} times face 1-6, e.g. 3x5 = at least three 5s), liar, or spot"
EXPECTED_PT = (
    f"uma aposta QxF (quantidade 1-{MAX_QUANTITY} vezes face 1-6, ex.: 3x5 = pelo menos três 5), liar "
    "(duvidar) ou spot (exata)"
)


def _normalize(text: str) -> str:
    return text.strip().lower()


def _fallback(text: str) -> Action | None:
    """Spellings people type: ``3 x 5``, ``3×5``, ``duvido``, ``calza``; a clear refusal for out-of-range bids."""
    word = _WORDS.get(text.replace(" ", "").replace("!", ""))
    if word is not None:
        return word
    match = _BID_TEXT.match(text)
    if match is None:
        return None
    quantity, face = int(match.group(1)), int(match.group(2))
    if not 1 <= face <= FACES:
        raise InvalidActionText(text, "a face is 1 to 6", "uma face vai de 1 a 6")
    if not 1 <= quantity <= MAX_QUANTITY:
        raise InvalidActionText(text, f"a quantity is 1 to {MAX_QUANTITY}", f"uma quantidade vai de 1 a {MAX_QUANTITY}")
    return BIDS[quantity, face]


TABLE: ActionTable[Action] = ActionTable(
    (LIAR, SPOT, *BIDS.values()),
    EXPECTED_EN,
    EXPECTED_PT,
    normalize=_normalize,
    fallback=_fallback,
)


def space_size(total_dice: int) -> int:
    """Dense action space of a game that starts with ``total_dice`` dice (a prefix of TABLE)."""
    return CALLS_FIRST + FACES * total_dice


def beats(bid: Bid, last: Bid, order: str) -> bool:
    """Whether ``bid`` beats ``last`` under ``bid_order`` ("quantity": LD-RAISE, "face": LD-RAISE-FACE)."""
    if order == "face":
        return (bid.face, bid.quantity) > (last.face, last.quantity)
    return (bid.quantity, bid.face) > (last.quantity, last.face)


@lru_cache(maxsize=256)
def ladder(total: int, order: str) -> tuple[tuple[Bid, ...], dict[Bid, int]]:
    """Every bid naming at most ``total`` dice, weakest first under ``order``, and each bid's place in it."""
    if order == "face":
        bids = tuple(BIDS[q, f] for f in range(1, FACES + 1) for q in range(1, total + 1))
    else:
        bids = tuple(BIDS[q, f] for q in range(1, total + 1) for f in range(1, FACES + 1))
    return bids, {bid: i for i, bid in enumerate(bids)}


_NUM_EN = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NUM_PT = ("zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez")


def number(n: int, lang: str) -> str:
    words = _NUM_PT if lang.startswith("pt") else _NUM_EN
    return words[n] if 0 <= n < len(words) else str(n)


def describe(action: Action, lang: str = "en") -> str:
    """Words for a move, for the mover and the log."""
    pt = lang.startswith("pt")
    if isinstance(action, Bid):
        q, f = action.quantity, action.face
        if pt:
            return f"apostar: pelo menos {number(q, lang)} {'dado' if q == 1 else 'dados'} com {f}"
        return f"bid: at least {number(q, lang)} {'die' if q == 1 else 'dice'} showing {f}"
    if action == LIAR:
        return "duvidar: a última aposta é mentira" if pt else "call liar: the last bid is false"
    if action == SPOT:
        return "exata: a última aposta está certa na conta" if pt else "spot on: the last bid is exactly right"
    return str(action)
