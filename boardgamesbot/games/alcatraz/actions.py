"""Alcatraz moves: one small frozen value per decision, with a stable text code.

A turn is a flat sequence of small decisions (draw, then swap/ability/discard,
then claim an objective and choose the cards, ...), so every consumer sees one
simple list of legal moves. Codes number row slots and discard piles from 1,
as a person counts them; the fields inside are 0-based.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...core.action import Action
from ...core.actiontable import ActionTable
from ...core.errors import InvalidActionText
from .cards import MAX_ROW, OBJECTIVES, PILES
from .kinds import CLAIM as CLAIM
from .kinds import DISCARD as DISCARD
from .kinds import DRAW as DRAW
from .kinds import END as END
from .kinds import FLIP as FLIP
from .kinds import LOOK as LOOK
from .kinds import MINUS as MINUS
from .kinds import NOPEEK as NOPEEK
from .kinds import PEEK as PEEK
from .kinds import PILE as PILE
from .kinds import PLUS as PLUS
from .kinds import SWAP as SWAP
from .kinds import TAKE as TAKE
from .kinds import USE as USE


@dataclass(frozen=True, slots=True)
class AzAction(Action):
    """``a``/``b`` meaning by kind: peek/look/plus/minus/flip a=slot; take/discard/pile a=pile;
    swap a=slot b=pile; claim a=objective value; use a=first slot b=number of cards."""

    kind: str
    a: int = 0
    b: int = 0
    # computed once: searches hash actions (tree children) and logs and views read codes on every move
    # (``code`` a plain slot, not a property: reading it runs no Python code)
    _hash: int = field(init=False, repr=False, compare=False)
    code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.kind, self.a, self.b)))
        object.__setattr__(self, "code", self._make_code())

    def __hash__(self) -> int:
        return self._hash

    def _make_code(self) -> str:
        k = self.kind
        if k in (DRAW, END, NOPEEK):
            return k
        if k == SWAP:
            return f"swap{self.a + 1}/{self.b + 1}"
        if k == CLAIM:
            return f"claim{self.a}"
        if k == USE:
            return f"use{self.a + 1}-{self.a + self.b}"
        return f"{k}{self.a + 1}"

    def __repr__(self) -> str:
        return f"AzAction({self.kind!r}, {self.a}, {self.b})"


def _all_actions() -> list[AzAction]:
    acts: list[AzAction] = [AzAction(PEEK, i) for i in range(MAX_ROW)]
    acts.append(AzAction(DRAW))
    acts += [AzAction(TAKE, p) for p in range(PILES)]
    acts += [AzAction(SWAP, i, p) for i in range(MAX_ROW) for p in range(PILES)]
    acts += [AzAction(DISCARD, p) for p in range(PILES)]
    for kind in (LOOK, PLUS, MINUS, FLIP):
        acts += [AzAction(kind, i) for i in range(MAX_ROW)]
    acts += [AzAction(CLAIM, o) for o in OBJECTIVES]
    acts += [AzAction(USE, s, n) for n in (2, 3) for s in range(MAX_ROW - n + 1)]
    acts += [AzAction(PILE, p) for p in range(PILES)]
    acts.append(AzAction(END))
    acts.append(AzAction(NOPEEK))  # last, so the indices of the older actions never moved
    return acts


ALL_ACTIONS: tuple[AzAction, ...] = tuple(_all_actions())
INDEX: dict[AzAction, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
BY_CODE: dict[str, AzAction] = {a.code: a for a in ALL_ACTIONS}

_TABLED: dict[AzAction, AzAction] = {a: a for a in ALL_ACTIONS}


def _tabled(kind: str, a: int = 0, b: int = 0) -> AzAction:
    """The table's own instance, so a legal move is found in ``INDEX`` by identity (checks.py)."""
    return _TABLED[AzAction(kind, a, b)]


# Canonical instances, so legal-move lists are built without allocating.
A_DRAW = BY_CODE["draw"]
A_END = BY_CODE["end"]
A_NOPEEK = BY_CODE["nopeek"]  # skip the start-of-round look (variant optional_look)
A_PEEK = tuple(_tabled(PEEK, i) for i in range(MAX_ROW))
A_TAKE = tuple(_tabled(TAKE, p) for p in range(PILES))
A_DISCARD = tuple(_tabled(DISCARD, p) for p in range(PILES))
A_PILE = tuple(_tabled(PILE, p) for p in range(PILES))
A_SLOT = {k: tuple(_tabled(k, i) for i in range(MAX_ROW)) for k in (LOOK, PLUS, MINUS, FLIP)}
A_CLAIM = {o: _tabled(CLAIM, o) for o in OBJECTIVES}
# swaps / uses available for a row of length L
A_SWAPS = tuple(tuple(_tabled(SWAP, i, p) for i in range(n) for p in range(PILES)) for n in range(MAX_ROW + 1))
A_USES = tuple(tuple(_tabled(USE, s, k) for k in (2, 3) for s in range(n - k + 1)) for n in range(MAX_ROW + 1))

EXPECTED_EN = (
    "one of: peekN, nopeek, draw, takeP, swapN/P, discardP, lookN, plusN, minusN, flipN, claimV, "
    "useN-M, pileP, end (N, M = row slot from 1 at the left; P = discard pile 1 or 2; "
    "V = objective value 4-14)"
)
EXPECTED_PT = (
    "uma de: peekN, nopeek, draw, takeP, swapN/P, discardP, lookN, plusN, minusN, flipN, claimV, "
    "useN-M, pileP, end (N, M = posição na fileira a partir de 1 à esquerda; P = monte de "
    "descarte 1 ou 2; V = valor do objetivo 4-14)"
)
_SPACES = re.compile(r"\s+")
_CLAIM_RE = re.compile(r"^claim(-?\d+)$")
_USE_RE = re.compile(r"^use(\d+)-(\d+)$")
_SWAP_RE = re.compile(r"^swap(\d+)[/,](\d+)$")


def _normalize(text: str) -> str:
    """Spaces are forgiven ("swap 3/1", "use 2-3", "swap 3 1")."""
    key = _SPACES.sub("", text.strip().lower())
    if key.startswith("swap") and "/" not in key and "," not in key and len(key) == 6:
        key = f"{key[:5]}/{key[5]}"  # "swap 3 1" -> "swap3/1"
    return key.replace(",", "/") if key.startswith("swap") else key


def _near_miss(key: str) -> AzAction | None:
    """Explain codes of the right shape with numbers out of range; anything else gets the general message."""
    claim = _CLAIM_RE.match(key)
    if claim:
        raise InvalidActionText(
            key,
            f"objectives are numbered {OBJECTIVES[0]}-{OBJECTIVES[-1]}, not {claim.group(1)}",
            f"os objetivos vão de {OBJECTIVES[0]} a {OBJECTIVES[-1]}, não {claim.group(1)}",
        )
    if _USE_RE.match(key):
        raise InvalidActionText(
            key,
            "useN-M takes 2 or 3 adjacent slots between 1 and 5, e.g. use2-3 or use1-3",
            "useN-M escolhe 2 ou 3 posições vizinhas entre 1 e 5, p.ex. use2-3 ou use1-3",
        )
    if _SWAP_RE.match(key) or re.match(r"^(peek|look|plus|minus|flip|take|discard|pile)\d+$", key):
        raise InvalidActionText(
            key,
            f"row slots are 1-{MAX_ROW} and discard piles 1-{PILES}",
            f"as posições da fileira vão de 1 a {MAX_ROW} e os montes de descarte de 1 a {PILES}",
        )
    return None


TABLE: ActionTable[AzAction] = ActionTable(
    ALL_ACTIONS, EXPECTED_EN, EXPECTED_PT, normalize=_normalize, fallback=_near_miss
)


def parse(text: object) -> AzAction:
    """Text -> action; anything else is refused by name (see ``EXPECTED_EN``)."""
    return TABLE.parse(text)


def describe(action: AzAction, lang: str = "en", *, mover: bool = True) -> str:
    """Words for a move, in English or Portuguese; ``mover=False``: in the third person, for the others."""
    pt = lang.startswith("pt")
    your = "your" if mover else "their"
    k, a, b = action.kind, action.a, action.b
    slot, pile = a + 1, a + 1
    if k == PEEK:
        return (
            (f"olhar a carta {slot} da sua fileira" if mover else f"olhar a carta {slot} da própria fileira")
            if pt
            else f"look at card {slot} of {your} row"
        )
    if k == NOPEEK:
        return "não olhar nenhuma carta nesta rodada" if pt else "do not look at any card this round"
    if k == DRAW:
        return "comprar do baralho" if pt else "draw from the deck"
    if k == TAKE:
        return f"pegar o topo do monte de descarte {pile}" if pt else f"take the top of discard pile {pile}"
    if k == SWAP:
        return (
            f"colocar a carta na posição {slot}; a substituída vai para o monte {b + 1}"
            if pt
            else f"put the card in slot {slot}; the replaced card goes to pile {b + 1}"
        )
    if k == DISCARD:
        return f"descartar a carta no monte {pile}" if pt else f"discard the card to pile {pile}"
    if k == LOOK:
        return (
            f"usar a habilidade: olhar de novo a carta {slot}" if pt else f"use the ability: look again at card {slot}"
        )
    if k in (PLUS, MINUS):
        sign = "+1" if k == PLUS else "-1"
        return (
            f"usar a habilidade: sobrepor {sign} à carta {slot}"
            if pt
            else f"use the ability: lay {sign} over card {slot}"
        )
    if k == FLIP:
        return (
            f"usar a habilidade: trocar o sinal da carta {slot}"
            if pt
            else f"use the ability: change the sign of card {slot}"
        )
    if k == CLAIM:
        return f"anunciar o objetivo {a}" if pt else f"declare objective {a}"
    if k == USE:
        last = a + b
        return f"somar as cartas {slot} a {last} ({b} cartas)" if pt else f"add up cards {slot} to {last} ({b} cards)"
    if k == PILE:
        return f"mandar as cartas para o monte de descarte {pile}" if pt else f"send the cards to discard pile {pile}"
    return "encerrar o turno" if pt else "end the turn"


CODE_OF: dict[AzAction, str] = {a: a.code for a in ALL_ACTIONS}
